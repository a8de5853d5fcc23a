// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A D-Bus session bus of the test's own (`dbus-daemon --session`, the daemon `dbus-run-session`
/// starts), so the editor registers on AT-SPI and a screen reader's view of it can be read
/// (`atspi_chips.py`), with nothing shared with another test or the machine.
final class SessionBus {
    let address: String
    private let daemon: Process

    init() throws {
        guard Command.exists("dbus-daemon") else {
            throw EndToEndError(description: "dbus-daemon is not installed (Resources/scripts/setup-debian.sh installs dbus)")
        }
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        daemon.arguments = ["dbus-daemon", "--session", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.launchWithSignalsUnblocked()
        var bytes: [UInt8] = []
        let fd = output.fileHandleForReading.fileDescriptor
        try waitUntil("dbus-daemon's address", timeout: 10) { () -> Bool? in
            var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while poll(&request, 1, 0) > 0 {
                var byte: UInt8 = 0
                guard read(fd, &byte, 1) == 1 else { throw EndToEndError(description: "dbus-daemon exited at start") }
                bytes.append(byte)
                if byte == UInt8(ascii: "\n") { return true }
            }
            return nil
        }
        address = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { daemon.stop() }

    /// What the editor needs to register on AT-SPI over this bus.
    var editorEnvironment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": address, "GTK_A11Y": "atspi", "NO_AT_BRIDGE": "0"]
    }
}

/// What `atspi_chips.py` read.
struct AccessibleTree {
    struct Chip {
        var name: String, description: String, role: String, ancestors: [(role: String, name: String)]
    }

    var chips: [Chip] = []
    var lists: [(name: String, items: [String])] = []
    var pressed = false

    /// Reads the tree of process `pid` over `bus`, pressing the button named `press` if given.
    init(of editor: EditorProcess, over bus: SessionBus, press: String? = nil) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("atspi_chips.py").path
        let result = try Command.run("/usr/bin/python3", [script, "\(editor.process.processIdentifier)"] + (press.map { ["--press", $0] } ?? []),
                                     environment: editor.display.environment.merging(bus.editorEnvironment) { $1 }, timeout: 40)
        guard result.status == 0, let data = result.stdout.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw EndToEndError(description: "atspi_chips.py failed (\(result.status)): \(result.stderr)")
        }
        chips = (object["chips"] as? [[String: Any]] ?? []).map { chip in
            Chip(name: chip["name"] as? String ?? "", description: chip["description"] as? String ?? "",
                 role: chip["role"] as? String ?? "",
                 ancestors: (chip["ancestors"] as? [[String]] ?? []).map { ($0.first ?? "", $0.last ?? "") })
        }
        lists = (object["lists"] as? [[String: Any]] ?? []).map { ($0["name"] as? String ?? "", $0["items"] as? [String] ?? []) }
        pressed = object["pressed"] as? Bool ?? false
    }

    func chip(_ name: String) -> Chip? { chips.first { $0.name == name } }
}

extension EndToEnd {
    /// Issue 26: the editor as a screen reader sees it, read over AT-SPI (a session bus of the
    /// test's own, `GTK_A11Y=atspi`, Debian's python3 with gir1.2-atspi-2.0) and acted on
    /// through it, checked on disk.
    @Suite struct Accessibility {
        /// The chips are in a group labelled "Tags"; a partial chip's description says on how
        /// many files it is; a remove button's AT-SPI action removes the tag on disk.
        @Test func theChipsAsAScreenReaderReadsAndUsesThem() throws {
            let scratch = try Scratch(), display = try VirtualDisplay(), bus = try SessionBus()
            let a = scratch.file("a.txt", tags: "one,two"), b = scratch.file("b.txt", tags: "one")
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path, environment: bus.editorEnvironment)
            try editor.state("the chips placed") { $0.settled && $0.names == ["one", "two"] }
            let tree = try AccessibleTree(of: editor, over: bus)
            let two = try #require(tree.chip("Tag two"), "chips read: \(tree.chips.map(\.name))")
            #expect(two.description == "on 1 of 2 files")
            #expect(tree.chip("Tag one")?.description == "on all 2 files")
            #expect(two.ancestors.contains { $0.name == "Tags" }, "ancestors: \(two.ancestors)")
            let pressed = try AccessibleTree(of: editor, over: bus, press: "Remove tag two from 1 file")
            #expect(pressed.pressed)
            try waitUntil("two removed through AT-SPI") { OnDisk.tags(of: a) == ["one"] ? true : nil }
            #expect(try editor.state("two gone") { $0.names == ["one"] }.names == ["one"])
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// The virtual list is an AT-SPI list labelled "Tags" whose items are the chips, each
        /// named after its tag.
        @Test func theVirtualListIsAListOfNamedItems() throws {
            let scratch = try Scratch(), display = try VirtualDisplay(), bus = try SessionBus()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["alpha", "beta", "gamma"], at: collection)
            let editor = try EditorProcess(["--collection", collection, "--virtual"], on: display, dataHome: scratch.path,
                                           environment: bus.editorEnvironment)
            try editor.state("the list shown") { $0.settled && $0.names.count == 3 }
            let tree = try AccessibleTree(of: editor, over: bus)
            let list = try #require(tree.lists.first { $0.name == "Tags" }, "lists: \(tree.lists)")
            #expect(list.items == ["Tag alpha", "Tag beta", "Tag gamma"])
        }
    }
}
