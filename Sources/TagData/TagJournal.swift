// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import CXXHash
import Glibc
import Synchronization

/// What each file carried when last seen: a safety net that notices tags lost (an editor that
/// saves by writing a new file, `cp` without `-a`, a trip through a file system without
/// attributes, an archive, git) and puts them back byte for byte. Never the source of truth: the
/// attribute is.
///
/// An SQLite database (Debian's libsqlite3) at `$XDG_DATA_HOME/wraphstack-tag-editor/journal.sqlite3`,
/// in WAL mode: readers never wait, one writer at a time (`BEGIN IMMEDIATE`, a busy wait of up to
/// ten seconds for another process's), every change a transaction, so a crash or a kill -9 leaves
/// the journal as it was before or after a change, and it opens again. A file's row holds its
/// path (bytes), its identity when last seen (device, inode, size, modification time), its exact
/// attribute bytes (`user.xdg.tags`, and Finder's attribute in each Linux form it carried,
/// ``FinderAttribute``: a file that carries only Finder's tags is kept too), when its tags were first seen there, and, once noticed, since when it is
/// missing or that it lost its tags. Content fingerprints are kept apart, by identity
/// (``Fingerprint``). Rows of files missing for ``pruneAfterDays`` days, and fingerprints no row
/// uses, are pruned when the journal is opened (at most once a day).
///
/// Each folder's row holds a digest of its tagged files (name, inode, attribute): a walk
/// (``JournalingVisitor``) compares the digest it computes with the journal's and reads again,
/// and records, only the folders that differ, so a `list` of a tree the journal knows writes
/// nothing.
///
/// Thread-safe: one connection, used by one thread at a time.
package final class TagJournal: @unchecked Sendable {
    package let path: FilePath
    let database: SQLiteDatabase
    private let lock = Mutex(())
    /// Rows of files missing this long are pruned.
    package static let pruneAfterDays = 90.0
    /// 2: Finder's attribute kept beside `user.xdg.tags` (a journal of version 1 is brought to 2
    /// when opened: its rows are files that carried `user.xdg.tags` and nothing of Finder's known).
    static let schemaVersion: Int64 = 2

    /// `$XDG_DATA_HOME/wraphstack-tag-editor/journal.sqlite3` (XDG's `~/.local/share` when
    /// `XDG_DATA_HOME` is unset, empty or relative), beside the collection.
    package static func defaultPath(environment: [String: String]) -> FilePath {
        let collection = CollectionFile.defaultPath(environment: environment)
        return FilePath(String(collection.dropLast("tags.json".count)) + "journal.sqlite3")
    }

    /// Opens the journal at `path`, making it (and its folder, mode 0700) when missing.
    ///
    /// - Throws: ``JournalError`` naming the path and the cause.
    package init(path: FilePath) throws(JournalError) {
        self.path = path
        do {
            try FileSystem.makeDirectories(path.parent.description)
        } catch {
            throw JournalError(path: path, reason: error.description)
        }
        do {
            database = try SQLiteDatabase(path: path)
            try database.execute("PRAGMA busy_timeout = 10000")
            try database.execute("PRAGMA journal_mode = WAL")
            // WAL with NORMAL: every commit is atomic and survives a crash of the program; a power
            // cut may lose the last commits, never the database.
            try database.execute("PRAGMA synchronous = NORMAL")
            try createSchema()
        } catch let error as SQLiteError {
            throw JournalError(path: path, reason: error.message)
        } catch {
            throw JournalError(path: path, reason: "\(error)")
        }
        try? pruneIfDue()
    }

    private func createSchema() throws {
        try database.transaction {
            try database.execute("""
                CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value);
                CREATE TABLE IF NOT EXISTS folders (
                    id INTEGER PRIMARY KEY, path BLOB NOT NULL UNIQUE, digest INTEGER NOT NULL);
                CREATE TABLE IF NOT EXISTS files (
                    id INTEGER PRIMARY KEY, folder INTEGER NOT NULL, name BLOB NOT NULL,
                    device INTEGER NOT NULL, inode INTEGER NOT NULL, size INTEGER NOT NULL, mtime INTEGER NOT NULL,
                    born REAL, attribute BLOB NOT NULL, first_seen REAL NOT NULL, missing_since REAL,
                    lost INTEGER NOT NULL DEFAULT 0, carries_xdg INTEGER NOT NULL DEFAULT 1, finder_rsync BLOB,
                    finder_samba BLOB, UNIQUE (folder, name));
                CREATE INDEX IF NOT EXISTS files_by_size ON files (size);
                CREATE INDEX IF NOT EXISTS files_lost ON files (lost) WHERE lost != 0 OR missing_since IS NOT NULL;
                CREATE TABLE IF NOT EXISTS fingerprints (
                    device INTEGER NOT NULL, inode INTEGER NOT NULL, size INTEGER NOT NULL, mtime INTEGER NOT NULL,
                    hash BLOB NOT NULL, used REAL NOT NULL, PRIMARY KEY (device, inode, size, mtime)) WITHOUT ROWID;
                CREATE TABLE IF NOT EXISTS tree_changes (
                    id INTEGER PRIMARY KEY, kind TEXT NOT NULL, old TEXT NOT NULL, new TEXT, roots BLOB NOT NULL,
                    started REAL NOT NULL, state TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS tree_change_files (
                    change INTEGER NOT NULL, path BLOB NOT NULL, before BLOB, after BLOB, done INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (change, path)) WITHOUT ROWID;
                """)
            try addFinderColumns()
            let version = try database.statement("SELECT value FROM meta WHERE key = 'version'")
            if try version.step() {
                let found = version.int(0)
                if found == 1 {
                    try database.execute("UPDATE meta SET value = \(Self.schemaVersion) WHERE key = 'version'")
                } else if found != Self.schemaVersion {
                    throw SQLiteError(code: 0, message: tr("it was made by another version of the journal (\(found)); it is left as it is"))
                }
            } else {
                let insert = try database.statement("INSERT INTO meta (key, value) VALUES ('version', ?)")
                insert.bind(1, Self.schemaVersion)
                try insert.step()
            }
        }
    }

    /// The columns of version 2, added to a table of version 1 (SQLite adds a column in place;
    /// the rows keep their values, the new columns their defaults): `carries_xdg`, whether the
    /// file carried `user.xdg.tags` (`attribute` is empty when not), and the bytes of each form of
    /// Finder's attribute it carried (NULL: none).
    private func addFinderColumns() throws {
        var present = Set<String>()
        let columns = try database.statement("PRAGMA table_info(files)")
        try columns.forEachRow { present.insert(String(decoding: columns.bytes(1), as: UTF8.self)) }
        for (column, type) in [("carries_xdg", "INTEGER NOT NULL DEFAULT 1"), ("finder_rsync", "BLOB"), ("finder_samba", "BLOB")]
        where !present.contains(column) {
            try database.execute("ALTER TABLE files ADD COLUMN \(column) \(type)")
        }
    }

    /// The forms of Finder's attribute in a row's columns `rsync` and `samba`.
    static func finder(_ row: SQLiteDatabase.Statement, rsync: Int32, samba: Int32) -> [FinderAttribute: [UInt8]] {
        var forms: [FinderAttribute: [UInt8]] = [:]
        forms[.rsync] = row.optionalBytes(rsync)
        forms[.samba] = row.optionalBytes(samba)
        return forms
    }

    /// The column of a form of Finder's attribute.
    static func column(_ attribute: FinderAttribute) -> String {
        switch attribute {
        case .rsync: "finder_rsync"
        case .samba: "finder_samba"
        }
    }

    /// Closes the connection now (the last one to close folds the write-ahead log into the
    /// database); a process that ends with `exit` never runs deinitializers.
    package func close() {
        locked { database.close() }
    }

    /// Runs `body` holding the connection.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock { _ in try body() }
    }

    // MARK: Paths

    /// The path the journal keeps for `path`: absolute, its folders' links resolved (the same
    /// file reached as `./a` or through a linked folder is one row); `nil` when its folder
    /// cannot be resolved.
    package static func canonical(_ path: FilePath) -> FilePath? {
        if path.bytes.first == UInt8(ascii: "/") && path.bytes.count >= FilePath.kernelLimit {
            // realpath cannot give more than PATH_MAX: the first piece resolved, the rest as it is
            // (the walk follows no link below a root).
            guard let slash = path.bytes[..<(FilePath.kernelLimit - 1)].lastIndex(of: UInt8(ascii: "/")), slash > 0,
                  let head = canonical(FilePath(bytes: path.bytes[..<slash])) else { return nil }
            return FilePath(bytes: head.bytes + path.bytes[slash...])
        }
        let name = path.lastComponent
        if name.isEmpty || name.elementsEqual(".".utf8) || name.elementsEqual("..".utf8) {
            return resolved(path)
        }
        guard let folder = resolved(path.parent) else { return nil }
        return folder.appending(name)
    }

    /// The journal's path of a walk's root: its links resolved, the root's own too (a root
    /// given as a link is walked as the folder it names).
    package static func canonicalRoot(_ path: FilePath) -> FilePath? {
        if path.bytes.count >= FilePath.kernelLimit { return canonical(path) }
        return resolved(path)
    }

    private static func resolved(_ path: FilePath) -> FilePath? {
        guard let real = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return FilePath(cString: real)
    }

    // MARK: Folders

    /// The folder's row, made (with a digest no walk gives, so that the next walk reads it
    /// again) when missing.
    func folderID(_ folder: FilePath) throws -> Int64 {
        let find = try database.statement("SELECT id FROM folders WHERE path = ?")
        find.bind(1, bytes: folder.bytes)
        if try find.step() { return find.int(0) }
        let insert = try database.statement("INSERT INTO folders (path, digest) VALUES (?, \(Self.staleDigest))")
        insert.bind(1, bytes: folder.bytes)
        try insert.step()
        return database.lastInsertedRow
    }

    /// A digest no walk computes (a sum of XXH3 hashes being 1 is as likely as a collision):
    /// the folder is read again by the next walk.
    static let staleDigest: Int64 = 1

    /// The digests the journal holds for the folders at or under `roots` (canonical paths).
    package func folderDigests(under roots: [FilePath]) -> [FilePath: UInt64] {
        locked {
            var digests: [FilePath: UInt64] = [:]
            for root in roots {
                guard let select = try? database.statement(
                    "SELECT path, digest FROM folders WHERE path = ?1 OR (path >= ?2 AND path < ?3)") else { continue }
                let (low, high) = Self.range(under: root)
                select.bind(1, bytes: root.bytes)
                select.bind(2, bytes: low)
                select.bind(3, bytes: high)
                try? select.forEachRow { digests[FilePath(bytes: select.bytes(0))] = UInt64(bitPattern: select.int(1)) }
            }
            return digests
        }
    }

    /// The byte range of the paths under `root` (`root/` up to, not including, `root0`).
    static func range(under root: FilePath) -> (low: [UInt8], high: [UInt8]) {
        var base = root.bytes
        if base.last == UInt8(ascii: "/") { base.removeLast() }
        return (base + [UInt8(ascii: "/")], base + [UInt8(ascii: "/") + 1])
    }

    // MARK: One file

    /// What was seen of one file: its attribute (`nil`: none), Finder's attribute in each form it
    /// carried (only well-formed values: a malformed one is not tags to keep), and its identity.
    package struct Sighting {
        package var path: FilePath
        package var attribute: [UInt8]?
        package var finder: [FinderAttribute: [UInt8]] = [:]
        package var device: UInt64
        package var inode: UInt64
        package var size: Int64
        package var modified: Int64
        /// Its birth time, when its file system keeps one: with the inode, what tells the file
        /// from a new one that took a deleted file's inode (`rm`, then `tar x`).
        package var born: Double?

        /// What `fstat` says of an open file, with the attribute read from it.
        package init(path: FilePath, attribute: [UInt8]?, finder: [FinderAttribute: [UInt8]] = [:], info: stat, born: Double?) {
            self.path = path
            self.attribute = attribute
            self.finder = finder
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            self.born = born
        }

        /// The file at `path` now (its attribute read by `attributes`); `nil` when it is gone.
        package init?(of path: FilePath, attributes: any ExtendedAttributes = SystemExtendedAttributes()) {
            var info = stat()
            guard path.withKernelPath({ $0.map { stat($0, &info) } ?? -1 }) == 0 else { return nil }
            let value = try? attributes.value(of: FileTags.attribute, at: path)
            self.init(path: path, attribute: value ?? nil, finder: Self.finder(of: path, attributes), info: info,
                      born: FileSystem.birthTime(of: path))
        }

        /// Whether it carried tags in either attribute.
        package var isTagged: Bool { attribute != nil || !finder.isEmpty }

        /// The well-formed forms of Finder's attribute the file at `path` carries.
        static func finder(of path: FilePath, _ attributes: any ExtendedAttributes) -> [FinderAttribute: [UInt8]] {
            var forms: [FinderAttribute: [UInt8]] = [:]
            for form in FinderAttribute.allCases {
                guard let value = try? attributes.value(of: form.name, at: path),
                      (try? form.strings(value)) != nil else { continue }
                forms[form] = value
            }
            return forms
        }
    }

    /// Records what was seen of files (read or written on the user's behalf), in one transaction.
    ///
    /// - Parameter removedHere: the sightings without attribute are removals this program made
    ///   (the tags were removed on purpose): their rows go. Otherwise a file seen without
    ///   attribute keeps its row when it has a new inode (a loss, for ``check``) and loses it
    ///   when it is the file the row knew (another program removed the tags on purpose).
    package func record(_ sightings: [Sighting], removedHere: Bool = false) throws {
        guard !sightings.isEmpty else { return }
        try locked {
            try database.transaction {
                let now = FileSystem.now()
                for sighting in sightings {
                    guard let canonical = Self.canonical(sighting.path) else { continue }
                    try record(sighting, at: canonical, removedHere: removedHere, now: now)
                }
            }
        }
    }

    /// One sighting, inside a transaction; `at` is its canonical path.
    ///
    /// - Parameter marksStale: whether the folders whose digests cover the file (its folder's,
    ///   and its own when it is a folder) are marked for the next walk to read again; a folder's
    ///   sync, which stores the digest itself, does not.
    func record(_ sighting: Sighting, at canonical: FilePath, removedHere: Bool, now: Double, marksStale: Bool = true) throws {
        let folder = try folderID(canonical.parent)
        let name = Array(canonical.lastComponent)
        if sighting.isTagged {
            let upsert = try database.statement("""
                INSERT INTO files (folder, name, device, inode, size, mtime, attribute, first_seen, born, carries_xdg,
                                   finder_rsync, finder_samba)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
                ON CONFLICT (folder, name) DO UPDATE SET device = excluded.device, inode = excluded.inode,
                    size = excluded.size, mtime = excluded.mtime, attribute = excluded.attribute, born = excluded.born,
                    carries_xdg = excluded.carries_xdg, finder_rsync = excluded.finder_rsync,
                    finder_samba = excluded.finder_samba, missing_since = NULL, lost = 0
                """)
            upsert.bind(1, folder)
            upsert.bind(2, bytes: name)
            upsert.bind(3, Int64(bitPattern: sighting.device))
            upsert.bind(4, Int64(bitPattern: sighting.inode))
            upsert.bind(5, sighting.size)
            upsert.bind(6, sighting.modified)
            upsert.bind(7, bytes: sighting.attribute ?? [])
            upsert.bind(8, now)
            upsert.bind(9, sighting.born)
            upsert.bind(10, Int64(sighting.attribute == nil ? 0 : 1))
            upsert.bind(11, bytes: sighting.finder[.rsync])
            upsert.bind(12, bytes: sighting.finder[.samba])
            try upsert.step()
        } else {
            let find = try database.statement("SELECT device, inode, born FROM files WHERE folder = ?1 AND name = ?2")
            find.bind(1, folder)
            find.bind(2, bytes: name)
            guard try find.step() else { return }
            let same = Self.isSameFile(device: find.int(0), inode: find.int(1), born: find.optionalDouble(2),
                                       as: sighting.device, sighting.inode, sighting.born)
            let change = try database.statement(removedHere || same
                ? "DELETE FROM files WHERE folder = ?1 AND name = ?2"
                : "UPDATE files SET lost = 1, missing_since = NULL WHERE folder = ?1 AND name = ?2")
            change.bind(1, folder)
            change.bind(2, bytes: name)
            try change.step()
        }
        guard marksStale else { return }
        let stale = try database.statement("UPDATE folders SET digest = \(Self.staleDigest) WHERE id = ?1 OR path = ?2")
        stale.bind(1, folder)
        stale.bind(2, bytes: canonical.bytes)
        try stale.step()
    }

    /// Whether a row's file (device, inode, birth time) is the file seen: the same inode, and the
    /// same birth time when both are known (a new file may take a deleted one's inode).
    static func isSameFile(device: Int64, inode: Int64, born: Double?, as otherDevice: UInt64, _ otherInode: UInt64,
                           _ otherBorn: Double?) -> Bool {
        guard UInt64(bitPattern: device) == otherDevice && UInt64(bitPattern: inode) == otherInode else { return false }
        guard let born, let otherBorn else { return true }
        return born == otherBorn
    }

    // MARK: Pruning

    /// Removes rows of files missing for ``pruneAfterDays`` days, fingerprints no row uses that
    /// were not used for as long, folders with no row and no digest, and finished tree changes;
    /// at most once a day.
    package func pruneIfDue(now: Double = FileSystem.now()) throws {
        try locked {
            let last = try database.statement("SELECT value FROM meta WHERE key = 'pruned'")
            if try last.step(), now - last.double(0) < 86_400 { return }
            try database.transaction {
                let old = now - Self.pruneAfterDays * 86_400
                let prune = try database.statement("DELETE FROM files WHERE missing_since IS NOT NULL AND missing_since < ?")
                prune.bind(1, old)
                try prune.step()
                let fingerprints = try database.statement("""
                    DELETE FROM fingerprints WHERE used < ?1 AND NOT EXISTS (SELECT 1 FROM files f WHERE
                        f.device = fingerprints.device AND f.inode = fingerprints.inode AND f.size = fingerprints.size
                        AND f.mtime = fingerprints.mtime)
                    """)
                fingerprints.bind(1, old)
                try fingerprints.step()
                try database.execute("""
                    DELETE FROM folders WHERE digest = 0 AND NOT EXISTS (SELECT 1 FROM files WHERE files.folder = folders.id);
                    DELETE FROM tree_change_files WHERE change IN (SELECT id FROM tree_changes WHERE state = 'done');
                    DELETE FROM tree_changes WHERE state = 'done';
                    """)
                let mark = try database.statement("INSERT OR REPLACE INTO meta (key, value) VALUES ('pruned', ?)")
                mark.bind(1, now)
                try mark.step()
            }
        }
    }

    /// How many file rows the journal holds.
    package var fileCount: Int {
        locked {
            guard let count = try? database.statement("SELECT count(*) FROM files"), (try? count.step()) == true else { return 0 }
            return Int(count.int(0))
        }
    }

    /// The attribute the journal holds for `path`, whether it is marked lost, and since when it is
    /// missing (for tests and the app's status).
    package func entry(at path: FilePath) -> (attribute: [UInt8], lost: Bool, missingSince: Double?,
                                              finder: [FinderAttribute: [UInt8]])? {
        guard let canonical = Self.canonical(path) else { return nil }
        return locked {
            guard let select = try? database.statement("""
                SELECT f.attribute, f.lost, f.missing_since, f.finder_rsync, f.finder_samba FROM files f JOIN folders d ON d.id = f.folder
                WHERE d.path = ?1 AND f.name = ?2
                """) else { return nil }
            select.bind(1, bytes: canonical.parent.bytes)
            select.bind(2, bytes: canonical.lastComponent)
            guard (try? select.step()) == true else { return nil }
            return (select.bytes(0), select.int(1) != 0, select.optionalDouble(2), Self.finder(select, rsync: 3, samba: 4))
        }
    }
}

/// The journal could not be opened or written: its path and why.
package struct JournalError: Error, CustomStringConvertible {
    package var path: FilePath
    package var reason: String
    package var description: String { tr("The journal of tags \(path) cannot be used (\(reason)).") }
}
