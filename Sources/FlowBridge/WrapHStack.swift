import CGtk
import CWrapHStack
import FlowEngine
import GObjectSupport

/// A GTK 4 container that lays its children out in wrapping lines, with ``FlowEngine``.
///
/// ```swift
/// let tags = try WrapHStack {
///     gtk_label_new("swift")
///     gtk_label_new("gtk")
/// }
/// tags.layout.itemSpacing = 8
/// gtk_window_set_child(window, tags.makeScrolledWindow())
/// ```
///
/// How it works: ``widget`` is a small GtkWidget subclass. GTK asks it for its size (height for a
/// width) and then allocates it; both questions go to the engine, with the children's measured
/// sizes, which are kept until GTK reports that one may have changed (see
/// `WrapHStack+Measuring.swift`). By default (``Placement/fixed``) its one visible child is a
/// GtkFixed (``fixed``) holding the items: in the allocation the container computes the layout for
/// the width GTK gave it, moves the items whose position changed and gives each its frame's size,
/// then allocates the GtkFixed, all before the allocation returns (see
/// `WrapHStack+Allocation.swift`), so no frame is ever painted with an old layout. With
/// ``Placement/direct`` the items are the widget's own children and it allocates each itself, which
/// costs a fraction of what the GtkFixed does per relayout: the choice for lists of many thousands.
/// Either way the container's minimum width is the widest child's minimum width plus the insets,
/// whatever the current layout (the GtkFixed's own minimum, its furthest child's edge, is never
/// passed on), so the window can always be made narrower.
///
/// Ownership: the `WrapHStack` owns ``widget`` and its children. While ``widget`` is inside a
/// parent, the widget keeps its `WrapHStack` alive too, so a container placed in a window keeps
/// working without the caller holding on to it; once it is removed from its parent and no longer
/// referenced, everything is freed.
@MainActor
public class WrapHStack {
    /// The container widget, to place in a window, a box or a scrolled window.
    public let widget: Widget
    /// Never-shown boxes that read the stylesheet (see WrapHStack+Theming): two read
    /// `border-spacing`, one `min-width` and `min-height`, one the margin, border and padding.
    private(set) var spacingProbes: (horizontal: Widget, vertical: Widget)!
    private(set) var sizeProbe: Widget!
    private(set) var boxProbe: Widget!

    /// The layout options. Changing any of them lays the children out again.
    ///
    /// Two options come from GTK rather than from here: `direction` follows the widget's text
    /// direction (`gtk_widget_set_direction`), and `overflowIndicator` is measured from the
    /// widget given to ``setOverflowIndicator(_:update:)``.
    ///
    /// The defaults differ from the engine's in one way: 6 points of item and line spacing,
    /// GNOME's usual spacing between related controls. A stylesheet can set the spacing too,
    /// as for GtkBox: `wraphstack { border-spacing: 8px 12px; }` (between items, between lines);
    /// the larger of the two values is used.
    public var layout: FlowLayout {
        didSet { if layout != oldValue { childrenChanged() } }
    }

    /// Where the children live and how they are placed: in a GtkFixed (``Placement/fixed``, the
    /// default) or directly in ``widget`` (``Placement/direct``, cheaper per relayout, for very many
    /// children). Changing it moves the same child widgets, with their state and the focus, and
    /// lays them out again.
    public var placement: Placement {
        didSet { if placement != oldValue { movePlacement(from: oldValue) } }
    }

    /// The children, in layout order.
    ///
    /// Children that ``FlowLayout/maxLines`` hides are made invisible (`gtk_widget_set_visible`)
    /// by the container and shown again when they fit; a child the caller made invisible is left
    /// out of the layout.
    public var children: [Widget] { entries.map(\.widget) }

    /// The height the content needs at the current width (the width for vertical layouts), from
    /// the last layout.
    public var contentHeight: Int { shown?.report.contentHeight ?? 0 }

