// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk

/// Tells whether a GObject has been finalized, without keeping it alive (a GObject weak
/// reference). Used by the tests to prove that widgets are freed (package access only).
@MainActor
package final class FinalizationWatch {
    private final class Flag { var finalized = false }
    private let flag = Flag()

    private static let notify: @convention(c) (gpointer?, UnsafeMutablePointer<GObject>?) -> Void = { data, _ in
        guard let data else { return }
        Unmanaged<Flag>.fromOpaque(data).takeRetainedValue().finalized = true
    }

    /// Starts watching `widget`.
    package convenience init(_ widget: Widget) {
        self.init(object: UnsafeMutableRawPointer(widget))
    }

    /// Starts watching any GObject.
    package init(object: gpointer) {
        g_object_weak_ref(cgtk_object(object), Self.notify, Unmanaged.passRetained(flag).toOpaque())
    }

    /// Whether the object has been finalized.
    package var isFinalized: Bool { flag.finalized }
}
