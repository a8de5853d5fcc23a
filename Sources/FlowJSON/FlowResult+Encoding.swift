// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowEngine
import JSON

// `flow-layout`'s output schema. The text is written straight from the result, frame by frame,
// into a writer the caller can drain as it fills: a million frames need no tree and no whole
// string in memory.

extension FlowResult {
    /// Writes the result in `flow-layout`'s output schema, with a `naturalLength` member when one
    /// is given (``FlowRequest/reportedNaturalLength``). When the writer holds `drainAt` bytes or
    /// more, `drain` is called (between frames) to take them.
    ///
    /// - Complexity: O(n) in the number of items.
    public func writeJSON(to out: inout JSONWriter, naturalLength: Double? = nil, drainAt threshold: Int = .max,
                          drain: (inout JSONWriter) -> Void = { _ in }) {
        out.write(raw: "{\"frames\":[")
        for (index, frame) in frames.enumerated() {
            if index > 0 { out.write(raw: ",") }
            Self.write(frame, to: &out)
            if out.bytes.count >= threshold { drain(&out) }
        }
        out.write(raw: "],\"size\":{\"width\":")
        out.writeNumber(size.width)
        out.write(raw: ",\"height\":")
        out.writeNumber(size.height)
        out.write(raw: "},\"lines\":[")
        for (index, line) in lines.enumerated() {
            out.write(raw: index > 0 ? ",{\"start\":" : "{\"start\":")
            out.writeInteger(Int64(line.lowerBound))
            out.write(raw: ",\"end\":")
            out.writeInteger(Int64(line.upperBound))
            out.write(raw: "}")
            if out.bytes.count >= threshold { drain(&out) }
        }
        out.write(raw: "],\"hidden\":")
        out.writeInteger(Int64(hiddenCount))
        if let naturalLength {
            out.write(raw: ",\"naturalLength\":")
            out.writeNumber(naturalLength)
        }
        if let indicatorFrame {
            out.write(raw: ",\"indicator\":")
            Self.write(indicatorFrame, to: &out)
        }
        out.write(raw: "}")
    }

    static func write(_ r: FlowRect, to out: inout JSONWriter) {
        out.write(raw: "{\"x\":")
        out.writeNumber(r.x)
        out.write(raw: ",\"y\":")
        out.writeNumber(r.y)
        out.write(raw: ",\"width\":")
        out.writeNumber(r.width)
        out.write(raw: ",\"height\":")
        out.writeNumber(r.height)
        out.write(raw: "}")
    }

    /// The result in `flow-layout`'s output schema, as a value (read back from ``writeJSON``'s
    /// text, so the two are one schema).
    ///
    /// - Complexity: O(n) in the number of items.
    public var jsonValue: JSONValue {
        var out = JSONWriter()
        writeJSON(to: &out)
        // The writer's own output is JSON, so this cannot fail.
        return try! JSONValue.parse(utf8: out.bytes)
    }
}