    /// Called after a layout whose content height differs from the previous one, with the new
    /// height. It runs inside GTK's allocation: read and record, but leave widget changes to an
    /// idle callback.
    public var onContentHeightChanged: ((Int) -> Void)?

    /// What the last layout did (for status lines, tests and `tag-editor --dump-layout`).
    public var lastLayout: LayoutReport? { shown?.report }

    /// Called after every layout with its report. Like ``onContentHeightChanged`` it runs inside
    /// GTK's allocation: to show the figures in a label, update the label from ``runWhenIdle(_:)``,
    /// or the label's own resize would lay the window out again.
    public var onLayout: ((LayoutReport) -> Void)?

    /// Whether the other children glide to their new places when children are added or removed.
    /// Default `true`; nothing animates when the user turned animations off
    /// (`gtk-enable-animations`), and a resize never animates.
    public var animatesContentChanges = true

    /// How long that glide takes. Default 200 ms.
    public var animationDuration: Duration = .milliseconds(200)

    /// Whether an animation is running now.
    public var isAnimating: Bool { animation != nil }

    /// Set by an allocation that found GTK's height for its width to be a guess (see
    /// WrapHStack+GuessedHeight): the container then needs to be measured
    /// and allocated once more. A window does that by itself before it paints; code that allocates
    /// the container by hand (without a window's frame clock) should call
    /// `gtk_widget_queue_resize` on ``widget`` and allocate again, as GTK's layout loop would.
    public internal(set) var needsRelayout = false

    /// Counters of the work done, for tests and benchmarks.
    public internal(set) var statistics = Statistics()

    /// Work counters.
    public struct Statistics: Sendable, Equatable {
        /// Allocations in which the engine ran and children were placed.
        public var layoutPasses = 0
        /// Size queries answered (GTK caches them; each one is a real computation).
        public var measurePasses = 0
        /// Times the children were measured again because GTK reported a possible size change
        /// (content changed, a child queued a resize, the style changed).
        public var childMeasurements = 0
        /// Times GTK's height for a width was found to be a guess and measured again (see
        /// WrapHStack+GuessedHeight).
        public var cacheCorrections = 0
    }

    // MARK: State

    /// One child and what the container remembers about it.
    struct Entry {
        let widget: Widget
        var grow: Double = 0
        var breakBefore: Bool = false
        /// Set when `maxLines` hid the child: the container made it invisible (so it is neither
        /// drawn, focused nor read out) and keeps laying it out with the sizes it had when it was
        /// hidden (GTK measures invisible widgets as 0).
        var hiddenItem: FlowItem?
        /// Where the child was moved to and the size request it was given in the GtkFixed.
        var slot = FixedSlot()
    }

    var entries: [Entry] = []
    /// The children as engine items, kept between size queries (see WrapHStack+Measuring).
    /// `nil` means they must be measured again.
    var measuredChildren: LaidOutChildren?
    /// The length the last correction of a guessed cross length was for.
    var correctedLength: Int?
    /// The stylesheet's margin, border and padding (see WrapHStack+Theming), read once each time
    /// GTK's size cache is cleared, as the children's sizes are. `nil` means read them again.
    var boxExtents: (width: Int, height: Int)?
    /// The children, for O(1) membership checks (adding 10,000 chips must not be quadratic).
    /// Kept by `adopt` and `disown`.
    var members: Set<Widget> = []

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

    /// What is on screen now (see WrapHStack+Allocation): set once per allocation, by `publish`.
    var shown: ShownLayout?

    /// The GtkFixed and its resize watch, once the placement has been `.fixed` (WrapHStack+Placement).
    var fixedParts: FixedParts?

    /// Set when children are added or removed; the next allocation may animate.
    var contentChanged = false
    var animation: Animation?

    /// Set while the widget has a parent: the widget keeps its controller alive (see the
    /// class documentation).
    private var keepAliveWhileParented: WrapHStack?

    // MARK: Creating

