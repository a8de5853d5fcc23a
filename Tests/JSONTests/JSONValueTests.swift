// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
#if canImport(Glibc)
import Glibc
#endif
import FlowTestSupport
import JSON
import Testing

@Suite struct JSONValueTests {
    @Test func parsesEveryKind() throws {
        let value = try JSONValue.parse(#" {"a": [1, -2.5e2, true, false, null], "b": "x\u00e9\n\"", "c": {}} "#)
        #expect(value["a"] == .array([.number(1), .number(-250), .bool(true), .bool(false), .null]))
        #expect(value["b"] == .string("xé\n\""))
        #expect(value["c"] == .object([]))
    }

    @Test func surrogatePairs() throws {
        #expect(try JSONValue.parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(#""\ud83d""#) }
    }

    @Test func rejectsMalformedText() {
        for text in ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"abc", "{\"a\":1,\"a\":2}",
                     "[1] x", "\"\u{01}\"", "{1: 2}", "nan", "Infinity", "'a'"] {
            #expect(throws: JSONSyntaxError.self, "\(text)") { try JSONValue.parse(text) }
        }
    }

    @Test func errorsSayWhere() {
        do {
            _ = try JSONValue.parse("[1, 2, x]")
            Issue.record("no error")
        } catch {
            #expect(error.offset == 7)
            #expect(error.description.contains("byte 7"))
        }
    }

    @Test func refusesDeepNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(deep) }
    }

    @Test func writesCompactTextThatReadsBack() throws {
        let value = JSONValue.object([("n", .number(3)), ("f", .number(0.1)), ("s", .string("a\"\\\u{1}é")),
                                      ("l", .array([.null, .bool(true)]))])
        #expect(value.text == #"{"n":3,"f":0.1,"s":"a\"\\\u0001é","l":[null,true]}"#)
        #expect(try JSONValue.parse(value.text) == value)
        #expect(JSONValue.number(.nan).text == "null")
        #expect(JSONValue.number(1e20).text == "1e+20")
    }
}

/// The reading rules JSONScanner gives every parser built on it (JSONValue's and FlowJSON's).
@Suite struct JSONScannerRulesTests {
    func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONValue.parse(utf8: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func invalidUTF8IsAnErrorAtItsOffset() throws {
        // A stray continuation byte, an overlong encoding, a surrogate, a truncated sequence, a
        // code point above U+10FFFF: each at the offset of the sequence's first byte.
        for (bytes, offset) in [([0x22, 0x61, 0x80, 0x22], 2), ([0x22, 0xC0, 0xAF, 0x22], 1),
                                ([0x22, 0x65, 0xED, 0xA0, 0x80, 0x22], 2), ([0x22, 0xE2, 0x82, 0x22], 1),
                                ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1), ([0x5B, 0xFF, 0x5D], 1)] as [([UInt8], Int)] {
            let error = syntaxError(bytes)
            #expect(error?.offset == offset, "\(bytes)")
            #expect(error?.message.contains("invalid UTF-8") == true, "\(bytes): \(String(describing: error))")
        }
        // Offsets count bytes: "é" is two, so the x is at byte 9.
        #expect(syntaxError(Array(#"["éé", x]"#.utf8))?.offset == 9)
        #expect(try JSONValue.parse(utf8: Array(#"["é€😀"]"#.utf8)) == .array([.string("é€😀")]))
    }

    @Test func aLeadingByteOrderMarkIsSkippedAndAnyOtherNamed() throws {
        #expect(try JSONValue.parse(utf8: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
        #expect(try JSONValue.parse("\u{FEFF}[1]") == .array([.number(1)]))
        let inside = syntaxError(Array("[1,".utf8) + [0xEF, 0xBB, 0xBF] + Array("2]".utf8))
        #expect(inside?.offset == 3)
        #expect(inside?.message == "unexpected byte order mark (U+FEFF), which is allowed only at the start")
        #expect(syntaxError(Array("[é]".utf8))?.message == "unexpected character 'é' (U+00E9)")
        #expect(syntaxError([0x5B, 0x01, 0x5D])?.message == "unexpected character U+0001")
    }

    @Test func numbersReadAsTheStandardLibraryReadsThem() throws {
        #expect(try JSONValue.parse("1e400") == .number(.infinity))
        #expect(try JSONValue.parse("-1e400") == .number(-.infinity))
        #expect(try JSONValue.parse("1e-400") == .number(0))
        #expect(try JSONValue.parse("-0") == .number(-0.0))
        var rng = SplitMix64(seed: 400)
        for _ in 0..<20_000 {
            // Digits, fractions and exponents around the fast path's edges (15 digits, 10^±22).
            let digits = String(rng.next() % 10_000_000_000_000_000_000)
            let cut = Int(rng.next() % UInt64(digits.count + 1))
            var text = cut == digits.count ? digits : digits.prefix(max(cut, 1)) + "." + digits.dropFirst(max(cut, 1))
            if text.hasSuffix(".") { text += "5" }
            if rng.next() % 2 == 0 { text += "e\(Int(rng.next() % 60) - 30)" }
            if rng.next() % 3 == 0 { text = "-" + text }
            #expect(try JSONValue.parse(text) == .number(Double(text)!), "\(text)")
        }
    }

    @Test func quotesAreCutAtEightyCharacters() {
        let long = String(repeating: "é", count: 100)
        let error = syntaxError(Array("{\"\(long)\": 1, \"\(long)\": 2}".utf8))
        #expect(error?.message == "duplicate member \"\(String(repeating: "é", count: 80))…\" (200 bytes)")
        let short = syntaxError(Array(#"{"a": 1, "a": 2}"#.utf8))
        #expect(short?.message == #"duplicate member "a""#)
    }

    /// Parsing, writing and comparing keep their own stacks; freeing a value recurses once per
    /// level (in the runtime). The deepest value the parser accepts (128 levels; 256 did not fit)
    /// must be parsed, written, compared and freed on a 64 KB thread stack.
    @Test func theDeepestValueAllowedFitsASixtyFourKilobyteStack() throws {
        let depth = 128
        let text = String(repeating: "[{\"a\":", count: depth / 2) + "1" + String(repeating: "}]", count: depth / 2)
        let finished = runOnThread(stackBytes: 64 << 10) {
            let value = try? JSONValue.parse(text)
            return value != nil && value == (try? JSONValue.parse(value!.text))
        }
        #expect(finished)
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse("[" + text + "]") }
    }

    func runOnThread(stackBytes: Int, _ body: @escaping @Sendable () -> Bool) -> Bool {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Bool
            var result = false
            init(_ body: @escaping @Sendable () -> Bool) { self.body = body }
        }
        let box = Box(body)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, stackBytes)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(box).toOpaque()
        let created = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.result = box.body()
            return nil
        }, context)
        pthread_attr_destroy(&attributes)
        guard created == 0 else { return false }
        pthread_join(thread, nil)
        return box.result
    }
}
