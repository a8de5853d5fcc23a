// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Foundation
import Testing

/// Finder's attribute on a test file, through Python's plistlib (`finder_tags.py`): nothing of
/// the editor's own property-list code is used to make or to check it.
enum FinderAttribute: String {
    case rsync, samba

    /// The extended attribute's name in this form.
    var name: String {
        switch self {
        case .rsync: "user.com.apple.metadata:_kMDItemUserTags"
        case .samba: "user.DosStream.com.apple.metadata:_kMDItemUserTags:$DATA"
        }
    }

    private static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("finder_tags.py").path
    }

    /// Writes `entries` ("Name\nN") as macOS does (a binary property list), in this form.
    func write(_ entries: [String], to path: String) throws {
        let result = try Command.run("/usr/bin/python3", [Self.script, "write", path, rawValue] + entries)
        guard result.status == 0 else { throw EndToEndError(description: "finder_tags.py write: \(result.stderr)") }
    }

    /// The entries as plistlib reads them, or `nil` when the file has no attribute in this form.
    func entries(of path: String) throws -> [String]? {
        let result = try Command.run("/usr/bin/python3", [Self.script, "read", path, rawValue])
        guard result.status == 0, let data = result.stdout.data(using: .utf8) else {
            throw EndToEndError(description: "finder_tags.py read: \(result.stderr)")
        }
        return try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) as? [String]
    }

    /// The attribute's bytes as they are (`nil`: none).
    func bytes(of path: String) -> [UInt8]? {
        let size = getxattr(path, name, nil, 0)
        guard size >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: size)
        let read = buffer.withUnsafeMutableBytes { getxattr(path, name, $0.baseAddress, size) }
        return read == size ? buffer : nil
    }

    func setBytes(_ bytes: [UInt8], of path: String) {
        precondition(bytes.withUnsafeBytes { setxattr(path, name, $0.baseAddress, $0.count, 0) } == 0)
    }
}

extension EditorState {
    /// The colour a chip's dot shows ("none", "red"...).
    func chipColor(_ name: String) -> String? {
        (values["chips"] as? [[String: Any]])?.first { $0["name"] as? String == name }?["color"] as? String
    }

    /// The chip menu's tag while it is open.
    var chipMenuTag: String? { (values["chipMenu"] as? [String: Any])?["tag"] as? String }

    /// The colour a folder view chip's dot shows.
    func folderChipColor(_ key: String) -> String? {
        (values["chips"] as? [[String: Any]])?.first { $0["key"] as? String == key }?["shownColor"] as? String
    }
}

/// The user's collection under a test's data home, read with Foundation's JSON.
enum CollectionOnDisk {
    static func path(in scratch: Scratch) -> String { scratch.path + "/wraphstack-tag-editor/tags.json" }

    /// Writes a collection with `colors`, as another program would.
    static func write(_ tags: [String], colors: [String: String], in scratch: Scratch) throws {
        let path = path(in: scratch)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let object: [String: Any] = ["format": "wraphstack-tags", "version": 1, "tags": tags, "colors": colors]
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The collection's `colors` member (`nil` when the file or the member is missing).
    static func colors(in scratch: Scratch) -> [String: String]? {
        guard let data = FileManager.default.contents(atPath: path(in: scratch)),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["colors"] as? [String: String]
    }
}

extension EndToEnd {
    /// Issue 41, the editor's part: tags' colours on chips (the collection's, else Finder's), set
    /// from a chip's menu with real keys, kept in the collection and in Finder's attribute; edits
    /// keep `user.xdg.tags` and Finder's attribute in step; a malformed property list is named
    /// and left as it is.
    @Suite struct TagColours {
        /// Finder's colours in both Linux forms, and the collection's colour for a tag Finder
        /// gives none: each chip shows its colour, and a screen reader hears it named.
        @Test func chipsShowTheirColoursAndAScreenReaderHearsThem() throws {
            let scratch = try Scratch(), display = try VirtualDisplay(), bus = try SessionBus()
            try CollectionOnDisk.write(["todo"], colors: ["todo": "orange"], in: scratch)
            let a = scratch.file("a.txt", tags: "travel,todo"), b = scratch.file("b.txt")
            try FinderAttribute.samba.write(["travel\n6", "work\n4"], to: a)
            try FinderAttribute.rsync.write(["home\n2"], to: b)
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path, environment: bus.editorEnvironment)
            let shown = try editor.state("the chips") { $0.settled && Set($0.names) == ["travel", "todo", "work", "home"] }
            // One chip per tag whichever attribute carries it: travel is in both on a.txt.
            #expect(shown.names.filter { $0 == "travel" }.count == 1)
            #expect(shown.chipColor("travel") == "red" && shown.chipColor("work") == "blue")
            #expect(shown.chipColor("home") == "green" && shown.chipColor("todo") == "orange")
            // A pointer user who cannot tell the dot's colour reads it in the tooltip.
            let tooltip = (shown.values["chips"] as? [[String: Any]])?.first { $0["name"] as? String == "travel" }?["tooltip"] as? String
            #expect(tooltip == "“travel” is on 1 of 2 files\nColour: Red", "\(tooltip ?? "none")")
            let tree = try AccessibleTree(of: editor, over: bus)
            #expect(tree.chip("Tag travel")?.description == "Colour: Red; on 1 of 2 files")
            #expect(tree.chip("Tag home")?.description == "Colour: Green; on 1 of 2 files")
            #expect(tree.chip("Tag todo")?.description == "Colour: Orange; on 1 of 2 files")
        }

