// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow  // its headers include GTK's: the enum constants come through it too
import CGtk
import FlowEngine
import GObjectSupport

// Values from the stylesheet. GTK 4 offers no public way to read a CSS value, so the container
// keeps never-shown boxes, its last children, whose properties are inherited from the container's
// CSS node: what such a probe measures is exactly what the stylesheet asks of the container.
//
// - Spacing: two boxes (one horizontal, one vertical) with two empty children each measure their
//   `border-spacing`. As with GtkBox, a stylesheet sets the spacing, and the larger of the CSS value
//   and the value set in code wins:
//
//       wraphstack { border-spacing: 8px 12px; }   /* between items, between lines */
//
// - `min-width` and `min-height`: an empty box, so that the container can tell GTK raising an
//   answer to the stylesheet's minimum from GTK guessing it (WrapLayoutController+GuessedHeight).
// - Margin, border and padding: an empty box, for the outer size GTK's size queries work in.
//
// When the stylesheet changes, the probes' sizes change, which GTK reports as a resize of the
// container, so it lays out again by itself.

extension WrapHStackController {
    static let spacingProbeClass = "wraphstack-spacing-probe"
    static let sizeProbeClass = "wraphstack-size-probe"
    static let boxProbeClass = "wraphstack-box-probe"

    /// Makes a probe: a box with `emptyChildren` empty boxes inside, the box's last child,
    /// measured but never mapped, drawn, targeted or read out.
    func installProbe(_ cssClass: String, _ orientation: GtkOrientation = GTK_ORIENTATION_HORIZONTAL,
                      emptyChildren: Int = 0) -> Widget {
        Self.installProbeStyle()
        let box = gtk_box_new(orientation, 0)!
        gtk_widget_add_css_class(box, cssClass)
        for _ in 0..<emptyChildren { gtk_box_append(cgtk_box(box), gtk_box_new(orientation, 0)) }
        gtk_widget_set_parent(box, widget)
        gtk_widget_set_child_visible(box, 0)
        gtk_widget_set_can_target(box, 0)
        cgtk_accessible_set_hidden(box, 1)
        return box
    }

    private static var styleInstalled = false

    private static func installProbeStyle() {
        guard !styleInstalled, let display = gdk_display_get_default() else { return }
        styleInstalled = true
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, """
            wraphstack > .\(spacingProbeClass) { border-spacing: inherit; }
            wraphstack > .\(sizeProbeClass) { min-width: inherit; min-height: inherit; }
            wraphstack > .\(boxProbeClass) {
                margin: inherit; padding: inherit;
                border-style: inherit; border-width: inherit;
            }
            """, -1)
        gtk_style_context_add_provider_for_display(display, cgtk_style_provider(UnsafeMutableRawPointer(provider)),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// The spacing the stylesheet sets: (between items, between lines) for this layout's axis.
    func cssSpacing() -> (item: Double, line: Double) {
        let horizontal = Self.minimum(of: spacingProbes.horizontal, GTK_ORIENTATION_HORIZONTAL)
        let vertical = Self.minimum(of: spacingProbes.vertical, GTK_ORIENTATION_VERTICAL)
        return layout.layout.axis == .horizontal
            ? (Double(horizontal), Double(vertical))
            : (Double(vertical), Double(horizontal))
    }

    /// The stylesheet's `min-width` and `min-height` for the container (0 when none).
    func cssMinimumSize() -> (width: Int, height: Int) {
        Self.minimumSize(of: sizeProbe)
    }

    /// What the stylesheet's margin, border and padding add around the container's content box,
    /// across (width) and down (height). Kept with the spacing in the box's environment until
    /// GTK's size cache is cleared (a style change clears it), as the children's sizes are.
    func cssBoxExtents() -> (width: Int, height: Int) {
        Self.minimumSize(of: boxProbe)
    }

    private static func minimumSize(of probe: Widget) -> (width: Int, height: Int) {
        (minimum(of: probe, GTK_ORIENTATION_HORIZONTAL), minimum(of: probe, GTK_ORIENTATION_VERTICAL))
    }

    private static func minimum(of probe: Widget, _ orientation: GtkOrientation) -> Int {
        var minimum: Int32 = 0
        gtk_widget_measure(probe, orientation, -1, &minimum, nil, nil, nil)
        return Int(minimum)
    }
}
