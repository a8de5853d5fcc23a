// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

extension TagJournal {
    /// When the file at `path` lost its tags (its journaled tags gone and another inode in its
    /// place: an editor's save by rename, a copy over it), puts them back at once, byte for byte,
    /// as ``restore(_:dryRun:attributes:)`` does. A file that is the one the journal knows,
    /// without tags, had them removed on purpose: the journal forgets them. Records what it sees.
    ///
    /// The folder view calls this for each file its watch reports replaced (inotify's
    /// `IN_MOVED_TO`, `IN_CLOSE_WRITE`), and offers ``FileTags/revert(_:fileAt:attributes:otherwise:)``
    /// of the returned update as its Undo.
    ///
    /// - Returns: the update written (no attribute before, the journaled bytes after), or `nil`.
    package func restoreIfLost(_ path: FilePath, attributes: any ExtendedAttributes = SystemExtendedAttributes()) -> FileTags.Update? {
        guard let canonical = Self.canonical(path), let sighting = Sighting(of: path, attributes: attributes) else { return nil }
        if let attribute = sighting.attribute, !attribute.isEmpty {
            try? record([sighting])
            return nil
        }
        if !sighting.finder.isEmpty {
            try? record([sighting])
            return nil
        }
        let row: (attribute: [UInt8], device: Int64, inode: Int64, born: Double?, carriesAttribute: Bool,
                  finder: [FinderAttribute: [UInt8]])? = locked {
            guard let select = try? database.statement("""
                SELECT f.attribute, f.device, f.inode, f.born, f.carries_xdg, f.finder_rsync, f.finder_samba
                FROM files f JOIN folders d ON d.id = f.folder
                WHERE d.path = ?1 AND f.name = ?2
                """) else { return nil }
            select.bind(1, bytes: canonical.parent.bytes)
            select.bind(2, bytes: canonical.lastComponent)
            guard (try? select.step()) == true else { return nil }
            return (select.bytes(0), select.int(1), select.int(2), select.optionalDouble(3), select.int(4) != 0,
                    Self.finder(select, rsync: 5, samba: 6))
        }
        guard let row else { return nil }
        if Self.isSameFile(device: row.device, inode: row.inode, born: row.born, as: sighting.device, sighting.inode, sighting.born) {
            try? record([sighting])
            return nil
        }
        let loss = Loss(path: path, kind: .replaced, attribute: row.attribute,
                        identity: FileIdentity(device: sighting.device, inode: sighting.inode),
                        carriesAttribute: row.carriesAttribute, finder: row.finder)
        guard restore([loss], attributes: attributes) == [.restored] else { return nil }
        let finderTags = FinderTags(forms: row.finder.sorted { $0.key < $1.key }.compactMap { try? FinderTags.decode($1, of: $0, at: path) })
        let tags = row.carriesAttribute ? FileTagsAttribute(text: String(decoding: row.attribute, as: UTF8.self)).tags : finderTags.tags
        var update = FileTags.Update(before: [], after: tags, beforeValue: nil, afterValue: row.carriesAttribute ? row.attribute : nil)
        update.finderAfter = row.finder
        return update
    }
}

/// What a watch did.
package enum WatchEvent: Sendable, Equatable {
    /// A file that lost its tags got them back.
    case restored(FilePath, [UInt8])
    /// A folder could not be watched, and why.
    case problem(String)
}

