// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Renaming, merging or deleting a tag on every file that carries it or one of its sub-tags
/// (`travel` → `trips` takes `travel/2024` to `trips/2024`): the rules `filetags rename`,
/// `merge` and `delete` and the editor's folder view share.
package struct TagTreeChange: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case rename, merge, delete
    }

    /// A change that cannot be made as asked (the message says why, for the user).
    package struct Refusal: Error, CustomStringConvertible, Equatable {
        package var description: String
    }

    package let kind: Kind
    /// The tag changed, as stored (trimmed, NFC), and its key.
    package let old: String
    package let oldKey: String
    /// What it becomes (rename, merge), as stored, and its key.
    package let new: String?
    package let newKey: String?

    /// - Parameters:
    ///   - old: the tag, as the user typed or chose it.
    ///   - new: the new name (rename) or the tag to merge into (merge); `nil` for delete.
    /// - Throws: ``Refusal`` when a name is not one a file could carry, when a merge names one
    ///   tag twice, or when the new name is a sub-tag of the old one (a tag cannot move under
    ///   itself).
    package init(_ kind: Kind, old: String, new: String? = nil) throws(Refusal) {
        self.kind = kind
        self.old = try Self.validated(old, new: false)
        oldKey = TagRules.key(self.old)
        if kind == .delete {
            self.new = nil
            newKey = nil
            return
        }
        guard let new else { throw Refusal(description: tr("a \(kind.rawValue) needs a second tag")) }
        let stored = try Self.validated(new, new: true)
        let key = TagRules.key(stored)
        if kind == .merge && key == oldKey {
            throw Refusal(description: tr("“\(self.old)” and “\(stored)” are the same tag: nothing to merge"))
        }
        if key != oldKey && TagTree.isWithin(key, oldKey) {
            throw Refusal(description: tr("“\(stored)” is a sub-tag of “\(self.old)”: a tag cannot move under itself"))
        }
        self.new = stored
        newKey = key
    }

    private static func validated(_ text: String, new: Bool) throws(Refusal) -> String {
        do {
            return try TagRules.validated(text, existing: [], allowsComma: false, allowsInvisible: !new)
        } catch {
            throw Refusal(description: "“\(text)”: \(error.description)")
        }
    }

    /// Whether a file with these tags is changed: it carries the tag or a sub-tag of it.
    package func touches(_ tags: [String]) -> Bool {
        tags.contains { TagTree.isWithin(TagRules.key($0), oldKey) }
    }

    /// Whether a file with these tags already carries the new name or a sub-tag of it (a rename
    /// onto a tag some files carry is a merge).
    package func meetsNewName(_ tags: [String]) -> Bool {
        guard let newKey, newKey != oldKey else { return false }
        return tags.contains { TagTree.isWithin(TagRules.key($0), newKey) }
    }

    /// The changes to make to a file whose tags are `tags` now.
    package func changes(_ tags: [String]) -> [TagChange] {
        tags.compactMap { tag in
            guard TagTree.isWithin(TagRules.key(tag), oldKey) else { return nil }
            guard let new else { return .remove(tag) }
            return TagTree.renamed(tag, from: oldKey, to: new).map { .rename(tag, to: $0) }
        }
    }

    /// The changes that take a file from `after` back to `before` when its attribute is no longer
    /// what this change wrote (another program changed it since): each renamed tag renamed
    /// back, each removed tag added again; what the other program did stays.
    package func undoChanges(before: [String], after: [String]) -> [TagChange] {
        let afterKeys = Set(after.map(TagRules.key))
        var changes: [TagChange] = []
        for tag in before where TagTree.isWithin(TagRules.key(tag), oldKey) {
            if let new, let renamed = TagTree.renamed(tag, from: oldKey, to: new), afterKeys.contains(TagRules.key(renamed)) {
                // A merge's tag that the file carried before too stays; its own spelling comes back.
                if before.contains(where: { TagRules.key($0) == TagRules.key(renamed) }) {
                    changes.append(.add(tag))
                } else {
                    changes.append(.rename(renamed, to: tag))
                }
            } else {
                changes.append(.add(tag))
            }
        }
        return changes
    }

    /// What is being done, for a progress line: “renaming “a” to “b””.
    package var inProgress: String {
        switch kind {
        case .rename: tr("renaming “\(old)” to “\(new!)”")
        case .merge: tr("merging “\(old)” into “\(new!)”")
        case .delete: tr("deleting “\(old)”")
        }
    }

    /// What was done, for messages: “renamed “a” to “b””.
    package var pastTense: String {
        switch kind {
        case .rename: tr("renamed “\(old)” to “\(new!)”")
        case .merge: tr("merged “\(old)” into “\(new!)”")
        case .delete: tr("deleted “\(old)”")
        }
    }
}
