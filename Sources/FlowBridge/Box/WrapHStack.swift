// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
// The API takes and gives GTK's widgets: a package using FlowBridge sees GTK's C API with it,
// and needs no module of this package that is not a product.
@_exported import CGtk
import FlowEngine
import FlowGObject
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
/// `WrapHStack` is the typed Swift view of a `FlowWrapHStack`, the GObject class that every GTK
/// language and GtkBuilder use (``widget``): its ``layout`` is the object's properties (setting one
/// sets the other; both notify), its children are the object's, and a box made by a `.ui` file or
/// another language has a view too (``view(of:)``). The work is the object's: a box made with
/// `g_object_new` works just as well without any Swift view.
///
/// How it works: GTK asks the box for its size (height for a width) and then allocates it; both
/// questions go to its layout manager, a `FlowWrapLayout`, and from there to the engine, with the
/// children's measured sizes, which are kept until GTK reports that one may have changed. By
/// default (``Placement/fixed``) the box's one visible child is a GtkFixed (``fixed``) holding the
/// items: in the allocation the layout computes the frames for the width GTK gave it, moves the
/// items whose position changed and gives each its frame's size, then allocates the GtkFixed, all
/// before the allocation returns, so no frame is ever painted with an old layout. With
/// ``Placement/direct`` the items are the box's own children and the layout allocates each itself,
/// which costs a fraction of what the GtkFixed does per relayout: the choice for lists of many
/// thousands. Either way the minimum width is the widest child's minimum width plus the insets,
/// whatever the current layout, so the window can always be made narrower.
///
/// Ownership: the view holds a reference to ``widget``, which owns its children and the machinery.
/// While the widget is inside a parent, it keeps its view alive too, so a container placed in a
/// window keeps its Swift state (callbacks, a data-driven container's elements) without the caller
/// holding on to it; once it is removed from its parent and no longer referenced, everything is
/// freed.
@MainActor
public final class WrapHStack {
    /// The container widget, a `FlowWrapHStack`, to place in a window, a box or a scrolled window.
    public let widget: Widget
    /// The box's machinery (the widget owns it).
    let controller: WrapHStackController

    /// The layout options: the box's layout properties, its orientation (``FlowLayout/axis``) and
    /// ``FlowLayout/insets``. Setting it sets each property that differs (each notifies once, in
    /// every language), and lays the children out again; a property set elsewhere (a `.ui` file,
    /// another language) shows here.
    ///
    /// Two options come from GTK rather than from here: `direction` follows the widget's text
    /// direction (`gtk_widget_set_direction`), and `overflowIndicator` is measured from the
    /// widget given to ``setOverflowIndicator(_:update:)``. Lengths are in pixels; a property in
    /// pt or sp keeps its unit and converts at the display's dpi.
    ///
    /// A new container starts with ``defaultLayout``: 6 points of item and line spacing, GNOME's
    /// usual spacing between related controls (a `FlowWrapHStack` made by GtkBuilder or another
    /// language starts at 0, as GtkBox does). A stylesheet can set the spacing too, as for GtkBox:
    /// `wraphstack { border-spacing: 8px 12px; }` (between items, between lines); the larger of
    /// the two values is used.
    public var layout: FlowLayout {
        get { controller.layout.layout }
        set { controller.setLayout(newValue) }
    }

    /// Where the children live and how they are placed: in a GtkFixed (``Placement/fixed``, the
    /// default) or directly in ``widget`` (``Placement/direct``, cheaper per relayout, for very many
    /// children). Changing it moves the same child widgets, with their state and the focus, and
    /// lays them out again. It is the box's `placement` property.
    public var placement: Placement {
        get { controller.placement }
        set { flow_wrap_hstack_set_placement(controller.object, newValue.gobjectValue) }
    }

    /// The children, in layout order.
    ///
    /// Children that ``FlowLayout/maxLines`` leaves out are unmapped
    /// (`gtk_widget_set_child_visible`) by the container and mapped again when they fit; their
    /// `visible` stays the caller's, and a child the caller made invisible is left out of the
    /// layout (and stays invisible when `maxLines` is cleared).
    public var children: [Widget] { controller.children }

    /// The height the content needs at the current width (the width for vertical layouts), from
    /// the last layout: the box's `content-height` property.
    public var contentHeight: Int { controller.contentHeight }

    /// Called after a layout whose content height differs from the previous one, with the new
    /// height (after `notify::content-height`). It runs inside GTK's allocation: read and record,
    /// but leave widget changes to an idle callback.
    public var onContentHeightChanged: ((Int) -> Void)? {
        get { controller.onContentHeightChanged }
        set { controller.onContentHeightChanged = newValue }
    }

    /// What the last layout did (for status lines, tests and `tag-editor --dump-layout`).
    public var lastLayout: LayoutReport? { controller.shown?.report }

