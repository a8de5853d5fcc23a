// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import FlowTestSupport
import Foundation
import Testing
@testable import TagData

/// A rename or a merge changes the parts of one tag and nothing else: every separator, every
/// other part, its spacing and spelling stay byte for byte, in the editor (``FileTags/apply(_:)``),
/// in the folder view and `filetags` (``FileTags/update(fileAt:dryRun:attributes:_:)`` with a
/// ``TagTreeChange``), which share ``FileTagsAttribute``.
@Suite struct SeparatorTests {
    @Test func aRenameKeepsTheSpaceBeforeTheRenamedTag() {
        #expect(FileTagsAttribute(text: "x, old, y").changed(to: ["x", "new", "y"]).text == "x, new, y")
        #expect(FileTagsAttribute(text: "café, trip/2023, beach").changed(to: ["café", "Trip/2024", "beach"]).text
                == "café, Trip/2024, beach")
        #expect(FileTagsAttribute(text: " a ,\tb\t, c").changed(to: ["a", "B", "c"]).text == " a ,\tB\t, c")
    }

    /// What a rename of `old` to `new` must give, part by part: the first part of `old` takes
    /// `new` inside its own white space, other spellings of `old` go (stay, when `new` is a
    /// spelling of `old` itself); a merge (`new` already there as another tag) drops every part of
    /// `old`. Every other part is untouched.
    static func expected(_ parts: [String], renaming old: String, to new: String) -> String? {
        let oldKey = TagRules.key(old), newKey = TagRules.key(new)
        let trimmedKeys = parts.map { TagRules.key($0.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping) }
        let merges = newKey != oldKey && trimmedKeys.contains(newKey)
        var result: [String] = []
        var renamedFirst = false
        for (part, key) in zip(parts, trimmedKeys) {
            guard key == oldKey, !key.isEmpty else { result.append(part); continue }
            if merges { continue }
            if !renamedFirst {
                renamedFirst = true
                let leading = part.prefix { $0 == " " || $0 == "\t" }
                let trailing = part.reversed().prefix { $0 == " " || $0 == "\t" }
                result.append(leading + new + String(trailing.reversed()))
            } else if newKey == oldKey {
                result.append(part)
            }
        }
        let text = result.joined(separator: ",")
        return result.contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ? text : nil
    }

    static let vocabulary = ["alpha", "Alpha", "ALPHA", "beta", "gamma", "café", "cafe\u{301}", "trip/2023", "Trip/2024", "d"]
    static let spaces = ["", " ", "  ", "\t", " \t"]

    static func randomAttribute(_ random: inout SplitMix64) -> [String] {
        (0..<Int(random.next() % 6 + 1)).map { _ in
            if random.next() % 7 == 0 { return Self.spaces.randomElement(using: &random)! }
            return Self.spaces.randomElement(using: &random)! + Self.vocabulary.randomElement(using: &random)!
                + Self.spaces.randomElement(using: &random)!
        }
    }

    @Test func renameAndMergeKeepEverySeparatorByteForByte() throws {
        var random = SplitMix64(seed: 39)
        let dir = TemporaryDirectory()
        let file = dir.file("f")
        var checked = 0
        for _ in 0..<400 {
            let parts = Self.randomAttribute(&random)
            let attribute = FileTagsAttribute(parts: parts)
            let tags = attribute.tags
            guard let old = tags.randomElement(using: &random) else { continue }
            // A fresh name, another spelling of the same tag, or another tag of the file (a merge).
            let new: String = switch random.next() % 3 {
            case 0: "renamed"
            case 1: old.uppercased() == old ? old.lowercased() : old.uppercased()
            default: tags.filter { TagRules.key($0) != TagRules.key(old) }.randomElement(using: &random) ?? "renamed"
            }
            let expected = Self.expected(parts, renaming: old, to: new)

            // The editor's path.
            let (editor, _) = FileTags.applying(.rename(old, to: new), to: attribute, seen: tags)
            #expect(editor.text == expected, "editor: \(parts) \(old) -> \(new)")

            // filetags' and the folder view's path, on a real file.
            setXattr(file, Array(parts.joined(separator: ",").utf8))
            if TagRules.key(new) == TagRules.key(old) || !tags.contains(where: { TagRules.key($0) == TagRules.key(new) }) {
                let change = try TagTreeChange(.rename, old: old, new: new)
                _ = try FileTags.update(fileAt: file, change.changes)
            } else {
                let change = try TagTreeChange(.merge, old: old, new: new)
                _ = try FileTags.update(fileAt: file, change.changes)
            }
            #expect(xattr(file) == expected, "filetags: \(parts) \(old) -> \(new)")
            checked += 1
        }
        #expect(checked > 300)
    }
}

/// ``FileTagsAttribute/applying(_:)`` (one pass for many changes) gives what the changes applied
/// one at a time give, on random attributes and random lists of adds, removals and renames
/// (onto new names, other spellings of themselves, names already there, names just renamed away).
@Suite struct ChangesInOnePassTests {
    @Test func onePassGivesWhatChangesOneAtATimeGive() {
        var random = SplitMix64(seed: 40)
        let names = ["alpha", "Alpha", "beta", "gamma", "café", "cafe\u{301}", "delta", "Delta", "e", "f/g"]
        var compared = 0
        for _ in 0..<2_000 {
            let parts = SeparatorTests.randomAttribute(&random)
            let attribute = FileTagsAttribute(parts: parts)
            let changes: [TagChange] = (0..<Int(random.next() % 5 + 1)).map { _ in
                let a = names.randomElement(using: &random)!, b = names.randomElement(using: &random)!
                switch random.next() % 3 {
                case 0: return .add(a)
                case 1: return .remove(a)
                default: return .rename(a, to: b)
                }
            }
            var oneByOne = attribute
            for change in changes {
                let applied = change.applied(to: TagNames(oneByOne.tags))
                if applied.changedSomething { oneByOne = oneByOne.changed(to: applied.tags.array) }
            }
            #expect(attribute.applying(changes)?.parts == oneByOne.parts, "\(parts) \(changes)")
            compared += 1
        }
        #expect(compared == 2_000)
    }
}
