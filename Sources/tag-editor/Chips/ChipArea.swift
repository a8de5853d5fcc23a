// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import FlowBridge
import TagData

/// Where a window's chips are: one Chip per tag in a WrapHStack (``StackChips``), or chips only
/// for the tags on screen in a virtual list (``VirtualChips``). The window talks to its chip area
/// and never asks which of the two it has.
@MainActor
protocol ChipArea: AnyObject, ChipAreaReport {
    /// What the window puts in its layout: the scrolled area around the chips.
    var area: Widget { get }
    /// The GtkScrolledWindow the chips scroll in.
    var scrolledWindow: Widget { get }
    /// The widget the chips are in.
    var container: Widget { get }
    /// The tags as the chips show them now, in order.
    var shown: TagEntries { get }
    /// Shows `entries` (the same chips, updated, for the tags that stay).
    func show(_ entries: TagEntries) throws
    /// Whether `name` is among the tags shown (it may have no chip now in the virtual list).
    func contains(_ name: String) -> Bool
    /// Where `name` is among the tags shown.
    func index(of name: String) -> Int?
    /// The chip showing `name`, when it has one now.
    func chip(named name: String) -> Chip?
    /// The chips that exist now, in order, with their tags' indices.
    var realizedChips: [(index: Int, chip: Chip)] { get }
    /// Puts the focus on the chip of the tag at `index` (scrolled into view); `false` when
    /// there is none.
    func focusChip(at index: Int) -> Bool
    /// The chip that holds the focus (on itself or its remove button), and its tag's index.
    var focusedChip: (name: String, index: Int)? { get }
    /// Left and Right on the chip of `name`: whether the key was used (the virtual list moves
    /// the focus itself, and says `false`).
    func stepFocus(from name: String, forward: Bool) -> Bool
    /// Lays the chips out with `options`.
    func apply(_ options: ChipLayoutOptions)
    /// How many tags `maxLines` hides now.
    var hiddenCount: Int { get }
    /// Why `--max-lines maxLines` cannot be used here, or `nil` when it can.
    func whyNoMaxLines(_ maxLines: Int) -> String?
    /// The last layout's figures, for the options panel.
    var figures: [String] { get }
    /// Called after each layout of the chips.
    var onLayout: (() -> Void)? { get set }
    /// Called when chips moved where a popover pointing at one would not follow them (a
    /// relayout of the WrapHStack; the list moves its chips only by scrolling, which the window
    /// follows on its own).
    var onChipsMoved: (() -> Void)? { get set }
    /// Called when a chip stops showing its tag (the list gives it to another).
    var onUnbind: ((Chip) -> Void)? { get set }
    /// Called after "Show less" (the chips then show fewer tags; none has the focus).
    var onShowLess: (() -> Void)? { get set }
    /// Whether the user can put the chips in a new order: dragged with the pointer, or moved with
    /// Alt+Shift and an arrow, Home or End (the widgets' own reordering). On for an ordered list
    /// (the collection, a `--tags` file); off for files' tags, which keep no order.
    var reorderable: Bool { get set }
    /// Called when the user moved a chip, with its tag and the tag it now follows (`nil`: it is
    /// first). The chips already show the new order; the editor makes it a change of the
    /// document and shows the document's order, which is the one that counts.
    var onChipMoved: ((_ name: String, _ after: String?) -> Void)? { get set }
    /// Lets go of what the area keeps alive, when the window goes.
    func release()
}
