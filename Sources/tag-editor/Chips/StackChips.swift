// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import GObjectSupport
import TagData

/// The chips as one chip widget per entry in a WrapHStack, with "+N more" and "Show less"
/// (``OverflowChips``, the editor's) when `maxLines` hides tags. One of ``ChipArea``'s two ways.
@MainActor
final class StackChips<Content: ChipContent>: ChipBackend {
    let stack: DataWrapHStack<Content.Entry, String, Content>
    let overflow: OverflowChips?
    let area: Widget
    var scrolledWindow: Widget { stack.scrolledWindow! }
    var container: Widget { stack.widget }
    var onLayout: (() -> Void)?
    var onChipsMoved: (() -> Void)?
    /// Never called: a chip here shows its one tag as long as it lives.
    var onUnbind: ((Content) -> Void)?
    var onShowLess: (() -> Void)?
    var onChipMoved: ((_ name: String, _ from: Int, _ to: Int) -> Void)?

    init(actions: Content.Actions, options: ChipLayoutOptions, overflows: Bool,
         dragText: (@MainActor (String) -> String)?) throws {
        stack = try DataWrapHStack([Content.Entry](), id: Content.id, layout: options.layout, placement: options.placement,
                                   makeContent: { Content($0, actions: actions) }, widget: \.widget)
        area = stack.makeScrolledWindow()
        overflow = overflows ? try OverflowChips(stack: stack.box, options: options) : nil
        // After "+N more" the focus goes to the first tag it revealed.
        overflow?.onExpand = { [weak self] first in _ = self?.focusChip(at: first) }
        overflow?.onCollapse = { [weak self] in self?.onShowLess?() }
        stack.onLayout = { [weak self] _ in
            self?.onChipsMoved?()
            self?.onLayout?()
        }
        stack.box.onChildMoved = { [weak self] child, _, _ in self?.chipMoved(child) }
        // The box's drag (reordering) is the chip's drag then: it carries the chip's text too.
        if let dragText { stack.box.reorderDragText = { [weak self] child in self?.name(of: child).map(dragText) } }
    }

    var reorderable: Bool {
        get { stack.box.reorderable }
        set { if stack.box.reorderable != newValue { stack.box.reorderable = newValue } }
    }

    /// The tag each chip widget shows.
    private var namesByWidget: [Widget: String] {
        var names: [Widget: String] = [:]
        for element in stack.elements {
            let id = element[keyPath: Content.id]
            if let widget = stack.widget(for: id) { names[widget] = id }
        }
        return names
    }

    private func name(of child: Widget) -> String? { namesByWidget[child] }

    /// The box moved `child` (a drop or the keys): its tag, its place among the chips shown
    /// before (the data's order) and after (the box's new order). The editor's next ``show(_:)``
    /// gives the data the document's order, the same one unless the move was refused (then the
    /// chips go back).
    private func chipMoved(_ child: Widget) {
        let names = namesByWidget
        let children = stack.box.children
        guard let name = names[child], let index = children.firstIndex(of: child),
              let from = stack.elements.firstIndex(where: { $0[keyPath: Content.id] == name }) else { return }
        // Its place among the chips in the box's new order (the box may hold other widgets).
        let to = children[..<index].lazy.filter { names[$0] != nil }.count
        guard to != from else { return }
        onChipMoved?(name, from, to)
    }

    var shown: Content.Entries { Content.entries(stack.elements) }
    var shownCount: Int { stack.elements.count }
    func shownEntry(at index: Int) -> Content.Entry { stack.elements[index] }

    /// Shows `entries` (those at `found` while a search finds some: the box holds few), and
    /// "Show less" after them while every tag is shown; a failed update (which leaves the chips
    /// as they were) is thrown after that.
    func show(_ entries: Content.Entries, found: [Int]?) throws {
        let entries = found.map { Content.subset(entries, $0) } ?? entries
        var failure: Error?
        do {
            try stack.update(with: entries)
        } catch {
            failure = error
        }
        overflow?.afterUpdate()
        for entry in entries { stack.content(for: entry[keyPath: Content.id])?.update(entry) }
        if let failure { throw failure }
    }

    func contains(_ name: String) -> Bool { stack.content(for: name) != nil }

    func index(of name: String) -> Int? { stack.elements.firstIndex { $0[keyPath: Content.id] == name } }

    func chip(named name: String) -> Content? { stack.content(for: name) }

    var realizedChips: [(index: Int, chip: Content)] {
        stack.elements.enumerated().compactMap { index, element in
            stack.content(for: element[keyPath: Content.id]).map { (index, $0) }
        }
    }

    func focusChip(at index: Int) -> Bool {
        let elements = stack.elements
        guard elements.indices.contains(index), let chip = chip(named: elements[index][keyPath: Content.id]) else { return false }
        gtk_widget_grab_focus(chip.widget)
        return true
    }

    var focusedChip: (name: String, index: Int)? {
        guard let root = gtk_widget_get_root(stack.widget), let focus = gtk_root_get_focus(root) else { return nil }
        for (index, element) in stack.elements.enumerated() {
            let id = element[keyPath: Content.id]
            if let chip = chip(named: id), EditorWindow.focus(focus, isWithin: chip.widget) { return (id, index) }
        }
        return nil
    }

    /// The focus goes to the chip before or after (none past the ends: the key is used, the
    /// focus stays).
    func stepFocus(from name: String, forward: Bool) -> Bool {
        let elements = stack.elements
        guard let index = elements.firstIndex(where: { $0[keyPath: Content.id] == name }) else { return false }
        let target = forward ? index + 1 : index - 1
        guard elements.indices.contains(target), let chip = chip(named: elements[target][keyPath: Content.id]),
              gtk_widget_get_visible(chip.widget) != 0, gtk_widget_get_child_visible(chip.widget) != 0 else { return true }
        gtk_widget_grab_focus(chip.widget)
        return true
    }

    func apply(_ options: ChipLayoutOptions) {
        if stack.layout != options.layout { stack.layout = options.layout }
        if stack.placement != options.placement { stack.placement = options.placement }
        if gtk_widget_get_direction(stack.widget) != options.direction { gtk_widget_set_direction(stack.widget, options.direction) }
        overflow?.layoutChanged()
    }

    var hiddenCount: Int { stack.lastLayout?.result.hiddenCount ?? 0 }

    func whyNoMaxLines(_ maxLines: Int) -> String? { nil }

    var figures: [String] {
        guard let report = stack.lastLayout else { return [] }
        var parts = [tr("width \(report.allocatedWidth) px"),
                     trn("\(report.lineCount) line", "\(report.lineCount) lines", report.lineCount),
                     tr("content \(report.contentHeight) px")]
        if report.result.hiddenCount > 0 { parts.append(trn("\(report.result.hiddenCount) hidden", "\(report.result.hiddenCount) hidden", report.result.hiddenCount)) }
        parts.append(tr("last layout \(Self.milliseconds(report.duration.seconds * 1000)) ms"))
        parts.append(stack.placement == .fixed ? "GtkFixed" : tr("direct placement"))
        return parts
    }

    private static func milliseconds(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    func release() { overflow?.release() }
}
