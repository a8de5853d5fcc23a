// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// The Swift closures handed to GTK as user data, and the count of those alive.

import CGtk
import Synchronization

/// Counts the Swift closure boxes that GTK currently holds, so tests can prove each one is
/// released (a test instrument: package access only).
package enum ClosureBoxes {
    static let live = Atomic<Int>(0)

    /// How many boxes are alive now.
    package static var liveCount: Int { live.load(ordering: .relaxed) }
}

/// A Swift closure handed to GTK as user data (`Result` is `Void` for signals without one); the
/// library's drag-and-drop signals box theirs in it too (FlowBridge's DragSignals.swift).
package final class ClosureBox<Arguments, Result>: @unchecked Sendable {
    package let body: @MainActor (Arguments) -> Result

    package init(_ body: @escaping @MainActor (Arguments) -> Result) {
        self.body = body
        ClosureBoxes.live.add(1, ordering: .relaxed)
    }

    deinit {
        ClosureBoxes.live.subtract(1, ordering: .relaxed)
    }
}

/// GTK's destroy-notify for every box connected to a signal: drops the reference taken when
/// connecting.
package let releaseBox: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
