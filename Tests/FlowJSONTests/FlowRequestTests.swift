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
         "insets": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4},
         "overflowIndicator": {"width": 30, "height": 10},
         "items": [{"width": 10, "height": 20, "minWidth": 5, "minHeight": 15, "baseline": 12, "grow": 1.5, "breakBefore": true}]}
        """)
        var layout = FlowLayout(axis: .vertical, itemSpacing: 4, lineSpacing: 6,
                                insets: FlowInsets(top: 1, leading: 2, bottom: 3, trailing: 4),
                                justification: .spaceEvenly, justifyLastLine: false, alignment: .firstBaseline,
                                direction: .rightToLeft, wrapReverse: true, lineBreaking: .balanced,
                                maxItemsPerLine: 3, lineHomogeneous: true)
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
        var layout = FlowLayout(itemSpacing: 3, justification: .fill, maxLines: 2)
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
}