    /// An empty container.
    public init(layout: FlowLayout = WrapHStack.defaultLayout, placement: Placement = .fixed) {
        precondition(gtk_is_initialized() != 0,
                     "WrapHStack: GTK is not initialized; call gtk_init() (or start a GtkApplication) first")
        self.layout = layout
        self.placement = placement
        widget = retainWidget(wrap_hstack_host_new())
        spacingProbes = (installProbe(Self.spacingProbeClass, GTK_ORIENTATION_HORIZONTAL, emptyChildren: 2),
                         installProbe(Self.spacingProbeClass, GTK_ORIENTATION_VERTICAL, emptyChildren: 2))
        sizeProbe = installProbe(Self.sizeProbeClass)
        boxProbe = installProbe(Self.boxProbeClass)
        if placement == .fixed { installFixed() }
        installCallbacks()
        installFocusHandling()
        connectSignal(widget, "notify::parent") { [weak self] (_: gpointer?) in
            guard let self else { return }
            self.keepAliveWhileParented = gtk_widget_get_parent(self.widget) == nil ? nil : self
        }
    }

    /// A container with the widgets written out in `content`.
    ///
    /// - Throws: ``WrapHStackError`` when a widget already has a parent or appears twice.
    public convenience init(layout: FlowLayout = WrapHStack.defaultLayout, placement: Placement = .fixed,
                            @WidgetBuilder content: () -> [Widget]) throws {
        self.init(layout: layout, placement: placement)
        for child in content() { try append(child) }
    }

    /// The layout a new container starts with: the engine's defaults with 6 points of spacing.
    public static var defaultLayout: FlowLayout {
        FlowLayout(itemSpacing: 6, lineSpacing: 6)
    }

    isolated deinit {
        stopAnimation()
        wrap_hstack_host_set_callbacks(wrap_hstack_host_cast(widget), nil, nil)
        for entry in entries { releaseWidget(entry.widget) }
        if let indicator { releaseWidget(indicator.widget) }
        releaseWidget(widget)
        if let fixedParts {
            releaseWidget(fixedParts.resizeWatch)
            releaseWidget(fixedParts.fixed)
        }
    }

    // MARK: Inline content

    /// Adds a widget at the end.
    ///
    /// - Throws: ``WrapHStackError/widgetHasParent(widget:parent:)`` when the widget is already
    ///   inside another container, ``WrapHStackError/alreadyAChild(widget:)`` when it is already
    ///   in this one.
    public func append(_ child: Widget) throws {
        try insert(child, at: entries.count)
    }

    /// Inserts a widget so that it becomes child number `index`.
    ///
    /// - Throws: ``WrapHStackError/indexOutOfRange(index:count:)``, or as ``append(_:)``.
    public func insert(_ child: Widget, at index: Int) throws {
        guard index >= 0 && index <= entries.count else {
            throw WrapHStackError.indexOutOfRange(index: index, count: entries.count)
        }
        try checkCanAdopt(child)
        adopt(child, before: index < entries.count ? entries[index].widget : nil)
        entries.insert(Entry(widget: child), at: index)
        contentChanged = true
        childrenChanged()
    }

    /// Removes a child; the container gives up its reference, so a widget nobody else holds is
    /// freed.
    ///
    /// - Throws: ``WrapHStackError/notAChild(widget:)``.
    public func remove(_ child: Widget) throws {
        guard let index = entries.firstIndex(where: { $0.widget == child }) else {
            throw WrapHStackError.notAChild(widget: typeName(of: child))
        }
        try remove(at: index)
    }

    /// Removes the child at `index`.
    ///
    /// - Throws: ``WrapHStackError/indexOutOfRange(index:count:)``.
    public func remove(at index: Int) throws {
        guard entries.indices.contains(index) else {
            throw WrapHStackError.indexOutOfRange(index: index, count: entries.count)
        }
        let entry = entries.remove(at: index)
        disown(entry)
        didRemove([entry.widget])
        contentChanged = true
        childrenChanged()
    }

    /// Removes every child.
    public func removeAll() {
        let removed = entries
        entries.removeAll()
        for entry in removed { disown(entry) }
        didRemove(removed.map(\.widget))
        contentChanged = true
        childrenChanged()
    }