    /// Called after every layout with its report. Like ``onContentHeightChanged`` it runs inside
    /// GTK's allocation: to show the figures in a label, update the label from ``runWhenIdle(_:)``,
    /// or the label's own resize would lay the window out again.
    public var onLayout: ((LayoutReport) -> Void)? {
        get { controller.onLayout }
        set { controller.onLayout = newValue }
    }

    /// Whether the other children glide to their new places when children are added or removed.
    /// Default `true`; nothing animates when the user turned animations off
    /// (`gtk-enable-animations`), and a resize never animates.
    public var animatesContentChanges: Bool {
        get { controller.animatesContentChanges }
        set { controller.animatesContentChanges = newValue }
    }

    /// How long that glide takes. Default 200 ms.
    public var animationDuration: Duration {
        get { controller.animationDuration }
        set { controller.animationDuration = newValue }
    }

    /// Whether an animation is running now.
    public var isAnimating: Bool { controller.animation != nil }

    /// Set by an allocation that found GTK's height for its width to be a guess (see
    /// WrapLayoutController+GuessedHeight): the container then needs to be measured and allocated
    /// once more. A window does that by itself before it paints; code that allocates the container
    /// by hand (without a window's frame clock) should call `gtk_widget_queue_resize` on
    /// ``widget`` and allocate again, as GTK's layout loop would.
    package var needsRelayout: Bool { controller.needsRelayout }

    /// Counters of the work done, for tests and benchmarks.
    package var statistics: Statistics { controller.statistics }

    // MARK: Creating

    /// An empty container: a new `FlowWrapHStack`, with `layout` and `placement`.
    public init(layout: FlowLayout = WrapHStack.defaultLayout, placement: Placement = .fixed) {
        precondition(gtk_is_initialized() != 0,
                     "WrapHStack: GTK is not initialized; call gtk_init() (or start a GtkApplication) first")
        widget = retainWidget(flow_wrap_hstack_new())
        controller = WrapHStackController.of(OpaquePointer(widget))
        controller.attach(self)
        self.layout = layout
        self.placement = placement
        // The GtkFixed is made when first needed; a Swift container has it from the start.
        _ = controller.fixed
    }

    /// A container with the widgets written out in `content`.
    ///
    /// - Throws: ``WrapHStackError`` when a widget already has a parent or appears twice.
    public convenience init(layout: FlowLayout = WrapHStack.defaultLayout, placement: Placement = .fixed,
                            @WidgetBuilder content: () -> [Widget]) throws {
        self.init(layout: layout, placement: placement)
        for child in content() { try append(child) }
    }

    /// A view of an existing box.
    private init(viewing controller: WrapHStackController) {
        widget = retainWidget(controller.widget)
        self.controller = controller
        controller.attach(self)
    }

