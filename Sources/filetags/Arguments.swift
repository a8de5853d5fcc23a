// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import TagData

/// The command line: a command, its options (anywhere before `--`), its operands.
struct Arguments {
    enum Command: String, CaseIterable {
        case list, find, rename, delete, merge, show, add, remove, check, restore, watch
        case export = "export", `import` = "import"
        case interrupted, resume, revert
        case color
    }

    /// When tags are shown in their colours (`--color`, as ls has it).
    enum ColorWhen: String {
        case auto, always, never
    }

    var command: Command?
    var help = false
    var json = false
    var nulSeparated = false
    var dryRun = false
    var crossesDevices = false
    var noJournal = false
    var threads = Arguments.defaultThreads
    var colorWhen = ColorWhen.auto
    /// How Finder's tags are read and written (`--macos`).
    var finder = FinderTagsMode.keep
    /// The operands as given, bytes (a path need not be UTF-8).
    var operands: [FilePath] = []

    /// One thread a core, at most four (more do not help a disk).
    static var defaultThreads: Int { min(4, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    struct UsageError: Error { var message: String }

    /// The command line as the program was given it: bytes, each word as it was (a file name
    /// that is not UTF-8 stays itself, where `CommandLine.arguments` would replace its bytes).
    static var commandLine: [FilePath] {
        (1..<Int(CommandLine.argc)).map { FilePath(cString: CommandLine.unsafeArgv[$0]!) }
    }

    static func parse(_ words: [String]) throws(UsageError) -> Arguments {
        try parse(words.map { FilePath($0) })
    }

    static func parse(_ words: [FilePath]) throws(UsageError) -> Arguments {
        var arguments = Arguments()
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let given = words[index]
            let word = given.string ?? given.description
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                if arguments.command == nil && !arguments.help {
                    guard let command = Command(rawValue: word) else {
                        let commands = Command.allCases.map(\.rawValue).joined(separator: ", ")
                        throw UsageError(message: tr("unknown command “\(word)” (one of: \(commands))"))
                    }
                    arguments.command = command
                } else {
                    arguments.operands.append(given)
                }
                continue
            }
            switch word {
            case "--": optionsEnded = true
            case "-h", "--help": arguments.help = true
            case "--json": arguments.json = true
            case "-0", "--null": arguments.nulSeparated = true
            case "-n", "--dry-run": arguments.dryRun = true
            case "--cross-devices": arguments.crossesDevices = true
            case "--no-journal": arguments.noJournal = true
            case "--color", "--colour": arguments.colorWhen = .always
            case let option where option.hasPrefix("--color=") || option.hasPrefix("--colour="):
                let value = String(option[option.index(after: option.firstIndex(of: "=")!)...])
                // ls takes these words too.
                let synonyms: [String: ColorWhen] = ["yes": .always, "force": .always, "no": .never, "none": .never,
                                                     "tty": .auto, "if-tty": .auto]
                guard let when = ColorWhen(rawValue: value) ?? synonyms[value] else {
                    throw UsageError(message: tr("--color takes auto, always or never, not “\(value)”"))
                }
                arguments.colorWhen = when
            case let option where option.hasPrefix("--macos="):
                let value = String(option.dropFirst("--macos=".count))
                guard let mode = FinderTagsMode(rawValue: value) else {
                    throw UsageError(message: tr("--macos takes keep, write or off, not “\(value)”"))
                }
                arguments.finder = mode
            case "--threads":
                guard index < words.count, let count = words[index].string.flatMap({ Int($0) }), (1...64).contains(count) else {
                    throw UsageError(message: tr("--threads needs a number from 1 to 64"))
                }
                arguments.threads = count
                index += 1
            default: throw UsageError(message: tr("unknown option “\(word)”"))
            }
        }
        if arguments.help { return arguments }
        guard let command = arguments.command else { throw UsageError(message: tr("no command given")) }
        try arguments.check(command)
        if arguments.noJournal && [.check, .restore, .watch, .interrupted, .resume, .revert].contains(command) {
            throw UsageError(message: tr("\(command.rawValue) works from the journal: --no-journal cannot go with it"))
        }
        return arguments
    }

    /// Refuses options and operand counts the command does not take.
    private func check(_ command: Command) throws(UsageError) {
        if json && ![.list, .show].contains(command) { throw UsageError(message: tr("--json is for list and show")) }
        if nulSeparated && command != .find { throw UsageError(message: tr("-0 is for find")) }
        if dryRun && [.list, .find, .show, .check, .watch, .export, .interrupted, .resume, .revert, .color].contains(command) {
            throw UsageError(message: tr("--dry-run is for the commands that change tags"))
        }
        // The operands' names are words a translator may put in the user's language, as the
        // help's USAGE does.
        let (minimum, shape): (Int, String) = switch command {
        case .list: (1, tr("list [--json] DIR..."))
        case .find: (2, tr("find [-0] DIR... QUERY"))
        case .rename: (3, tr("rename OLD NEW DIR..."))
        case .delete: (2, tr("delete TAG DIR..."))
        case .merge: (3, tr("merge A B DIR..."))
        case .show: (1, tr("show [--json] FILE..."))
        case .add: (2, tr("add TAG FILE..."))
        case .remove: (2, tr("remove TAG FILE..."))
        case .check: (1, tr("check DIR..."))
        case .restore: (1, tr("restore [-n] DIR..."))
        case .watch: (1, tr("watch DIR..."))
        case .export: (1, tr("export DIR > tags.json"))
        case .import: (2, tr("import [-n] tags.json DIR"))
        case .interrupted: (0, "interrupted")
        case .resume: (1, tr("resume ID"))
        case .revert: (1, tr("revert ID"))
        case .color: (2, tr("color TAG COLOR [PATH...]"))
        }
        if operands.count < minimum || ([.export, .import].contains(command) && operands.count != minimum) {
            throw UsageError(message: tr("usage: filetags \(shape)"))
        }
    }
}
