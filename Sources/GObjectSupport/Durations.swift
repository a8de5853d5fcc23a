// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Durations in the units GLib and people use: GLib's clocks (`g_get_monotonic_time`, a frame
// clock's frame time) count microseconds; figures are read in seconds.

extension Duration {
    /// The duration in seconds.
    package var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// The duration in whole microseconds (rounded toward zero), GLib's unit of time.
    package var microseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
    }
}
