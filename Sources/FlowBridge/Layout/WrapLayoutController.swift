// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import FlowGObject
import GObjectSupport

/// The Swift half of a FlowWrapLayout (`Sources/CFlow/flow-wrap-layout.c`): the layout
/// arithmetic. Given the children as engine items and a ``LayoutEnvironment``, it answers GTK's
/// size questions and computes the frames; it keeps no list of children and no reference to any
/// widget but the one GTK says it serves.
///
/// A FlowWrapHStack keeps its own children and runs its measuring and allocation with this
/// arithmetic (WrapHStackController+Layout), without the layout being its layout manager; any
/// other widget is laid out by the plain-widget path (+PlainWidget), which reads the children from
/// the widget. The entry points (+EntryPoints) choose by the widget GTK passes.
///
/// Ownership: the FlowWrapLayout owns its controller (made in its instance init, freed in its
/// finalize); the controller keeps an unowned pointer back to it.
@MainActor
final class WrapLayoutController: ObjectController {
    /// The FlowWrapLayout, which owns this controller.
    let object: OpaquePointer

    /// The space around the lines (an engine option that has no property: a widget's own padding
    /// is the stylesheet's).
    var insets = FlowInsets.zero {
        didSet { if insets != oldValue { optionsChanged() } }
    }

    /// Counts the changes of the options: a widget that keeps measured children compares it with
    /// the count they were measured at (the axis they were measured along may have changed).
    private(set) var optionsGeneration = 0
    private var cachedLayout: FlowLayout?

    /// The watch on the resizes queued on the served widget (see ``widgetResized()``).
    private var resizeWatch: (widget: Widget, watch: Widget)?
    /// The length the last correction of a guessed cross length was for (+GuessedHeight).
    var correctedLength: Int?
    /// What a plain widget's layout keeps between size queries (+PlainWidget).
    var plain = PlainWidgetState()

    init(object: OpaquePointer) {
        self.object = object
    }

    isolated deinit {
        if let resizeWatch { releaseWidget(resizeWatch.watch) }
    }

    var manager: UnsafeMutablePointer<GtkLayoutManager> { UnsafeMutablePointer(object) }

    /// The widget the layout serves, if any: the one it is the layout manager of, or the
    /// FlowWrapHStack that computes with it (flow_wrap_layout_serve_box).
    var widget: Widget? { flow_wrap_layout_get_served_widget(object) }

    // MARK: Options

    /// The options the properties, the orientation and ``insets`` describe, lengths in pixels at
    /// the display's dpi (kept until one of them changes).
    var layout: FlowLayout {
        if let cachedLayout { return cachedLayout }
        var base = FlowLayout()
        base.axis = gtk_orientable_get_orientation(object) == GTK_ORIENTATION_VERTICAL
            ? .vertical : .horizontal
        base.insets = insets
        let options = flow_wrap_layout_get_values(object).pointee.layout(dpi: dpi, base: base)
        cachedLayout = options
        return options
    }

    /// The dpi that pt and sp lengths convert at: the served widget's display's.
    var dpi: Double {
        LengthUnit.dpi(of: widget.map { gtk_widget_get_settings($0) } ?? gtk_settings_get_default())
    }

