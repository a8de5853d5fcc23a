// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The window's screenshot as X has it (ImageMagick's `import`), kept for a person to look at.
enum Screenshots {
    /// Where they are kept: `$TAG_EDITOR_SCREENSHOTS`, or a folder in the temporary directory.
    static var folder: String {
        let folder = ProcessInfo.processInfo.environment["TAG_EDITOR_SCREENSHOTS"] ?? NSTemporaryDirectory() + "tag-editor-screenshots"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Saves `window` as `name`.png; returns its path.
    static func save(_ window: String, of editor: EditorProcess, as name: String) throws -> String {
        let path = folder + "/" + name + ".png"
        let result = try Command.run("import", ["-window", window, path], environment: editor.display.environment)
        guard result.status == 0 else { throw EndToEndError(description: "import failed: \(result.stderr)") }
        return path
    }

    /// The colour of a pixel (`x`, `y`) of a PNG, as its three 0...255 channels.
    static func pixel(_ path: String, x: Int, y: Int) throws -> (red: Int, green: Int, blue: Int) {
        let result = try Command.run("convert", [path, "-format", "%[fx:int(255*p{\(x),\(y)}.r)],%[fx:int(255*p{\(x),\(y)}.g)],%[fx:int(255*p{\(x),\(y)}.b)]", "info:"])
        let parts = result.stdout.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard parts.count == 3 else { throw EndToEndError(description: "convert read no pixel: \(result.stdout) \(result.stderr)") }
        return (parts[0], parts[1], parts[2])
    }
}

extension EditorState {
    var question: [String: Any]? { values["question"] as? [String: Any] }
    var otherWindows: [[String: Any]] { values["otherWindows"] as? [[String: Any]] ?? [] }
}

extension EndToEnd {
    /// Issue 38: the editor on libadwaita, as a user meets it: its messages are toasts (read over
    /// AT-SPI, their Undo clicked with the real pointer), a delete on every file asks with a
    /// destructive answer that Enter never gives, About is libadwaita's, the dark style follows
    /// the style manager, and a message quoting a 201-character name wraps whole at 360 px.
    @Suite struct Adwaita {
        /// The toast after Ctrl+A and Backspace: a screen reader reads its text and its Undo
        /// button; the real pointer's click on Undo puts every tag back on disk.
        @Test func theUndoToastIsReadOverATSPIAndClickedWithThePointer() throws {
            let scratch = try Scratch(), display = try VirtualDisplay(), bus = try SessionBus()
            let collection = scratch.path + "/tags.json"
            let tags = (1...12).map { "tag-\($0)" }
            try OnDisk.writeCollection(tags, at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                           environment: bus.editorEnvironment)
            try editor.focus(chip: "tag-2")
            try editor.key("ctrl+a")
            try editor.state("all selected") { $0.selectedNames == tags }
            try editor.key("BackSpace")
            try waitUntil("every tag removed") { OnDisk.collection(at: collection) == [] ? true : nil }
            let shown = try editor.state("the toast with Undo") {
                $0.message == "Removed 12 tags." && $0.values["messageRevealed"] as? Bool == true && $0.widget("toastAction") != nil
            }
            #expect(!shown.messageIsError, "a removal that happened is a notice, not an error")

            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("atspi_chips.py").path
            let read = try Command.run("/usr/bin/python3", [script, "\(editor.process.processIdentifier)", "--message", "Removed 12 tags."],
                                       environment: display.environment.merging(bus.editorEnvironment) { $1 }, timeout: 40)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any],
                                      "atspi_chips.py: \(read.stdout) \(read.stderr)")
            #expect(object["text"] as? String == "Removed 12 tags.", "\(object)")
            // libadwaita 1.2 names the toast's button from its label twice over ("Undo Undo").
            #expect((object["buttons"] as? [String] ?? []).contains { $0.hasPrefix("Undo") }, "\(object)")

            try editor.click(widget: "toastAction")
            try waitUntil("every tag back") { OnDisk.collection(at: collection) == tags ? true : nil }
            let back = try editor.state("all shown again, the Undo toast replaced") {
                $0.names == tags && $0.message?.hasPrefix("Undone: remove 12 tags") == true
            }
            #expect(back.undoSteps == 0)
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// The folder view's "Delete…" asks in a message dialog: Delete is destructive and not the
        /// default, so the real Enter key cancels, as Escape does; the disk is unchanged after
        /// each; only a click on Delete deletes.
        @Test func enterNeverDeletesOnEveryFileAndEscapeCancels() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let root = scratch.path + "/tree"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            let paths = (0..<4).map { index -> String in
                let path = "\(root)/f\(index)"
                FileManager.default.createFile(atPath: path, contents: Data("\(index)\n".utf8))
                OnDisk.setTags(index < 3 ? "draft,photo" : "photo", of: path)
                return path
            }
            let original = Dictionary(uniqueKeysWithValues: paths.map { ($0, OnDisk.rawTags(of: $0)) })
            let view = try EditorProcess(["--folder", root], on: display, dataHome: scratch.path, position: (0, 0))

            func ask() throws -> EditorState {
                let chip = try view.state("draft's chip") { $0.folderSettled && $0.folderChip("draft")?.actions != nil }.folderChip("draft")!
                try view.click(x: chip.actions!.x, y: chip.actions!.y)
                let delete = try view.state("the tag's actions") { $0.barMode == "actions" && $0.barWidget("delete") != nil }.barWidget("delete")!
                try view.click(x: delete.x, y: delete.y)
                return try view.state("the question") { $0.question != nil && $0.focus == "cancel" }
            }

