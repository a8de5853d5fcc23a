// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import JSON
import TagData

/// The commands, over the parsed command line.
struct Commands {
    let arguments: Arguments
    var output = Output()
    /// 0, or 1 once something was skipped or could not be changed.
    var status: Int32 = 0

    /// The journal of tags last seen, unless --no-journal or FILETAGS_JOURNAL=off; a journal that
    /// cannot be opened is said once and done without (it is a safety net, not the tags).
    let journal: TagJournal?

    init(arguments: Arguments) {
        self.arguments = arguments
        let environment = Self.environment
        if arguments.noJournal || environment["FILETAGS_JOURNAL"] == "off" {
            journal = nil
        } else {
            do {
                journal = try TagJournal(path: TagJournal.defaultPath(environment: environment))
            } catch {
                Diagnostics.warn(tr("\(error) Going on without it."))
                journal = nil
            }
        }
    }

    static var environment: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") { variables[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
            entry += 1
        }
        return variables
    }

    var options: FolderWalk.Options {
        FolderWalk.Options(crossesDevices: arguments.crossesDevices, threads: arguments.threads, finder: arguments.finder)
    }

    /// The user's tag collection (its colours).
    var collection: CollectionFile { CollectionFile(path: CollectionFile.defaultPath(environment: Self.environment)) }

    /// The colours the collection gives tags; none, said once, when it cannot be read.
    func collectionColors() -> TagColors {
        do {
            return try collection.colors()
        } catch {
            Diagnostics.warn(tr("the colours of the tag collection cannot be read (\(error)); tags are shown without them"))
            return TagColors()
        }
    }

    /// Whether tags are shown in colour: `--color=always`, or `auto` (the default) on a terminal
    /// that is not "dumb", as ls decides.
    var paintsColors: Bool {
        switch arguments.colorWhen {
        case .always: true
        case .never: false
        case .auto: isatty(1) != 0 && Self.environment["TERM"] != "dumb" && Self.environment["NO_COLOR"].map(\.isEmpty) ?? true
        }
    }

    /// `name` in its colour's terminal escape when ``paintsColors`` (orange from the 256 colours,
    /// grey as bright black), as it is otherwise.
    func painted(_ name: String, _ color: TagColor) -> String {
        guard paintsColors, color != .none else { return name }
        let code = switch color {
        case .none: "0"
        case .grey: "90"
        case .green: "32"
        case .purple: "35"
        case .blue: "34"
        case .yellow: "33"
        case .red: "31"
        case .orange: "38;5;208"
        }
        return "\u{1B}[\(code)m" + name + "\u{1B}[0m"
    }

    /// Walks `roots` with a visitor per thread from `make`, keeping the journal current as it
    /// goes (``JournalingVisitor``) when there is one.
    private func walk<Visitor: FolderVisitor>(_ roots: [FilePath], _ make: () -> Visitor)
        -> (visitors: [Visitor], skipped: [WalkProblem], filesRead: Int) {
        guard let journal else {
            let walk = FolderWalk.walk(roots, options: options, makeVisitor: make)
            return (walk.visitors, walk.skipped, walk.filesRead)
        }
        let plan = JournalWalkPlan(journal: journal, roots: roots)
        let walk = FolderWalk.walk(roots, options: options) { JournalingVisitor(make(), plan: plan) }
        do {
            try journal.sync(walk.visitors)
        } catch {
            Diagnostics.warn(tr("the journal \(journal.path) was not brought up to date: \(error)"))
        }
        return (walk.visitors.map(\.inner), walk.skipped, walk.filesRead)
    }

    /// Records in the journal what files carry now (after a change, or as shown).
    private func record(_ paths: [FilePath], removedHere: Bool = false) {
        guard let journal, !paths.isEmpty else { return }
        do {
            try journal.record(paths.compactMap { TagJournal.Sighting(of: $0) }, removedHere: removedHere)
        } catch {
            Diagnostics.warn(tr("the journal \(journal.path) was not brought up to date: \(error)"))
        }
    }

    /// The JSON list of what was skipped, and the end of the document.
    private static func writeSkipped(_ skipped: [WalkProblem], into writer: inout JSONWriter) {
        for (index, problem) in skipped.enumerated() {
            if index > 0 { writer.write(raw: ",") }
            writer.write(raw: "{")
            writePath(problem.filePath, into: &writer)
            writer.write(raw: ",\"reason\":")
            writer.writeString(problem.reason)
            writer.write(raw: "}")
        }
        writer.write(raw: "]}\n")
    }

    /// `"path": PATH` (a path that is not UTF-8: escaped as `ls` escapes it, and its bytes in
    /// base64 as `"pathBytes"`).
    static func writePath(_ path: FilePath, into writer: inout JSONWriter) {
        writer.write(raw: "\"path\":")
        writer.writeString(path.description)
        if path.string == nil {
            writer.write(raw: ",\"pathBytes\":")
            writer.writeString(FilePath.base64(path.bytes))
        }
    }

    /// Names what was skipped on standard error (unless it goes in the JSON) and sets the status.
    mutating func report(_ skipped: [WalkProblem], onStandardError: Bool = true) {
        if skipped.isEmpty { return }
        status = 1
        if onStandardError {
            for problem in skipped { Diagnostics.warn(tr("skipped \(problem.path): \(problem.reason)")) }
        }
    }

    // MARK: list

    mutating func list() {
        let walk = walk(arguments.operands) { TagCounter() }
        let tags = TagCounter.merged(walk.visitors)
        // The collection's colour, else the one Finder's attribute gives the tag.
        let colors = collectionColors()
        var finderColors: [String: TagColor] = [:]
        for visitor in walk.visitors { finderColors.merge(visitor.finderColors) { first, _ in first } }
        func color(_ tag: MergedCounts.Tag) -> TagColor {
            let own = colors[tag.name]
            return own != .none ? own : finderColors[tag.key] ?? .none
        }
        let skipped = (walk.skipped + walk.visitors.flatMap(\.unreadable)).sorted { $0.filePath < $1.filePath }
        if arguments.json {
            var writer = JSONWriter()
            writer.write(raw: "{\"tags\":[")
            for (index, tag) in tags.enumerated() {
                if index > 0 { writer.write(raw: ",") }
                writer.write(raw: "{\"name\":")
                writer.writeString(tag.name)
                writer.write(raw: ",\"files\":")
                writer.writeInteger(Int64(tag.total))
                writer.write(raw: ",\"own\":")
                writer.writeInteger(Int64(tag.own))
                if color(tag) != .none {
                    writer.write(raw: ",\"color\":")
                    writer.writeString(color(tag).name)
                }
                writer.write(raw: "}")
                if writer.bytes.count > 1 << 16 { drain(&writer) }
            }
            writer.write(raw: "],\"files\":")
            writer.writeInteger(Int64(walk.filesRead))
            writer.write(raw: ",\"skipped\":[")
            Self.writeSkipped(skipped, into: &writer)
            drain(&writer)
            report(skipped, onStandardError: false)
        } else {
            for tag in tags { output.write("\(tag.total)\t\(painted(tag.name, color(tag)))\n") }
            report(skipped)
        }
    }

    private mutating func drain(_ writer: inout JSONWriter) {
        output.writer.bytes.append(contentsOf: writer.bytes)
        writer.bytes.removeAll(keepingCapacity: true)
        output.flush()
    }

    // MARK: find

    mutating func find() {
        let text = string(arguments.operands.last!, what: tr("the query"))
        let query: Query
        do {
            query = try QueryParser.parse(text)
        } catch {
            Diagnostics.fail(error.report(for: text), status: 2)
        }
        let colors = query.asksForColor ? collectionColors() : TagColors()
        let walk = walk(Array(arguments.operands.dropLast())) {
            guard query.asksForColor else { return FileMatcher { query.matches(TagTree.keysWithParents($0)) } }
            // A tag's colour: the collection's, else Finder's on this file.
            return FileMatcher(colored: { names, finder in
                let tagColors = names.map { colors[$0] != .none ? colors[$0] : finder[$0] }
                return query.matches(TagTree.keysWithParents(names), colors: Set(tagColors).subtracting([.none]))
            })
        }
        for path in walk.visitors.flatMap(\.paths).sorted() {
            // With -0, the bytes as they are (for xargs -0); else one line a path, escaped when
            // it is not UTF-8 or holds a line break.
            if arguments.nulSeparated {
                output.write(bytes: path.bytes)
                output.write("\0")
            } else {
                output.write(path.description + "\n")
            }
        }
        report((walk.skipped + walk.visitors.flatMap(\.unreadable)).sorted { $0.filePath < $1.filePath })
    }

    // MARK: rename, merge, delete

    /// An operand that must be text (a tag, a query), or an error (status 2).
    private func string(_ operand: FilePath, what: String) -> String {
        guard let text = operand.string else {
            Diagnostics.fail(tr("\(what) \(operand) is not valid UTF-8 text"), status: 2)
        }
        return text
    }

    /// A tag named on the command line, as stored (trimmed, NFC).
    private func tagName(_ operand: FilePath, new: Bool) -> String {
        let text = string(operand, what: tr("the tag"))
        do {
            return try TagRules.validated(text, existing: [], allowsComma: false, allowsInvisible: !new)
        } catch {
            Diagnostics.fail("“\(text)”: \(error.description)", status: 2)
        }
    }

    mutating func changeTree() {
        let command = arguments.command!
        let kind: TagTreeChange.Kind = command == .rename ? .rename : (command == .merge ? .merge : .delete)
        let change: TagTreeChange
        do {
            change = try TagTreeChange(kind, old: string(arguments.operands[0], what: tr("the tag")),
                                       new: kind == .delete ? nil : string(arguments.operands[1], what: tr("the tag")))
        } catch {
            Diagnostics.fail(error.description, status: 2)
        }
        let folders = Array(arguments.operands.dropFirst(kind == .delete ? 1 : 2))
        let walkedAt = FileSystem.now()
        let recordsBefore = journal != nil && !arguments.dryRun
        let walk = walk(folders) {
            let matcher = FileMatcher(change.touches)
            matcher.keepsIdentities = true
            matcher.keepsAttributes = recordsBefore
            return matcher
        }
        let identities = walk.visitors.reduce(into: [FilePath: FileIdentity]()) { $0.merge($1.identities) { first, _ in first } }
        report((walk.skipped + walk.visitors.flatMap(\.unreadable)).sorted { $0.filePath < $1.filePath })
        let candidates = walk.visitors.flatMap(\.paths).sorted()
        if kind == .rename, let new = change.new, !candidates.isEmpty {
            let taken = FolderWalk.walk(folders, options: options) { FileMatcher(change.meetsNewName) }
                .visitors.reduce(0) { $0 + $1.paths.count }
            if taken > 0 {
                Diagnostics.fail(trn("\(taken) file already carries “\(new)” or a sub-tag of it: “filetags merge” merges two tags",
                                     "\(taken) files already carry “\(new)” or a sub-tag of it: “filetags merge” merges two tags",
                                     taken), status: 2)
            }
        }
        // Recorded before the first write, so that a change killed half-way can be finished or
        // taken back at the next start.
        var inProgress: TreeChangeInProgress?
        if recordsBefore, let journal, !candidates.isEmpty {
            let before = walk.visitors.reduce(into: [FilePath: [UInt8]]()) { $0.merge($1.attributes) { first, _ in first } }
            do {
                inProgress = try journal.begin(change, roots: folders, files: candidates.map { ($0, before[$0]) })
            } catch {
                Diagnostics.warn(tr("the change could not be recorded in the journal \(journal.path) (\(error)); it is made without a record to finish or take it back after a crash"))
            }
        }
        summarize(change.pastTense, update(candidates, walked: identities, roots: folders, walkedAt: walkedAt, change.changes))
        inProgress?.finish()
    }

    /// Applies the changes to each file, naming on standard error each one that cannot be changed.
    ///
    /// - Returns: how many files changed (or would change, in a dry run), and how many could not.
    ///
    /// - Parameter walked: the identity each file had when the walk read it (see
    ///   ``FileTags/updateEach(_:walked:dryRun:attributes:isCancelled:done:_:)``).
    private mutating func update(_ paths: [FilePath], walked: [FilePath: FileIdentity] = [:], roots: [FilePath] = [],
                                 walkedAt: Double? = nil,
                                 _ changes: ([String]) -> [TagChange]) -> (changed: Int, failed: Int) {
        var changed = 0, failed = 0
        var written: [FilePath] = []
        defer { if !arguments.dryRun { record(written) } }
        let colors = arguments.finder == .off ? TagColors() : collectionColors()
        for (path, outcome) in FileTags.updateEach(paths, walked: walked, roots: roots, walkedAt: walkedAt,
                                                   dryRun: arguments.dryRun, finder: arguments.finder, colors: colors, changes) {
            switch outcome {
            case .changed(let update):
                changed += 1
                written.append(path)
                if arguments.dryRun {
                    // The attribute as it is and as it would be written, byte for byte.
                    func text(_ value: [UInt8]?) -> String { value.map { "“" + String(decoding: $0, as: UTF8.self) + "”" } ?? "(none)" }
                    output.write("\(path): \(text(update.beforeValue)) -> \(text(update.afterValue))\n")
                }
            case .unchanged:
                break
            case .failed(let reason):
                failed += 1
                status = 1
                Diagnostics.warn(tr("not changed: \(reason)"))
            }
        }
        return (changed, failed)
    }

    /// "renamed “a” to “b” on 3 files": what was done (TagTreeChange's `pastTense`, or added or
    /// removed), on how many files, and how many could not be changed.
    private func summarize(_ verb: String, _ counts: (changed: Int, failed: Int)) {
        let n = counts.changed
        var line = arguments.dryRun ? trn("dry run: would have \(verb) on \(n) file", "dry run: would have \(verb) on \(n) files", n)
                                    : trn("\(verb) on \(n) file", "\(verb) on \(n) files", n)
        if counts.failed > 0 { line += trn("; \(counts.failed) could not be changed", "; \(counts.failed) could not be changed", counts.failed) }
        Diagnostics.warn(line)
    }

    // MARK: show, add, remove

    mutating func show() {
        var shown: [(path: FilePath, tags: [String], colors: [TagColor])] = []
        var problems: [WalkProblem] = []
        let collectionColors = collectionColors()
        for path in arguments.operands {
            do {
                let read = try FileTags.tags(of: path, finder: arguments.finder)
                let colors = read.tags.map { collectionColors[$0] != .none ? collectionColors[$0] : read.finderColors[$0] }
                shown.append((path, read.tags, colors))
            } catch let error as FileError where error.code == EILSEQ && error.detail == nil {
                problems.append(WalkProblem(path: path, reason: tr("its tags are not valid UTF-8")))
            } catch {
                problems.append(WalkProblem(path: path, reason: String(describing: error)))
            }
        }
        record(shown.map(\.path))
        if arguments.json {
            var writer = JSONWriter()
            writer.write(raw: "{\"files\":[")
            for (index, file) in shown.enumerated() {
                if index > 0 { writer.write(raw: ",") }
                writer.write(raw: "{")
                Self.writePath(file.path, into: &writer)
                writer.write(raw: ",\"tags\":[")
                for (tagIndex, tag) in file.tags.enumerated() {
                    if tagIndex > 0 { writer.write(raw: ",") }
                    writer.writeString(tag)
                }
                writer.write(raw: "]")
                // Each coloured tag's colour, by its name as in "tags".
                if file.colors.contains(where: { $0 != .none }) {
                    writer.write(raw: ",\"colors\":{")
                    var first = true
                    for (tag, color) in zip(file.tags, file.colors) where color != .none {
                        if !first { writer.write(raw: ",") }
                        first = false
                        writer.writeString(tag)
                        writer.write(raw: ":")
                        writer.writeString(color.name)
                    }
                    writer.write(raw: "}")
                }
                writer.write(raw: "}")
            }
            writer.write(raw: "],\"skipped\":[")
            Self.writeSkipped(problems, into: &writer)
            drain(&writer)
            report(problems, onStandardError: false)
        } else {
            for file in shown {
                let tags = zip(file.tags, file.colors).map { painted($0, $1) }
                output.write("\(file.path): \(tags.joined(separator: ", "))\n")
            }
            report(problems)
        }
    }

    mutating func changeFiles() {
        let adding = arguments.command == .add
        let name = tagName(arguments.operands[0], new: adding)
        let key = TagRules.key(name)
        let changed = update(Array(arguments.operands.dropFirst())) { tags in
            adding ? [.add(name)] : tags.filter { TagRules.key($0) == key }.map { .remove($0) }
        }
        summarize(adding ? tr("added “\(name)”") : tr("removed “\(name)”"), changed)
    }
}

