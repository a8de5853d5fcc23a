// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import GObjectSupport
import TagData

/// The "+N more" chip that ends the last line when the layout's `maxLines` hides tags, and the
/// "Show less" chip that ends the list once they are shown.
///
/// "+N more" is the container's overflow indicator, and a button: clicking it lifts the options'
/// `maxLines` (remembering it) and puts "Show less" after the last tag; clicking that sets it back. The
/// "Show less" chip is an inline child of the data-driven container, which drops inline children
/// whenever it shows new data, so ``afterUpdate()`` puts it back after each update.
@MainActor
final class OverflowChips {
    let moreButton: Widget
    /// The indicator the container places: a plain box around the button (`overflow-chips.ui`
    /// says why).
    private let indicator: Widget
    let showLessButton: Widget
    private let moreLabel: Widget
    private weak var stack: WrapHStack?
    private weak var options: ChipLayoutOptions?
    /// The `maxLines` lifted by "+N more", while every tag is shown.
    private(set) var liftedMaxLines: Int?
    /// Puts the focus somewhere useful after a change (the editor's entry, a chip).
    var onExpand: ((_ firstRevealed: Int) -> Void)?
    var onCollapse: (() -> Void)?
    private var released = false
    /// The chips' description, kept with them.
    private let ui = UIDescription("overflow-chips")

    init(stack: WrapHStack, options: ChipLayoutOptions) throws {
        self.stack = stack
        self.options = options
        (indicator, moreButton, moreLabel) = (ui.widget("indicator"), ui.widget("more"), ui.widget("more_label"))
        showLessButton = ui.widget("show_less")
        setTooltip(moreButton, tr("Show every tag"))
        setTooltip(showLessButton, tr("Show only the first lines of tags again"))
        // Kept while it is out of the container, between updates.
        retainWidget(showLessButton)
        try stack.setOverflowIndicator(indicator) { [moreLabel, moreButton] hidden in
            gtk_label_set_text(cgtk_label(moreLabel), tr("+\(hidden) more"))
            cgtk_accessible_set_label(moreButton, trn("\(hidden) more tag hidden: show it", "\(hidden) more tags hidden: show them", hidden))
        }
        connectSignal(moreButton, "clicked") { [weak self] in self?.expand() }
        connectSignal(showLessButton, "clicked") { [weak self] in self?.collapse() }
    }

    var isExpanded: Bool { liftedMaxLines != nil }

    /// Shows every tag, and "Show less" after them.
    func expand() {
        guard let stack, let options, let maxLines = options.layout.maxLines else { return }
        let firstHidden = stack.children.count - (stack.lastLayout?.result.hiddenCount ?? 0)
        liftedMaxLines = maxLines
        options.layout.maxLines = nil
        afterUpdate()
        onExpand?(max(0, firstHidden))
    }

    /// Back to the lines `maxLines` allowed.
    func collapse() {
        guard let options, let maxLines = liftedMaxLines else { return }
        liftedMaxLines = nil
        removeShowLess()
        options.layout.maxLines = maxLines
        onCollapse?()
    }

    /// After the container showed new data (which took "Show less" out): puts it back at the end.
    func afterUpdate() {
        guard let stack, isExpanded, gtk_widget_get_parent(showLessButton) == nil else { return }
        try? stack.append(showLessButton)
    }

    /// The layout options changed: a `maxLines` chosen while expanded starts from collapsed.
    func layoutChanged() {
        guard isExpanded, options?.layout.maxLines != nil else { return }
        liftedMaxLines = nil
        removeShowLess()
    }

    private func removeShowLess() {
        guard let stack, stack.children.contains(showLessButton) else { return }
        try? stack.remove(showLessButton)
    }

    /// Lets go of "Show less" when the window goes.
    func release() {
        guard !released else { return }
        released = true
        releaseWidget(showLessButton)
    }
}
