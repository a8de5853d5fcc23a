// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// What the tag editor edits: the user's collection, the tags of some files, or a list read from a
/// file (in memory only). Every edit is a ``TagChange`` applied to what is stored at that moment;
/// it either happens completely (and is saved) or throws and changes nothing.
package protocol TagDocument: AnyObject {
    /// What the window title says.
    var title: String { get }
    /// The tags, in order.
    var entries: TagEntries { get }
    /// The tags' names, in order (``entries``' names; a flat list gives its own list, without
    /// making a million entries to read their names).
    var names: TagNames { get }
    /// The tags every file has: adding one of these changes nothing. Outside file mode, every tag.
    var tagsOnEveryFile: TagNames { get }
    /// Something to tell the user when the document was opened.
    var notices: [String] { get }
    /// Whether changes stay in memory (nothing is written).
    var isInMemoryOnly: Bool { get }
    /// Why nothing can be edited now (no readable file, every file read-only, a collection that
    /// cannot be read), or `nil` when edits can be made.
    var whyNotEditable: String? { get }
    /// Whether a tag may contain a comma (not in file tags, which commas separate).
    var allowsComma: Bool { get }
    /// The files whose changes the editor should watch for.
    var watchedPaths: [String] { get }

    /// Applies a change to what is stored now, and shows the result.
    func apply(_ change: TagChange) throws -> ChangeReport
    /// ``apply(_:)``, told where the tag the change is about is in ``names`` when the caller
    /// knows (the chip's place): a hint, checked before it is used, that spares a long list the
    /// scan that finds the tag.
    func apply(_ change: TagChange, at index: Int?) throws -> ChangeReport
    /// The tag already there that is the same tag as `name` (``TagRules/key(_:)``), other than
    /// `renaming`; among the tags on every file when `onEveryFile` (outside file mode, every tag).
    /// `nil` when there is none: the name may be added.
    func existingTag(sameAs name: String, renaming: String?, onEveryFile: Bool) -> String?
    /// Whether a tag the same as `name` (``TagRules/key(_:)``) is among ``names``: what the
    /// editor asks of the few names it holds apart from the list (the selected chips, the tags it
    /// suggests) after each change.
    func hasTag(sameAs name: String) -> Bool
    /// Reads again what is stored (another program or editor may have changed it).
    func reload() -> Reloaded
}

/// What reading a document again found.
package struct Reloaded: Sendable, Equatable {
    /// Whether the tags, or which files can be edited, changed.
    package var changed: Bool
    /// Something that went wrong (the collection can no longer be read), to show until it clears.
    package var problem: String?

    package init(changed: Bool, problem: String? = nil) {
        self.changed = changed
        self.problem = problem
    }
}

extension TagDocument {
    package var names: TagNames { entries.names }

    package func apply(_ change: TagChange, at index: Int?) throws -> ChangeReport { try apply(change) }

    /// - Complexity: O(*n*) comparisons.
    package func existingTag(sameAs name: String, renaming: String?, onEveryFile: Bool) -> String? {
        let tags = onEveryFile ? tagsOnEveryFile : names
        let same = TagRules.SameTag(as: name), renamed = renaming.map(TagRules.SameTag.init(as:))
        return tags.firstIndexCounted { same.matches($0) && !(renamed?.matches($0) ?? false) }.map { tags[$0] }
    }

    /// - Complexity: O(*n*) comparisons.
    package func hasTag(sameAs name: String) -> Bool {
        existingTag(sameAs: name, renaming: nil, onEveryFile: false) != nil
    }

    /// `input` as a tag to store, refused when it is not a valid name or is the same tag as one
    /// already there (``existingTag(sameAs:renaming:onEveryFile:)``): the rules of
    /// ``TagRules/validated(_:existing:renaming:allowsComma:allowsInvisible:)``, in their order.
    package func validated(_ input: String, renaming: String? = nil, onEveryFile: Bool) throws(TagError) -> String {
        let name = try TagRules.validatedName(input, allowsComma: allowsComma, allowsInvisible: false)
        if let clash = existingTag(sameAs: name, renaming: renaming, onEveryFile: onEveryFile) { throw .duplicate(clash) }
        return name
    }

    /// Adds a tag typed by the user (refused when invalid or already on every file). A tag only
    /// some files have is added to the rest, under the name they already use, as a file
    /// manager's tag dialog does for a selection.
    @discardableResult
    package func add(_ input: String) throws -> ChangeReport {
        let name = try validated(input, onEveryFile: true)
        // Only when some tags are on some files only (a flat list of a million has none).
        guard tagsOnEveryFile.count < names.count else { return try apply(.add(name)) }
        let partial = entries.first { $0.isPartial && TagRules.key($0.name) == TagRules.key(name) }
        return try apply(.add(partial?.name ?? name))
    }

