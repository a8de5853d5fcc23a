// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import FlowBridge
import TagData

// The editor's virtual chips and the folder view's tell their WrapListView what changed the same way.
extension WrapListView {
    /// Tells the list its items went from `old` to `new`: the one run that differs, found from
    /// both ends (O(*n*) comparisons), so that its lines are broken again from there only.
    func replaceItems<Items: RandomAccessCollection>(_ old: Items, with new: Items)
        where Items.Element: Equatable, Items.Index == Int {
        replaceItems(oldCount: old.count, newCount: new.count, commonEnds: TagData.commonEnds(old, new))
    }

    /// The same, with the lists' common ends already known (the editor's flat names compare
    /// faster than their entries).
    func replaceItems(oldCount: Int, newCount: Int, commonEnds: (prefix: Int, suffix: Int)) {
        let removed = oldCount - commonEnds.prefix - commonEnds.suffix
        let added = newCount - commonEnds.prefix - commonEnds.suffix
        if oldCount == 0 {
            setItemCount(newCount)
        } else if removed > 0 || added > 0 {
            itemsChanged(at: commonEnds.prefix, removed: removed, added: added)
        }
    }
}
