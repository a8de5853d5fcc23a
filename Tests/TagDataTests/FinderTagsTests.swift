// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// The binary property list of Finder's tags, against Python's plistlib (another program's
/// reader and writer), and the editor's changes and undo on a file that carries both attributes.
@Suite struct FinderTagsTests {
    /// Runs python3 with `script`, `input` on its standard input; its standard output.
    static func python(_ script: String, input: [UInt8] = []) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: String(decoding: error, as: UTF8.self)])
        }
        return Array(output)
    }

    /// plistlib's reading of a binary property list: its strings.
    static func plistlibReads(_ bytes: [UInt8]) throws -> [String] {
        let json = try python("import json, plistlib, sys; print(json.dumps(plistlib.loads(sys.stdin.buffer.read(), fmt=plistlib.FMT_BINARY)))",
                              input: bytes)
        return try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String])
    }

    /// plistlib's binary property list of `strings`.
    static func plistlibWrites(_ strings: [String]) throws -> [UInt8] {
        let json = try JSONSerialization.data(withJSONObject: strings)
        return try python("import json, plistlib, sys; sys.stdout.buffer.write(plistlib.dumps(json.load(sys.stdin), fmt=plistlib.FMT_BINARY))",
                          input: Array(json))
    }

    /// Lists of every shape the writer chooses between: empty, ASCII and UTF-16 strings, lengths
    /// past the 14 a marker holds, more than 255 objects (two-byte references), offsets past 65,535.
    static let lists: [[String]] = [
        [],
        ["travel\n6", "Work\n4", "Café\n2", "日本\n0", "🏖️ beach\n5"],
        [String(repeating: "long name ", count: 40) + "\n1", "x"],
        (0..<300).map { "tag \($0)\n\($0 % 8)" },
        (0..<40).map { String(repeating: "é", count: 1000) + "\($0)" },
        ["same\n1", "same\n1", "other"],
    ]

    @Test(arguments: lists) func plistlibReadsWhatIsWritten(strings: [String]) throws {
        #expect(try Self.plistlibReads(BinaryPropertyList.encoded(strings)) == strings)
    }

    @Test(arguments: lists) func readsWhatPlistlibWrites(strings: [String]) throws {
        #expect(try BinaryPropertyList.strings(Self.plistlibWrites(strings)) == strings)
    }

    @Test func malformedListsAreRefusedWithTheirFault() throws {
        let good = try Self.plistlibWrites(["travel\n6", "Café\n2"])
        func fault(_ bytes: [UInt8]) -> String? {
            do {
                _ = try BinaryPropertyList.strings(bytes)
                return nil
            } catch {
                return error.reason
            }
        }
        #expect(fault(Array(good.prefix(20)))?.contains("too short") == true)
        #expect(fault(Array("bplist01".utf8) + good.dropFirst(8))?.contains("bplist00") == true)
        #expect(fault(Array(good.dropLast(1)))?.contains("trailer") == true)
        var tableOffset = good
        tableOffset[tableOffset.count - 1] = 0xF0
        #expect(fault(tableOffset)?.contains("offset table") == true)
        #expect(fault(try Self.python("import plistlib, sys; sys.stdout.buffer.write(plistlib.dumps({'a': 1}, fmt=plistlib.FMT_BINARY))"))?
            .contains("a dictionary, not an array") == true)
        #expect(fault(try Self.python("import plistlib, sys; sys.stdout.buffer.write(plistlib.dumps(['a', 3], fmt=plistlib.FMT_BINARY))"))?
            .contains("entry 2 of its array: it is an integer") == true)
        // A lone surrogate in a UTF-16 string: the two bytes of "é" made 0xD800.
        var surrogate = good
        let utf16 = try #require(surrogate.indices.dropLast().first { surrogate[$0] == 0x00 && surrogate[$0 + 1] == 0xE9 })
        surrogate[utf16] = 0xD8
        surrogate[utf16 + 1] = 0x00
        #expect(fault(surrogate)?.contains("UTF-16") == true)
        // An array counting more entries than it has: its references run into its strings.
        var counted = good
        let array = try #require(counted.firstIndex(of: 0xA2))
        counted[array] = 0xAE
        #expect(fault(counted) != nil)
    }

    @Test func entriesKeepTheirColourNumbersAsWritten() {
        #expect(FinderTagEntry(text: "travel\n6").name == "travel")
        #expect(FinderTagEntry(text: "travel\n6").color == .red)
        #expect(FinderTagEntry(text: "no colour").color == .none)
        #expect(FinderTagEntry(text: "no colour").name == "no colour")
        #expect(FinderTagEntry(text: "odd\n12").color == .none)
        #expect(FinderTagEntry(text: "odd\n12").renamed("even").text == "even\n12")
        #expect(FinderTagEntry(text: "two\nlines").name == "two\nlines".trimmingCharacters(in: .whitespaces))
    }

    /// A file with both attributes, changed and undone through ``FileTags`` as the editor does:
    /// after each undo both are byte for byte what they were.
    @Test func editorChangesAndUndoKeepBothInStep() throws {
        let dir = TemporaryDirectory()
        let file = dir.file("both.jpg")
        let rsync = FinderAttribute.rsync.name
        setXattr(file, Array("beach, Travel".utf8))
        let plist = try Self.plistlibWrites(["travel\n6", "Work\n4", "plain\n0"])
        let system = SystemExtendedAttributes()
        try system.setValue(plist, of: rsync, at: file)
        var tags = FileTags(paths: [file], colors: TagColors([("new", .green)]))
        #expect(tags.files[0].tags == ["beach", "Travel", "Work", "plain"])
        #expect(tags.files[0].finderColors["work"] == .blue)

        for change in [TagChange.remove("travel"), .remove("work"), .rename("travel", to: "trips"), .rename("plain", to: "beach"),
                       .rename("beach", to: "work"), .add("new"), .all([.remove("beach"), .rename("work", to: "job")])] {
            let report = try tags.apply(change)
            #expect(report.changedFiles == 1, "\(change)")
            let entries = try Self.plistlibReads(try #require(try system.value(of: rsync, at: file)))
            switch change {
            case .remove("travel"): #expect(entries == ["Work\n4", "plain\n0"])
            case .remove("work"): #expect(entries == ["travel\n6", "plain\n0"])
            case .rename("travel", to: "trips", _): #expect(entries == ["trips\n6", "Work\n4", "plain\n0"])
            // Onto a tag the file has only in the other attribute: the two become one tag, and
            // each attribute has it (renamed in place where it had only the old one).
            case .rename("plain", to: "beach", _):
                #expect(entries == ["travel\n6", "Work\n4", "beach\n0"])
                #expect(xattr(file) == "beach, Travel")
            case .rename("beach", to: "work", _):
                #expect(entries == ["travel\n6", "Work\n4", "plain\n0"])
                #expect(xattr(file) == "work, Travel")
            case .add("new", _, _): #expect(entries == ["travel\n6", "Work\n4", "plain\n0", "new\n2"])
            default: #expect(entries == ["travel\n6", "job\n4", "plain\n0"])
            }
            _ = try tags.apply(report.undo)
            #expect(xattr(file) == "beach, Travel", "\(change)")
            let after = try #require(try system.value(of: rsync, at: file))
            let shown = try Self.plistlibReads(after)
            #expect(after == plist, "\(change): \(shown)")
        }
    }

    /// The folder view's reading: a file with only Finder's tags (Samba's form) is a tagged
    /// file, and one with both has each tag once; colours from the plist; off reads neither.
    @Test func theFolderViewReadsFindersTags() throws {
        let dir = TemporaryDirectory()
        let share = dir.file("share.pdf"), both = dir.file("both.jpg"), plain = dir.file("plain.txt")
        let plist = try Self.plistlibWrites(["travel\n6", "Work\n4"])
        try SystemExtendedAttributes().setValue(plist + [0], of: FinderAttribute.samba.name, at: share)
        try SystemExtendedAttributes().setValue(plist, of: FinderAttribute.rsync.name, at: both)
        setXattr(both, Array("work,beach".utf8))
        setXattr(plain, Array("beach".utf8))
        for finder in [FinderTagsMode.keep, .off] {
            let reading = FolderReading(roots: [dir.path], finder: finder)
            reading.run()
            let files = Dictionary(uniqueKeysWithValues: reading.take().files.map { ($0.path, $0) })
            if finder == .keep {
                #expect(files[share]?.tags == ["travel", "Work"])
                #expect(files[share]?.finderColors["travel"] == .red)
                #expect(files[both]?.tags == ["work", "beach", "travel"])
                #expect(files[both]?.keys == ["work", "beach", "travel"])
                #expect(TagColors([("work", .green)]).color(of: "work", finder: files[both]!.finderColors) == .green)
                #expect(TagColors().color(of: "work", finder: files[both]!.finderColors) == .blue)
                #expect(try FolderFile.reading(FilePath(share)) == files[share])
            } else {
                #expect(files[share] == nil)
                #expect(files[both]?.tags == ["work", "beach"])
            }
            #expect(files[plain]?.tags == ["beach"])
        }
    }

    @Test func aFailedSecondWritePutsTheFirstBack() throws {
        let dir = TemporaryDirectory()
        let file = dir.file("both.jpg")
        setXattr(file, Array("beach".utf8))
        try SystemExtendedAttributes().setValue(try Self.plistlibWrites(["beach\n2"]), of: FinderAttribute.rsync.name, at: file)
        var tags = FileTags(filePaths: [FilePath(file)], attributes: RefusingFinderWrites())
        #expect(throws: FileError.self) { try tags.apply(.add("more")) }
        #expect(xattr(file) == "beach")
    }
}

