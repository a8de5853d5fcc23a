// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowJSON

/// What the command line asked for.
struct CommandOptions {
    var jsonLines = false
    /// The input file; `nil` for standard input.
    var path: String?
    /// The largest request read: the whole input, or one line with `--jsonl`.
    var maximumInputBytes = 256 << 20
    var limits = FlowDecodingLimits()
    var showHelp = false

    /// A command line the command cannot run: said on standard error, exit status 64.
    struct UsageError: Error {
        var message: String
    }

    /// Reads the arguments (without the program's name).
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandOptions {
        var options = CommandOptions()
        var rest = arguments[...]
        var onlyFiles = false, sawFile = false
        while let argument = rest.popFirst() {
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                if sawFile { throw UsageError(message: "only one FILE may be given") }
                sawFile = true
                options.path = argument == "-" ? nil : argument   // '-' is standard input, as for cat
                continue
            }
            let (name, attached) = split(argument)
            func count() throws(UsageError) -> Int {
                guard let text = attached ?? rest.popFirst() else { throw UsageError(message: "\(name) needs a number") }
                guard let value = Int(text), value > 0 else {
                    throw UsageError(message: "\(name) needs a whole number above 0, not '\(text.prefix(80))'")
                }
                return value
            }
            func flag() throws(UsageError) -> Bool {
                if attached != nil { throw UsageError(message: "\(name) takes no value") }
                return true
            }
            switch name {
            case "--help", "-h": options.showHelp = try flag()
            case "--jsonl": options.jsonLines = try flag()
            case "--": onlyFiles = try flag()
            // Capped far above any memory, so the buffer's arithmetic (a limit plus a chunk) cannot overflow.
            case "--max-input-bytes": options.maximumInputBytes = min(try count(), Int.max / 4)
            case "--max-items": options.limits.maximumItems = try count()
            default: throw UsageError(message: "unknown option \(argument.prefix(80))")
            }
        }
        return options
    }

    /// `--name=value` as the name and the value; any other argument as itself and `nil`.
    static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
