// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import GObjectSupport

// The drag-and-drop signals ItemInteraction listens to, whose C signatures GObjectSupport has no
// trampoline for: GtkDragSource's `prepare` and `drag-end`, GtkDropTarget's `enter`/`motion` and `drop` with
// the pointer position. Their closures are GObjectSupport's boxes, released by GTK's destroy-notify
// (and counted by its leak check).

private let prepareTrampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gpointer? = {
    _, x, y, data in
    guard let data else { return nil }
    let box = Unmanaged<ClosureBox<(Double, Double), gpointer?>>.fromOpaque(data).takeUnretainedValue()
    // GTK emits on the main thread, where the provider is made and stays.
    let address = MainActor.assumeIsolated { UInt(bitPattern: box.body((x, y))) }
    return UnsafeMutableRawPointer(bitPattern: address)
}

private let motionTrampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> GdkDragAction = {
    _, x, y, data in
    guard let data else { return GdkDragAction(0) }
    let box = Unmanaged<ClosureBox<(Double, Double), GdkDragAction>>.fromOpaque(data).takeUnretainedValue()
    return MainActor.assumeIsolated { box.body((x, y)) }
}

private let dropAtTrampoline: @convention(c) (gpointer?, UnsafePointer<GValue>?, gdouble, gdouble, gpointer?) -> gboolean = {
    _, value, x, y, data in
    guard let data, let value else { return 0 }
    let box = Unmanaged<ClosureBox<(UnsafePointer<GValue>, Double, Double), Bool>>.fromOpaque(data)
        .takeUnretainedValue()
    nonisolated(unsafe) let dropped = value
    return MainActor.assumeIsolated { box.body((dropped, x, y)) } ? 1 : 0
}

private let dragEndTrampoline: @convention(c) (gpointer?, gpointer?, gboolean, gpointer?) -> Void = {
    _, _, deleteData, data in
    guard let data else { return }
    let box = Unmanaged<ClosureBox<Bool, Void>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.body(deleteData != 0) }
}

private func connect<Arguments, Result>(_ instance: gpointer, _ signal: String, _ trampoline: GCallback,
                                        _ body: @escaping @MainActor (Arguments) -> Result) {
    _ = cgtk_signal_connect(instance, signal, trampoline, Unmanaged.passRetained(ClosureBox(body)).toOpaque(), releaseBox)
}

/// GtkDragSource's `prepare`: the handler returns the content (a new reference) or `nil` to
/// refuse the drag.
@MainActor
func connectDragPrepare(_ source: gpointer, _ handler: @escaping @MainActor (Double, Double) -> gpointer?) {
    connect(source, "prepare", unsafeBitCast(prepareTrampoline, to: GCallback.self), handler)
}

/// GtkDragSource's `drag-end` (the drag, whether the data is to be deleted): its user data comes
/// after three arguments, so the one-pointer trampoline would read `delete-data` for it.
@MainActor
func connectDragEnd(_ source: gpointer, _ handler: @escaping @MainActor (Bool) -> Void) {
    connect(source, "drag-end", unsafeBitCast(dragEndTrampoline, to: GCallback.self), handler)
}

/// GtkDropTarget's `enter` or `motion`: the handler returns the action it would take there.
@MainActor
func connectDropMotion(_ target: gpointer, _ signal: String,
                       _ handler: @escaping @MainActor (Double, Double) -> GdkDragAction) {
    connect(target, signal, unsafeBitCast(motionTrampoline, to: GCallback.self), handler)
}

/// GtkDropTarget's `drop` with the position: the handler returns whether it took the drop.
@MainActor
func connectDropAt(_ target: gpointer,
                   _ handler: @escaping @MainActor (UnsafePointer<GValue>, Double, Double) -> Bool) {
    connect(target, "drop", unsafeBitCast(dropAtTrampoline, to: GCallback.self), handler)
}
