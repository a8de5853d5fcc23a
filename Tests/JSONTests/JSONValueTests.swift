import Testing
import JSON

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
