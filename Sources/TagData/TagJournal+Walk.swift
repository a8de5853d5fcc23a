// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import CXXHash
import Glibc

/// What a journaled walk needs from the journal before it starts: the digests of the folders
/// under its roots, and how each root's paths map to the journal's canonical paths.
package final class JournalWalkPlan: Sendable {
    let journal: TagJournal
    /// Each root as given and as the journal keeps it.
    let roots: [(given: FilePath, canonical: FilePath)]
    let digests: [FilePath: UInt64]

    package init(journal: TagJournal, roots: [FilePath]) {
        self.journal = journal
        self.roots = roots.compactMap { given in
            var bytes = given.bytes
            while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
            let trimmed = FilePath(bytes: bytes)
            return TagJournal.canonicalRoot(trimmed).map { (trimmed, $0) }
        }
        digests = journal.folderDigests(under: self.roots.map(\.canonical))
    }

    /// The journal's path of a path the walk gave (under one of the roots as given).
    func canonical(_ path: FilePath) -> FilePath? {
        for root in roots where path.isWithin(root.given) {
            return FilePath(bytes: root.canonical.bytes + path.bytes[root.given.bytes.count...])
        }
        return nil
    }

    /// A tagged file's part of its folder's digest: XXH3 of its name, inode and attribute.
    static func digest(name: UnsafeRawBufferPointer, inode: UInt64, attribute: UnsafeRawBufferPointer) -> UInt64 {
        var seed = inode &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(name.count)
        let named = XXH3_64bits_withSeed(name.baseAddress, name.count, seed)
        seed = named ^ UInt64(attribute.count) &* 0xC2B2_AE3D_27D4_EB4F
        return XXH3_64bits_withSeed(attribute.baseAddress, attribute.count, seed)
    }

    /// A file's part of its folder's digest, with Finder's attribute: the freedesktop part as
    /// above (so a journal's digests of files without Finder's tags stay as they were), and a
    /// part for each form of Finder's, seeded by its form and the file's inode.
    static func digest(name: UnsafeRawBufferPointer, inode: UInt64, attribute: UnsafeRawBufferPointer?,
                       finder: [FinderAttribute: [UInt8]]) -> UInt64 {
        var sum: UInt64 = attribute.map { digest(name: name, inode: inode, attribute: $0) } ?? 0
        for (form, value) in finder {
            let seed = digest(name: name, inode: inode &+ (form == .rsync ? 1 : 2), attribute: UnsafeRawBufferPointer(start: nil, count: 0))
            sum &+= value.withUnsafeBytes { XXH3_64bits_withSeed($0.baseAddress, $0.count, seed) }
        }
        return sum
    }
}

/// A walk's visitor that keeps the journal current while another visitor does the walk's work
/// (`list`, `find`, a change): it sums each folder's digest as the files go by and, when a folder
/// is listed to its end, notes it if the journal's digest differs. ``TagJournal/sync(_:)`` then
/// reads those folders again and records them. Costs a hash of each tagged file's name and
/// attribute; no system call.
package final class JournalingVisitor<Inner: FolderVisitor>: FolderVisitor {
    package let inner: Inner
    let plan: JournalWalkPlan
    private var folder: FilePath?
    private var digest: UInt64 = 0
    /// Folders whose digest differs from the journal's: as given, and the journal's path.
    package private(set) var stale: [(given: FilePath, canonical: FilePath)] = []
    /// Roots that are files, not folders: recorded one by one.
    package private(set) var rootFiles: [FilePath] = []

    package init(_ inner: Inner, plan: JournalWalkPlan) {
        self.inner = inner
        self.plan = plan
    }

    package var needsDescriptor: Bool { inner.needsDescriptor }

    package func visit(_ file: WalkedFile) {
        inner.visit(file)
        if file.name.isEmpty {
            guard file.isDirectory else { return rootFiles.append(file.folder) }
            // A folder's own entry comes first, then its files, from the same thread.
            folder = file.folder
            digest = 0
        }
        let finder = Self.finderValues(file.finder)
        guard file.attribute != nil || !finder.isEmpty else { return }
        digest &+= JournalWalkPlan.digest(name: file.name, inode: file.identity.inode, attribute: file.attribute, finder: finder)
    }

    /// The values of Finder's attribute a walk read (well-formed ones only: the walk leaves a
    /// malformed one out).
    static func finderValues(_ tags: FinderTags?) -> [FinderAttribute: [UInt8]] {
        guard let tags else { return [:] }
        var values: [FinderAttribute: [UInt8]] = [:]
        for form in tags.forms { values[form.attribute] = form.value }
        return values
    }

    package func finished(folder done: FilePath, identity: FileIdentity, complete: Bool) {
        inner.finished(folder: done, identity: identity, complete: complete)
        guard complete, done == folder, let canonical = plan.canonical(done) else { return }
        if plan.digests[canonical] ?? 0 != digest { stale.append((done, canonical)) }
    }
}

