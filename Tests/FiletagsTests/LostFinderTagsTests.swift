// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// The journal keeps Finder's attribute beside `user.xdg.tags` (issue 40 with issue 41): a file
/// replaced by rename loses both, and `filetags restore` (and `watch`) puts both back byte for
/// byte; a file that carries only Finder's tags is protected too; a malformed property list at
/// the journaled path is named and never written over; a journal made by the first schema opens
/// and keeps working.
@Suite struct LostFinderTagsTests {
    static let rsync = FinderTagsTests.rsync
    static let samba = FinderTagsTests.samba

    /// Replaces a file by rename with a copy of its content that carries no attribute, as an
    /// editor's save does.
    static func replaceByRename(_ path: String) throws {
        let run = try Filetags.spawn(["/bin/sh", "-c", "cat \"$1\" > \"$1.new\" && mv \"$1.new\" \"$1\"", "sh", path])
        guard run.status == 0 else { throw Failure("replace: \(run.stderr)") }
    }

    static func finderNames() throws -> String {
        "“" + FinderTagsTests.fixtureEntries.map { String($0.split(separator: "\n")[0]) }.joined(separator: ", ") + "”"
    }

    @Test func bothAttributesReplacedByRenameComeBackByteForByte() throws {
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        let both = try tree.file("both.jpg", tags: "beach, work")
        let plist = try FinderTagsTests.fixture("rsync")
        try FinderTagsTests.setValue(both, Self.rsync, plist)
        #expect(try Filetags.run(["list", tree.path], environment: env).status == 0)
        try Self.replaceByRename(both)
        #expect(attribute(both) == nil && FinderTagsTests.value(both, Self.rsync) == nil)

        let check = try Filetags.run(["check", tree.path], environment: env)
        #expect(check.status == 1)
        #expect(check.output == "\(both): its tags are gone and another file took its place (same path, new inode: saved anew, "
                + "copied over, unpacked or checked out); they were “beach, work” and Finder's \(try Self.finderNames()) "
                + "(\(Self.rsync))\n", "\(check.output) \(check.stderr)")
        let restore = try Filetags.run(["restore", tree.path], environment: env)
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(attribute(both) == Array("beach, work".utf8))
        #expect(FinderTagsTests.value(both, Self.rsync) == plist)
        #expect(FinderTagsTests.value(both, Self.samba) == nil, "no form the file did not carry")
        let again = try Filetags.run(["check", tree.path], environment: env)
        #expect(again.status == 0 && again.output.isEmpty, "\(again.output)")
    }

    @Test func aFileWithOnlyFindersTagsIsProtectedToo() throws {
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        let share = try tree.file("share.pdf", tags: nil)
        let plist = try FinderTagsTests.fixture("samba")
        try FinderTagsTests.setValue(share, Self.samba, plist)
        #expect(try Filetags.run(["list", tree.path], environment: env).status == 0)
        try Self.replaceByRename(share)

        let check = try Filetags.run(["check", tree.path], environment: env)
        #expect(check.status == 1)
        #expect(check.output.hasPrefix("\(share): its tags are gone"), "\(check.output) \(check.stderr)")
        #expect(check.output.hasSuffix("they were Finder's \(try Self.finderNames()) (\(Self.samba))\n"), "\(check.output)")
        let dry = try Filetags.run(["restore", "-n", tree.path], environment: env)
        #expect(dry.status == 0 && dry.output.hasPrefix("would restore \(share): Finder's"), "\(dry.output)")
        #expect(FinderTagsTests.value(share, Self.samba) == nil)
        let restore = try Filetags.run(["restore", tree.path], environment: env)
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(FinderTagsTests.value(share, Self.samba) == plist)
        #expect(attribute(share) == nil, "no freedesktop attribute the file did not carry")
        #expect(try FinderTagsTests.plistlibEntries(share, Self.samba) == FinderTagsTests.fixtureEntries)
    }

    @Test func aMalformedPlistAtTheJournaledPathIsNamedAndNotRestoredOver() throws {
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        let file = try tree.file("photo.jpg", tags: "beach")
        try FinderTagsTests.setValue(file, Self.rsync, try FinderTagsTests.fixture("rsync"))
        #expect(try Filetags.run(["list", tree.path], environment: env).status == 0)
        try Self.replaceByRename(file)
        // The new file carries a value that is not Finder's property list (cut short).
        let broken = Array(try FinderTagsTests.fixture("rsync").dropLast(3))
        try FinderTagsTests.setValue(file, Self.rsync, broken)

        let check = try Filetags.run(["check", tree.path], environment: env)
        #expect(check.status == 1)
        #expect(check.output.hasPrefix("\(file): its tags are gone"), "\(check.output)")
        #expect(check.stderr.contains(Self.rsync) && check.stderr.contains("trailer"), "\(check.stderr)")
        let restore = try Filetags.run(["restore", tree.path], environment: env)
        #expect(restore.status == 1)
        #expect(restore.stderr.contains("not restored: \(file): Finder's tags of \(file) in \(Self.rsync) cannot be read"),
                "\(restore.stderr)")
        #expect(restore.stderr.contains("restored the tags of 0 files"), "\(restore.stderr)")
        #expect(FinderTagsTests.value(file, Self.rsync) == broken)
        #expect(attribute(file) == nil)
    }

    @Test func watchPutsBothBackAtOnce() throws {
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        let both = try tree.file("both.jpg", tags: "beach")
        let share = try tree.file("share.pdf", tags: nil)
        let rsyncPlist = try FinderTagsTests.fixture("rsync"), sambaPlist = try FinderTagsTests.fixture("samba")
        try FinderTagsTests.setValue(both, Self.rsync, rsyncPlist)
        try FinderTagsTests.setValue(share, Self.samba, sambaPlist)
        let watcher = try BackgroundRun(["watch", tree.path], environment: env)
        defer { _ = watcher.stop() }
        #expect(watcher.wait { watcher.errors.contains("watching") }, "\(watcher.errors)")
        try Self.replaceByRename(both)
        try Self.replaceByRename(share)
        #expect(watcher.wait {
            attribute(both) != nil && FinderTagsTests.value(both, Self.rsync) != nil && FinderTagsTests.value(share, Self.samba) != nil
        }, "\(watcher.output) \(watcher.errors)")
        #expect(attribute(both) == Array("beach".utf8))
        #expect(FinderTagsTests.value(both, Self.rsync) == rsyncPlist)
        #expect(FinderTagsTests.value(share, Self.samba) == sambaPlist)
        #expect(attribute(share) == nil)
        #expect(watcher.stop() == 0)
    }

    /// A journal as the first schema made it (version 1: no Finder columns), with a row for a
    /// file, written by Python's sqlite3; filetags opens it, brings it to version 2, restores the
    /// row's tags, and journals Finder's attribute from then on.
    @Test func aJournalOfTheFirstSchemaKeepsWorking() throws {
        let tree = try TreeDirectory()
        let data = try tree.folder(".data")
        let env = ["XDG_DATA_HOME": data]
        let notes = try tree.file("notes.txt", tags: "old, journal")
        let database = data + "/wraphstack-tag-editor/journal.sqlite3"
        let script = """
            import os, sqlite3, sys, time
            database, path = sys.argv[1], os.path.realpath(sys.argv[2])
            os.makedirs(os.path.dirname(database), mode=0o700, exist_ok=True)
            info = os.stat(path)
            db = sqlite3.connect(database)
            db.executescript('''
                PRAGMA journal_mode = WAL;
                CREATE TABLE meta (key TEXT PRIMARY KEY, value);
                CREATE TABLE folders (id INTEGER PRIMARY KEY, path BLOB NOT NULL UNIQUE, digest INTEGER NOT NULL);
                CREATE TABLE files (
                    id INTEGER PRIMARY KEY, folder INTEGER NOT NULL, name BLOB NOT NULL,
                    device INTEGER NOT NULL, inode INTEGER NOT NULL, size INTEGER NOT NULL, mtime INTEGER NOT NULL,
                    born REAL, attribute BLOB NOT NULL, first_seen REAL NOT NULL, missing_since REAL,
                    lost INTEGER NOT NULL DEFAULT 0, UNIQUE (folder, name));
                CREATE INDEX files_by_size ON files (size);
                CREATE INDEX files_lost ON files (lost) WHERE lost != 0 OR missing_since IS NOT NULL;
                CREATE TABLE fingerprints (
                    device INTEGER NOT NULL, inode INTEGER NOT NULL, size INTEGER NOT NULL, mtime INTEGER NOT NULL,
                    hash BLOB NOT NULL, used REAL NOT NULL, PRIMARY KEY (device, inode, size, mtime)) WITHOUT ROWID;
                CREATE TABLE tree_changes (
                    id INTEGER PRIMARY KEY, kind TEXT NOT NULL, old TEXT NOT NULL, new TEXT, roots BLOB NOT NULL,
                    started REAL NOT NULL, state TEXT NOT NULL);
                CREATE TABLE tree_change_files (
                    change INTEGER NOT NULL, path BLOB NOT NULL, before BLOB, after BLOB, done INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (change, path)) WITHOUT ROWID;
                INSERT INTO meta (key, value) VALUES ('version', 1);
            ''')
            folder = os.path.dirname(path).encode()
            db.execute("INSERT INTO folders (path, digest) VALUES (?, 1)", (folder,))
            db.execute("INSERT INTO files (folder, name, device, inode, size, mtime, attribute, first_seen) "
                       "VALUES (1, ?, ?, ?, ?, ?, ?, ?)",
                       (os.path.basename(path).encode(), info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns,
                        os.getxattr(path, "user.xdg.tags"), time.time()))
            db.commit()
            """
        let made = try Filetags.spawn(["/usr/bin/python3", "-c", script, database, notes])
        try #require(made.status == 0, "\(made.stderr)")
        try Self.replaceByRename(notes)

        let check = try Filetags.run(["check", tree.path], environment: env)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.output.hasSuffix("they were “old, journal”\n"), "\(check.output) \(check.stderr)")
        let restore = try Filetags.run(["restore", tree.path], environment: env)
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(attribute(notes) == Array("old, journal".utf8))

        // Finder's tags of a file journaled in the journal brought up to date.
        let share = try tree.file("share.pdf", tags: nil)
        let plist = try FinderTagsTests.fixture("samba")
        try FinderTagsTests.setValue(share, Self.samba, plist)
        #expect(try Filetags.run(["list", tree.path], environment: env).status == 0)
        try Self.replaceByRename(share)
        #expect(try Filetags.run(["restore", tree.path], environment: env).status == 0)
        #expect(FinderTagsTests.value(share, Self.samba) == plist)
        let schema = try Filetags.spawn(["/usr/bin/python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            print(db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()[0])
            print(",".join(row[1] for row in db.execute("PRAGMA table_info(files)")))
            """, database])
        #expect(schema.output == "2\nid,folder,name,device,inode,size,mtime,born,attribute,first_seen,missing_since,lost,"
                + "carries_xdg,finder_rsync,finder_samba\n", "\(schema.output) \(schema.stderr)")
    }
}
