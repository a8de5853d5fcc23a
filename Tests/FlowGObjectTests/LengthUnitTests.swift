// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowGObject
import Testing

/// pt = value·dpi/72, sp = value·dpi/96, dpi = gtk-xft-dpi / 1024 (96 when unset).
@Suite struct LengthUnitTests {
    @Test func pixelsAreThemselves() {
        #expect(LengthUnit.px.pixels(12.5, dpi: 96) == 12.5)
        #expect(LengthUnit.px.pixels(12.5, dpi: 200) == 12.5)
        #expect(LengthUnit.px.value(fromPixels: 7, dpi: 120) == 7)
    }

    @Test func pointsFollowTheDPI() {
        #expect(LengthUnit.pt.pixels(12, dpi: 96) == 16)
        #expect(LengthUnit.pt.pixels(12, dpi: 120) == 20)
        #expect(LengthUnit.pt.pixels(9, dpi: 72) == 9)
        #expect(LengthUnit.pt.value(fromPixels: 16, dpi: 96) == 12)
    }

    @Test func scaleIndependentPixelsAreOnePixelAt96DPI() {
        #expect(LengthUnit.sp.pixels(12, dpi: 96) == 12)
        #expect(LengthUnit.sp.pixels(12, dpi: 120) == 15)
        #expect(LengthUnit.sp.value(fromPixels: 15, dpi: 120) == 12)
    }

    @Test func aDPIThatIsNotAPositiveNumberIs96() {
        for bad in [0, -5, Double.nan, .infinity, -.infinity] {
            #expect(LengthUnit.pt.pixels(12, dpi: bad) == 16, "\(bad)")
            #expect(LengthUnit.sp.value(fromPixels: 12, dpi: bad) == 12, "\(bad)")
        }
    }

    @Test func theXftSettingIsDividedExactly() {
        #expect(LengthUnit.dpi(xftDPI: 96 * 1024) == 96)
        #expect(LengthUnit.dpi(xftDPI: 120 * 1024) == 120)
        // A text scale of 1.1 is 105.6 dpi: kept, not truncated to 105.
        #expect(LengthUnit.dpi(xftDPI: 108_134) == 108_134.0 / 1024)
        #expect(LengthUnit.dpi(xftDPI: -1) == 96)
        #expect(LengthUnit.dpi(xftDPI: 0) == 96)
    }

    @Test func conversionsAreInverses() {
        for unit in LengthUnit.allCases {
            for dpi in [72.0, 96, 105.6, 144] {
                for value in [0.0, 1, 4.5, 12, 1000] {
                    let back = unit.value(fromPixels: unit.pixels(value, dpi: dpi), dpi: dpi)
                    #expect(abs(back - value) <= 1e-12 * max(1, value), "\(unit) \(dpi) \(value)")
                }
            }
        }
    }
}

/// Reading the setting: one GTK call, following the text scale as the desktop changes it.
@MainActor @Suite(.serialized) struct DisplayDPITests {
    @Test func theDPIFollowsGtkXftDPI() {
        setUpGTK()
        let settings = UnsafeMutableRawPointer(gtk_settings_get_default())!
        var saved = GValue()
        g_value_init(&saved, g_type_from_name("gint"))
        g_object_get_property(cgtk_object(settings), "gtk-xft-dpi", &saved)
        defer {
            g_object_set_property(cgtk_object(settings), "gtk-xft-dpi", &saved)
            g_value_unset(&saved)
        }
        for (xft, dpi) in [(Int32(120 * 1024), 120.0), (96 * 1024, 96), (144 * 1024, 144)] {
            PropertyValue.int(xft).withGValue(g_type_from_name("gint")) {
                g_object_set_property(cgtk_object(settings), "gtk-xft-dpi", $0)
            }
            #expect(LengthUnit.dpi() == dpi)
            #expect(LengthUnit.dpi(of: OpaquePointer(settings)) == dpi)
            #expect(LengthUnit.pt.pixels(12, dpi: LengthUnit.dpi()) == 12 * dpi / 72)
        }
    }
}