/// Restores tags the moment they are lost under some folders: inotify on each folder (and each
/// made or moved in later) for files renamed into place (`IN_MOVED_TO`: an editor's save, `sed
/// -i`, `mv` over) and files written and closed (`IN_CLOSE_WRITE`); each such file at a journaled
/// path is given to ``TagJournal/restoreIfLost(_:attributes:)``. Attributes changed by another
/// program (`IN_ATTRIB`) are recorded, so that a removal made while watched is known as intended.
/// The journal is brought up to date by a walk of the folders first.
package final class TagWatcher {
    private let journal: TagJournal
    private let attributes: any ExtendedAttributes
    private let fd: Int32
    /// The folder of each watch.
    private var folders: [Int32: FilePath] = [:]
    private static let fileEvents = UInt32(IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE)
    private static let folderEvents = fileEvents | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// Starts watching `roots` (folders): a journaled walk of them, then a watch on each folder.
    ///
    /// - Throws: ``FileError`` when inotify cannot be had.
    package init(roots: [FilePath], journal: TagJournal, options: FolderWalk.Options = FolderWalk.Options(),
                 attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                 problems: (WatchEvent) -> Void = { _ in }) throws(FileError) {
        self.journal = journal
        self.attributes = attributes
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        if fd < 0 { throw FileError(path: "inotify", operation: "start", code: errno) }
        let plan = JournalWalkPlan(journal: journal, roots: roots)
        // The journal keeps Finder's attribute whatever the mode: the walk reads it (its digests
        // then match the journal's).
        var options = options
        if options.finder == .off { options.finder = .keep }
        let walk = FolderWalk.walk(roots, options: options) { JournalingVisitor(FolderLister(), plan: plan) }
        try? journal.sync(walk.visitors, attributes: attributes)
        for problem in walk.skipped { problems(.problem("\(problem.path): \(problem.reason)")) }
        for folder in walk.visitors.flatMap(\.inner.folders) {
            if let problem = watch(folder) { problems(.problem(problem)) }
        }
    }

    deinit {
        close(fd)
    }

    /// How many folders are watched.
    package var watchedFolders: Int { folders.count }

    /// Adds a watch on one folder; why not, or `nil`.
    private func watch(_ folder: FilePath) -> String? {
        let descriptor = folder.withKernelPath { $0.map { inotify_add_watch(fd, $0, Self.folderEvents) } ?? -1 }
        guard descriptor >= 0 else {
            if errno == ENOSPC {
                return tr("\(folder) cannot be watched: the most folders inotify watches for a user (/proc/sys/fs/inotify/max_user_watches) are watched")
            }
            return tr("\(folder) cannot be watched: \(String(cString: strerror(errno)))")
        }
        folders[descriptor] = folder
        return nil
    }

    /// Handles events until `cancel` is set (checked every `interval` seconds), calling `report`
    /// for each restore and problem.
    package func run(until cancel: CancelFlag, interval: Double = 0.2, report: (WatchEvent) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !cancel.isSet {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(interval * 1000))
            if ready <= 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            var offset = 0
            // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
            while offset + 16 <= count {
                let (descriptor, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
                offset += 16 + length
                handle(descriptor, mask: mask, name: Array(nameBytes), report: report)
            }
        }
    }

    private func handle(_ descriptor: Int32, mask: UInt32, name: [UInt8], report: (WatchEvent) -> Void) {
        if mask & UInt32(IN_IGNORED) != 0 {
            folders[descriptor] = nil
            return
        }
        guard let folder = folders[descriptor], !name.isEmpty else { return }
        let path = folder.appending(name)
        if mask & UInt32(IN_ISDIR) != 0 {
            // A folder made or moved in: watched too, with what it already holds.
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                let walk = FolderWalk.walk([path]) { FolderLister() }
                for found in walk.visitors.flatMap(\.folders) { if let problem = watch(found) { report(.problem(problem)) } }
            }
            return
        }
        if mask & UInt32(IN_MOVED_TO | IN_CLOSE_WRITE) != 0 {
            if let update = journal.restoreIfLost(path, attributes: attributes) {
                report(.restored(path, update.afterValue ?? Array(update.after.joined(separator: ",").utf8)))
            }
        } else if mask & UInt32(IN_ATTRIB) != 0, let sighting = TagJournal.Sighting(of: path, attributes: attributes) {
            // Changed by another program while watched: what it did is what the file carries.
            try? journal.record([sighting])
        }
    }
}

/// The walk's visitor that notes the folders.
final class FolderLister: FolderVisitor {
    var folders: [FilePath] = []

    func visit(_ file: WalkedFile) {
        if file.isDirectory { folders.append(file.path) }
    }
}