    /// Called after children were removed with the inline methods; the data-driven container
    /// forgets their elements.
    func didRemove(_ widgets: [Widget]) {}

    /// Sets a child's grow weight (CSS `flex-grow`): its share of its line's free space.
    ///
    /// - Throws: ``WrapHStackError/notAChild(widget:)``.
    public func setGrow(_ weight: Double, for child: Widget) throws {
        let index = try entryIndex(of: child)
        guard entries[index].grow != weight else { return }
        entries[index].grow = weight
        childrenChanged()
    }

    /// Makes a child start a new line (or not).
    ///
    /// - Throws: ``WrapHStackError/notAChild(widget:)``.
    public func setBreakBefore(_ breaks: Bool, for child: Widget) throws {
        let index = try entryIndex(of: child)
        guard entries[index].breakBefore != breaks else { return }
        entries[index].breakBefore = breaks
        childrenChanged()
    }

    /// The "+N more" widget shown at the end of the last line when ``FlowLayout/maxLines`` hides
    /// children, and the function that updates it with the number hidden (for example, sets a
    /// label to "+3 more"). `nil` removes it.
    ///
    /// The indicator's size usually depends on the count, so the container measures it again
    /// after `update` and settles on a count whose indicator fits.
    ///
    /// - Throws: as ``append(_:)``.
    public func setOverflowIndicator(_ indicatorWidget: Widget?,
                                     update: @escaping @MainActor (Int) -> Void = { _ in }) throws {
        if let indicatorWidget { try checkCanAdopt(indicatorWidget) }
        if let old = indicator {
            indicator = nil
            disown(old.widget, slot: old.slot)
        }
        if let indicatorWidget {
            adopt(indicatorWidget, before: nil)
            gtk_widget_set_visible(indicatorWidget, 0)
            indicator = Indicator(widget: indicatorWidget, update: update)
        }
        childrenChanged()
    }