// MARK: - check, restore

extension Commands {
    /// The journal, which check and restore need (status 2 without one).
    var requiredJournal: TagJournal {
        guard let journal else { Diagnostics.fail(tr("\(arguments.command!.rawValue) needs the journal, which cannot be opened"), status: 2) }
        return journal
    }

    mutating func checkOrRestore() {
        let journal = requiredJournal
        let result: CheckResult
        do {
            result = try journal.check(arguments.operands, options: FolderWalk.Options(crossesDevices: arguments.crossesDevices,
                                                                                        threads: arguments.threads))
        } catch {
            Diagnostics.fail(tr("the check could not be made: \(error)"), status: 2)
        }
        report(result.skipped)
        guard arguments.command == .restore else {
            for loss in result.losses { output.write("\(loss.path): \(loss.explanation)\n") }
            if !result.losses.isEmpty {
                status = 1
                let count = result.losses.count
                Diagnostics.warn(trn("\(count) file lost its tags; “filetags restore” puts them back (“filetags restore -n” shows what it would write)",
                                     "\(count) files lost their tags; “filetags restore” puts them back (“filetags restore -n” shows what it would write)",
                                     count))
            }
            return
        }
        var restored = 0
        for (loss, outcome) in zip(result.losses, journal.restore(result.losses, dryRun: arguments.dryRun)) {
            let tags = loss.tags
            switch outcome {
            case .restored:
                restored += 1
                output.write(tr("restored \(loss.path): \(tags)") + "\n")
            case .wouldRestore:
                restored += 1
                output.write(tr("would restore \(loss.path): \(tags)") + "\n")
            case .skipped(let why):
                status = 1
                Diagnostics.warn(tr("not restored: \(loss.path): \(why)"))
            }
        }
        Diagnostics.warn(arguments.dryRun
            ? trn("dry run: would have restored the tags of \(restored) file", "dry run: would have restored the tags of \(restored) files", restored)
            : trn("restored the tags of \(restored) file", "restored the tags of \(restored) files", restored))
    }
}