extension TagJournal {
    /// Reads again the folders a journaled walk found changed (and the roots that were files) and
    /// records what they hold, in one transaction: each tagged file's row made or brought up to
    /// date; each row whose file has no tags now dropped when it is the same file (its tags were
    /// removed on purpose), marked lost when another file took its place without tags (an
    /// editor's save, a copy without its attributes), marked missing when it is gone; and each
    /// folder's digest stored.
    ///
    /// - Complexity: one read of each folder given, and a few statements a file in them.
    package func sync<Inner>(_ visitors: [JournalingVisitor<Inner>], attributes: any ExtendedAttributes = SystemExtendedAttributes()) throws {
        let stale = visitors.flatMap(\.stale)
        let files = visitors.flatMap(\.rootFiles)
        guard !stale.isEmpty || !files.isEmpty else { return }
        let sightings = files.compactMap { Sighting(of: $0, attributes: attributes) }
        try locked {
            try database.transaction {
                let now = FileSystem.now()
                for sighting in sightings {
                    if let canonical = Self.canonical(sighting.path) {
                        try record(sighting, at: canonical, removedHere: false, now: now)
                    }
                }
                for (given, canonical) in stale { try sync(folder: given, canonical: canonical, now: now) }
            }
        }
    }

    /// `body` with `bytes` as a raw buffer, or `nil`.
    static func withOptionalBytes<T>(_ bytes: [UInt8]?, _ body: (UnsafeRawBufferPointer?) -> T) -> T {
        guard let bytes else { return body(nil) }
        return bytes.withUnsafeBytes { body($0) }
    }

    /// One folder: read now, compared with its rows.
    private func sync(folder given: FilePath, canonical: FilePath, now: Double) throws {
        let fd = given.openPieceByPiece(O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return }
        let read = FolderSnapshot(fd, path: given)   // closes fd
        let folder = try folderID(canonical)
        // The folder's own tags live in its parent's rows, as any entry's (none now: its row goes
        // when it is this folder's).
        if let info = read.info {
            try record(Sighting(path: canonical, attribute: read.own?.attribute, info: info, born: read.born), at: canonical,
                       removedHere: false, now: now, marksStale: false)
        }
        var digest: UInt64 = 0
        for (name, file) in read.tagged {
            try record(Sighting(path: canonical.appending(name), attribute: file.attribute, finder: file.finder, info: file.info,
                                born: file.born),
                       at: canonical.appending(name), removedHere: false, now: now, marksStale: false)
            digest &+= name.withUnsafeBytes { named in
                Self.withOptionalBytes(file.attribute) {
                    JournalWalkPlan.digest(name: named, inode: UInt64(file.info.st_ino), attribute: $0, finder: file.finder)
                }
            }
        }
        if let own = read.own {
            digest &+= own.attribute.withUnsafeBytes {
                JournalWalkPlan.digest(name: UnsafeRawBufferPointer(start: nil, count: 0), inode: UInt64(own.info.st_ino), attribute: $0)
            }
        }
        // Rows whose file carries no tags now.
        let rows = try database.statement("SELECT name, device, inode, born FROM files WHERE folder = ?")
        rows.bind(1, folder)
        var untagged: [(name: [UInt8], device: Int64, inode: Int64, born: Double?)] = []
        try rows.forEachRow {
            let name = rows.bytes(0)
            if read.tagged[name] == nil { untagged.append((name, rows.int(1), rows.int(2), rows.optionalDouble(3))) }
        }
        for row in untagged {
            let current = read.entries[row.name]
            let sql: String
            switch current {
            case nil: sql = "UPDATE files SET missing_since = coalesce(missing_since, ?3) WHERE folder = ?1 AND name = ?2"
            case .directory?: continue   // a folder's own tags: its own sync's
            case .file(let device, let inode, let born)?
                where TagJournal.isSameFile(device: row.device, inode: row.inode, born: row.born, as: device, inode, born):
                sql = "DELETE FROM files WHERE folder = ?1 AND name = ?2"
            case .file?: sql = "UPDATE files SET lost = 1, missing_since = NULL WHERE folder = ?1 AND name = ?2"
            }
            let change = try database.statement(sql)
            change.bind(1, folder)
            change.bind(2, bytes: row.name)
            if current == nil { change.bind(3, now) }
            try change.step()
        }
        let store = try database.statement("UPDATE folders SET digest = ?2 WHERE id = ?1")
        store.bind(1, folder)
        store.bind(2, Int64(bitPattern: digest))
        try store.step()
    }
}

/// A folder read at once for the journal: its own tags, its tagged files, and what every entry is.
struct FolderSnapshot {
    enum Entry: Equatable {
        case file(device: UInt64, inode: UInt64, born: Double?)
        case directory
    }