    /// Adds the tags of a pasted list (or of a line with commas) as one change: every name that
    /// can be added is, in one write to each place, so that they are saved together or not at all.
    /// Names already on every file, or twice in the list, and names refused are in the outcome;
    /// the report is `nil` when nothing was left to add.
    ///
    /// - Complexity: O(*c·n*) comparisons for *c* names and *n* tags, and one write per place.
    package func add(all inputs: [String]) throws -> (report: ChangeReport?, outcome: PastedTags.Outcome) {
        // Only when some tags are on some files only (a flat list of a million has none).
        var partial: [String: String] = [:]
        if tagsOnEveryFile.count < self.names.count {
            for entry in entries where entry.isPartial { partial[TagRules.key(entry.name)] = entry.name }
        }
        var outcome = PastedTags.Outcome()
        var names: [String] = []
        for input in inputs {
            do throws(TagError) {
                let name = try validated(input, onEveryFile: true)
                if let clash = names.first(where: TagRules.SameTag(as: name).matches) { throw TagError.duplicate(clash) }
                names.append(partial[TagRules.key(name)] ?? name)
            } catch .duplicate {
                outcome.alreadyThere.append(input)
            } catch {
                outcome.refused.append((input, error.description))
            }
        }
        guard !names.isEmpty else { return (nil, outcome) }
        let report = try apply(names.count == 1 ? .add(names[0]) : .all(names.map { .add($0) }))
        outcome.added = names
        return (report, outcome)
    }

    package var tagsOnEveryFile: TagNames { names }

    /// Removes a tag; `index`, when given, is where the caller saw it (``apply(_:at:)``).
    @discardableResult
    package func remove(_ name: String, at index: Int? = nil) throws -> ChangeReport {
        guard Self.has(name, in: names, at: index) else { throw TagError.notFound(name) }
        return try apply(.remove(name), at: index)
    }

    /// Whether `shown` has `name`: at `index` (one comparison) or anywhere (a scan).
    static func has(_ name: String, in shown: TagNames, at index: Int?) -> Bool {
        if let index, shown.indices.contains(index), shown[index] == name { return true }
        return shown.firstIndexCounted { $0 == name } != nil
    }

    /// Removes several tags as one change (the chips selected): one write to each place, so
    /// they go together or not at all.
    ///
    /// - Parameter places: where the caller saw each tag in ``names`` (the chips' places), as
    ///   hints: a list's tags found there are checked and removed with a few comparisons each.
    /// - Complexity: O(*k*) comparisons for *k* tags at their places in a list; O(*k* · *n*)
    ///   otherwise.
    @discardableResult
    package func remove(all names: [String], at places: [Int?]? = nil) throws -> ChangeReport {
        let shown = self.names
        var seen: [String: Int] = [:]
        for (offset, name) in names.enumerated() {
            if let place = places?[offset], shown.indices.contains(place), shown[place] == name {
                seen[name] = place
            } else if !shown.contains(name) {
                throw TagError.notFound(name)
            }
        }
        let change: TagChange = names.count == 1 ? .remove(names[0]) : .all(names.map { .remove($0) })
        guard let list = self as? TagListDocument, seen.count == names.count else { return try apply(change) }
        list.placesSeen = seen
        defer { list.placesSeen = [:] }
        return try apply(change, at: names.count == 1 ? seen[names[0]] : nil)
    }

    /// Applies `change` told where the tags it names were seen (`places`, hints checked before
    /// use): a list then moves a tag (an undone drag) or removes several with a few comparisons.
    @discardableResult
    package func apply(_ change: TagChange, places: [String: Int]) throws -> ChangeReport {
        guard let list = self as? TagListDocument, !places.isEmpty else { return try apply(change) }
        list.placesSeen = places
        defer { list.placesSeen = [:] }
        return try apply(change, at: places[change.name])
    }

    /// Renames a tag; the report's name is the new name as stored. `index`, when given, is
    /// where the caller saw it (``apply(_:at:)``).
    @discardableResult
    package func rename(_ old: String, to input: String, at index: Int? = nil) throws -> ChangeReport {
        guard Self.has(old, in: names, at: index) else { throw TagError.notFound(old) }
        let name = try validated(input, renaming: old, onEveryFile: false)
        return try apply(.rename(old, to: name), at: index)
    }
}

