// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// GListModel's `items-changed` (position, removed, added) with a Swift closure, released by GTK's
// destroy-notify as every other handler's box is (see Signals.swift).

import CGtk

private let itemsChangedTrampoline: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = {
    _, position, removed, added, data in
    guard let data else { return }
    let box = Unmanaged<ClosureBox<(Int, Int, Int), Void>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.body((Int(position), Int(removed), Int(added))) }
}

/// Connects a GListModel's `items-changed`: `removed` items at `position` were replaced by
/// `added` new ones. Returns the handler id.
@MainActor @discardableResult
public func connectItemsChanged(_ model: gpointer,
                                _ handler: @escaping @MainActor (_ position: Int, _ removed: Int, _ added: Int) -> Void)
    -> gulong {
    let box = ClosureBox<(Int, Int, Int), Void> { handler($0.0, $0.1, $0.2) }
    return cgtk_signal_connect(model, "items-changed", unsafeBitCast(itemsChangedTrampoline, to: GCallback.self),
                               Unmanaged.passRetained(box).toOpaque(), releaseBox)
}

private let selectionChangedTrampoline: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = {
    _, position, count, data in
    guard let data else { return }
    let box = Unmanaged<ClosureBox<(Int, Int), Void>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.body((Int(position), Int(count))) }
}

/// Connects a GtkSelectionModel's `selection-changed`: the selection of `count` items from
/// `position` may have changed. Returns the handler id.
@MainActor @discardableResult
public func connectSelectionChanged(_ model: gpointer,
                                    _ handler: @escaping @MainActor (_ position: Int, _ count: Int) -> Void) -> gulong {
    let box = ClosureBox<(Int, Int), Void> { handler($0.0, $0.1) }
    return cgtk_signal_connect(model, "selection-changed", unsafeBitCast(selectionChangedTrampoline, to: GCallback.self),
                               Unmanaged.passRetained(box).toOpaque(), releaseBox)
}