            let asked = try ask()
            #expect(asked.question?["answer"] as? String == "delete")
            #expect(asked.question?["answerDestructive"] as? Bool == true)
            #expect(asked.question?["defaultIsAnswer"] as? Bool == false)
            #expect(asked.barText.contains("3 files"), "\(asked.barText)")
            try view.keyInQuestion("Return")
            let afterEnter = try view.state("the question answered by Enter") { $0.question == nil }
            Thread.sleep(forTimeInterval: 0.5)
            #expect(afterEnter.folderJob == nil && afterEnter.lastOperation == nil)
            for path in paths { #expect(OnDisk.rawTags(of: path) == original[path]!, "Enter changed \(path)") }

            _ = try ask()
            try view.keyInQuestion("Escape")
            let afterEscape = try view.state("the question closed by Escape") { $0.question == nil }
            Thread.sleep(forTimeInterval: 0.5)
            #expect(afterEscape.lastOperation == nil)
            for path in paths { #expect(OnDisk.rawTags(of: path) == original[path]!, "Escape changed \(path)") }

            _ = try ask()
            try view.clickInQuestion("confirm")
            let deleted = try view.state("the delete done") { $0.folderJob == nil && $0.lastOperation?.kind == "delete" }
            #expect(deleted.lastOperation?.changed == 3)
            for path in paths { #expect(OnDisk.rawTags(of: path)?.contains("draft") == false, "\(path)") }
            #expect(!view.errors.contains("CRITICAL"), "\(view.errors)")
        }

        /// About, from the menu (F10's button, then its item): libadwaita's About window, with the
        /// version, the licence (GPL-3.0-or-later) and the website.
        @Test func aboutIsLibadwaitasAboutWindow() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try display.startWindowManager()
            let editor = try EditorProcess(["--collection", scratch.path + "/tags.json"], on: display, dataHome: scratch.path)
            try editor.click(widget: "menu")
            // Undo and Redo are off (nothing done yet): the menu opens on Keyboard Shortcuts.
            try display.xdotool(["sleep", "0.3", "key", "--delay", "80", "Down", "Return"])
            let about = try display.waitForWindow(named: "About Tag Editor")
            let shown = try editor.state("the About window") { $0.otherWindows.contains { $0["type"] as? String == "AdwAboutWindow" } }
            let window = try #require(shown.otherWindows.first { $0["type"] as? String == "AdwAboutWindow" })
            #expect(window["version"] as? String == "1.0.0")
            #expect(window["license"] as? Double == 3, "GTK_LICENSE_GPL_3_0: version 3 or later")
            #expect(window["website"] as? String == "https://github.com/wraphstack/wraphstack")
            let picture = try Screenshots.save(about, of: editor, as: "about")
            #expect(FileManager.default.fileExists(atPath: picture))
            try display.xdotool(["windowactivate", "--sync", about, "key", "Escape"])
            try display.waitForNoWindow(named: "About Tag Editor")
        }

        /// The style manager's dark preference (libadwaita's ADW_DEBUG_COLOR_SCHEME stands in for
        /// the desktop's setting): the window is dark, and light without it.
        @Test(arguments: [false, true]) func theStyleFollowsTheStyleManager(dark: Bool) throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["alpha", "beta", "gamma"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path, position: (0, 0),
                                           environment: ["ADW_DEBUG_COLOR_SCHEME": dark ? "prefer-dark" : "prefer-light"])
            let shown = try editor.state("the chips") { $0.settled && $0.names == ["alpha", "beta", "gamma"] }
            #expect(shown.values["dark"] as? Bool == dark)
            let picture = try Screenshots.save(editor.window, of: editor, as: dark ? "editor-900-dark" : "editor-900-light")
            // A point of the chips' background, below the chips.
            let colour = try Screenshots.pixel(picture, x: 300, y: 400)
            let brightness = (colour.red + colour.green + colour.blue) / 3
            #expect(dark ? brightness < 90 : brightness > 180, "\(colour)")
        }

        /// One of two open files, whose 201-character name another program deletes: the message quoting the name
        /// wraps inside the toast, which stays inside the window at 360 px and at 1,200 px.
        @Test(arguments: [360, 1200]) func aMessageQuotingA201CharacterNameIsWhole(width: Int) throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try display.startWindowManager()
            let name = String(repeating: "long-name-", count: 20) + "x"
            #expect(name.count == 201)
            let file = scratch.file(name, tags: "a,b"), other = scratch.file("other.txt", tags: "a")
            let editor = try EditorProcess([file, other], on: display, dataHome: scratch.path)
            try editor.state("its tags") { $0.names == ["a", "b"] }
            let sized = try editor.resize(width: width, height: 600)
            #expect(abs(sized.windowWidth - width) < 30, "\(sized.windowWidth)")
            unlink(file)
            let told = try editor.state("the message quoting the name") {
                $0.message?.contains(name) == true && $0.values["messageRevealed"] as? Bool == true
            }
            #expect(told.messageIsError)
            #expect(told.values["messageFits"] as? Bool == true, "the message's text has less room than it needs")
            let toast = try #require(told.widget("toast"))
            let window = Double(told.windowWidth)
            #expect(toast.left >= 0 && toast.right <= window, "\(toast.left)...\(toast.right) in \(window)")
            let bottom = try #require((told.values["widgets"] as? [String: Any])?["toast"] as? [String: Any])["bottom"] as? Double
            #expect((bottom ?? .infinity) <= Double(told.windowHeight), "\(bottom ?? -1) in \(told.windowHeight)")
            let close = try #require(told.widget("toastClose"))
            #expect(close.left >= 0 && close.right <= window)
            _ = try Screenshots.save(editor.window, of: editor, as: "message-201-at-\(width)")
        }
    }
}
