// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// The main loop: callbacks for when it is idle or after a delay, and for tools and tests that drive
// GTK without `g_main_loop_run`, a way to run it until something holds.

import CGtk

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
    addIdleSource(body)
}

private func addIdleSource(_ body: @escaping @MainActor () -> Void) -> guint {
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

/// Runs the default main context by hand, for tools and tests that drive GTK without
/// `g_main_loop_run` (a headless screenshot, a test waiting for a frame). Package access: not part
/// of the widget library.
@MainActor
package enum MainLoop {
    /// Runs the main loop until `condition` holds or `milliseconds` pass, sleeping a millisecond
    /// whenever nothing is pending (so a wait for a frame does not spin). Returns whether the
    /// condition held.
    @discardableResult
    package static func run(until condition: () -> Bool, milliseconds: Int = 3000) -> Bool {
        let end = g_get_monotonic_time() + milliseconds * 1000
        while g_get_monotonic_time() < end {
            if condition() { return true }
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(1000) }
        }
        return condition()
    }

    /// Runs the main loop for about `milliseconds`, letting frames happen.
    package static func run(milliseconds: Int) {
        run(until: { false }, milliseconds: milliseconds)
    }

    /// Runs the main loop until nothing is pending (at most 10,000 iterations, so that a source
    /// that is always ready cannot hang the caller).
    package static func drain() {
        var iterations = 0
        while iterations < 10_000 && g_main_context_iteration(nil, 0) != 0 { iterations += 1 }
    }
}

/// Runs `body` on the main loop when it is next idle, called from any thread (GLib's idle sources
/// may be added from any thread): for work done on another thread that the main thread shows.
public func runOnMainLoop(_ body: @escaping @Sendable @MainActor () -> Void) {
    _ = addIdleSource(body)
}