/// Shared bookkeeping of the documents that hold one flat list.
package class TagListDocument: TagDocument {
    package let title: String
    package internal(set) var tags: TagNames
    /// The keys of ``tags``, following each edit made here; made again (O(*n*)) when an edit
    /// finds them of another array (the tags were read again).
    var keys: TagKeys?
    /// Where the tags of a change of several were seen (``TagDocument/remove(all:at:)``), while
    /// it is applied: hints for ``TagChange/applied(toDistinct:keys:at:places:)``.
    var placesSeen: [String: Int] = [:]
    package var notices: [String]
    package var isInMemoryOnly: Bool { true }
    package var whyNotEditable: String? { nil }
    package var allowsComma: Bool { true }
    package var watchedPaths: [String] { [] }

    /// - Parameter keys: the tags' keys, when the reader made them.
    init(title: String, tags: TagNames, notices: [String], keys: Set<String>? = nil) {
        self.title = title
        self.tags = tags
        self.notices = notices
        self.keys = keys.flatMap { TagKeys(tags, keys: $0) }
    }

    package var entries: TagEntries { TagEntries(names: tags) }
    package var names: TagNames { tags }

    package func apply(_ change: TagChange) throws -> ChangeReport { try apply(change, at: nil) }

    /// Applies the change in memory; overridden to apply it to the file.
    package func apply(_ change: TagChange, at index: Int?) throws -> ChangeReport {
        let applied = appliedToShown(change, at: index)
        tags = applied.tags
        return ChangeReport(name: change.name, applied: applied, in: title)
    }

    /// - Complexity: O(1) comparisons when the name is not there (``TagKeys``).
    package func existingTag(sameAs name: String, renaming: String?, onEveryFile: Bool) -> String? {
        if let keys, keys.are(of: tags) { return keys.existing(sameAs: name, renaming: renaming) }
        let same = TagRules.SameTag(as: name), renamed = renaming.map(TagRules.SameTag.init(as:))
        return tags.firstIndexCounted { same.matches($0) && !(renamed?.matches($0) ?? false) }.map { tags[$0] }
    }

    /// - Complexity: O(1), once the keys are of the tags shown (O(*n*) to make them again after
    ///   the tags were read again).
    package func hasTag(sameAs name: String) -> Bool {
        if keys.map({ !$0.are(of: tags) }) ?? true { keys = TagKeys(tags) }
        if let keys { return keys.contains(name) }
        return existingTag(sameAs: name, renaming: nil, onEveryFile: false) != nil
    }

    /// `change` applied to the tags shown (``TagChange/applied(toDistinct:keys:at:)``), the
    /// keys made first if they are not the shown tags' (the tags were replaced by a reload).
    func appliedToShown(_ change: TagChange, at index: Int?) -> TagChange.Applied {
        if keys.map({ !$0.are(of: tags) }) ?? true { keys = TagKeys(tags) }
        // Two tags the same (never in what the editor reads): the plain scans.
        guard var current = keys else { return change.applied(to: tags, seen: tags) }
        keys = nil  // The only reference while it changes: no copy of a million keys.
        let applied = change.applied(toDistinct: tags, keys: &current, at: index, places: placesSeen)
        keys = current
        return applied
    }

    package func reload() -> Reloaded { Reloaded(changed: false) }
}

