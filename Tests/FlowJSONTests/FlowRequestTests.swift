// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
import FlowEngine
import FlowJSON
import JSON

@Suite struct FlowRequestTests {
    @Test func decodesEveryOption() throws {
        let request = try FlowRequest.decode(json: """
        {"axis": "vertical", "available": 300, "itemSpacing": 4, "lineSpacing": 6, "justify": "spaceEvenly",
         "justifyLastLine": false, "align": "firstBaseline", "direction": "rtl", "wrapReverse": true,
         "lineBreaking": "balanced", "maxItemsPerLine": 3, "maxLines": null, "lineHomogeneous": true,
         "naturalLineLength": 250, "insets": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4},
         "overflowIndicator": {"width": 30, "height": 10},
         "items": [{"width": 10, "height": 20, "minWidth": 5, "minHeight": 15, "baseline": 12, "grow": 1.5, "breakBefore": true}]}
        """)
        var layout = FlowLayout(axis: .vertical, itemSpacing: 4, lineSpacing: 6,
                                insets: FlowInsets(top: 1, leading: 2, bottom: 3, trailing: 4),
                                justification: .spaceEvenly, justifyLastLine: false, alignment: .firstBaseline,
                                direction: .rightToLeft, wrapReverse: true, lineBreaking: .balanced,
                                maxItemsPerLine: 3, lineHomogeneous: true, naturalLineLength: 250)
        layout.overflowIndicator = FlowItem(width: 30, height: 10)
        #expect(request.layout == layout)
        #expect(request.available == 300)
        #expect(request.items == [FlowItem(width: 10, height: 20, minimumWidth: 5, minimumHeight: 15,
                                           baseline: 12, grow: 1.5, breakBefore: true)])
    }

    @Test func defaultsAreTheEngineDefaults() throws {
        let request = try FlowRequest.decode(json: #"{"available": 100, "items": []}"#)
        #expect(request.layout == FlowLayout())
    }

    @Test func encodingRoundTrips() throws {
        var layout = FlowLayout(itemSpacing: 3, justification: .fill, maxLines: 2, naturalLineLength: 90.5)
        layout.overflowIndicator = FlowItem(width: 20, height: 8)
        let request = FlowRequest(layout: layout, available: 250.5,
                                  items: [FlowItem(width: 1, height: 2, baseline: 1), FlowItem(width: 3, height: 4, grow: 2)])
        #expect(try FlowRequest.decode(json: request.jsonValue.text) == request)
    }

    @Test func errorsNameTheField() {
        let cases: [(String, String)] = [
            (#"{"items": []}"#, "available"),
            (#"{"available": 1}"#, "items"),
            (#"{"available": "1", "items": []}"#, "available"),
            (#"{"available": 1, "items": [{"width": 1}]}"#, "items[0].height"),
            (#"{"available": 1, "items": [{"width": 1, "height": 1}, {"width": true, "height": 1}]}"#, "items[1].width"),
            (#"{"available": 1, "items": [], "justify": "middle"}"#, "justify"),
            (#"{"available": 1, "items": [], "itemSpaceing": 3}"#, "itemSpaceing"),
            (#"{"available": 1, "items": [], "maxLines": 2.5}"#, "maxLines"),
            (#"{"available": 1, "items": [], "insets": {"left": 2}}"#, "insets.left"),
            (#"{"available": 1, "items": {}}"#, "items"),
            (#"{"available": 1, "items": [3]}"#, "items[0]"),
            (#"{"available": 1, "items": [], "wrapReverse": 1}"#, "wrapReverse"),
            (#"{"available": 1, "items": [], "naturalLineLength": "wide"}"#, "naturalLineLength"),
        ]
        for (text, field) in cases {
            do {
                _ = try FlowRequest.decode(json: text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.field == field, "\(text): \(error)")
                #expect(error.description.contains(field))
            }
        }
    }

    @Test func syntaxErrorsAreReported() {
        #expect(throws: FlowSchemaError.self) { try FlowRequest.decode(json: "{") }
        #expect(throws: FlowSchemaError.self) { try FlowRequest.decode(json: "[]") }
    }

    @Test func resultEncodesTheOutputSchema() throws {
        var layout = FlowLayout(itemSpacing: 5, maxLines: 1)
        layout.overflowIndicator = FlowItem(width: 20, height: 10)
        let result = layout.layout([FlowItem(width: 40, height: 10), FlowItem(width: 40, height: 10), FlowItem(width: 40, height: 10)], in: 100)
        let json = result.jsonValue
        #expect(json.text == #"{"frames":[{"x":0,"y":0,"width":40,"height":10},{"x":0,"y":0,"width":0,"height":0},{"x":0,"y":0,"width":0,"height":0}],"size":{"width":100,"height":10},"lines":[{"start":0,"end":1}],"hidden":2,"indicator":{"x":45,"y":0,"width":20,"height":10}}"#)
        #expect(json["hidden"] == .number(2))
        #expect(json["indicator"]?["x"] == .number(45))
    }

    /// The output has `naturalLength` exactly when the request gives `naturalLineLength`, so
    /// answers to requests without it are as they were.
    @Test func theNaturalLengthIsReportedWhenTheRequestCapsIt() throws {
        let items = #""items": [{"width": 60, "height": 10}, {"width": 50, "height": 10}, {"width": 40, "height": 10}]"#
        let plain = try FlowRequest.decode(json: #"{"available": 100, "itemSpacing": 5, \#(items)}"#)
        #expect(plain.reportedNaturalLength == nil)
        #expect(try FlowRequest.decode(json: #"{"available": 100, "naturalLineLength": null, \#(items)}"#).reportedNaturalLength == nil)
        #expect(try FlowRequest.decode(json: #"{"available": 100, "naturalLineLength": -1, \#(items)}"#).layout == FlowLayout())

        let capped = try FlowRequest.decode(json: #"{"available": 100, "itemSpacing": 5, "naturalLineLength": 120, \#(items)}"#)
        #expect(capped.layout.naturalLineLength == 120)
        #expect(capped.reportedNaturalLength == 120)
        #expect(capped.run() == plain.run())
        var out = JSONWriter()
        capped.run().writeJSON(to: &out, naturalLength: capped.reportedNaturalLength)
        let answer = try JSONValue.parse(utf8: out.bytes)
        #expect(answer["naturalLength"] == .number(120))
        #expect(answer["size"] == plain.run().jsonValue["size"])
        #expect(plain.run().jsonValue["naturalLength"] == nil)
        // Never more than one line (160), never less than the widest item (60).
        let wide = try FlowRequest.decode(json: #"{"available": 100, "itemSpacing": 5, "naturalLineLength": 1e9, \#(items)}"#)
        #expect(wide.reportedNaturalLength == 160)
        let narrow = try FlowRequest.decode(json: #"{"available": 100, "itemSpacing": 5, "naturalLineLength": 0, \#(items)}"#)
        #expect(narrow.reportedNaturalLength == 60)
    }

    func decodeError(_ bytes: [UInt8]) -> FlowSchemaError? {
        do {
            _ = try bytes.withUnsafeBytes { buffer in
                Result { () throws(FlowSchemaError) in try FlowRequest.decode(utf8: buffer) }
            }.get()
            return nil
        } catch {
            return error
        }
    }

    func decodeError(_ value: JSONValue) -> FlowSchemaError? {
        do {
            _ = try FlowRequest.decode(value)
            return nil
        } catch {
            return error
        }
    }

    @Test func errorsGiveTheExactByteOffset() {
        let cases: [(String, String, Int)] = [
            (#"{"available": 1, "items": [{"width": 1, "height": "2"}]}"#, "items[0].height", 50),
            (#"{"available": 1, "items": [], "axis": "up"}"#, "axis", 38),
            (#"{"available": 1, "items": [], "available": 2}"#, "available", 30),
            (#"{"available": 1, "items": [{"width": 1, "height": 2, "grow": -}]}"#, "items[0].grow", 62),
            (#"{"available": 1}"#, "items", 15),
            ("  \n ", "", 4),
        ]
        for (text, field, offset) in cases {
            let error = decodeError(Array(text.utf8))
            #expect(error?.field == field, "\(text): \(String(describing: error))")
            #expect(error?.offset == offset, "\(text): \(String(describing: error))")
            #expect(error?.description.contains("at byte \(offset)") == true)
        }
        #expect(decodeError(Array(#"{"available": 1, "items": [], "available": 2}"#.utf8))?.message == "given twice")
    }

    @Test func escapedNamesAreTheNamesTheyStandFor() throws {
        let request = try FlowRequest.decode(json: #"{"av\u0061ilable": 7, "items": [{"w\u0069dth": 3, "height": 1}], "axis": "vertic\u0061l"}"#)
        #expect(request.available == 7)
        #expect(request.items == [FlowItem(width: 3, height: 1)])
        #expect(request.layout.axis == .vertical)
    }

    /// The rules hold whichever way a request comes: as bytes (one pass, offsets) or as a parsed
    /// value (written out and read by the same decoder, no offsets).
    @Test func bothEntryPointsKeepTheSameRules() throws {
        // A leading byte order mark is skipped; invalid UTF-8 is an error at its offset.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(decodeError(bom + Array(#"{"available": 1, "items": []}"#.utf8)) == nil)
        let invalid = decodeError(Array(#"{"available": 1, "items": [], "axis": ""#.utf8) + [0xFE] + Array(#""}"#.utf8))
        #expect(invalid?.offset == 39)
        #expect(invalid?.message == "invalid JSON: invalid UTF-8 (byte 0xFE)")
        // A number too large for a double is infinity: "available" accepts it as unbounded...
        let unbounded = try FlowRequest.decode(try JSONValue.parse(#"{"available": 1e400, "items": []}"#))
        #expect(unbounded.available == .infinity)
        #expect(try FlowRequest.decode(json: #"{"available": 1e400, "items": []}"#).available == .infinity)
        // ...and a whole number is quoted as written, never as "null".
        let bytes = decodeError(Array(#"{"available": 1, "items": [], "maxLines": 1e400}"#.utf8))
        #expect(bytes?.message == "expected a whole number or null, got 1e400")
        let value = decodeError(.object([("available", .number(1)), ("items", .array([])), ("maxLines", .number(.infinity))]))
        #expect(value?.message == "expected a whole number or null, got 1e999")
        #expect(value?.offset == nil)
        // Values are quoted up to 80 characters.
        let long = String(repeating: "x", count: 500)
        let quoted = decodeError(.object([("available", .number(1)), ("items", .array([])), ("justify", .string(long))]))
        #expect(quoted?.message == "unknown value \"\(String(repeating: "x", count: 80))…\" (500 bytes); expected one of: "
                + "center, end, fill, spaceAround, spaceBetween, spaceEvenly, start")
        let name = decodeError(Array(#"{"available": 1, "items": [], "\#(long)": 1}"#.utf8))
        #expect(name?.field == String(repeating: "x", count: 80) + "… (500 bytes)")
    }

    @Test func tooManyItemsAreRefused() throws {
        let text = #"{"available": 1, "items": [{"width": 1, "height": 1}, {"width": 1, "height": 1}]}"#
        #expect(throws: FlowSchemaError.self) { try FlowRequest.decode(json: text, limits: FlowDecodingLimits(maximumItems: 1)) }
        #expect(try FlowRequest.decode(json: text, limits: FlowDecodingLimits(maximumItems: 2)).items.count == 2)
    }

    @Test func theWrittenResultIsTheSameInPiecesAndWhole() throws {
        var layout = FlowLayout(itemSpacing: 3, maxLines: 2)
        layout.overflowIndicator = FlowItem(width: 9, height: 4)
        let items = (0..<500).map { FlowItem(width: Double($0 % 37) + 0.5, height: Double($0 % 5) + 1) }
        let result = layout.layout(items, in: 120)
        var pieces: [UInt8] = []
        var writer = JSONWriter()
        result.writeJSON(to: &writer, drainAt: 64) { writer in
            #expect(writer.bytes.count >= 64)
            pieces += writer.bytes
            writer.bytes.removeAll()
        }
        pieces += writer.bytes
        #expect(String(decoding: pieces, as: UTF8.self) == result.jsonValue.text)
        #expect(result.jsonValue["hidden"] == .number(Double(result.hiddenCount)))
    }
}

