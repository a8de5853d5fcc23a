// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// A change across a tree (``TagTreeChange``) recorded in the journal before its first write:
/// the change, its folders, and each file it is about with the attribute it had when read. A
/// change killed half-way (the power, kill -9) leaves every file whole but some changed and some
/// not; the next start finds it (``TagJournal/interruptedTreeChanges()``) and can finish it or take
/// it back, byte for byte.
///
/// While it runs, its process holds an exclusive `flock` on a lock file beside the journal: a
/// change whose lock can be taken is one whose process is gone.
package struct RecordedTreeChange: Sendable, Equatable {
    package var id: Int64
    package var change: TagTreeChange
    package var roots: [FilePath]
    package var started: Double
    /// The files it is about, with the attribute each had when it was read (`nil`: none).
    package var files: [(path: FilePath, before: [UInt8]?)]

    package static func == (a: RecordedTreeChange, b: RecordedTreeChange) -> Bool {
        a.id == b.id && a.change == b.change && a.roots == b.roots && a.started == b.started
            && a.files.elementsEqual(b.files) { $0.path == $1.path && $0.before == $1.before }
    }

    /// "renamed “a” to “b” under FOLDERS (N files), started DATE".
    package var summary: String {
        let folders = roots.map(\.description).joined(separator: ", ")
        return trn("\(change.pastTense) under \(folders) (\(files.count) file), started \(Sidecar.isoTime(started))",
                   "\(change.pastTense) under \(folders) (\(files.count) files), started \(Sidecar.isoTime(started))", files.count)
    }
}

/// A tree change being made: its lock held until ``finish()``.
package final class TreeChangeInProgress: @unchecked Sendable {
    package let id: Int64
    let journal: TagJournal
    private var lock: Int32

    init(id: Int64, journal: TagJournal, lock: Int32) {
        self.id = id
        self.journal = journal
        self.lock = lock
    }

    deinit {
        if lock >= 0 { close(lock) }
    }

    /// The change is over (every file done, or the rest cancelled on purpose): forgotten.
    package func finish() {
        journal.markDone(id)
        if lock >= 0 {
            close(lock)
            lock = -1
        }
        _ = journal.lockPath(id).withCString { unlink($0) }
    }
}

extension TagJournal {
    func lockPath(_ id: Int64) -> FilePath {
        FilePath(bytes: path.bytes + Array("-change-\(id).lock".utf8))
    }

