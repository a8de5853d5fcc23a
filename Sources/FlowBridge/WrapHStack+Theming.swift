import CGtk
import FlowEngine
import GObjectSupport

// Spacing from CSS. GTK 4 lets a stylesheet set a box's spacing with `border-spacing`, but offers
// no public way to read a CSS value. So the container keeps two never-shown GtkBoxes (one
// horizontal, one vertical) with two empty children each, whose `border-spacing` is inherited
// from the container's node: what such a box measures is exactly the spacing the stylesheet asks
// for. When the stylesheet changes, the probes' size changes, which GTK reports as a resize of the
// container, so it lays out again by itself.
//
//     wraphstack { border-spacing: 8px 12px; }   /* between items, between lines */
//
// As with GtkBox, the larger of the CSS value and the value set in code wins.

extension WrapHStack {
    static let probeClass = "wraphstack-spacing-probe"

    /// Makes the two probes, the container widget's last children (after the items).
    func installSpacingProbes() -> (horizontal: Widget, vertical: Widget) {
        Self.installProbeStyle()
        func probe(_ orientation: GtkOrientation) -> Widget {
            let box = gtk_box_new(orientation, 0)!
            gtk_widget_add_css_class(box, Self.probeClass)
            gtk_box_append(cgtk_box(box), gtk_box_new(orientation, 0))
            gtk_box_append(cgtk_box(box), gtk_box_new(orientation, 0))
            gtk_widget_set_parent(box, widget)
            // Measured, never mapped, drawn or read out.
            gtk_widget_set_child_visible(box, 0)
            gtk_widget_set_can_target(box, 0)
            cgtk_accessible_set_hidden(box, 1)
            return box
        }
        return (probe(GTK_ORIENTATION_HORIZONTAL), probe(GTK_ORIENTATION_VERTICAL))
    }

    static let sizeProbeClass = "wraphstack-size-probe"

    /// A never-shown empty box whose `min-width` and `min-height` are the container's own, so that
    /// the container can tell GTK raising an answer to the stylesheet's minimum from GTK guessing
    /// it (see `distrustGuessedCrossLength` in WrapHStack+Placing). The last child.
    func installSizeProbe() -> Widget {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(box, Self.sizeProbeClass)
        gtk_widget_set_parent(box, widget)
        gtk_widget_set_child_visible(box, 0)
        gtk_widget_set_can_target(box, 0)
        cgtk_accessible_set_hidden(box, 1)
        return box
    }

    /// The stylesheet's `min-width` and `min-height` for the container (0 when none).
    func cssMinimumSize() -> (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_widget_measure(sizeProbe, GTK_ORIENTATION_HORIZONTAL, -1, &width, nil, nil, nil)
        gtk_widget_measure(sizeProbe, GTK_ORIENTATION_VERTICAL, -1, &height, nil, nil, nil)
        return (Int(width), Int(height))
    }

    private static var styleInstalled = false

    private static func installProbeStyle() {
        guard !styleInstalled, let display = gdk_display_get_default() else { return }
        styleInstalled = true
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, """
            wraphstack > .\(probeClass) { border-spacing: inherit; }
            wraphstack > .\(sizeProbeClass) { min-width: inherit; min-height: inherit; }
            """, -1)
        gtk_style_context_add_provider_for_display(display, cgtk_style_provider(UnsafeMutableRawPointer(provider)),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// The spacing the stylesheet sets: (between items, between lines) for this layout's axis.
    func cssSpacing() -> (item: Double, line: Double) {
        var horizontal: Int32 = 0, vertical: Int32 = 0, ignored: Int32 = 0
        gtk_widget_measure(spacingProbes.horizontal, GTK_ORIENTATION_HORIZONTAL, -1, &horizontal, &ignored, nil, nil)
        gtk_widget_measure(spacingProbes.vertical, GTK_ORIENTATION_VERTICAL, -1, &vertical, &ignored, nil, nil)
        return layout.axis == .horizontal
            ? (Double(horizontal), Double(vertical))
            : (Double(vertical), Double(horizontal))
    }
}
