import CFlow
import CFlowClasses
import CGtk
import FlowEngine
import FlowGObject
import GObjectSupport

/// The Swift half of a FlowWrapLayout (`Sources/CFlowClasses/flow-wrap-layout.c`): the layout
/// arithmetic, answering GTK's size questions about the widget the layout manager serves and
/// placing its children in the allocation.
///
/// One code path serves both kinds of widget that use the layout:
///
/// - a plain widget (`gtk_widget_set_layout_manager(box, flow_wrap_layout_new())`): the layout
///   lays out its visible children in widget-tree order, each with the options of its
///   FlowWrapLayoutChild, and is told nothing else (``host`` is `nil`);
/// - a FlowWrapHStack, the layout's ``host``: the box keeps its list of children here
///   (``entries``, the indicator), whichever widget their parent is (the box's GtkFixed or the
///   box itself), and adds what a box has: the stylesheet's spacing, the "+N more" indicator,
///   the GtkFixed placing, the animation of content changes and the layout reports.
///
/// The steps live in one file each: measuring (`+Measuring`), the allocation (`+Allocation`),
/// its check of GTK's guessed height (`+GuessedHeight`), the animation (`+Animation`), and the
/// two ways of placing (`+Placing`, `+FixedPlacing`).
///
/// Ownership: the FlowWrapLayout owns its controller (made in its instance init, freed in its
/// finalize); the controller keeps an unowned pointer back to it.
@MainActor
final class WrapLayoutController: ObjectController {
    /// The FlowWrapLayout, which owns this controller.
    let object: OpaquePointer

    /// The box this layout lays out, when it is a FlowWrapHStack's.
    weak var host: WrapHStackController?

    // MARK: The children (a box's; a plain widget's are read from it at each measuring)

    /// One child and what the layout remembers about it.
    struct Entry {
        let widget: Widget
        var grow: Double = 0
        var breakBefore: Bool = false
        /// Set when `maxLines` hid the child of a box: the box made it invisible (so it is neither
        /// drawn, focused nor read out) and keeps laying it out with the sizes it had when it was
        /// hidden (GTK measures invisible widgets as 0).
        var hiddenItem: FlowItem?
        /// Where the child was moved to and the size request it was given in the GtkFixed.
        var slot = FixedSlot()
    }

    var entries: [Entry] = []
    /// The box's children, for O(1) membership checks (adding 10,000 chips must not be quadratic).
    var members: Set<Widget> = []

    /// A box's "+N more" widget: shown at the end of the last line when `maxLines` hides children.
    struct Indicator {
        let widget: Widget
        let update: @MainActor (Int) -> Void
        var hiddenCount = -1
        /// Its size as last measured (`nil`: measure it again), and what GtkFixed would allocate it.
        var item: FlowItem?
        var fixedMinimum: (width: Int32, height: Int32) = (0, 0)
        var slot = FixedSlot()
    }

    var indicator: Indicator?

    // MARK: What the last layouts left

    /// The children as engine items, kept between size queries (see +Measuring). `nil` means they
    /// must be measured again.
    var measuredChildren: LaidOutChildren?
    /// The watch on the resizes queued on the widget (see +Measuring), and the widget.
    var resizeWatch: (widget: Widget, watch: Widget)?
    /// The length the last correction of a guessed cross length was for.
    var correctedLength: Int?
    /// What is on screen now (see +Allocation): set once per allocation, by `publish`.
    var shown: ShownLayout?
    /// Set when a box's children are added or removed; the next allocation may animate.
    var contentChanged = false
    var animation: Animation?
    var animatesContentChanges = true
    var animationDuration: Duration = .milliseconds(200)
    /// Set by an allocation that found GTK's height for its width to be a guess (see
    /// +GuessedHeight).
    var needsRelayout = false
    var statistics = WrapHStack.Statistics()

    // MARK: Options

    /// The space around the lines (an engine option that has no property: a widget's own padding
    /// is the stylesheet's).
    var insets = FlowInsets.zero {
        didSet { if insets != oldValue { optionsChanged() } }
    }

    private var cachedLayout: FlowLayout?

    init(object: OpaquePointer) {
        self.object = object
    }

    isolated deinit {
        if let resizeWatch { releaseWidget(resizeWatch.watch) }
    }

    var manager: UnsafeMutablePointer<GtkLayoutManager> { UnsafeMutablePointer(object) }

    /// The widget the layout manager serves, if any.
    var widget: Widget? { gtk_layout_manager_get_widget(manager) }

    /// The options the properties, the orientation and ``insets`` describe, lengths in pixels at
    /// the display's dpi (kept until one of them changes).
    var layout: FlowLayout {
        if let cachedLayout { return cachedLayout }
        var base = FlowLayout()
        base.axis = gtk_orientable_get_orientation(object) == GTK_ORIENTATION_VERTICAL
            ? .vertical : .horizontal
        base.insets = insets
        let settings = widget.map { gtk_widget_get_settings($0) } ?? gtk_settings_get_default()
        let options = flow_wrap_layout_get_values(object).pointee.layout(dpi: LengthUnit.dpi(of: settings), base: base)
        cachedLayout = options
        return options
    }

    /// Sets the properties (each that changes notifies once), the orientation and the insets from
    /// `options`, keeping each length's unit. The direction comes from the widget, and the
    /// indicator from the box: those of `options` are not kept.
    func setLayout(_ options: FlowLayout) {
        let settings = widget.map { gtk_widget_get_settings($0) } ?? gtk_settings_get_default()
        var values = flow_wrap_layout_get_values(object).pointee.updated(to: options, dpi: LengthUnit.dpi(of: settings))
        flow_wrap_layout_set_values(object, &values)
        gtk_orientable_set_orientation(object,
                                       options.axis == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
        insets = options.insets
    }

    /// A property, the orientation, the insets, or the dpi a unit follows changed.
    func optionsChanged() {
        cachedLayout = nil
        childrenChanged()
    }

    /// The children, their order or their options changed: measure them again, and tell GTK.
    func childrenChanged() {
        measuredChildren = nil
        // Taken off now, outside any size query, so that measuring sees the children's own sizes.
        if placement == .fixed { releaseSizeRequests() }
        gtk_layout_manager_layout_changed(manager)
    }

    /// How the children get to their frames: a plain widget's are always its own.
    var placement: WrapHStack.Placement { host?.placement ?? .direct }

    /// The index of a box's child in ``entries``.
    func entryIndex(of child: Widget) -> Int? {
        guard members.contains(child) else { return nil }
        return entries.firstIndex { $0.widget == child }
    }

    /// Forgets everything about the children (the box is going).
    func dispose() {
        stopAnimation()
        entries = []
        members = []
        indicator = nil
        measuredChildren = nil
        shown = nil
        host = nil
    }
}