    /// A scrolled window (vertical scrolling only) holding this container: the usual way to show
    /// a long list of chips. Place the returned widget in your window.
    ///
    /// The GtkScrolledWindow comes inside a thin frame that counts a classic (not overlaid)
    /// scrollbar in the minimum width: GtkScrolledWindow does not, so without the frame the
    /// scrollbar would cover the end of every line at the narrowest width. Use
    /// ``scrolledWindow`` to configure the GtkScrolledWindow itself.
    public func makeScrolledWindow() -> Widget {
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cgtk_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cgtk_scrolled_window(scrolled), widget)
        return wrap_hstack_scroll_frame_new(scrolled)
    }

    /// The GtkScrolledWindow this container scrolls in, if any.
    public var scrolledWindow: Widget? {
        var ancestor = gtk_widget_get_parent(widget)
        for _ in 0..<2 {
            guard let current = ancestor else { return nil }
            if cgtk_is_scrolled_window(current) != 0 { return current }
            ancestor = gtk_widget_get_parent(current)   // through the GtkViewport
        }
        return nil
    }

    // MARK: Children bookkeeping

    /// The children, their order or their options changed: measure them again, and tell GTK.
    func childrenChanged() {
        measuredChildren = nil
        // Taken off now, outside any size query, so that measuring sees the children's own sizes.
        if placement == .fixed { releaseSizeRequests() }
        gtk_widget_queue_resize(widget)
    }

    func entryIndex(of child: Widget) throws -> Int {
        guard let index = entries.firstIndex(where: { $0.widget == child }) else {
            throw WrapHStackError.notAChild(widget: typeName(of: child))
        }
        return index
    }

    func checkCanAdopt(_ child: Widget) throws {
        if members.contains(child) || indicator?.widget == child {
            throw WrapHStackError.alreadyAChild(widget: typeName(of: child))
        }
        if let parent = gtk_widget_get_parent(child) {
            throw WrapHStackError.widgetHasParent(widget: typeName(of: child), parent: typeName(of: parent))
        }
        if child == widget {
            throw WrapHStackError.widgetHasParent(widget: "WrapHStackHost", parent: "itself")
        }
    }

    /// Takes a reference and makes the widget a child of ``chipParent``, before `sibling` or, with
    /// `nil`, after the other children. Children are kept in layout order in the widget tree, which
    /// is the order in which GTK draws them and screen readers list them; the stylesheet probes
    /// (and, in the GtkFixed, an app's own widgets) come after them.
    func adopt(_ child: Widget, before sibling: Widget?) {
        members.insert(child)
        retainWidget(child)
        gtk_widget_insert_before(child, chipParent, sibling ?? indicator?.widget ?? endOfChildren)
    }

    /// The widget that follows the container's own children in ``chipParent``: the first probe, or
    /// in the GtkFixed the first of the app's widgets after them (`nil`: none).
    private var endOfChildren: Widget? {
        guard placement == .fixed else { return spacingProbes.horizontal }
        var anchor: Widget? = nil
        var child = gtk_widget_get_last_child(chipParent)
        while let current = child, !members.contains(current) {
            anchor = current
            child = gtk_widget_get_prev_sibling(current)
        }
        return anchor
    }

    /// Puts the children in the widget tree in layout order (after a data-driven reordering).
    func syncChildOrder() {
        var previous: Widget? = nil
        let parent = chipParent
        for entry in entries {
            let current = previous.map { gtk_widget_get_next_sibling($0) } ?? gtk_widget_get_first_child(parent)
            if current != entry.widget { gtk_widget_insert_after(entry.widget, parent, previous) }
            previous = entry.widget
        }
    }

    /// Takes a child out, making it visible again if `maxLines` had hidden it, with its own size
    /// request.
    func disown(_ entry: Entry) {
        if entry.hiddenItem != nil { gtk_widget_set_visible(entry.widget, 1) }
        disown(entry.widget, slot: entry.slot)
    }

    /// Takes the widget out of the container and gives up the reference.
    func disown(_ child: Widget, slot: FixedSlot) {
        members.remove(child)
        if slot.request != nil { gtk_widget_set_size_request(child, slot.ownRequest.width, slot.ownRequest.height) }
        if gtk_widget_get_parent(child) == chipParent {
            gtk_widget_unparent(child)
        }
        releaseWidget(child)
    }

    // MARK: GTK callbacks

    private func installCallbacks() {
        var callbacks = WrapHStackHostCallbacks()
        callbacks.request_mode = { data in
            MainActor.assumeIsolated {
                WrapHStack.from(data).layout.axis == .horizontal
                    ? GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH : GTK_SIZE_REQUEST_WIDTH_FOR_HEIGHT
            }
        }
        callbacks.measure = { data, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
            MainActor.assumeIsolated {
                let (min, nat) = WrapHStack.from(data).measure(orientation, forSize: Int(forSize))
                minimum?.pointee = Int32(min)
                natural?.pointee = Int32(nat)
                minimumBaseline?.pointee = -1
                naturalBaseline?.pointee = -1
            }
        }
        callbacks.size_allocate = { data, width, height, _ in
            MainActor.assumeIsolated {
                WrapHStack.from(data).allocate(width: Int(width), height: Int(height))
            }
        }
        callbacks.focus = { data, direction, handled in
            MainActor.assumeIsolated {
                guard let result = WrapHStack.from(data).moveFocus(direction) else { return 0 }
                handled?.pointee = 1
                return result ? 1 : 0
            }
        }
        wrap_hstack_host_set_callbacks(wrap_hstack_host_cast(widget), &callbacks,
                                       Unmanaged.passUnretained(self).toOpaque())
    }

    /// The controller behind a host's callbacks. The host never outlives the pointer: the
    /// controller clears the callbacks in its deinit.
    static func from(_ data: gpointer?) -> WrapHStack {
        Unmanaged<WrapHStack>.fromOpaque(data!).takeUnretainedValue()
    }
}
