// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import CFlow
import FlowEngine
import GObjectSupport

/// A virtualized wrapping list: the items of a list model in wrapping lines, laid out by the same
/// engine and options as ``WrapHStack``, with widgets only for the items on screen.
///
/// ```swift
/// let list = WrapListView(factory: WrapListItemFactory(
///     setup: { gtk_label_new(nil) },
///     bind: { widget, index in gtk_label_set_text(cgtk_label(widget), tags[index]) }))
/// list.setItemCount(tags.count)           // or list.setModel(aGListModel)
/// gtk_window_set_child(window, list.makeScrolledWindow())
/// ```
///
/// How it works: ``widget`` is a `FlowWrapListView` (the GObject class every GTK language uses,
/// with the factory as signals and the options as properties; the properties follow ``layout``),
/// a GtkWidget that implements GtkScrollable.
/// The list keeps every item's size (from ``sizeProvider``, or measured from a bound widget; the
/// items not measured yet as runs at one estimate, with no entry each) and a ``FlowLineTable`` of
/// the lines they make at the current width; an allocation asks the table
/// for the lines that cross the viewport, gets their frames (equal to the whole layout's, so to
/// WrapHStack's), binds widgets to those items (recycling the ones that scrolled away) and places
/// them. Items that have not been measured yet are laid out at an estimate (the mean of the
/// measured sizes) and measured in idle time, a few milliseconds per frame; the items on screen
/// are measured before they are shown, and the first item on screen stays where it was when
/// estimates are replaced.
///
/// The user can reorder the items (``reorderable``): dragged among the lines on screen, the list
/// scrolling at its edges, or moved with Ctrl+Shift (or Alt+Shift) and the arrow keys.
///
/// Ownership: the widget owns the list's machinery; this object holds a reference to the widget.
/// A list placed in a window keeps working without the caller holding this object; once the
/// widget is out of its parent and this object is gone, everything (item widgets, the factory's
/// closures) is freed.
@MainActor
public final class WrapListView {
    /// The list widget, to place in a GtkScrolledWindow (see ``makeScrolledWindow()``).
    public let widget: Widget
    let controller: WrapListViewController

    /// An empty list.
    public init(layout: FlowLayout = WrapHStack.defaultLayout, factory: WrapListItemFactory) {
        precondition(gtk_is_initialized() != 0,
                     "WrapListView: GTK is not initialized; call gtk_init() (or start a GtkApplication) first")
        widget = retainWidget(flow_wrap_list_view_new(nil))
        // The widget made its controller (with the GObject signals as its factory); this view
        // gives it the Swift options and closures.
        controller = WrapListViewController.of(widget)
        controller.setLayout(layout)
        controller.setFactory(factory)
    }

    isolated deinit {
        releaseWidget(widget)
    }

    /// Replaces the factory: every item widget is torn down, and the items in view are bound
    /// again with widgets from the new one.
    public func setFactory(_ factory: WrapListItemFactory) { controller.setSwiftFactory(factory) }

    /// The layout options (as ``WrapHStack/layout``; the direction follows the widget's text
    /// direction). Changing any of them lays the lines out again.
    public var layout: FlowLayout {
        get { controller.layout }
        set { controller.setLayout(newValue) }
    }

    /// Each item's size, from the app, instead of measuring widgets: with it 1,000,000 items are
    /// laid out exactly before the first frame, and no idle measuring runs. It is asked once per
    /// item, by model index (and again for items that an `items-changed` replaces). Setting it
    /// asks again for all.
    public var sizeProvider: (@MainActor (Int) -> FlowItem)? {
        get { controller.sizeProvider }
        set { controller.sizeProvider = newValue }
    }

    /// Shows the items of a `GListModel` (the view takes a reference, and follows its
    /// `items-changed`); `nil` shows none. `bind` gets the item's position: read the item with
    /// ``withItem(at:_:)``.
    public func setModel(_ model: gpointer?) { controller.setModel(model) }

    /// Shows `count` items of the app's own collection: the Swift collection adapter. `bind`
    /// gets the index into the collection; tell the view of every later change with
    /// ``itemsChanged(at:removed:added:)``.
    public func setItemCount(_ count: Int) { controller.setItemCount(count) }

    /// The app's collection changed as GListModel's `items-changed` says it: `removed` items at
    /// `position` were replaced by `added` new ones (model indices, with a filter or without). Lines are broken again from the first line
    /// the change can affect. (With a GListModel the view follows its signal by itself.)
    public func itemsChanged(at position: Int, removed: Int, added: Int) {
        controller.itemsChanged(at: position, removed: removed, added: added)
    }

    /// The number of items shown (the model's, or those ``setFilter(_:)`` keeps).
    public var itemCount: Int { controller.sizes.count }