    /// The Swift view of a `FlowWrapHStack` made elsewhere (by GtkBuilder, say): the one it has,
    /// or a new one. `nil` when `widget` is no `FlowWrapHStack`.
    ///
    /// - Complexity: O(1).
    public static func view(of widget: Widget) -> WrapHStack? {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, flow_wrap_hstack_get_type()) != 0 else { return nil }
        let controller = WrapHStackController.of(OpaquePointer(widget))
        return controller.view ?? WrapHStack(viewing: controller)
    }

    /// Registers the Flow GObject types (`flow_init()`), so that a GtkBuilder file can name
    /// `FlowWrapHStack` and `FlowWrapLayout` before the program has made one. Call it once GTK
    /// is initialized, before loading a `.ui` file; calling it again does nothing.
    ///
    /// - Complexity: O(1).
    public static func registerTypes() {
        flow_init()
    }

    /// The layout a new container starts with: the engine's defaults with 6 points of spacing.
    public static var defaultLayout: FlowLayout {
        FlowLayout(itemSpacing: 6, lineSpacing: 6)
    }

    isolated deinit {
        releaseWidget(widget)
    }

    // MARK: Inline content

    /// Adds a widget at the end.
    ///
    /// - Throws: ``WrapHStackError/widgetHasParent(widget:parent:)`` when the widget is already
    ///   inside another container, ``WrapHStackError/alreadyAChild(widget:)`` when it is already
    ///   in this one.
    public func append(_ child: Widget) throws {
        try insert(child, at: controller.entries.count)
    }

    /// Inserts a widget so that it becomes child number `index`.
    ///
    /// - Throws: ``WrapHStackError/indexOutOfRange(index:count:)``, or as ``append(_:)``.
    public func insert(_ child: Widget, at index: Int) throws {
        let count = controller.entries.count
        guard index >= 0 && index <= count else {
            throw WrapHStackError.indexOutOfRange(index: index, count: count)
        }
        try controller.checkCanAdopt(child)
        controller.insert(child, at: index)
    }

    /// Moves a child to be child number `index`.
    ///
    /// - Throws: ``WrapHStackError/notAChild(widget:)``, ``WrapHStackError/indexOutOfRange(index:count:)``.
    public func move(_ child: Widget, to index: Int) throws {
        let from = try entryIndex(of: child)
        let count = controller.entries.count
        guard index >= 0 && index < count else {
            throw WrapHStackError.indexOutOfRange(index: index, count: count)
        }
        controller.move(from: from, to: index)
    }

    /// Removes a child; the container gives up its reference, so a widget nobody else holds is
    /// freed.
    ///
    /// - Throws: ``WrapHStackError/notAChild(widget:)``.
    public func remove(_ child: Widget) throws {
        controller.remove(at: try entryIndex(of: child))
    }

    /// Removes the child at `index`.
    ///
    /// - Throws: ``WrapHStackError/indexOutOfRange(index:count:)``.
    public func remove(at index: Int) throws {
        let count = controller.entries.count
        guard index >= 0 && index < count else {
            throw WrapHStackError.indexOutOfRange(index: index, count: count)
        }
        controller.remove(at: index)
    }

    /// Removes every child.
    public func removeAll() {
        controller.removeAll()
    }

    /// Sets a child's grow weight (CSS `flex-grow`): its share of its line's free space. NaN and
    /// negative weights are 0.
    ///
    /// - Throws: ``WrapHStackError/notAChild(widget:)``.
    public func setGrow(_ weight: Double, for child: Widget) throws {
        let index = try entryIndex(of: child)
        var options = controller.options(of: index)
        options.grow = weight.isNaN || weight < 0 ? 0 : min(weight, FLOW_MAXIMUM_LENGTH)
        controller.setOptions(options, of: index)
    }

    /// A child's grow weight.
    ///
    /// - Throws: ``WrapHStackError/notAChild(widget:)``.
    public func grow(of child: Widget) throws -> Double {
        controller.options(of: try entryIndex(of: child)).grow
    }

    /// Makes a child start a new line (or not).
    ///
    /// - Throws: ``WrapHStackError/notAChild(widget:)``.
    public func setBreakBefore(_ breaks: Bool, for child: Widget) throws {
        let index = try entryIndex(of: child)
        var options = controller.options(of: index)
        options.break_before = breaks ? 1 : 0
        controller.setOptions(options, of: index)
    }

    /// Whether a child starts a new line.
    ///
    /// - Throws: ``WrapHStackError/notAChild(widget:)``.
    public func breaksBefore(_ child: Widget) throws -> Bool {
        controller.options(of: try entryIndex(of: child)).break_before != 0
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
        if let indicatorWidget { try controller.checkCanAdopt(indicatorWidget) }
        controller.setOverflowIndicator(indicatorWidget, update: update)
    }

    /// The GtkFixed that holds the children when ``placement`` is ``Placement/fixed``; `nil` with
    /// ``Placement/direct``.
    ///
    /// Put widgets of your own in it (`gtk_fixed_put`) to show them at absolute positions over the
    /// children, in the container's coordinates (a drop marker, a badge): the container leaves
    /// them where you put them, does not count them in its size, and lays out only its own
    /// children. They are drawn over the children. (Adding, moving or resizing one makes the
    /// container measure its children again: GTK does not say which widget in the GtkFixed queued
    /// a resize.) They stay in the GtkFixed while ``placement`` is `.direct` (not shown then) and
    /// come back with it.
    public var fixed: Widget? { controller.fixed }

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
        return flow_scroll_frame_new(scrolled)
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

    // MARK: For the data-driven container

    /// Makes `widgets` the children, in that order: a widget that already is one keeps its
    /// options, a new one (without a parent, checked by the caller) is added, the others are
    /// removed and released (not reported to ``onChildrenRemoved``: the caller asked for it).
    func replaceChildren(with widgets: [Widget]) { controller.replaceChildren(with: widgets) }

    /// Called after children were removed by any other means (this API, the C one, another
    /// language): the data-driven container forgets their elements.
    var onChildrenRemoved: (([Widget]) -> Void)? {
        get { controller.onChildrenRemoved }
        set { controller.onChildrenRemoved = newValue }
    }

    /// Keeps `companion` (the data-driven container that holds this view) alive with this view
    /// while the box has a parent.
    func keepAlive(_ companion: AnyObject) { controller.keepAlive(companion) }

    // MARK: For the tests

    func entryIndex(of child: Widget) throws -> Int {
        guard let index = controller.entryIndex(of: child) else {
            throw WrapHStackError.notAChild(widget: typeName(of: child))
        }
        return index
    }

    var spacingProbes: (horizontal: Widget, vertical: Widget) { controller.spacingProbes }
    var fixedParts: FixedPlacer.Parts? { controller.fixedPlacer?.parts }
    func handleNavigationKey(_ keyval: UInt32) -> Bool { controller.handleNavigationKey(keyval) }
}
