// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import TagData
import Testing
@testable import tag_editor

/// The folder view's natural order (issue 39, item 12): GLib's filename keys of the case-folded
/// text, the orders of the file list's columns, the chips' tree order.
@Suite struct FolderFileOrderTests {
    static func sorted(_ paths: [(String, String)], by sorting: FolderFileOrder.Sorting) -> [String] {
        var keys = FolderFileOrder.Keys()
        let rows = paths.map { FolderFileOrder.Row(FolderFile(path: $0.0, tags: $0.1.split(separator: ",").map(String.init))) }
        return FolderFileOrder.sorted(rows, by: sorting, keys: &keys)
    }

    @Test func numbersByTheirValueAndCaseAside() {
        let names = ["f10", "F3", "f0", "f100", "f2", "f1"]
        #expect(names.sorted { NaturalOrder.less(NaturalOrder.key($0), NaturalOrder.key($1)) } == ["f0", "f1", "f2", "F3", "f10", "f100"])
        // Two spellings of one name still have one order (the exact text after the folded one).
        #expect(NaturalOrder.compare(NaturalOrder.key("Beach"), NaturalOrder.key("beach")) != 0)
        #expect(NaturalOrder.less(NaturalOrder.key("beach"), NaturalOrder.key("Beaches")))
    }

    @Test func byPathLevelByLevelAndEachColumnAscendingOrNot() {
        let files = [("/t/f10", "b"), ("/t/a/deep/f1", "a2"), ("/t/f2", "a10"), ("/t/a/f0", "c"), ("/t/B1", "a1")]
        #expect(Self.sorted(files, by: .byPath) == ["/t/a/deep/f1", "/t/a/f0", "/t/B1", "/t/f2", "/t/f10"])
        // By folder: a folder's files together, the folders in natural order, then by name.
        #expect(Self.sorted(files, by: .init(column: .folder, descending: false)) == ["/t/B1", "/t/f2", "/t/f10", "/t/a/f0", "/t/a/deep/f1"])
        #expect(Self.sorted(files, by: .init(column: .name, descending: false)) == ["/t/B1", "/t/a/f0", "/t/a/deep/f1", "/t/f2", "/t/f10"])
        #expect(Self.sorted(files, by: .init(column: .tags, descending: false)) == ["/t/B1", "/t/a/deep/f1", "/t/f2", "/t/f10", "/t/a/f0"])
        for column in [FolderFileOrder.Column.name, .folder, .tags] as [FolderFileOrder.Column?] + [nil] {
            #expect(Self.sorted(files, by: .init(column: column, descending: true))
                    == Self.sorted(files, by: .init(column: column, descending: false)).reversed())
        }
    }

    @Test func tagsInTreeOrderEachParentsSubTagsInNaturalOrder() {
        let keys = ["trip10", "trip/b10", "trip2", "trip", "trip/b9", "trip/b1", "a"]
        let tags = keys.map { FolderTag(key: $0, name: $0, own: 1, files: 1, parentKey: nil) }
        #expect(NaturalOrder.treeOrdered(tags).map(\.key) == ["a", "trip", "trip/b1", "trip/b9", "trip/b10", "trip2", "trip10"])
    }
}