        /// The Menu key on a focused chip opens its menu, Return its Colour submenu, the arrows
        /// reach Blue and Return sets it: the collection keeps it, Finder's attribute holds it
        /// (plistlib reads "travel\n4", the other entry and the order kept); Ctrl+Z gives both back.
        @Test func aColourSetWithTheMenuKeyLandsInTheCollectionAndThePlist() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "travel,work"), b = scratch.file("b.txt", tags: "travel,work")
            try FinderAttribute.samba.write(["travel\n6", "work\n0"], to: a)
            try FinderAttribute.rsync.write(["work\n0", "travel\n6"], to: b)
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path)
            try editor.state("the chips") { $0.settled && $0.names == ["travel", "work"] && $0.chipColor("travel") == "red" }
            try editor.clickEntry()
            try editor.key("Tab")
            try editor.state("travel focused") { $0.focus == "chip:travel" }
            try editor.key("Menu")
            try editor.state("travel's menu") { $0.chipMenuTag == "travel" }
            // The Colour submenu (its first item), then None, Grey, Green, Purple, Blue.
            try editor.key("Return")
            for _ in 0..<5 { try editor.key("Down") }
            try editor.key("Return")
            let blue = try editor.state("travel blue") { $0.chipColor("travel") == "blue" && $0.chipMenuTag == nil }
            #expect(blue.undoSteps == 1)
            #expect(CollectionOnDisk.colors(in: scratch) == ["travel": "blue"])
            #expect(try FinderAttribute.samba.entries(of: a) == ["travel\n4", "work\n0"])
            #expect(try FinderAttribute.rsync.entries(of: b) == ["work\n0", "travel\n4"])
            #expect(OnDisk.tags(of: a) == ["travel", "work"] && OnDisk.tags(of: b) == ["travel", "work"])
            try editor.state("the focus back on travel") { $0.focus == "chip:travel" }

            try editor.key("ctrl+z")
            try editor.state("travel red again") { $0.chipColor("travel") == "red" }
            #expect(try FinderAttribute.samba.entries(of: a) == ["travel\n6", "work\n0"])
            #expect(try FinderAttribute.rsync.entries(of: b) == ["work\n0", "travel\n6"])
            #expect(CollectionOnDisk.colors(in: scratch) == [:])
            try editor.key("ctrl+shift+z")
            try editor.state("travel blue again") { $0.chipColor("travel") == "blue" }
            #expect(try FinderAttribute.samba.entries(of: a) == ["travel\n4", "work\n0"])
            #expect(try FinderAttribute.rsync.entries(of: b) == ["work\n0", "travel\n4"])

            // Blue picked again changes nothing, and is no undo step.
            let steps = try editor.state("the redo done") { $0.redoSteps == 0 }.undoSteps
            try editor.key("Menu")
            try editor.state("travel's menu again") { $0.chipMenuTag == "travel" }
            try editor.key("Return")
            for _ in 0..<5 { try editor.key("Down") }
            try editor.key("Return")
            let same = try editor.state("the menu closed") { $0.chipMenuTag == nil && $0.focus == "chip:travel" }
            #expect(same.undoSteps == steps && same.chipColor("travel") == "blue")
        }

        /// In collection mode (a reorderable box, whose hint the chip's description keeps after
        /// the colour): the collection's colours show, and a colour picked from a right-click's
        /// menu with the keys is saved there, other members kept; Ctrl+Z takes it back.
        @Test func inCollectionModeTheMenuSetsTheCollectionsColour() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try CollectionOnDisk.write(["alpha", "beta", "gamma"], colors: ["beta": "green"], in: scratch)
            let editor = try EditorProcess([], on: display, dataHome: scratch.path)
            let shown = try editor.state("the collection's chips") {
                $0.settled && $0.names == ["alpha", "beta", "gamma"] && $0.chip("gamma")?.centre != nil
            }
            #expect(shown.chipColor("beta") == "green" && shown.chipColor("alpha") == "none")
            let gamma = try #require(shown.chip("gamma")?.centre)
            try display.xdotool(["mousemove", "--window", editor.window, "\(Int(gamma.x))", "\(Int(gamma.y))", "click", "3"])
            try editor.state("gamma's menu") { $0.chipMenuTag == "gamma" }
            // The Colour submenu (the first item has the focus), then None, Grey, Green, Purple,
            // Blue, Yellow, Red, Orange.
            try editor.key("Return")
            for _ in 0..<8 { try editor.key("Down") }
            try editor.key("Return")
            try editor.state("gamma orange") { $0.chipColor("gamma") == "orange" && $0.chipMenuTag == nil }
            #expect(CollectionOnDisk.colors(in: scratch) == ["beta": "green", "gamma": "orange"])
            #expect(OnDisk.collection(at: CollectionOnDisk.path(in: scratch)) == ["alpha", "beta", "gamma"])
            try editor.key("ctrl+z")
            try editor.state("gamma without colour") { $0.chipColor("gamma") == "none" }
            #expect(CollectionOnDisk.colors(in: scratch) == ["beta": "green"])
        }

        /// A right-click opens the same menu where the pointer is.
        @Test func aRightClickOpensTheChipMenu() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "travel")
            let editor = try EditorProcess([a], on: display, dataHome: scratch.path)
            let shown = try editor.state("the chip") { $0.settled && $0.chip("travel")?.centre != nil }
            let centre = try #require(shown.chip("travel")?.centre)
            try display.xdotool(["mousemove", "--window", editor.window, "\(Int(centre.x))", "\(Int(centre.y))", "click", "3"])
            try editor.state("travel's menu") { $0.chipMenuTag == "travel" }
            try editor.key("Escape")
            try editor.state("the menu closed, travel focused") { $0.chipMenuTag == nil && $0.focus == "chip:travel" }
        }

        /// An add, a remove and a rename in the editor change both attributes of a file that
        /// carries both (Samba's form here, rsync's on the other file); plistlib reads the result,
        /// Finder's colour numbers and the other entries' order kept.
        @Test func addRemoveAndRenameKeepBothAttributesInStep() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "travel,work"), b = scratch.file("b.txt", tags: "travel")
            try FinderAttribute.samba.write(["travel\n6", "work\n0"], to: a)
            try FinderAttribute.rsync.write(["travel\n6"], to: b)
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path)
            try editor.state("the chips") { $0.settled && $0.names == ["travel", "work"] }

            try editor.addTag("beach")
            try waitUntil("beach on both files") { OnDisk.tags(of: a).contains("beach") && OnDisk.tags(of: b).contains("beach") ? true : nil }
            #expect(try FinderAttribute.samba.entries(of: a) == ["travel\n6", "work\n0", "beach\n0"])
            #expect(try FinderAttribute.rsync.entries(of: b) == ["travel\n6", "beach\n0"])

            let work = try #require(try editor.state("work's chip") { $0.chip("work")?.remove != nil }.chip("work")?.remove)
            try editor.click(x: work.x, y: work.y)
            try waitUntil("work removed") { OnDisk.tags(of: a) == ["travel", "beach"] ? true : nil }
            #expect(try FinderAttribute.samba.entries(of: a) == ["travel\n6", "beach\n0"])

            let travel = try #require(try editor.state("travel's chip") { $0.settled && $0.chip("travel")?.centre != nil }.chip("travel")?.centre)
            try editor.click(x: travel.x, y: travel.y)
            try editor.state("travel focused") { $0.focus == "chip:travel" }
            try editor.key("F2")
            try editor.state("renaming travel") { $0.renaming == "travel" }
            try editor.key("ctrl+a")
            try editor.type("trip")
            try editor.key("Return")
            try waitUntil("travel renamed on both files") { OnDisk.tags(of: a).first == "trip" && OnDisk.tags(of: b).first == "trip" ? true : nil }
            #expect(try FinderAttribute.samba.entries(of: a) == ["trip\n6", "beach\n0"])
            #expect(try FinderAttribute.rsync.entries(of: b) == ["trip\n6", "beach\n0"])
            let renamed = try editor.state("trip red") { $0.chipColor("trip") == "red" }
            #expect(renamed.names.sorted() == ["beach", "trip"])
        }

        /// A file whose Finder attribute is not a property list is named in the window, is not
        /// opened (nothing of it is counted or changed), and keeps its bytes after an edit of the
        /// other file.
        @Test func aMalformedPlistIsNamedAndLeftAsItIs() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let bad = scratch.file("bad.txt", tags: "one"), good = scratch.file("good.txt", tags: "two")
            let garbage = Array("bplist00 this is no property list".utf8)
            FinderAttribute.rsync.setBytes(garbage, of: bad)
            let editor = try EditorProcess([bad, good], on: display, dataHome: scratch.path)
            let shown = try editor.state("the message") { $0.settled && $0.message != nil && $0.names == ["two"] }
            let message = try #require(shown.message)
            #expect(message.contains(bad), "\(message)")
            #expect(message.contains("property list"), "\(message)")
            try editor.addTag("three")
            try waitUntil("three added to good.txt") { OnDisk.tags(of: good) == ["two", "three"] ? true : nil }
            #expect(FinderAttribute.rsync.bytes(of: bad) == garbage)
            #expect(OnDisk.tags(of: bad) == ["one"])
        }

        /// A colour the collection gives a tag shows on that tag's chips in file mode and in the
        /// folder view, over a colour Finder's attribute gives it; a tag the collection has no
        /// colour for shows Finder's.
        @Test func theCollectionsColourShowsInFileModeAndTheFolderView() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try CollectionOnDisk.write(["travel"], colors: ["travel": "purple"], in: scratch)
            let folder = scratch.path + "/photos"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: folder + "/a.jpg", contents: Data("a".utf8))
            FileManager.default.createFile(atPath: folder + "/b.jpg", contents: Data("b".utf8))
            OnDisk.setTags("travel,beach", of: folder + "/a.jpg")
            try FinderAttribute.rsync.write(["travel\n6", "sea\n5"], to: folder + "/b.jpg")

            let files = try EditorProcess([folder + "/a.jpg", folder + "/b.jpg"], on: display, dataHome: scratch.path)
            let chips = try files.state("the file chips") { $0.settled && Set($0.names) == ["travel", "beach", "sea"] }
            #expect(chips.chipColor("travel") == "purple" && chips.chipColor("sea") == "yellow" && chips.chipColor("beach") == "none")
            files.process.stop()

            let view = try EditorProcess(["--folder", folder], on: display, dataHome: scratch.path, position: (0, 0))
            let shown = try view.state("the folder's chips") {
                $0.folderSettled && $0.folderChip("travel")?.choose != nil && $0.folderChip("sea")?.choose != nil
            }
            #expect(shown.folderChipColor("travel") == "purple")
            #expect(shown.folderChipColor("sea") == "yellow")
            #expect(shown.folderChipColor("beach") == "none")
        }

        /// Coloured chips at 360 and 1,200 px, light and dark, for a person to look at
        /// (`TAG_EDITOR_SCREENSHOTS`): the dots are there in each, and the window follows the style.
        @Test(arguments: [(360, false), (360, true), (1200, false), (1200, true)])
        func colouredChipsScreenshots(width: Int, dark: Bool) throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try CollectionOnDisk.write(["todo", "archive"], colors: ["todo": "orange", "archive": "grey"], in: scratch)
            let a = scratch.file("holiday-photo.jpg", tags: "travel,todo,family,archive"), b = scratch.file("notes.txt", tags: "work,todo")
            try FinderAttribute.samba.write(["travel\n6", "family\n2", "summer 2026\n5", "beach\n4"], to: a)
            try FinderAttribute.rsync.write(["work\n3", "urgent\n6"], to: b)
            try display.startWindowManager()
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path,
                                           environment: ["ADW_DEBUG_COLOR_SCHEME": dark ? "prefer-dark" : "prefer-light"])
            try editor.state("the chips") { $0.settled && $0.names.count == 8 }
            let sized = try editor.resize(width: width, height: 300)
            #expect(abs(sized.windowWidth - width) < 30, "\(sized.windowWidth)")
            let shown = try editor.state("the chips at \(width) px") { $0.settled && $0.names.count == 8 }
            #expect(shown.values["dark"] as? Bool == dark)
            let colours = ["travel": "red", "todo": "orange", "family": "green", "archive": "grey", "work": "purple",
                           "summer 2026": "yellow", "beach": "blue", "urgent": "red"]
            for (tag, colour) in colours { #expect(shown.chipColor(tag) == colour, "\(tag)") }
            let picture = try Screenshots.save(editor.window, of: editor, as: "colors-\(width)-\(dark ? "dark" : "light")")
            #expect(FileManager.default.fileExists(atPath: picture))
        }
    }
}