/// The system's attributes, refusing every write of Finder's (as a full attribute block would).
private struct RefusingFinderWrites: ExtendedAttributes {
    let system = SystemExtendedAttributes()
    var holdsFinderTags: Bool { true }

    func value(of name: String, at path: FilePath) throws(FileError) -> [UInt8]? {
        try system.value(of: name, at: path)
    }

    func setValue(_ value: [UInt8], of name: String, at path: FilePath) throws(FileError) {
        if name != FileTags.attribute { throw FileError(path: path, operation: "change the tags of", code: ENOSPC) }
        try system.setValue(value, of: name, at: path)
    }

    func removeValue(of name: String, at path: FilePath) throws(FileError) {
        try system.removeValue(of: name, at: path)
    }
}

/// The collection's `colors` member: read, set, and carried along by the collection's own renames.
@Suite struct CollectionColorsTests {
    static let unknown = #""note":"caf\u00e9","n":[1, 2.50]"#

    @Test func coloursAreSetReadAndFollowRenamesEverythingElseByteForByte() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        let start = #"{"format":"wraphstack-tags","version":1,"tags":["Travel","work","beach"],"# + Self.unknown
            + #","colors": {"travel" : "red", "beach": 5, "odd": "pink"}}"# + "\n"
        FileManager.default.createFile(atPath: path, contents: Data(start.utf8))
        let file = CollectionFile(path: path)
        var colors = try file.colors()
        #expect(colors["TRAVEL"] == .red && colors["beach"] == .yellow && colors["work"] == .none && colors["odd"] == .none)

