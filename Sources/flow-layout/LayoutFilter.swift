// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowEngine
import FlowJSON

/// Answers requests: each gets its result, or `{"error": "..."}`, on one output line.
struct LayoutFilter {
    let options: CommandOptions
    var output = StandardOutput()
    /// Whether any request failed (exit status 2).
    private(set) var anyFailed = false

    init(options: CommandOptions) {
        self.options = options
    }

    /// `--jsonl`: one request per line, each answered before the next is read, and the output
    /// flushed whenever reading may wait, so a producer that waits for answers gets them.
    mutating func answerLines(from input: InputReader) {
        do {
            while let line = try input.nextLine(maximumBytes: options.maximumInputBytes,
                                                beforeWaiting: { output.flush() }) {
                switch line {
                case .text(let bytes): answer(bytes)
                case .tooLong: answerTooLong()
                }
            }
        } catch {
            output.flush()
            Diagnostics.fail(error.description)
        }
        output.flush()
    }

    /// One request: the whole input. Its bytes are freed before the layout runs, so the input,
    /// the items and the result are never all in memory at once.
    mutating func answerDocument(from input: InputReader) {
        let decoded: Result<FlowRequest, FlowSchemaError>
        do {
            guard let bytes = try input.readAll(maximumBytes: options.maximumInputBytes) else {
                answerTooLong()
                output.flush()
                return
            }
            decoded = Result { () throws(FlowSchemaError) in try FlowRequest.decode(utf8: bytes, limits: options.limits) }
        } catch {
            Diagnostics.fail(error.description)
        }
        input.discardBuffer()
        switch decoded {
        case .success(let request): write(request)
        case .failure(let error): writeError(error.description)
        }
        output.flush()
    }

    private mutating func answer(_ bytes: UnsafeRawBufferPointer) {
        do {
            write(try FlowRequest.decode(utf8: bytes, limits: options.limits))
        } catch {
            writeError(error.description)
        }
    }

    private mutating func answerTooLong() {
        let limit = "longer than the limit of \(options.maximumInputBytes) bytes (--max-input-bytes)"
        writeError(options.jsonLines ? "the line is \(limit); the rest of it is skipped" : "the input is \(limit)")
    }

    private mutating func write(_ request: FlowRequest) {
        request.run().writeJSON(to: &output.writer, naturalLength: request.reportedNaturalLength,
                                drainAt: StandardOutput.drainThreshold, drain: StandardOutput.drain)
        output.endLine()
    }

    private mutating func writeError(_ message: String) {
        output.writer.write(raw: "{\"error\":")
        output.writer.writeString(message)
        output.writer.write(raw: "}")
        output.endLine()
        anyFailed = true
    }
}