    /// Records `change` about to be made to `files` (each with its attribute as read), in one
    /// transaction, before any is written, and takes its lock.
    ///
    /// - Throws: when the journal cannot record it (the change should not start then).
    package func begin(_ change: TagTreeChange, roots: [FilePath], files: [(path: FilePath, before: [UInt8]?)]) throws -> TreeChangeInProgress {
        let id: Int64 = try locked {
            try database.transaction {
                let insert = try database.statement("""
                    INSERT INTO tree_changes (kind, old, new, roots, started, state) VALUES (?1, ?2, ?3, ?4, ?5, 'running')
                    """)
                insert.bind(1, change.kind.rawValue)
                insert.bind(2, change.old)
                if let new = change.new { insert.bind(3, new) } else { insert.bind(3, bytes: nil as [UInt8]?) }
                insert.bind(4, bytes: Self.joined(roots))
                insert.bind(5, FileSystem.now())
                try insert.step()
                let id = database.lastInsertedRow
                let file = try database.statement("INSERT OR REPLACE INTO tree_change_files (change, path, before) VALUES (?1, ?2, ?3)")
                for (path, before) in files {
                    file.bind(1, id)
                    file.bind(2, bytes: path.bytes)
                    file.bind(3, bytes: before)
                    try file.step()
                    file.reset()
                }
                return id
            }
        }
        let lock = lockPath(id).withCString { open($0, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
        if lock >= 0 { flock(lock, LOCK_EX | LOCK_NB) }
        return TreeChangeInProgress(id: id, journal: self, lock: lock)
    }

    func markDone(_ id: Int64) {
        locked {
            try? database.transaction {
                let done = try database.statement("UPDATE tree_changes SET state = 'done' WHERE id = ?")
                done.bind(1, id)
                try done.step()
                let files = try database.statement("DELETE FROM tree_change_files WHERE change = ?")
                files.bind(1, id)
                try files.step()
            }
        }
    }

    /// ``begin(_:roots:files:)`` reading each file's attribute now (for a caller that did not
    /// keep the bytes its walk read, as the folder view's index does not).
    package func begin(_ change: TagTreeChange, roots: [FilePath], paths: [FilePath],
                       attributes: any ExtendedAttributes = SystemExtendedAttributes()) throws -> TreeChangeInProgress {
        try begin(change, roots: roots, files: paths.map { path in (path, (try? attributes.value(of: FileTags.attribute, at: path)) ?? nil) })
    }

    /// Folders as one blob: each path's bytes, NUL after each (a path holds no NUL).
    static func joined(_ paths: [FilePath]) -> [UInt8] {
        paths.flatMap { $0.bytes + [0] }
    }

    static func split(_ bytes: [UInt8]) -> [FilePath] {
        bytes.split(separator: 0).map { FilePath(bytes: $0) }
    }

    /// The tree changes recorded as running whose process is gone (their lock can be taken).
    package func interruptedTreeChanges() -> [RecordedTreeChange] {
        let running: [(id: Int64, kind: String, old: String, new: String?, roots: [UInt8], started: Double)] = locked {
            guard let select = try? database.statement("SELECT id, kind, old, new, roots, started FROM tree_changes WHERE state = 'running'")
            else { return [] }
            var rows: [(Int64, String, String, String?, [UInt8], Double)] = []
            try? select.forEachRow {
                rows.append((select.int(0), select.text(1), select.text(2), select.isNull(3) ? nil : select.text(3),
                             select.bytes(4), select.double(5)))
            }
            return rows
        }
        var found: [RecordedTreeChange] = []
        for row in running {
            // Still held: its process is making it now.
            let lock = lockPath(row.id).withCString { open($0, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
            if lock >= 0 {
                defer { Glibc.close(lock) }
                if flock(lock, LOCK_EX | LOCK_NB) != 0 { continue }
                flock(lock, LOCK_UN)
            }
            guard let kind = TagTreeChange.Kind(rawValue: row.kind),
                  let change = try? TagTreeChange(kind, old: row.old, new: row.new) else { continue }
            let files: [(path: FilePath, before: [UInt8]?)] = locked {
                guard let select = try? database.statement("SELECT path, before FROM tree_change_files WHERE change = ? ORDER BY path")
                else { return [] }
                select.bind(1, row.id)
                var files: [(FilePath, [UInt8]?)] = []
                try? select.forEachRow { files.append((FilePath(bytes: select.bytes(0)), select.isNull(1) ? nil : select.bytes(1))) }
                return files
            }
            found.append(RecordedTreeChange(id: row.id, change: change, roots: Self.split(row.roots), started: row.started, files: files))
        }
        return found
    }

    /// Finishes an interrupted change: each of its files not changed yet is changed now, as any
    /// change is (files already changed need nothing). Forgotten afterwards, unless cancelled.
    ///
    /// - Parameters:
    ///   - isCancelled: asked before each file; once it says yes no other file is written, and
    ///     the change stays recorded as interrupted (offered again, finished or taken back later:
    ///     every file it holds is whole, changed or not).
    ///   - done: called after each file with how many are done and how many there are.
    package func finish(_ recorded: RecordedTreeChange, attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                        isCancelled: () -> Bool = { false }, done: (Int, Int) -> Void = { _, _ in })
        -> [(path: FilePath, outcome: FileTags.Outcome)] {
        let total = recorded.files.count
        let outcomes = FileTags.updateEach(recorded.files.map(\.path), attributes: attributes, isCancelled: isCancelled,
                                           done: { index, _ in done(index + 1, total) }, recorded.change.changes)
        try? record(outcomes.compactMap { if case .changed = $0.outcome { return Sighting(of: $0.path, attributes: attributes) }; return nil })
        if outcomes.count == total { forget(recorded) }
        return outcomes
    }

    /// The change is over: no longer offered.
    private func forget(_ recorded: RecordedTreeChange) {
        markDone(recorded.id)
        _ = lockPath(recorded.id).withCString { unlink($0) }
    }

    /// Takes an interrupted change back: a file that holds what the change made of the attribute
    /// it had gets that attribute again, byte for byte; a file another program changed since gets
    /// only this change's part taken back (its edit stays); a file the change never reached is
    /// left. Forgotten afterwards.
    ///
    /// - Parameters: as ``finish(_:attributes:isCancelled:done:)``'s.
    package func takeBack(_ recorded: RecordedTreeChange, attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                          isCancelled: () -> Bool = { false }, done: (Int, Int) -> Void = { _, _ in })
        -> [(path: FilePath, outcome: FileTags.Outcome)] {
        var outcomes: [(path: FilePath, outcome: FileTags.Outcome)] = []
        var written: [Sighting] = []
        for (path, before) in recorded.files {
            if isCancelled() { break }
            let beforeTags = before.map { FileTagsAttribute(text: String(decoding: $0, as: UTF8.self)).tags } ?? []
            let attribute = FileTagsAttribute(text: before.map { String(decoding: $0, as: UTF8.self) } ?? "")
            let made = attribute.changedInTurn(by: recorded.change.changes(beforeTags))
            let after = made.text.map { Array($0.utf8) }
            let update = FileTags.Update(before: beforeTags, after: made.tags, beforeValue: before, afterValue: after)
            let outcome: FileTags.Outcome
            do {
                let current = try attributes.value(of: FileTags.attribute, at: path)
                if current == before {
                    outcome = .unchanged
                } else if try FileTags.revert(update, fileAt: path, attributes: attributes,
                                              otherwise: { recorded.change.undoChanges(before: beforeTags, after: $0) }) {
                    outcome = .changed(update)
                } else {
                    outcome = .unchanged
                }
            } catch {
                outcome = .failed("\(error)")
            }
            if case .changed = outcome, let sighting = Sighting(of: path, attributes: attributes) { written.append(sighting) }
            outcomes.append((path, outcome))
            done(outcomes.count, recorded.files.count)
        }
        try? record(written)
        if outcomes.count == recorded.files.count { forget(recorded) }
        return outcomes
    }
}
