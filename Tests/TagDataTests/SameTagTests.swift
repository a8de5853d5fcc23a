// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import TagData

/// `TagRules.SameTag` answers as comparing `TagRules.key` does, for every kind of name.
@Suite struct SameTagTests {
    static let names = ["photo", "Photo", "PHOTO", "photos", "phot", "", " ", "café", "cafe\u{301}", "CAFÉ",
                        "k", "K", "\u{212A}", "kelvin", "\u{212A}elvin", "e", "e\u{301}", "ß", "SS", "ss",
                        "İ", "i", "i\u{307}", "a,b", "A,B", "tag 2025", "TAG 2025", "日本", "😀", "a-rather-long-tag-name-1"]

    @Test func matchesExactlyWhenTheKeysAreEqual() {
        for a in Self.names {
            let same = TagRules.SameTag(as: a)
            for b in Self.names {
                #expect(same.matches(b) == (TagRules.key(a) == TagRules.key(b)), "\(a) vs \(b)")
            }
        }
    }

    @Test func plainASCIINamesAreTrimmedAndKnowTheirCapitals() {
        func plain(_ text: String) -> (String, Bool)? {
            Array(text.utf8).withUnsafeBytes { TagRules.plainASCIIName($0).map { ($0.name, $0.hasCapitals) } }
        }
        #expect(plain("  Photo ")! == ("Photo", true))
        #expect(plain("photo")! == ("photo", false))
        #expect(plain("   ") == nil)
        #expect(plain("caf\u{E9}") == nil)
        #expect(plain("tab\there") == nil)
        #expect(plain(String(repeating: "x", count: TagRules.maximumLength))?.0.count == TagRules.maximumLength)
        #expect(plain(String(repeating: "x", count: TagRules.maximumLength + 1)) == nil)
    }
}