// MARK: - watch

/// Set by SIGINT and SIGTERM: the watch ends between two events.
nonisolated(unsafe) let stopWatching = CancelFlag()

extension Commands {
    mutating func watch() {
        let journal = requiredJournal
        let watcher: TagWatcher
        do {
            watcher = try TagWatcher(roots: arguments.operands, journal: journal, options: options) { event in
                if case .problem(let text) = event { Diagnostics.warn(text) }
            }
        } catch {
            Diagnostics.fail(tr("cannot watch: \(error)"), status: 2)
        }
        signal(SIGINT) { _ in stopWatching.set() }
        signal(SIGTERM) { _ in stopWatching.set() }
        // A parent may have started this with the two blocked (a thread's mask is inherited).
        var ending = sigset_t()
        sigemptyset(&ending)
        sigaddset(&ending, SIGINT)
        sigaddset(&ending, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &ending, nil)
        let folders = watcher.watchedFolders
        Diagnostics.warn(trn("watching \(folders) folder; a file that loses its tags gets them back at once (Ctrl+C ends)",
                             "watching \(folders) folders; a file that loses its tags gets them back at once (Ctrl+C ends)", folders))
        var output = self.output
        watcher.run(until: stopWatching) { event in
            switch event {
            case .restored(let path, let value):
                output.write(tr("restored \(path): “\(String(decoding: value, as: UTF8.self))”") + "\n")
                output.flush()
            case .problem(let text):
                Diagnostics.warn(text)
            }
        }
        self.output = output
    }
}

