import CFlow
import CGtk
import FlowEngine
import GObjectSupport

// The insertion marker of the list's reordering (WrapListView.reorderable): where a drop would
// land, found by the engine (FlowResult.insertionPlace and insertionMarker) on the lines in the
// viewport only, so a drag costs the same at a million items as at a hundred; shown by a widget
// with the box's CSS names, allocated after the items.

extension WrapListViewController {
    /// The marker's thickness, in pixels (the box's).
    static var markerThickness: Double { WrapHStackController.markerThickness }

    /// The insertion marker: a widget whose CSS node is `marker` with the class
    /// `insertion-marker` (the box's names), a child of the view after the item widgets (so drawn
    /// over them), hidden until a drag hovers, allocated at the engine's marker rectangle.
    func makeMarker() -> Widget {
        Self.installMarkerStyle()
        let marker = retainWidget(g_object_new_with_properties(Self.markerType, 0, nil, nil)
            .map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }!)
        gtk_widget_add_css_class(marker, "insertion-marker")
        gtk_widget_set_can_target(marker, 0)
        gtk_widget_set_can_focus(marker, 0)
        cgtk_accessible_set_hidden(marker, 1)
        gtk_widget_set_visible(marker, 0)
        gtk_widget_set_parent(marker, view)
        return marker
    }

    /// A GtkWidget subclass whose only difference is its CSS name, `marker` (GTK 4 sets CSS names
    /// per class).
    private static let markerType: GType = {
        var query = GTypeQuery()
        g_type_query(gtk_widget_get_type(), &query)
        return g_type_register_static_simple(gtk_widget_get_type(), "FlowWrapListViewMarker", query.class_size,
                                             { klass, _ in
                                                 gtk_widget_class_set_css_name(
                                                     klass?.assumingMemoryBound(to: GtkWidgetClass.self), "marker")
                                             },
                                             query.instance_size, nil, GTypeFlags(0))
    }()

    private static var markerStyleInstalled = false

    /// The marker's default look, below an application's and a theme's own rules.
    private static func installMarkerStyle() {
        guard !markerStyleInstalled, let display = gdk_display_get_default() else { return }
        markerStyleInstalled = true
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, """
            wraplistview > marker.insertion-marker { background-color: @theme_selected_bg_color; border-radius: 2px; }
            """, -1)
        gtk_style_context_add_provider_for_display(display, cgtk_style_provider(UnsafeMutableRawPointer(provider)),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_FALLBACK))
    }

    // MARK: Places on the lines shown

    /// The lines on screen as a FlowResult (content coordinates), with the list's item number of
    /// each of its items: what the engine's hit test and marker run on.
    private func shownLines() -> (result: FlowResult, first: Int, firstLine: Int)? {
        guard let table, table.visibleCount > 0 else { return nil }
        let horizontal = layout.axis == .horizontal
        let page = Double(horizontal ? gtk_widget_get_height(view) : gtk_widget_get_width(view))
        let offset = viewport.shownOffset
        let lines = table.lines(crossingFrom: offset, to: offset + max(page, 1))
        guard !lines.isEmpty else { return nil }
        let part = table.frames(ofLines: lines, items: sizes.items).snapped()
        // An item hidden by a line limit is no place.
        let end = min(part.items.upperBound, table.visibleCount)
        guard end > part.items.lowerBound else { return nil }
        let first = part.items.lowerBound
        let ranges = lines.map { line -> Range<Int> in
            let items = table[line].items.clamped(to: first..<end)
            return (items.lowerBound - first)..<(items.upperBound - first)
        }
        let result = FlowResult(frames: Array(part.frames.prefix(end - first)), size: table.size, lines: ranges,
                                hiddenCount: 0, indicatorFrame: nil)
        return (result, first, lines.lowerBound)
    }

    /// The point (`x`, `y`) of the view in the content's coordinates.
    private func contentPoint(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        layout.axis == .horizontal ? (x, y + viewport.shownOffset) : (x + viewport.shownOffset, y)
    }

    /// The place nearest to (`x`, `y`) in the view among the lines on screen, in the model's
    /// order (its line the table's), and the marker's rectangle in the content's coordinates.
    func insertionPlace(atX x: Double, y: Double) -> FlowInsertionPlace? {
        placeAndMarker(atX: x, y: y)?.place
    }

    private func placeAndMarker(atX x: Double, y: Double) -> (place: FlowInsertionPlace, marker: FlowRect?)? {
        guard let (result, first, firstLine) = shownLines() else { return nil }
        let point = contentPoint(x, y)
        let dragged = draggedItem.flatMap { $0 >= first && $0 < first + result.frames.count ? $0 - first : nil }
        let options = engineLayout
        guard let local = result.insertionPlace(nearestTo: point.x, point.y, in: options, excluding: dragged)
        else { return nil }
        let marker = result.insertionMarker(for: local, thickness: Self.markerThickness, in: options,
                                            excluding: dragged)
        return (FlowInsertionPlace(index: local.index + first, line: local.line + firstLine), marker)
    }

    // MARK: The marker

    /// After an allocation: the place under the pointer on the lines just placed, and the marker
    /// at the engine's rectangle for it, moved by the scroll offset.
    func placeMarker() {
        guard reordering.marker != nil else { return }
        guard let pointer = reordering.drag?.pointer,
              let (place, rect) = placeAndMarker(atX: pointer.x, y: pointer.y), let rect else {
            reordering.drag?.place = nil
            return hideMarker()
        }
        reordering.drag!.place = place
        let marker = reordering.marker!
        if gtk_widget_get_visible(marker) == 0 { gtk_widget_set_visible(marker, 1) }
        var ignored: Int32 = 0
        gtk_widget_measure(marker, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, nil, nil, nil)
        let horizontal = layout.axis == .horizontal
        let offset = viewport.shownOffset
        var allocation = GtkAllocation(x: Int32((horizontal ? rect.x : rect.x - offset).rounded()),
                                       y: Int32((horizontal ? rect.y - offset : rect.y).rounded()),
                                       width: Int32(max(1, rect.width.rounded())),
                                       height: Int32(max(1, rect.height.rounded())))
        gtk_widget_size_allocate(marker, &allocation, -1)
    }

    func hideMarker() {
        guard let marker = reordering.marker, gtk_widget_get_visible(marker) != 0 else { return }
        gtk_widget_set_visible(marker, 0)
    }

    /// The marker's rectangle in the view as last allocated, while it is shown (for the tests).
    var markerFrame: FlowRect? {
        guard let marker = reordering.marker, gtk_widget_get_visible(marker) != 0 else { return nil }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(marker, &allocation)
        return FlowRect(x: Double(allocation.x), y: Double(allocation.y),
                        width: Double(allocation.width), height: Double(allocation.height))
    }
}