        // Set: one entry a tag, in its place; the others' names and values as written (an
        // unknown colour name too).
        #expect(try file.setColor(.purple, of: "travel") == .red)
        #expect((contents(path) ?? "").contains(#""colors":{"travel":"purple","beach":5,"odd":"pink"}"#), "\(contents(path) ?? "")")

        // The collection's rename takes the colour along; a merge gives it to a tag without one.
        let document = try CollectionDocument(file: file, sample: [])
        let renamed = try document.rename("Travel", to: "trips")
        colors = try file.colors()
        #expect(colors["trips"] == .purple && colors["travel"] == .none)
        // Its undo is a rename back: the colour comes back with it.
        _ = try document.apply(try #require(renamed.undo.first).change)
        colors = try file.colors()
        #expect(colors["travel"] == .purple && colors["trips"] == .none)
        _ = try document.rename("Travel", to: "trips")
        try document.merge("beach", into: "work")
        colors = try file.colors()
        #expect(colors["work"] == .yellow && colors["beach"] == .none)
        #expect((contents(path) ?? "").contains(Self.unknown))
        #expect((contents(path) ?? "").contains(#""odd":"pink""#))

        #expect(try file.setColor(.none, of: "trips") == .purple)
        #expect(try file.colors()["trips"] == .none)
        // A colors member that is not an object is not this program's to replace.
        FileManager.default.createFile(atPath: path, contents: Data(#"{"format":"wraphstack-tags","version":1,"tags":[],"colors":[1]}"#.utf8))
        #expect(throws: CollectionChangedError.self) { try file.setColor(.red, of: "x") }
        #expect(contents(path) == #"{"format":"wraphstack-tags","version":1,"tags":[],"colors":[1]}"#)
    }
}
