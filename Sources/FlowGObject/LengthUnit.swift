// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk

/// The unit of a length property (`FlowLengthUnit`), so that spacing can follow the user's text
/// size. The arithmetic is the C library's (flow-length-unit.c), so every language converts alike.
public enum LengthUnit: String, Sendable, Hashable, CaseIterable, GObjectEnum {
    /// Pixels (GTK's logical pixels).
    case px
    /// Points: value × dpi / 72 pixels.
    case pt
    /// Scale-independent pixels: value × dpi / 96 pixels (one pixel each at 96 dpi).
    case sp

    /// - Complexity: O(1).
    public var gobjectValue: FlowLengthUnit {
        switch self {
        case .px: FLOW_LENGTH_UNIT_PX
        case .pt: FLOW_LENGTH_UNIT_PT
        case .sp: FLOW_LENGTH_UNIT_SP
        }
    }

    /// `value`, in this unit, in pixels at `dpi` (96 stands in for a dpi that is not a positive
    /// number).
    ///
    /// - Complexity: O(1).
    public func pixels(_ value: Double, dpi: Double) -> Double {
        flow_length_unit_to_pixels(gobjectValue, value, dpi)
    }

    /// A length in pixels, in this unit at `dpi`: the inverse of ``pixels(_:dpi:)``.
    ///
    /// - Complexity: O(1).
    public func value(fromPixels pixels: Double, dpi: Double) -> Double {
        flow_length_unit_from_pixels(gobjectValue, pixels, dpi)
    }

    /// The dpi a `gtk-xft-dpi` setting stands for: the setting / 1024, or 96 when it is unset
    /// (not positive).
    ///
    /// - Complexity: O(1).
    public static func dpi(xftDPI: Int32) -> Double {
        flow_length_unit_dpi_from_xft_dpi(xftDPI)
    }

    /// The dpi text is drawn at, from `settings` (the default display's when `nil`; 96 without a
    /// display). It changes with the text scale: watch `notify::gtk-xft-dpi`.
    ///
    /// - Complexity: O(1).
    @MainActor
    public static func dpi(of settings: OpaquePointer? = nil) -> Double {
        flow_length_unit_get_dpi(settings)
    }
}
