// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport

/// Watches the files the editor shows with GIO's `GFileMonitor` (inotify on Linux): a collection
/// replaced by another editor's save, a file whose `user.xdg.tags` another program set
/// (`G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED`, from inotify's `IN_ATTRIB`), a file removed or
/// created again. The events of one write (a temporary file created, then renamed over the
/// collection) come in a burst; they are gathered into one call of `onChange` shortly after.
@MainActor
final class FileWatcher {
    /// How long after the first event of a burst `onChange` runs.
    static let gatherMilliseconds = 40

    private let onChange: @MainActor () -> Void
    private var monitors: [String: UnsafeMutablePointer<GFileMonitor>] = [:]
    private var pending: guint = 0

    init(onChange: @escaping @MainActor () -> Void) {
        self.onChange = onChange
    }

    /// Watches exactly `paths` from now on (new ones are added, others stopped).
    func watch(_ paths: [String]) {
        let wanted = Set(paths)
        for (path, monitor) in monitors where !wanted.contains(path) {
            stop(monitor)
            monitors[path] = nil
        }
        for path in paths where monitors[path] == nil {
            if let monitor = makeMonitor(path) { monitors[path] = monitor }
        }
    }

    /// Stops every monitor (the window is closing).
    func stopAll() {
        watch([])
        if pending != 0 { g_source_remove(pending) }
        pending = 0
    }

    private func makeMonitor(_ path: String) -> UnsafeMutablePointer<GFileMonitor>? {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        // Fails only where the platform cannot watch at all; the editor then shows what it read.
        guard let monitor = g_file_monitor_file(file, G_FILE_MONITOR_NONE, nil, nil) else { return nil }
        g_file_monitor_set_rate_limit(monitor, 100)
        connectFileMonitorChanged(UnsafeMutableRawPointer(monitor)) { [weak self] _ in self?.eventArrived() }
        return monitor
    }

    private func stop(_ monitor: UnsafeMutablePointer<GFileMonitor>) {
        g_file_monitor_cancel(monitor)
        // Unreffing finalizes the monitor, which disconnects its handler and frees the closure box.
        g_object_unref(UnsafeMutableRawPointer(monitor))
    }

    private func eventArrived() {
        guard pending == 0 else { return }
        pending = runAfter(milliseconds: Self.gatherMilliseconds) { [weak self] in
            guard let self else { return }
            self.pending = 0
            self.onChange()
        }
    }
}
