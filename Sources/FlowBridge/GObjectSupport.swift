// GObject plumbing for Swift: widget pointers, reference counting, signals with Swift closures,
// and finalization watching. Ownership rules live here, in one place:
//
// - A `Widget` is a plain pointer; it does not keep the widget alive.
// - Code that keeps a widget takes a reference with `retainWidget` (which also sinks a floating
//   reference, as a GTK parent does) and gives it back with `releaseWidget`.
// - A signal handler's Swift closure lives in a `ClosureBox` that GTK owns: it is retained when
//   connected and released by GTK's destroy-notify when the handler is disconnected or the object
//   is finalized. Closures that refer back to their owner capture it weakly.

import CGtk
import Synchronization

/// A GTK widget, as GTK's C API returns it (`gtk_label_new` and friends).
public typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Takes a reference to `widget`, sinking its floating reference if it has one.
@MainActor @discardableResult
func retainWidget(_ widget: Widget) -> Widget {
    g_object_ref_sink(widget)
    return widget
}

/// Gives back a reference taken with `retainWidget`.
@MainActor
func releaseWidget(_ widget: Widget) {
    g_object_unref(widget)
}

/// The GObject type name of an object, for messages ("GtkLabel").
@MainActor
func typeName(of widget: Widget) -> String {
    let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
    return String(cString: g_type_name(instance.pointee.g_class.pointee.g_type))
}

// MARK: - Closure boxes

/// Counts the Swift closure boxes that GTK currently holds, so tests can prove each one is
/// released.
public enum ClosureBoxes {
    static let live = Atomic<Int>(0)

    /// How many boxes are alive now.
    public static var liveCount: Int { live.load(ordering: .relaxed) }
}

/// A Swift closure handed to GTK as user data (`Result` is `Void` for signals without one).
final class ClosureBox<Arguments, Result>: @unchecked Sendable {
    let body: @MainActor (Arguments) -> Result

    init(_ body: @escaping @MainActor (Arguments) -> Result) {
        self.body = body
        ClosureBoxes.live.add(1, ordering: .relaxed)
    }

    deinit {
        ClosureBoxes.live.subtract(1, ordering: .relaxed)
    }
}

/// GTK's destroy-notify for every box: drops the reference taken when connecting.
private let releaseBox: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

// MARK: - Signals
// One trampoline per C signature; GTK emits on the main thread.

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

/// Connects GtkGestureClick's `pressed` (press count, x, y).
@MainActor @discardableResult
public func connectPressed(_ gesture: gpointer,
                           _ handler: @escaping @MainActor (_ count: Int, _ x: Double, _ y: Double) -> Void) -> gulong {
    let box = ClosureBox<(Int, Double, Double), Void> { handler($0.0, $0.1, $0.2) }
    return cgtk_signal_connect(gesture, "pressed", unsafeBitCast(pressedTrampoline, to: GCallback.self),
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

// MARK: - Main loop

private let sourceTrampoline: @convention(c) (gpointer?) -> gboolean = { data in
    guard let data else { return 0 }
    let box = Unmanaged<ClosureBox<Void, Bool>>.fromOpaque(data).takeUnretainedValue()
    return MainActor.assumeIsolated { box.body(()) } ? 1 : 0
}

private let releaseSourceBox: @convention(c) (gpointer?) -> Void = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// Runs `body` once, when the main loop is next idle (after the current frame's layout and
/// paint). Returns the GLib source id, for `g_source_remove`.
@MainActor @discardableResult
public func runWhenIdle(_ body: @escaping @MainActor () -> Void) -> guint {
    let box = ClosureBox<Void, Bool> { _ in body(); return false }
    return g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, sourceTrampoline, Unmanaged.passRetained(box).toOpaque(),
                           releaseSourceBox)
}

/// Runs `body` once after `milliseconds`. Returns the GLib source id, for `g_source_remove`.
@MainActor @discardableResult
public func runAfter(milliseconds: Int, _ body: @escaping @MainActor () -> Void) -> guint {
    let box = ClosureBox<Void, Bool> { _ in body(); return false }
    return g_timeout_add_full(G_PRIORITY_DEFAULT, guint(milliseconds), sourceTrampoline,
                              Unmanaged.passRetained(box).toOpaque(), releaseSourceBox)
}

// MARK: - Finalization

/// Tells whether a GObject has been finalized, without keeping it alive (a GObject weak
/// reference). Used by the tests to prove that widgets are freed.
@MainActor
public final class FinalizationWatch {
    private final class Flag { var finalized = false }
    private let flag = Flag()

    private static let notify: @convention(c) (gpointer?, UnsafeMutablePointer<GObject>?) -> Void = { data, _ in
        guard let data else { return }
        Unmanaged<Flag>.fromOpaque(data).takeRetainedValue().finalized = true
    }

    /// Starts watching `widget`.
    public convenience init(_ widget: Widget) {
        self.init(object: UnsafeMutableRawPointer(widget))
    }

    /// Starts watching any GObject.
    public init(object: gpointer) {
        g_object_weak_ref(cgtk_object(object), Self.notify, Unmanaged.passRetained(flag).toOpaque())
    }

    /// Whether the object has been finalized.
    public var isFinalized: Bool { flag.finalized }
}