    /// Shows only the model items at `modelIndices` (ascending, distinct), as a
    /// GtkFilterListModel in front of the model would, or every item again (`nil`). The list's
    /// positions (``itemCount``, `bind`, focus, ``realizedItems``) are then those of the items
    /// shown; ``itemsChanged(at:removed:added:)`` still speaks of the model, whose items it
    /// removes from the filter (the ones it adds are shown once a filter says so).
    ///
    /// Unlike a filter model, the list keeps every model item's size by model index: an item
    /// measured once is not measured again when a filter hides it and shows it back, and a new
    /// filter is one change of positions (the run between the first and the last that differ),
    /// whose lines near the viewport are broken at once and the rest in idle time. The list keeps
    /// the width it had (its minimum is that of every model item).
    ///
    /// - Complexity: O(*p* + *s*) comparisons of model indices, *p* and *s* the positions the old
    ///   and new filters share at their start and end; the lines of the realized items and a few
    ///   thousand after them broken again. No size is asked for or measured.
    public func setFilter(_ modelIndices: [Int]?) { controller.setFilter(modelIndices) }

    /// The model indices shown, ascending, while a filter is set.
    public var filter: [Int]? { controller.sizes.filter }

    /// The model index of the item shown at `position`.
    public func modelIndex(ofItem position: Int) -> Int { controller.sizes.modelIndex(position) }

    /// The number of model items, filtered out or not.
    public var modelItemCount: Int { controller.sizes.model.count }

    /// Runs `body` with the model's item at `index` (a GObject, alive during the call), for a
    /// `bind` closure over a GListModel; `nil` without a model or out of range.
    public func withItem<Result>(at index: Int, _ body: (gpointer?) -> Result) -> Result {
        controller.withItem(at: index, body)
    }

    /// The items that have a widget now, in order, with their widgets.
    public var realizedItems: [(index: Int, widget: Widget)] { controller.items.realizedItems }

    /// The widget showing item `index`, if it has one now.
    public func widget(forItem index: Int) -> Widget? { controller.realized[index] }

    /// How far the list is scrolled (across the lines), as of the last allocation.
    public var scrollOffset: Double { controller.viewport.shownOffset }

    /// Scrolls so that item `index` is on screen (at the next allocation).
    public func scroll(toItem index: Int) { controller.reveal(index) }

    /// Moves the keyboard focus to item `index`, realizing it and scrolling it into view.
    @discardableResult
    public func focus(item index: Int) -> Bool { controller.focus(item: index) }

    /// The item whose widget holds the keyboard focus, if any.
    public var focusedItem: Int? { controller.items.focusedIndex }

    /// The lines of the current layout (all items, without frames), as of the last allocation.
    package var lineTable: FlowLineTable? { controller.table }

    /// The engine item of each item, as laid out now (measured, provided, or an estimate),
    /// indexed from the slice's start index (give it to the engine, or use ``itemSize(at:)``).
    package var items: ShownSizes { controller.sizes.items }

    /// Item `index`'s engine item.
    package func itemSize(at index: Int) -> FlowItem { controller.sizes[index] }

    /// Whether every item's size is known (provided or measured), so no estimate is left.
    package var allSizesKnown: Bool { controller.sizes.unmeasuredCount == 0 }

    /// What the last allocation did.
    public var lastLayout: LayoutReport? { controller.lastReport }

    /// Called after every allocation with its report. It runs inside GTK's allocation: read and
    /// record, and leave widget changes to ``runWhenIdle(_:)``.
    public var onLayout: ((LayoutReport) -> Void)? {
        get { controller.onLayout }
        set { controller.onLayout = newValue }
    }

    /// Work counters, for tests and benchmarks.
    package var statistics: Statistics { controller.statistics }

    /// The bytes the list keeps per item and for its lines (its own storage: sizes, the line
    /// table; not the model, not the item widgets).
    package var allocatedByteCount: Int { controller.allocatedByteCount }

    /// A GtkScrolledWindow (vertical scrolling for horizontal lines) holding the list.
    public func makeScrolledWindow() -> Widget {
        let scrolled = gtk_scrolled_window_new()!
        let horizontal = layout.axis == .horizontal
        // GTK_POLICY_NEVER (2) and GTK_POLICY_AUTOMATIC (1): in release builds the names are not
        // always visible here (see the request mode in WrapListViewController.swift).
        gtk_scrolled_window_set_policy(cgtk_scrolled_window(scrolled), .init(rawValue: horizontal ? 2 : 1),
                                       .init(rawValue: horizontal ? 1 : 2))
        gtk_scrolled_window_set_child(cgtk_scrolled_window(scrolled), widget)
        return scrolled
    }
}
