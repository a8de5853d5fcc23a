// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import FlowEngine
import GObjectSupport
import TagData

/// The folder view's chips past ``FolderWindow/chipLimit``: a WrapListView that makes FolderChip
/// widgets only for the tags on screen and gives them other tags as the list scrolls (as the
/// editor's `VirtualChips` does for its chips).
@MainActor
final class FolderVirtualChips {
    let list: WrapListView
    /// The chips' entries, in order.
    private(set) var shown: [FolderChipEntry] = []
    /// The chip behind each item widget the list made.
    private var chips: [Widget: FolderChip] = [:]

    init(layout: FlowLayout, actions: FolderChip.Actions) {
        final class Owner { weak var value: FolderVirtualChips? }
        let owner = Owner()
        var options = layout
        options.maxLines = nil
        list = WrapListView(layout: options, factory: WrapListItemFactory(
            setup: {
                let chip = FolderChip(FolderChipEntry(tag: FolderTagPlaceholder.tag), actions: actions)
                owner.value?.chips[chip.widget] = chip
                return chip.widget
            },
            bind: { widget, index in
                guard let self = owner.value, let chip = self.chips[widget], self.shown.indices.contains(index) else { return }
                chip.update(self.shown[index])
            },
            unbind: { _, _ in },
            teardown: { widget in owner.value?.chips[widget] = nil }))
        owner.value = self
        cgtk_accessible_set_label(list.widget, "Tags")
    }

    /// Shows `entries` (the list is told only where they differ from what it showed).
    func show(_ entries: [FolderChipEntry]) {
        // The new entries first: the list binds chips to them while it is told.
        let old = shown
        shown = entries
        list.replaceItems(old, with: entries)
        for (index, chip) in realizedChips where chip.entry != entries[index] { chip.update(entries[index]) }
    }

    /// The chips the list has made now, with their entries' indices, in order.
    var realizedChips: [(index: Int, chip: FolderChip)] {
        list.realizedItems.compactMap { item in
            chips[item.widget].flatMap { shown.indices.contains(item.index) ? (item.index, $0) : nil }
        }
    }
}

/// What a chip the list has just made shows until it is bound.
enum FolderTagPlaceholder {
    static let tag = FolderTag(key: " ", name: " ", own: 0, files: 0, parentKey: nil)
}