// MARK: - export, import

extension Commands {
    mutating func export() {
        let root = arguments.operands[0]
        let (entries, skipped) = TagExport.entries(under: root, journal: journal, options: options)
        var output = self.output
        TagExport.encode(entries) { output.write(bytes: $0) }
        self.output = output
        report(skipped)
        Diagnostics.warn(trn("exported the tags of \(entries.count) file", "exported the tags of \(entries.count) files", entries.count))
    }

    mutating func importTags() {
        let file = arguments.operands[0], root = arguments.operands[1]
        let bytes: [UInt8]
        do {
            guard let read = try Self.readWhole(file) else { Diagnostics.fail(tr("\(file) does not exist"), status: 2) }
            bytes = read
        } catch {
            Diagnostics.fail("\(error)", status: 2)
        }
        let entries: [TagExport.Entry]
        do {
            entries = try TagExport.decode(bytes)
        } catch {
            Diagnostics.fail(tr("\(file) cannot be imported: \(error.description)"), status: 2)
        }
        let plan = TagImport.plan(entries, under: root)
        var written: [FilePath] = []
        for item in plan.items {
            let text = String(decoding: item.attribute, as: UTF8.self)
            let tags = item.finder.isEmpty ? "“" + text + "”" : tr("“\(text)” and Finder's attribute")
            let how = switch item.match {
            case .byPath: tr("by path")
            case .byContent(let exported): tr("by content: it was \(exported) in the export")
            }
            // Finder's attribute goes back byte for byte with the other, unless --macos=off.
            let finder = arguments.finder == .off ? [:] : item.finder
            if item.attribute.isEmpty && finder.isEmpty {
                status = 1
                Diagnostics.warn(tr("left alone: \(item.path) has only Finder's tags in the export, which --macos=off does not write"))
                continue
            }
            switch FileTags.writeIfUntagged(item.attribute.isEmpty ? nil : item.attribute, finder: finder, at: item.path,
                                            identity: item.identity, dryRun: arguments.dryRun) {
            case .restored:
                written.append(item.path)
                output.write(tr("tagged \(item.path): \(tags) (\(how))") + "\n")
            case .wouldRestore:
                written.append(item.path)
                output.write(tr("would tag \(item.path): \(tags) (\(how))") + "\n")
            case .skipped(let why):
                status = 1
                Diagnostics.warn(tr("not tagged: \(item.path): \(why)"))
            }
        }
        if !arguments.dryRun { record(written) }
        for (path, reason) in plan.leftAlone {
            status = 1
            Diagnostics.warn(tr("left alone: \(path) \(reason)"))
        }
        let count = written.count
        Diagnostics.warn(arguments.dryRun ? trn("dry run: would have tagged \(count) file", "dry run: would have tagged \(count) files", count)
                                          : trn("tagged \(count) file", "tagged \(count) files", count))
    }

