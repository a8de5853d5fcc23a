// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Signals of application-level objects whose handlers have their own C signatures: GApplication's
// `open`, a native dialog's `response`, a drop target's `drop`. Same ownership as Signals.swift:
// each closure's box is released by GTK's destroy-notify.

import CGtk

private let openTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<CChar>?,
                                            gpointer?) -> Void = { _, files, count, _, data in
    guard let data else { return }
    let box = Unmanaged<ClosureBox<[OpaquePointer], Void>>.fromOpaque(data).takeUnretainedValue()
    var list: [OpaquePointer] = []
    for index in 0..<Int(count) { if let file = files?[index] { list.append(file) } }
    nonisolated(unsafe) let files = list
    MainActor.assumeIsolated { box.body(files) }
}

private let responseTrampoline: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, response, data in
    guard let data else { return }
    let box = Unmanaged<ClosureBox<Int32, Void>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.body(response) }
}

private let acceptTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = { _, drop, data in
    guard let data else { return 0 }
    let box = Unmanaged<ClosureBox<gpointer?, Bool>>.fromOpaque(data).takeUnretainedValue()
    nonisolated(unsafe) let offered = drop
    return MainActor.assumeIsolated { box.body(offered) } ? 1 : 0
}

private let dropTrampoline: @convention(c) (gpointer?, UnsafePointer<GValue>?, gdouble, gdouble, gpointer?) -> gboolean = {
    _, value, _, _, data in
    guard let data, let value else { return 0 }
    let box = Unmanaged<ClosureBox<UnsafePointer<GValue>, Bool>>.fromOpaque(data).takeUnretainedValue()
    nonisolated(unsafe) let dropped = value
    return MainActor.assumeIsolated { box.body(dropped) } ? 1 : 0
}

/// Connects GApplication's `open`: the handler gets the files (`GFile *`, borrowed for the call).
@MainActor @discardableResult
public func connectApplicationOpen(_ application: gpointer,
                                   _ handler: @escaping @MainActor (_ files: [OpaquePointer]) -> Void) -> gulong {
    let box = ClosureBox<[OpaquePointer], Void>(handler)
    return cgtk_signal_connect(application, "open", unsafeBitCast(openTrampoline, to: GCallback.self),
                               Unmanaged.passRetained(box).toOpaque(), releaseBox)
}

/// Connects `response` of a GtkNativeDialog or GtkDialog (the response id).
@MainActor @discardableResult
public func connectResponse(_ dialog: gpointer, _ handler: @escaping @MainActor (_ response: Int32) -> Void) -> gulong {
    let box = ClosureBox<Int32, Void>(handler)
    return cgtk_signal_connect(dialog, "response", unsafeBitCast(responseTrampoline, to: GCallback.self),
                               Unmanaged.passRetained(box).toOpaque(), releaseBox)
}

/// Connects GtkDropTarget's `accept` (the GdkDrop offered); the handler returns whether the
/// target wants it (`false`: the drop goes on to the targets of the widgets around).
@MainActor @discardableResult
public func connectAccept(_ target: gpointer, _ handler: @escaping @MainActor (_ drop: gpointer?) -> Bool) -> gulong {
    let box = ClosureBox<gpointer?, Bool>(handler)
    return cgtk_signal_connect(target, "accept", unsafeBitCast(acceptTrampoline, to: GCallback.self),
                               Unmanaged.passRetained(box).toOpaque(), releaseBox)
}

/// Connects GtkDropTarget's `drop`; the handler gets the dropped value and returns whether it
/// took the drop.
@MainActor @discardableResult
public func connectDrop(_ target: gpointer, _ handler: @escaping @MainActor (_ value: UnsafePointer<GValue>) -> Bool) -> gulong {
    let box = ClosureBox<UnsafePointer<GValue>, Bool>(handler)
    return cgtk_signal_connect(target, "drop", unsafeBitCast(dropTrampoline, to: GCallback.self),
                               Unmanaged.passRetained(box).toOpaque(), releaseBox)
}