/// The user's collection (``CollectionFile``): every change is saved before it is shown, or, once
/// ``saveInBackground(whenSaved:)`` was called, shown at once and saved by a thread of its own
/// (``CollectionDocument+Background.swift``).
package final class CollectionDocument: TagListDocument {
    package let file: CollectionFile
    /// `false` in the checking modes: nothing is ever written.
    package let mayWrite: Bool
    /// Why the file cannot be edited now: it could not be read (when opened read-only, or since
    /// another program replaced it with something else), or it is read-only.
    var problem: String?
    /// Writes the changes, and keeps the version of the file last read or written: while the
    /// file is still that version, a change or a reload does not read it again.
    let writer: CollectionWriter
    /// Whether changes are saved by the writer's thread.
    var savesInBackground = false
    /// The changes shown but not yet saved, oldest first, with the tags the user saw for each.
    var unsaved: [CollectionWriter.Job] = []
    var nextJob = 0
    /// A reload asked for while changes were being saved: done once they are.
    var reloadWanted = false
    /// The tags in the file as last read or written (what is shown again when a save fails).
    var savedTags: TagNames
    override package var isInMemoryOnly: Bool { false }
    override package var watchedPaths: [String] { [file.path] }

    override package var whyNotEditable: String? {
        if let problem { return problem }
        // The save replaces the file from its folder: an immutable file or a folder that cannot
        // be written refuses every change, so the editor says so before one is tried.
        if let problem = FileSystem.writeProblem(file.path), problem.code != ENOENT { return problem.description }
        let folder = FileSystem.writeProblem(FileSystem.parentDirectory(of: file.path))
        // The checking modes make no folder (they write nothing); the editor makes it when it starts.
        if !mayWrite, folder?.code == ENOENT { return nil }
        return folder?.description
    }

    /// - Parameter mayWrite: `false` for the checking modes (``CollectionFile/load(sample:mayWrite:)``).
    package init(file: CollectionFile, sample: TagNames, mayWrite: Bool = true) throws {
        self.file = file
        self.mayWrite = mayWrite
        let loaded = try file.load(sample: sample, mayWrite: mayWrite)
        problem = loaded.problem
        writer = CollectionWriter(file: file, known: loaded.snapshot)
        savedTags = loaded.tags
        super.init(title: tr("Tag collection"), tags: loaded.tags, notices: loaded.notice.map { [$0] } ?? [], keys: loaded.keys)
    }

    override package func apply(_ change: TagChange, at index: Int?) throws -> ChangeReport {
        guard mayWrite else { throw CheckingModeError() }
        if savesInBackground, problem == nil { return try applyInBackground(change, at: index) }
        // Waits for the writer's thread, if any, so that changes stay in order.
        if savesInBackground { _ = finishSaving() }
        let applied = try writer.applyNow(change, seen: tags)
        tags = applied.tags
        savedTags = applied.tags
        return ChangeReport(name: change.name, applied: applied, in: file.path)
    }

    override package func reload() -> Reloaded {
        if savesInBackground {
            // The writer reads the file under the lock before it writes: what others changed
            // comes with the save (``takeSaved()``), and is read here once the saves are over.
            let saved = takeSaved()
            guard unsaved.isEmpty else {
                reloadWanted = true
                return Reloaded(changed: saved?.changed ?? false, problem: saved?.problem)
            }
            let reloaded = readAgain()
            return Reloaded(changed: reloaded.changed || saved?.changed == true, problem: reloaded.problem ?? saved?.problem)
        }
        return readAgain()
    }

    /// Reads the file again (unless its stamp says it is the version known) and shows it.
    func readAgain() -> Reloaded {
        let contents: CollectionFile.Contents
        do {
            contents = try file.read(knowing: writer.snapshot)
        } catch {
            return Reloaded(changed: false, problem: error.description)
        }
        switch contents {
        case .text(let snapshot):
            let changed = snapshot.tags != tags || problem != nil
            tags = snapshot.tags
            savedTags = snapshot.tags
            writer.snapshot = snapshot
            problem = nil
            return Reloaded(changed: changed)
        case .missing:
            // Removed: the next change writes it again, whole; the user is told, not surprised.
            return Reloaded(changed: false, problem: tr("\(file.path) was removed by another program. The tags shown stay, and your next change saves them there again."))
        case .corrupt(let reason):
            writer.snapshot = nil
            let changed = problem == nil
            problem = CollectionChangedError(path: file.path, reason: reason, refusedAChange: false).description
            return Reloaded(changed: changed, problem: problem)
        }
    }
}

/// A change asked of a document opened by `--screenshot` or `--dump-layout`.
package struct CheckingModeError: Error, CustomStringConvertible {
    package var description: String { tr("--screenshot and --dump-layout change nothing.") }

    package init() {}
}

/// A list read with `--tags FILE`: edits stay in memory, the file is never written.
package final class ListFileDocument: TagListDocument {
    /// The list's file name, for the window's title.
    package let fileName: String

    package init(path: String) throws {
        fileName = path.split(separator: "/").last.map(String.init) ?? path
        super.init(title: tr("Tags — \(fileName) (not saved)"), tags: try TagListFile.read(path), notices: [])
    }
}

