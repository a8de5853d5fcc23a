// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// flow-layout: the FlowEngine from the command line, as a Unix filter. JSON in, JSON out; every
// read and write checked; bounded memory whatever the input (see Help.swift for the contract).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let options: CommandOptions
do {
    options = try CommandOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    Diagnostics.usage(error.message)
}

// Before any work is done for nothing.
Descriptor.requireOpen(1, forWriting: true, name: "standard output")
if options.showHelp {
    var output = StandardOutput()
    output.writer.bytes.append(contentsOf: helpText.utf8)
    output.endLine()
    output.flush()
    exit(0)
}

/// The input to read: FILE, or standard input when it is open for reading.
func openInput(_ path: String?) -> InputReader {
    guard let path else {
        Descriptor.requireOpen(0, forWriting: false, name: "standard input")
        return InputReader(descriptor: 0, name: "standard input")
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 { Diagnostics.fail(ReadError(name: path, code: errno).description) }
    return InputReader(descriptor: descriptor, name: path)
}

let input = openInput(options.path)
var filter = LayoutFilter(options: options)
if options.jsonLines {
    filter.answerLines(from: input)
} else {
    filter.answerDocument(from: input)
}
exit(filter.anyFailed ? 2 : 0)
