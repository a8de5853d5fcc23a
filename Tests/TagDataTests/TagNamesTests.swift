// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import FlowTestSupport
import Testing
@testable import TagData

/// `TagNames`, the chunked list of names the documents keep, against an Array doing the same
/// edits: the same names after every edit, across chunk lengths that make edits cross, split and
/// merge chunks; versions share what an edit did not touch.
struct TagNamesTests {
    static func name(_ rng: inout SplitMix64) -> String {
        ["a", "b", "c", "tag", "x y"].randomElement(using: &rng)! + String(Int.random(in: 0..<4, using: &rng))
    }

    @Test(arguments: [1, 2, 3, 5, 1024])
    func editsMatchAnArray(chunkLength: Int) {
        var rng = SplitMix64(seed: UInt64(chunkLength))
        for _ in 0..<60 {
            var array = (0..<Int.random(in: 0...40, using: &rng)).map { _ in Self.name(&rng) }
            var names = TagNames(array, chunkLength: chunkLength)
            for step in 0..<40 {
                let before = names, beforeArray = array
                switch Int.random(in: 0..<7, using: &rng) {
                case 0:
                    let name = Self.name(&rng)
                    let at = Int.random(in: 0...array.count, using: &rng)
                    array.insert(name, at: at)
                    names.insert(name, at: at)
                case 1 where !array.isEmpty:
                    let at = Int.random(in: 0..<array.count, using: &rng)
                    #expect(array.remove(at: at) == names.remove(at: at))
                case 2 where !array.isEmpty:
                    let at = Int.random(in: 0..<array.count, using: &rng)
                    let name = Self.name(&rng)
                    array[at] = name
                    names[at] = name
                case 3:
                    let name = Self.name(&rng)
                    array.append(name)
                    names.append(name)
                case 4:
                    let lower = Int.random(in: 0...array.count, using: &rng)
                    let upper = Int.random(in: lower...array.count, using: &rng)
                    let new = (0..<Int.random(in: 0...12, using: &rng)).map { _ in Self.name(&rng) }
                    array.replaceSubrange(lower..<upper, with: new)
                    names.replaceSubrange(lower..<upper, with: new)
                case 5:
                    let new = (0..<Int.random(in: 0...30, using: &rng)).map { _ in Self.name(&rng) }
                    array.append(contentsOf: new)
                    names.append(contentsOf: new)
                default:
                    if Bool.random(using: &rng) { array.removeAll(); names.removeAll() }
                }
                let context = "chunks of \(chunkLength), step \(step)"
                #expect(names.isWellFormed, "\(context)")
                #expect(names.array == array && Array(names) == array && names.count == array.count, "\(context)")
                #expect(names.indices.allSatisfy { names[$0] == array[$0] }, "\(context)")
                #expect(names.map { $0 } == array)
                #expect(before.array == beforeArray, "\(context): the version before the edit changed")
                let probe = Self.name(&rng)
                #expect(names.firstIndex(of: probe) == array.firstIndex(of: probe))
                #expect(names.lastIndex { $0 == probe } == array.lastIndex(of: probe))
                let ends = names.commonEnds(with: before), expected = commonEnds(array, beforeArray)
                #expect(ends == expected, "\(context): \(ends) against \(expected)")
                #expect((names == before) == (array == beforeArray))
                if array == beforeArray { #expect(names.hashValue == before.hashValue) }
                #expect(names == TagNames(array, chunkLength: 3))
            }
        }
    }

    /// A copy shares every chunk; an edit of it copies the chunk it changes, and the two versions
    /// compare by passing over the shared ones.
    @Test func versionsShareTheChunksAnEditDidNotTouch() {
        let original = TagNames((0..<100_000).map { "tag-\($0)" })
        var edited = original
        #expect(edited.isSameStorage(as: original))
        edited.remove(at: 50_000)
        #expect(!edited.isSameStorage(as: original))
        let chunks = (100_000 + 1023) / 1024
        #expect(edited.sharedChunks(with: original) == chunks - 1)
        #expect(edited.commonEnds(with: original) == (50_000, 49_999))
        edited.insert("tag-50000", at: 50_000)
        #expect(edited == original && edited.sharedChunks(with: original) == chunks - 1)
        edited.append("new")
        #expect(edited.sharedChunks(with: original) == chunks - 2)
    }
}