    /// The folder's own identity and birth time, and its tags.
    var info: stat?
    var born: Double?
    var own: (attribute: [UInt8], info: stat)?
    /// The files that carry tags in either attribute (Finder's: well-formed values only, as a
    /// walk reads them).
    var tagged: [[UInt8]: (attribute: [UInt8]?, finder: [FinderAttribute: [UInt8]], info: stat, born: Double?)] = [:]
    var entries: [[UInt8]: Entry] = [:]

    /// Reads the folder open at `fd` (closed when done).
    init(_ fd: Int32, path: FilePath) {
        var folderInfo = stat(), sidecarFolder = stat()
        let hasSidecars = fstatat(fd, Sidecar.folderName, &sidecarFolder, AT_SYMLINK_NOFOLLOW) == 0
            && sidecarFolder.st_mode & S_IFMT == S_IFDIR
        if fstat(fd, &folderInfo) == 0 {
            info = folderInfo
            born = FileSystem.birthTime(descriptor: fd)
            if let attribute = TagsAttribute.read(fd, sidecarFolder: fd, sidecarName: Array("tsm.json".utf8), hasSidecars: hasSidecars) {
                own = (attribute, folderInfo)
            }
        }
        guard let stream = fdopendir(fd) else {
            close(fd)
            return
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(UnsafeRawBufferPointer(rebasing: raw[..<strlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self))]))
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            var entryInfo = stat()
            let found = name.withUnsafeBufferPointer { buffer in
                FilePath(bytes: buffer).withCString { fstatat(fd, $0, &entryInfo, AT_SYMLINK_NOFOLLOW) }
            }
            guard found == 0 else { continue }
            switch entryInfo.st_mode & S_IFMT {
            case S_IFDIR: entries[name] = .directory
            case S_IFREG:
                let born = FileSystem.birthTime(in: fd, name: FilePath(bytes: name))
                entries[name] = .file(device: UInt64(entryInfo.st_dev), inode: UInt64(entryInfo.st_ino), born: born)
                let file = FilePath(bytes: name).withCString { openat(fd, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
                guard file >= 0 else { continue }
                defer { close(file) }
                var fileInfo = stat()
                guard fstat(file, &fileInfo) == 0 else { continue }
                let attribute = TagsAttribute.read(file, sidecarFolder: fd, sidecarName: name + Array(".json".utf8), hasSidecars: hasSidecars)
                let finder = TagsAttribute.finder(file)
                if attribute != nil || !finder.isEmpty { tagged[name] = (attribute, finder, fileInfo, born) }
            default: break
            }
        }
    }
}

/// Reading `user.xdg.tags` (and Finder's attribute) from an open file.
enum TagsAttribute {
    /// The well-formed forms of Finder's attribute of an open file (none where its file system
    /// takes no attributes).
    static func finder(_ fd: Int32) -> [FinderAttribute: [UInt8]] {
        var forms: [FinderAttribute: [UInt8]] = [:]
        // One call for most files: a listing too short for either name holds neither.
        let listed = flistxattr(fd, nil, 0)
        if listed >= 0 && listed < FolderWalk.shortestFinderListing { return forms }
        for form in FinderAttribute.allCases {
            let size = fgetxattr(fd, form.name, nil, 0)
            guard size >= 0 else { continue }
            var value = [UInt8](repeating: 0, count: size)
            let read = value.withUnsafeMutableBytes { fgetxattr(fd, form.name, $0.baseAddress, $0.count) }
            guard read >= 0 else { continue }
            value.removeLast(value.count - read)
            if (try? form.strings(value)) != nil { forms[form] = value }
        }
        return forms
    }

    /// The attribute's bytes, or `nil` when it has none (or cannot be read); from TagSpaces'
    /// sidecar `sidecarName` in `.ts` of the folder open at `sidecarFolder` when the file system
    /// refuses attributes, or when the file has none and `hasSidecars` (the folder has a `.ts`).
    static func read(_ fd: Int32, sidecarFolder: Int32, sidecarName: [UInt8], hasSidecars: Bool) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let size = buffer.withUnsafeMutableBytes { fgetxattr(fd, FileTags.attribute, $0.baseAddress, $0.count) }
            if size >= 0 { return Array(buffer[..<size]) }
            let code = errno
            if code == ENOTSUP || (code == ENODATA && hasSidecars) {
                if case .sidecar(let sidecar) = Sidecar.read(in: sidecarFolder, sidecarName: sidecarName), !sidecar.tags.isEmpty {
                    return sidecar.attribute
                }
                return nil
            }
            guard code == ERANGE else { return nil }
            let needed = fgetxattr(fd, FileTags.attribute, nil, 0)
            guard needed > 0 else { return nil }
            buffer = [UInt8](repeating: 0, count: needed)
        }
    }
}