    /// Sets the properties (each that changes notifies once), the orientation and the insets from
    /// `options`, keeping each length's unit. The direction comes from the widget, and the
    /// indicator from the box: those of `options` are not kept.
    func setLayout(_ options: FlowLayout) {
        var values = flow_wrap_layout_get_values(object).pointee.updated(to: options, dpi: dpi)
        flow_wrap_layout_set_values(object, &values)
        gtk_orientable_set_orientation(object,
                                       options.axis == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
        insets = options.insets
    }

    /// A property, the orientation, the insets, or the dpi a unit follows changed.
    func optionsChanged() {
        cachedLayout = nil
        optionsGeneration &+= 1
        plain.measured = nil
        // gtk_layout_manager_layout_changed's work, for a box's layout as well.
        if let widget { gtk_widget_queue_resize(widget) }
    }

    var mainOrientation: GtkOrientation {
        layout.axis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
    }

    // MARK: The arithmetic

    /// The options the engine runs with: ``layout`` with the environment's direction, its
    /// stylesheet spacing where that asks for more, and the overflow indicator as measured.
    func engineLayout(_ environment: LayoutEnvironment, indicator: FlowItem?) -> FlowLayout {
        var options = layout
        options.itemSpacing = max(options.itemSpacing, environment.cssSpacing.item)
        options.lineSpacing = max(options.lineSpacing, environment.cssSpacing.line)
        options.direction = environment.direction
        options.overflowIndicator = indicator
        return options
    }

    /// GTK's size query. Along the main axis: the engine's minimum (widest child minimum plus
    /// insets, so the widget never locks its parent's width) and natural length. Across it: the
    /// engine's cross length at the given length. With no length given, at the minimum length,
    /// as GTK's rule for height-for-width widgets asks ("the height required for its own minimum
    /// possible width": a parent that goes by this answer never cuts the content). libadwaita's
    /// wrap layout answers at the natural line length there instead, which can cut it.
    func measure(_ items: [FlowItem], _ environment: LayoutEnvironment, indicator: FlowItem?,
                 _ orientation: GtkOrientation, forSize: Int) -> (minimum: Int, natural: Int) {
        let options = engineLayout(environment, indicator: indicator)
        func minimum() -> Int { Int(options.minimumLength(of: items).rounded(.up)) }
        if orientation == mainOrientation {
            let minimum = minimum()
            let natural = Int(options.naturalLength(of: items).rounded(.up))
            return (minimum, max(minimum, natural))
        }
        if forSize < 0 && options.axis == .vertical {
            // A width-for-height widget's width at no height is where a window's minimum width
            // comes from: the narrowest it is at any height (one column of the widest child),
            // else the window could never be narrower than every column side by side. Its
            // natural width is the width at its natural height.
            let minimum = Int(options.minimumCrossLength(of: items).rounded(.up))
            let naturalHeight = options.naturalLength(of: items)
            let natural = Int(options.measure(items, in: naturalHeight).size.width.rounded(.up))
            return (minimum, max(minimum, natural))
        }
        // GTK never asks for a length below the minimum (it clamps `for_size` first).
        let length = forSize >= 0 ? forSize : minimum()
        let size = options.measure(items, in: Double(length)).size
        let cross = Int((options.axis == .horizontal ? size.height : size.width).rounded(.up))
        return (cross, cross)
    }

    /// The layout of `children` at `available` (the main-axis length), snapped to whole pixels.
    func compute(_ children: LaidOutChildren, _ environment: LayoutEnvironment, indicator: FlowItem?,
                 available: Int) -> ComputedLayout {
        var none: FlowResult?
        return compute(children, environment, indicator: indicator, available: available, reusing: &none)
    }

    /// The same, written into `spare`'s arrays (taken: `spare` is `nil` after), a result no
    /// longer shown, so that a resize allocates no frames (see FlowLayout.layout(_:in:into:)).
    func compute(_ children: LaidOutChildren, _ environment: LayoutEnvironment, indicator: FlowItem?,
                 available: Int, reusing spare: inout FlowResult?) -> ComputedLayout {
        let request = FlowRequest(layout: engineLayout(environment, indicator: indicator),
                                  available: Double(available), items: children.items)
        var result = FlowResult(frames: [], size: .zero, lines: [], hiddenCount: 0, indicatorFrame: nil)
        if spare != nil {
            swap(&result, &spare!)
            spare = nil
        }
        request.run(into: &result)
        result.snap()
        return ComputedLayout(children: children, request: request, result: result)
    }

    /// The engine's result for `request`, rounded to whole pixels in place.
    static func snappedResult(of request: FlowRequest) -> FlowResult {
        var result = request.run()
        result.snap()
        return result
    }

    /// Whether a resize was queued on the served widget (or inside it) since the last look: a
    /// watch on it says (made the first time, or again for another widget; the first look says
    /// yes).
    ///
    /// GTK caches every size query's answer and clears that cache when the widget or anything
    /// inside it queues a resize. A query with no given size (`for_size` -1) comes first after
    /// the cache was cleared, but GTK also asks it directly whenever it measures a size it has
    /// not cached (to clamp that size: gtk_widget_query_size_for_orientation), which a resize
    /// does all the time. So a -1 query is only the moment to look; the watch
    /// (flow-private/flow-resize-watch.h) says whether a child changed, and a resize alone measures no
    /// child.
    func widgetResized() -> Bool {
        guard let widget else { return true }
        if let resizeWatch, resizeWatch.widget == widget {
            return flow_resize_watch_take(resizeWatch.watch) != 0
        }
        if let old = resizeWatch { releaseWidget(old.watch) }
        // Unparented: it is measured, never shown, and no child of the widget, which is the app's
        // when it is a plain widget. The controller holds it.
        resizeWatch = (widget, retainWidget(flow_resize_watch_new(widget)))
        return true
    }

    /// Allocates a child at its frame.
    @inline(__always)
    static func allocate(_ child: Widget, at frame: FlowRect) {
        var origin = graphene_point_t(x: Float(frame.x), y: Float(frame.y))
        gtk_widget_allocate(child, Int32(frame.width), Int32(frame.height), -1, gsk_transform_translate(nil, &origin))
    }
}