/// The tags of files given on the command line (``FileTags``).
package final class FileTagsDocument: TagDocument {
    package internal(set) var fileTags: FileTags
    package let notices: [String]
    package var isInMemoryOnly: Bool { false }
    package var allowsComma: Bool { false }
    /// Writes the changes on a thread of its own, once asked to (``saveInBackground(whenSaved:)``).
    var writer: FileTagsWriter?
    /// The changes shown and not written yet, in order.
    var pendingWrites: [FileTagsWriter.Job] = []
    var nextWrite = 1
    /// Writes done that the caller has not taken yet (``takeSaved()``).
    var writesNotTaken: [FileTagsWriter.Done] = []
    /// The files were to be read again while changes were being written: read once they are.
    var reloadAfterWrites = false
    /// Whether the tags shown changed when writes were taken, since ``takeSaved()`` last said.
    var shownChangedSinceTaken = false

    /// - Parameter journal: records what the files carry each time they are read or written.
    package convenience init(paths: [String], attributes: any ExtendedAttributes = SystemExtendedAttributes(), journal: TagJournal? = nil) {
        self.init(filePaths: paths.map { FilePath($0) }, attributes: attributes, journal: journal)
    }

    /// ``init(paths:attributes:journal:)`` of paths as bytes (a file name that is not UTF-8).
    package init(filePaths: [FilePath], attributes: any ExtendedAttributes = SystemExtendedAttributes(), journal: TagJournal? = nil) {
        fileTags = FileTags(filePaths: filePaths, attributes: attributes, journal: journal)
        notices = fileTags.problems.map(\.message)
    }

    /// Counts the files whose tags are shown: one deleted meanwhile is no longer counted (the
    /// window says why).
    package var title: String {
        let files = fileTags.files.filter(\.isReadable)
        if fileTags.files.isEmpty { return tr("Tags — no file open") }
        if files.isEmpty { return tr("Tags — no file can be read") }
        if files.count == 1 { return tr("Tags — \(files[0].path.split(separator: "/").last.map(String.init) ?? "")") }
        return trn("Tags — \(files.count) file", "Tags — \(files.count) files", files.count)
    }

    package var entries: TagEntries { TagEntries(fileTags.entries) }
    /// How Finder's attribute is read and written (``FileTags/finderMode``).
    package var finderMode: FinderTagsMode {
        get { fileTags.finderMode }
        set { fileTags.finderMode = newValue }
    }
    package var watchedPaths: [String] { fileTags.files.map(\.path) }

    package var whyNotEditable: String? { fileTags.whyNotEditable }

    package var tagsOnEveryFile: TagNames { TagNames(entries.filter { !$0.isPartial }.map(\.name)) }

    package func apply(_ change: TagChange) throws -> ChangeReport {
        if writer != nil { return try applyInBackground(.change(change)) }
        return try fileTags.apply(change)
    }

    package func reload() -> Reloaded {
        if writer != nil {
            // The writer reads each file under its lock before it writes: what others changed
            // comes with its report, and the files are read here once the writes are over.
            takeFinishedWrites()
            guard pendingWrites.isEmpty else {
                reloadAfterWrites = true
                return Reloaded(changed: false)
            }
        }
        return Reloaded(changed: fileTags.reload())
    }

    /// Leaves a file out: it is no longer shown, counted or written.
    package func close(_ path: String) {
        waitForWrites()
        fileTags.close(path)
    }

    /// Adds files to the set; returns what was left out and why.
    @discardableResult
    package func open(_ paths: [String]) -> [String] {
        waitForWrites()
        return fileTags.open(paths)
    }

    func applyToFiles(_ changes: [PlacedChange]) throws -> ChangeReport {
        if writer != nil { return try applyInBackground(.placed(changes)) }
        return try fileTags.apply(changes)
    }
}

extension FileTagsDocument {
    /// The colours a tag added to a file's Finder list gets (the collection's).
    package var tagColors: TagColors {
        get { fileTags.tagColors }
        set { fileTags.tagColors = newValue }
    }

    /// ``FileTags/recolor(_:to:only:)`` on the open files.
    package func recolor(_ tag: String, to color: TagColor, only: Set<String>? = nil) throws -> FileTags.ColorReport {
        waitForWrites()
        return try fileTags.recolor(tag, to: color, only: only)
    }
}

extension ChangeReport {
    init(name: String, applied: TagChange.Applied, in place: String) {
        self.init(name: name)
        changedFiles = applied.changedSomething ? 1 : 0
        undo = applied.undo.map { [PlacedChange(place: place, change: $0)] } ?? []
        if let conflict = applied.conflict {
            self.conflict = conflict
            conflicts = [place]
        }
    }

    /// What to tell the user after the change, or `nil` when it simply happened.
    package var message: String? {
        var parts: [String] = []
        if !skipped.isEmpty {
            // Say where it did happen too, so a mixed result does not read as a refusal.
            let done = undo.map(\.place)
            if !done.isEmpty {
                parts.append(done.count <= 3 ? tr("Done on \(done.joined(separator: ", ")).")
                                             : trn("Done on \(done.count) file.", "Done on \(done.count) files.", done.count))
            }
            parts.append(tr("Not changed: \(FileTags.list(skipped))."))
        }
        if let conflict {
            parts.append(conflict + (conflicts.count > 1 ? " (\(conflicts.joined(separator: ", ")))" : ""))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