    /// The whole of a file (bounded: an export of a million files is far below it), or `nil`
    /// when it does not exist.
    static func readWhole(_ path: FilePath) throws -> [UInt8]? {
        let fd = path.openPieceByPiece(O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FileError(path: path, operation: "read", code: errno)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 { if errno == EINTR { continue }; throw FileError(path: path, operation: "read", code: errno) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > 1 << 30 { throw FileError(path: path, operation: "1024 MiB", code: EFBIG) }
        }
    }
}

// MARK: - interrupted changes

extension Commands {
    /// Says on standard error which tree changes were interrupted (before a change starts).
    func warnOfInterruptedChanges() {
        guard let journal else { return }
        for recorded in journal.interruptedTreeChanges() {
            Diagnostics.warn(tr("interrupted change \(recorded.id): \(recorded.summary); “filetags resume \(recorded.id)” finishes it, “filetags revert \(recorded.id)” takes it back"))
        }
    }

    mutating func interrupted() {
        for recorded in requiredJournal.interruptedTreeChanges() {
            output.write("\(recorded.id)\t\(recorded.summary)\n")
        }
    }

    mutating func resumeOrRevert() {
        let journal = requiredJournal
        let text = arguments.operands[0].string ?? ""
        guard let id = Int64(text), let recorded = journal.interruptedTreeChanges().first(where: { $0.id == id }) else {
            Diagnostics.fail(tr("there is no interrupted change \(arguments.operands[0]) (“filetags interrupted” lists them)"), status: 2)
        }
        let resuming = arguments.command == .resume
        let outcomes = resuming ? journal.finish(recorded) : journal.takeBack(recorded)
        var changed = 0
        for (path, outcome) in outcomes {
            switch outcome {
            case .changed: changed += 1
            case .unchanged: break
            case .failed(let reason):
                status = 1
                Diagnostics.warn(tr("not changed: \(path): \(reason)"))
            }
        }
        let done = recorded.change.pastTense
        Diagnostics.warn(resuming ? trn("finished: \(done) on \(changed) file more", "finished: \(done) on \(changed) files more", changed)
                                  : trn("taken back: \(done), undone on \(changed) file", "taken back: \(done), undone on \(changed) files", changed))
    }
}

// MARK: - color

extension Commands {
    /// `color TAG COLOR [PATH...]`: the tag's colour in the collection (one tag, one colour), and
    /// in Finder's attribute of every file under the paths that carries the tag there.
    mutating func color() {
        let name = tagName(arguments.operands[0], new: false)
        let word = string(arguments.operands[1], what: tr("the colour"))
        guard let color = TagColor(named: word) else {
            Diagnostics.fail(tr("“\(word)” is not a colour: one of \(TagColor.names)"), status: 2)
        }
        let before: TagColor
        do {
            before = try collection.setColor(color, of: name)
        } catch {
            Diagnostics.fail(tr("the colour of “\(name)” was not changed: \(error)"), status: 1)
        }
        let roots = Array(arguments.operands.dropFirst(2))
        var changed = 0
        if !roots.isEmpty && arguments.finder != .off {
            let key = TagRules.key(name)
            let walk = walk(roots) { FileMatcher { $0.contains { TagRules.key($0) == key } } }
            report((walk.skipped + walk.visitors.flatMap(\.unreadable)).sorted { $0.filePath < $1.filePath })
            for path in walk.visitors.flatMap(\.paths).sorted() {
                do {
                    if try FileTags.recolor(name, to: color, fileAt: path, finder: arguments.finder) != nil { changed += 1 }
                } catch {
                    status = 1
                    Diagnostics.warn(tr("not changed: \(error)"))
                }
            }
        }
        var line = before == color ? tr("“\(name)” was \(color.name) already") : tr("“\(name)” is \(color.name) now (was \(before.name))")
        if !roots.isEmpty { line += trn("; Finder's colour changed on \(changed) file", "; Finder's colour changed on \(changed) files", changed) }
        Diagnostics.warn(line)
    }
}
