// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// TagSpaces' sidecar read and written as if it were the attribute: titles in, titles out,
/// everything else of the file as it was written; our own exact bytes used while the titles
/// still are their parts.
@Suite struct SidecarFormatTests {
    @Test func readsTitlesAndKeepsEveryOtherMemberAsWritten() throws {
        let text = "\u{FEFF}{\"description\": \"é\\u00e9\", \"tags\": [{\"title\": \"a\", \"color\": \"#fff\"}, \"b\", {\"type\": \"x\"}], \"n\": [1, 2]}"
        let sidecar = try #require(Sidecar.parse(Array(text.utf8)))
        #expect(sidecar.tags.map(\.title) == ["a", "b"])
        #expect(sidecar.attribute == Array("a,b".utf8))
        #expect(!sidecar.isOurs)
        let written = String(decoding: sidecar.replacingTags(with: Array("a, c".utf8), now: 0), as: UTF8.self)
        #expect(written.hasPrefix("{\"description\":\"é\\u00e9\",\"tags\":[{\"title\": \"a\", \"color\": \"#fff\"},{\"title\":\"c\",\"type\":\"sidecar\"}],\"n\":[1, 2],"))
        #expect(written.contains("\"lastUpdated\":\"1970-01-01T00:00:00.000Z\""))
        // Our exact bytes come back while the titles are their parts, and not once they differ.
        let again = try #require(Sidecar.parse(Array(written.utf8)))
        #expect(again.attribute == Array("a, c".utf8))
        let changed = written.replacingOccurrences(of: "\"title\":\"c\"", with: "\"title\":\"d\"")
        #expect(Sidecar.parse(Array(changed.utf8))?.attribute == Array("a,d".utf8))
    }

    @Test func aNewSidecarIsOursAndHoldsOnlyTags() throws {
        let sidecar = try #require(Sidecar.parse(Sidecar.new(with: Array("x,,Y ".utf8), now: 1_700_000_000.5)))
        #expect(sidecar.isOurs && sidecar.holdsOnlyTags)
        #expect(sidecar.tags.map(\.title) == ["x", "Y"])
        #expect(sidecar.attribute == Array("x,,Y ".utf8))
    }

    @Test func whatIsNotAJSONObjectIsNotASidecar() {
        #expect(Sidecar.parse(Array("[1, 2]".utf8)) == nil)
        #expect(Sidecar.parse(Array("{\"tags\": [".utf8)) == nil)
        #expect(Sidecar.parse(Array("not json".utf8)) == nil)
    }

    @Test func itsPathIsBesideTheFileOrInsideTheFolder() {
        #expect(Sidecar.path(of: "/m/photos/a.jpg", isDirectory: false) == "/m/photos/.ts/a.jpg.json")
        #expect(Sidecar.path(of: "/m/photos", isDirectory: true) == "/m/photos/.ts/tsm.json")
    }
}
