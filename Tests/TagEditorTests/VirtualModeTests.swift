// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import FlowEngine
import FlowJSON
import JSON

/// `tag-editor --dump-layout` with the chips in the virtual list: the list's figures, the realized
/// chips where the engine puts them, and when the editor chooses the list.
@Suite struct VirtualModeTests {
    static func writeTags(_ count: Int) throws -> String {
        let path = NSTemporaryDirectory() + "tag-editor-virtual-\(UUID().uuidString).txt"
        try Data((0..<count).map { "tag-\($0)\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func dump(_ arguments: [String]) throws -> JSONValue {
        let run = try TagEditorModeTests.run(["--dump-layout", "--height", "400"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONValue.parse(String(run.stdout.split(separator: "\n").first ?? ""))
    }

    /// With `--virtual` the sample tags are all realized (they fit in the margin around the
    /// viewport) and each is where the engine puts it from the dumped request.
    @Test func theRealizedChipsAreWhereTheEngineSaysFromTheWholeRequest() throws {
        let value = try Self.dump(["--widths", "480", "--virtual", "--tags", TagEditorModeTests.sampleTags])
        #expect(value["virtual"] == .bool(true))
        #expect(value["modelItems"] == .number(25))
        #expect(value["scrollOffset"] == .number(0))
        let request = try FlowRequest.decode(try #require(value["engineInput"]))
        #expect(request.items.count == 25)
        let frames = request.run().snapped().frames
        guard case .array(let items)? = value["items"] else {
            Issue.record("no items")
            return
        }
        #expect(value["realizedItems"] == .number(Double(items.count)))
        #expect(items.count == 25)
        for item in items {
            let index = Int(number(item["index"]))
            let actual = FlowRect(x: number(item["x"]), y: number(item["y"]),
                                  width: number(item["width"]), height: number(item["height"]))
            #expect(actual == frames[index], "\(item["tag"]!.text)")
        }
    }

    /// Past the threshold the list is chosen by itself, and realizes a few of the tags only;
    /// `--no-virtual` keeps one widget per tag.
    @Test func pastTheThresholdTheListIsChosenUnlessNoVirtual() throws {
        let path = try Self.writeTags(1_500)
        defer { unlink(path) }
        let automatic = try Self.dump(["--widths", "600", "--tags", path])
        #expect(automatic["virtual"] == .bool(true))
        #expect(automatic["modelItems"] == .number(1_500))
        #expect(number(automatic["realizedItems"]) < 500)
        let all = try Self.dump(["--widths", "600", "--tags", path, "--no-virtual"])
        #expect(all["virtual"] == nil)
        guard case .array(let items)? = all["items"] else {
            Issue.record("no items")
            return
        }
        #expect(items.count == 1_500)
    }

    /// Past 100,000 items the request is left out of the line, and the line says so.
    @Test func aHugeRequestIsOmittedAndSaidSo() throws {
        let path = try Self.writeTags(150_000)
        defer { unlink(path) }
        let value = try Self.dump(["--widths", "800", "--tags", path])
        #expect(value["engineInput"] == nil)
        #expect(value["engineInputOmitted"] == .string("150000 items"))
        #expect(value["modelItems"] == .number(150_000))
    }

    @Test func virtualAndNoVirtualAreParsed() throws {
        let run = try TagEditorModeTests.run(["--help"])
        #expect(run.stdout.contains("--virtual") && run.stdout.contains("--no-virtual"))
        #expect(run.stdout.contains("more than 1000 tags"))
    }
}
