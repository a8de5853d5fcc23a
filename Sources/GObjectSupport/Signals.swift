// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Signals with Swift closures: one trampoline per C signature (GTK emits on the main thread), and
// a connect function per handler shape. Each closure's box is released by GTK's destroy-notify.

import CGtk


private let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    guard let data else { return }
    let box = Unmanaged<ClosureBox<Void, Void>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.body(()) }
}

private let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    guard let data else { return }
    let box = Unmanaged<ClosureBox<gpointer?, Void>>.fromOpaque(data).takeUnretainedValue()
    // GTK emits on the main thread, where the pointer was made and stays.
    nonisolated(unsafe) let argument = argument
    MainActor.assumeIsolated { box.body(argument) }
}

private let keyTrampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
    _, keyval, keycode, state, data in
    guard let data else { return 0 }
    let box = Unmanaged<ClosureBox<(UInt32, UInt32, GdkModifierType), Bool>>.fromOpaque(data)
        .takeUnretainedValue()
    return MainActor.assumeIsolated { box.body((keyval, keycode, state)) } ? 1 : 0
}

private let pressedTrampoline: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = {
    _, count, x, y, data in
    guard let data else { return }
    let box = Unmanaged<ClosureBox<(Int, Double, Double), Void>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.body((Int(count), x, y)) }
}

private let fileMonitorTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = {
    _, _, _, event, data in
    guard let data else { return }
    let box = Unmanaged<ClosureBox<GFileMonitorEvent, Void>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.body(event) }
}

/// Connects a signal whose handler takes no arguments besides the instance
/// (`clicked`, `activate`, `changed`, `destroy`, ...). Returns the handler id.
@MainActor @discardableResult
public func connectSignal(_ instance: gpointer, _ signal: String,
                          _ handler: @escaping @MainActor () -> Void) -> gulong {
    let box = ClosureBox<Void, Void> { _ in handler() }
    return cgtk_signal_connect(instance, signal, unsafeBitCast(voidTrampoline, to: GCallback.self),
                               Unmanaged.passRetained(box).toOpaque(), releaseBox)
}

/// Connects a signal whose handler takes one pointer argument (`notify::x` gets its GParamSpec).
@MainActor @discardableResult
public func connectSignal(_ instance: gpointer, _ signal: String,
                          _ handler: @escaping @MainActor (gpointer?) -> Void) -> gulong {
    let box = ClosureBox<gpointer?, Void>(handler)
    return cgtk_signal_connect(instance, signal, unsafeBitCast(pointerTrampoline, to: GCallback.self),
                               Unmanaged.passRetained(box).toOpaque(), releaseBox)
}

/// Connects GtkEventControllerKey's `key-pressed`; the handler returns whether it handled the key.
@MainActor @discardableResult
public func connectKeyPressed(_ controller: gpointer,
                              _ handler: @escaping @MainActor (_ keyval: UInt32, _ keycode: UInt32,
                                                               _ state: GdkModifierType) -> Bool) -> gulong {
    let box = ClosureBox<(UInt32, UInt32, GdkModifierType), Bool> { handler($0.0, $0.1, $0.2) }
    return cgtk_signal_connect(controller, "key-pressed", unsafeBitCast(keyTrampoline, to: GCallback.self),
                               Unmanaged.passRetained(box).toOpaque(), releaseBox)
}

/// Connects GtkGestureClick's `pressed` (press count, x, y), or with `signal` its `released`.
@MainActor @discardableResult
public func connectPressed(_ gesture: gpointer, signal: String = "pressed",
                           _ handler: @escaping @MainActor (_ count: Int, _ x: Double, _ y: Double) -> Void) -> gulong {
    let box = ClosureBox<(Int, Double, Double), Void> { handler($0.0, $0.1, $0.2) }
    return cgtk_signal_connect(gesture, signal, unsafeBitCast(pressedTrampoline, to: GCallback.self),
                               Unmanaged.passRetained(box).toOpaque(), releaseBox)
}

/// Connects GtkGestureClick's `released` (press count, x, y): not emitted when the press became
/// a drag (the drag source claims the sequence and the click is cancelled).
@MainActor @discardableResult
public func connectReleased(_ gesture: gpointer,
                            _ handler: @escaping @MainActor (_ count: Int, _ x: Double, _ y: Double) -> Void) -> gulong {
    let box = ClosureBox<(Int, Double, Double), Void> { handler($0.0, $0.1, $0.2) }
    return cgtk_signal_connect(gesture, "released", unsafeBitCast(pressedTrampoline, to: GCallback.self),
                               Unmanaged.passRetained(box).toOpaque(), releaseBox)
}

/// Connects GFileMonitor's `changed` (file, other file, event); GIO emits it in the main context
/// the monitor was made in.
@MainActor @discardableResult
public func connectFileMonitorChanged(_ monitor: gpointer,
                                      _ handler: @escaping @MainActor (GFileMonitorEvent) -> Void) -> gulong {
    let box = ClosureBox<GFileMonitorEvent, Void>(handler)
    return cgtk_signal_connect(monitor, "changed", unsafeBitCast(fileMonitorTrampoline, to: GCallback.self),
                               Unmanaged.passRetained(box).toOpaque(), releaseBox)
}
