// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import GObjectSupport
import FlowEngine

/// A container whose items the user acts on, as ``ItemInteraction`` sees it: items numbered in
/// the container's order (the box's children, the list's model), the widgets that show them, the
/// places the layout on screen offers, and the move. The box (WrapHStackController) and the list
/// (WrapListViewController) implement it; everything a user does to an item is written once, in
/// ``ItemInteraction``, over these.
@MainActor
protocol ItemHost: AnyObject {
    /// The container's widget: the interaction's key controller, drop target and marker go on it.
    var hostWidget: Widget { get }
    var itemCount: Int { get }
    /// The item `widget` shows now (`nil`: no item widget, or one that shows no item now).
    func item(showing widget: Widget) -> Int?
    /// Item `index`'s widget, if it has one now.
    func widget(forItem index: Int) -> Widget?
    /// The widgets that can show items (the list's spares included): each gets a drag source.
    var itemWidgets: [Widget] { get }
    /// The item whose widget has the keyboard focus (or holds it).
    var focusedItem: Int? { get }
    /// Gives item `index` the focus (and a widget, if it has none).
    func focusItem(_ index: Int)

    /// Whether the others make room while a drag hovers: then the layout shows the dragged item
    /// at ``ItemInteraction/previewedMove``'s place, laid out again at each ``dropPreviewChanged()``.
    var makesRoom: Bool { get }
    func dropPreviewChanged()
    /// The items the layout on screen shows, where the places of a drop and the marker are found.
    var itemsOnScreen: ItemsOnScreen? { get }
    /// The engine's neighbour of item `index` for a move key (as an item index).
    func neighbor(of index: Int, moving move: FlowNavigation) -> Int?
    /// The adjustment that scrolls across the lines, if the container scrolls itself (the edges
    /// then scroll during a drag), and whether the lines are horizontal.
    var scrollAdjustment: UnsafeMutablePointer<GtkAdjustment>? { get }
    var linesAreHorizontal: Bool { get }

    /// Moves item `from` to `to` (both valid and different) in the container's order or model,
    /// calling `report` once the container has done what it can (the app then moves an item in a
    /// model the container cannot change).
    func moveItem(from: Int, to: Int, reporting report: () -> Void)
    /// The text a drag of item `index` offers when the app gives none.
    func defaultDragText(ofItem index: Int) -> String?
}

extension ItemHost {
    func defaultDragText(ofItem index: Int) -> String? { nil }
}

/// Items as the layout on screen shows them (the box: all its children, in the order shown; the
/// list: the lines in the viewport), numbered from 0 in that layout.
@MainActor
struct ItemsOnScreen {
    /// Their frames and lines in the content's coordinates, and the options they were laid out with.
    let result: FlowResult
    let layout: FlowLayout
    /// Where the content's origin is in the host (a scrolled list: moved by the scroll offset), and
    /// the host's number of the first line.
    let origin: (x: Double, y: Double)
    let firstLine: Int
    /// The host's item at a position in `result` (`nil`: gone since), and an item's position.
    let item: (Int) -> Int?
    let position: (Int) -> Int?
}
