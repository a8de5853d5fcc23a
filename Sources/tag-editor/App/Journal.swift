// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GObjectSupport
import TagData

/// The journal of the tags each file carried when last seen (``TagJournal``), one per process:
/// the editor's file mode and the folder view record what they read and write in it, a change
/// across files is recorded before it starts, and tags another program's save took away are put
/// back from it.
///
/// It is a safety net, not the tags (the attribute is): a journal that cannot be opened is said
/// once, in the first window that would have used it, and the app works on without it.
/// `FILETAGS_JOURNAL=off` turns it off, as it does for `filetags`.
@MainActor
enum AppJournal {
    private static var opened = false
    private static var journal: TagJournal?
    /// Why it could not be opened, until a window has said it.
    private static var problem: String?

    /// The journal, opened on first use; `nil` when it is off or cannot be opened.
    static var shared: TagJournal? {
        if !opened { open(environment: ProcessInfo.processInfo.environment) }
        return journal
    }

    /// The journal if it was opened already (nothing is opened to answer).
    static var ifOpen: TagJournal? { journal }

    private static func open(environment: [String: String]) {
        opened = true
        guard environment["FILETAGS_JOURNAL"] != "off" else { return }
        do {
            journal = try TagJournal(path: TagJournal.defaultPath(environment: environment))
        } catch {
            problem = tr("\(error) The tags are read and written as always, without this safety net.")
            FileHandle.standardError.write(Data("tag-editor: \(problem!)\n".utf8))
        }
    }

    /// Why the journal could not be opened, once: the first window to ask says it.
    static func takeProblem() -> String? {
        defer { problem = nil }
        return problem
    }

    /// The editor's file mode over `paths`, recording in the journal what they carry.
    static func fileDocument(_ paths: [String]) -> FileTagsDocument {
        FileTagsDocument(paths: paths, journal: shared)
    }
}

/// A file whose lost tags were put back: what its Undo takes back.
struct RestoredTags: Sendable {
    var path: FilePath
    var update: FileTags.Update
}

extension AppJournal {
    /// Restores and undos run here, one at a time, so that a burst of saves (a checkout) never
    /// holds the window, nor waits for a reading's journal write on the main thread.
    private static let queue = DispatchQueue(label: "io.github.wraphstack.TagEditor.journal")

    /// Puts back, byte for byte, the tags of each of `paths` that lost them (another inode in
    /// its place without the tags the journal knows: an editor's save by rename, `sed -i`), off
    /// the main thread; `then` gets the files restored (none: not called).
    static func restoreLost(_ paths: [FilePath], then: @escaping @MainActor ([RestoredTags]) -> Void) {
        guard let journal = ifOpen else { return }
        var seen = Set<FilePath>()
        let unique = paths.filter { seen.insert($0).inserted }
        queue.async {
            let restored = unique.compactMap { path in journal.restoreIfLost(path).map { RestoredTags(path: path, update: $0) } }
            if !restored.isEmpty { runOnMainLoop { then(restored) } }
        }
    }

    /// Undo of a restore: each file back as it was found (without tags), byte for byte, unless
    /// its tags changed since; the journal then forgets its tags (their removal is the user's).
    /// `then` gets, for each file, why it was left as it is (`nil`: put back).
    static func undoRestore(_ restored: [RestoredTags], then: @escaping @MainActor ([(path: FilePath, problem: String?)]) -> Void) {
        let journal = ifOpen
        queue.async {
            let results = restored.map { item -> (path: FilePath, problem: String?) in
                do {
                    // Only the exact bytes restored are taken back: tags changed since stay.
                    guard try FileTags.revert(item.update, fileAt: item.path, otherwise: { _ in [] }) else {
                        return (item.path, tr("its tags were changed since they were put back"))
                    }
                    try? journal?.record([TagJournal.Sighting(of: item.path)].compactMap { $0 }, removedHere: true)
                    return (item.path, nil)
                } catch {
                    return (item.path, "\(error)")
                }
            }
            runOnMainLoop { then(results) }
        }
    }

    /// The tree changes whose process is gone before they were over, read off the main thread
    /// (a reading's record may hold the journal for a while); `then` gets them.
    static func interruptedChanges(then: @escaping @MainActor ([RecordedTreeChange]) -> Void) {
        guard let journal = ifOpen else { return }
        queue.async {
            let found = journal.interruptedTreeChanges()
            runOnMainLoop { then(found) }
        }
    }

    /// “Tags put back on notes.txt, which another program saved without them.”
    static func restoredText(_ restored: [RestoredTags]) -> String {
        if restored.count == 1 {
            return tr("Tags put back on \(restored[0].path.lastComponentText), which another program saved without them.")
        }
        return tr("Tags put back on \(restored.count) files another program saved without them.")
    }

    /// What an undo of a restore did, for a message.
    static func undoneText(_ results: [(path: FilePath, problem: String?)]) -> (text: String, isError: Bool) {
        let failed = results.filter { $0.problem != nil }
        let undone = results.count - failed.count
        var text = undone == 1 && results.count == 1 ? tr("\(results[0].path.lastComponentText) is as it was found, without tags.")
            : trn("\(undone) file is as found, without tags.", "\(undone) files are as found, without tags.", undone)
        if !failed.isEmpty {
            text = (undone > 0 ? text + " " : "") + failed.prefix(5).map { tr("\($0.path.lastComponentText) was left as it is: \($0.problem!).") }
                .joined(separator: " ")
        }
        return (text, !failed.isEmpty)
    }
}

extension FilePath {
    /// The file's name, escaped as ``description`` escapes a path.
    var lastComponentText: String { FilePath(bytes: Array(lastComponent)).description }
}
