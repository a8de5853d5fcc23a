// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// The tag editor as a desktop application: its id, title and WM_CLASS, the header bar, undo
    /// and redo, the windows and dialogs it opens, files dropped on it, messages that move nothing,
    /// narrow windows. Real keys and clicks on the real binary; results read on disk.
    @Suite struct AppShell {
        static let appID = "io.github.wraphstack.TagEditor"
        static var repository: URL {
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        }

        @Test func theTitleSaysWhatIsOpenAndWMClassIsTheApplicationId() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "x"), b = scratch.file("b.txt"), c = scratch.file("c.txt")
            let one = try EditorProcess([a], on: display, dataHome: scratch.path)
            #expect(try one.windowTitle() == "Tags — a.txt")
            #expect(try one.windowClass() == "\"\(Self.appID)\", \"\(Self.appID)\"")
            let three = try EditorProcess([a, b, c], on: display, dataHome: scratch.path, position: (0, 600))
            #expect(try three.windowTitle() == "Tags — 3 files")
            let collection = try EditorProcess(["--collection", scratch.path + "/tags.json"], on: display,
                                               dataHome: scratch.path, position: (800, 0))
            #expect(try collection.windowTitle() == "Tag collection")
        }

        /// `Exec=tag-editor %F` hands over paths, and some launchers URIs: both arrive through
        /// GApplication's `open`.
        @Test func aFileGivenAsAURIOpens() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a b.txt", tags: "spaced")
            let uri = "file://" + a.replacingOccurrences(of: " ", with: "%20")
            let editor = try EditorProcess([uri], on: display, dataHome: scratch.path)
            let shown = try editor.state("the file's tag") { $0.names == ["spaced"] }
            #expect(shown.files.map(\.path) == [a])
            #expect(try editor.windowTitle() == "Tags — a b.txt")
        }

        /// The desktop file, the icon, the install script and the program name one application id.
        @Test func theDesktopFileIconAndInstallScriptAgree() throws {
            let desktop = Self.repository.appendingPathComponent("Resources/desktop/\(Self.appID).desktop").path
            let text = try String(contentsOfFile: desktop, encoding: .utf8)
            #expect(text.contains("\nExec=tag-editor %F\n"))
            #expect(text.contains("\nIcon=\(Self.appID)\n"))
            #expect(text.contains("\nStartupWMClass=\(Self.appID)\n"))
            #expect(FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent("Resources/desktop/\(Self.appID).svg").path))
            let install = try String(contentsOf: Self.repository.appendingPathComponent("Resources/scripts/install.sh"), encoding: .utf8)
            #expect(install.contains("app_id=\(Self.appID)\n"))
            if Command.exists("desktop-file-validate") {
                let validated = try Command.run("desktop-file-validate", [desktop])
                #expect(validated.status == 0 && validated.stdout.isEmpty, "\(validated.stdout)\(validated.stderr)")
            }
        }

        /// Ctrl+Z and Ctrl+Shift+Z, pressed as keys, take changes back on disk and make them again;
        /// what another program wrote in between stays.
        @Test func undoAndRedoAreChangesOnDiskThatKeepAnotherProgramsEdit() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "one,two"), b = scratch.file("b.txt", tags: "two")
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path)
            try editor.addTag("new")
            try waitUntil("new on both") { OnDisk.tags(of: a) == ["one", "two", "new"] && OnDisk.tags(of: b) == ["two", "new"] ? true : nil }
            let one = try editor.state("one placed") { $0.settled && $0.chip("one")?.remove != nil }.chip("one")!
            try editor.click(x: one.remove!.x, y: one.remove!.y)
            try waitUntil("one removed") { OnDisk.tags(of: a) == ["two", "new"] ? true : nil }
            try editor.state("two steps to undo") { $0.undoSteps == 2 }

            OnDisk.setTags("two,new,theirs", of: a)   // another program, meanwhile
            try editor.state("their tag shown") { $0.names.contains("theirs") }
            try editor.key("ctrl+z")
            try waitUntil("one back where it was") { OnDisk.tags(of: a) == ["one", "two", "new", "theirs"] ? true : nil }
            try editor.key("ctrl+z")
            try waitUntil("new taken off both") {
                OnDisk.tags(of: a) == ["one", "two", "theirs"] && OnDisk.tags(of: b) == ["two"] ? true : nil
            }
            let undone = try editor.state("nothing left to undo") { $0.undoSteps == 0 && $0.redoSteps == 2 }
            #expect(undone.message?.contains("Undone") == true, "\(undone.message ?? "no message")")
            try editor.key("ctrl+shift+z")
            // Back where it was: an undo puts a removed tag back at its place.
            try waitUntil("new on both again") {
                OnDisk.tags(of: a) == ["one", "two", "new", "theirs"] && OnDisk.tags(of: b) == ["two", "new"] ? true : nil
            }
            try editor.key("ctrl+y")
            try waitUntil("one removed again") { OnDisk.tags(of: a) == ["two", "new", "theirs"] ? true : nil }
            let shown = try editor.state("the window as on disk") { $0.names == ["two", "new", "theirs"] && $0.redoSteps == 0 }
            #expect(shown.undoSteps == 2)
        }

        /// An undo whose change another program already took back changes nothing and says so.
        @Test func undoingWhatAnotherProgramAlreadyUndidSaysSo() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.addTag("b")
            try waitUntil("b saved") { OnDisk.collection(at: collection) == ["a", "b"] ? true : nil }
            try OnDisk.writeCollection(["a", "c"], at: collection)
            try editor.state("c shown") { $0.names == ["a", "c"] }
            try editor.key("ctrl+z")
            let shown = try editor.state("the undo answered") { $0.lastActionKind == "undo" }
            #expect(shown.message?.contains("already so on disk") == true, "\(shown.message ?? "no message")")
            #expect(OnDisk.collection(at: collection) == ["a", "c"])
            #expect(shown.redoSteps == 0)
        }

        /// The header bar's toggle (clicked, then F9) shows and hides the options panel; the choice
        /// is remembered (GSettings, in the key file under XDG_CONFIG_HOME the tests use) for the
        /// next start. A corrupt settings file of an earlier version, met when the settings are
        /// first migrated, is ignored with a message and left as it is; the checking modes neither
        /// read nor write settings.
        @Test func theOptionsToggleIsRememberedAndACorruptSettingsFileIsIgnored() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json", keyFile = scratch.path + "/config/glib-2.0/settings/keyfile"
            try OnDisk.writeCollection(["a"], at: collection)
            do {
                let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
                #expect(try editor.state("started") { _ in true }.optionsShown == false)
                try editor.click(widget: "options")
                try editor.state("the panel shown") { $0.optionsShown }
                try waitUntil("the setting saved") {
                    (try? String(contentsOfFile: keyFile, encoding: .utf8))?.contains("show-layout-options=true") == true ? true : nil
                }
                try editor.key("F9")
                try editor.state("the panel hidden") { !$0.optionsShown }
                try editor.key("F9")
                try editor.state("the panel shown again") { $0.optionsShown }
            }
            let again = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            #expect(try again.state("started") { _ in true }.optionsShown)
            again.process.stop()

            // The earlier version's file, in a configuration not migrated yet.
            let fresh = scratch.path + "/fresh", settings = fresh + "/config/wraphstack-tag-editor/settings.json"
            try FileManager.default.createDirectory(atPath: fresh + "/config/wraphstack-tag-editor", withIntermediateDirectories: true)
            try Data("{\"format\": \"wraphstack-tag-editor-settings\", \"showsLayoutOptions\": ".utf8)
                .write(to: URL(fileURLWithPath: settings))
            let corrupt = try EditorProcess(["--collection", collection], on: display, dataHome: fresh)
            let shown = try corrupt.state("the message") { $0.message != nil }
            #expect(shown.message?.contains("settings") == true, "\(shown.message ?? "")")
            #expect(!shown.optionsShown)
            #expect(try String(contentsOfFile: settings, encoding: .utf8).hasSuffix("\"showsLayoutOptions\": "))
            corrupt.process.stop()

            let config = scratch.path + "/checking-config"
            let dump = try Command.run(EditorProcess.binary, ["--dump-layout", "--widths", "400", "--collection", collection],
                                       environment: display.environment.merging(["XDG_CONFIG_HOME": config, "G_DEBUG": "fatal-criticals"]) { $1 })
            #expect(dump.status == 0, "\(dump.stderr)")
            #expect(!FileManager.default.fileExists(atPath: config))
        }

        /// Ctrl+O opens the file chooser; several files chosen there join the open set.
        @Test func ctrlOOpensSeveralFilesFromTheChooser() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try display.startWindowManager()
            let folder = scratch.path + "/photos"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let a = folder + "/a.txt", b = folder + "/b.txt", c = folder + "/c.txt"
            for (path, tag) in [(a, "x"), (b, "bee"), (c, "cee")] {
                FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
                OnDisk.setTags(tag, of: path)
            }
            let editor = try EditorProcess([a], on: display, dataHome: scratch.path)
            try editor.key("ctrl+o")
            // It opens in the open file's folder: select every file there, press Open (Alt+O).
            let chooser = try display.waitForWindow(named: "Open Files")
            try display.xdotool(["windowactivate", "--sync", chooser])
            try display.xdotool(["sleep", "0.5", "key", "--delay", "80", "ctrl+a", "alt+o"])
            let shown = try editor.state("three files open") { $0.files.count == 3 }
            #expect(Set(shown.files.map(\.path)) == [a, b, c])
            #expect(try editor.windowTitle() == "Tags — 3 files")
            try editor.addTag("all")
            try waitUntil("all on the three") {
                [a, b, c].allSatisfy { OnDisk.tags(of: $0).last == "all" } ? true : nil
            }
        }

        /// Files dragged from another program onto the window join the open set; dropped on a
        /// collection's window, they open in a window of their own and the collection says so.
        @Test func filesDroppedOnTheWindowAreOpened() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try display.startWindowManager()
            let a = scratch.file("a.txt", tags: "x"), d = scratch.file("d.txt", tags: "dee")
            let editor = try EditorProcess([a], on: display, dataHome: scratch.path, position: (0, 0))
            let source = try FileDragSource(files: [d], on: display)
            try source.drag(to: editor, x: 300, y: 250)
            let shown = try editor.state("d.txt open") { $0.files.count == 2 }
            #expect(shown.files.map(\.path) == [a, d])
            #expect(shown.names == ["x", "dee"])

            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["c"], at: collection)
            let collectionEditor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                                     position: (0, 0))
            try source.drag(to: collectionEditor, x: 300, y: 250)
            let second = try waitUntil("a second window for d.txt") { collectionEditor.state(ofWindow: 2) }
            #expect(second.files.map(\.path) == [d])
            let said = try collectionEditor.state("the message") { $0.message != nil }
            #expect(said.message?.contains("new window") == true)
            #expect(OnDisk.collection(at: collection) == ["c"])
        }

        /// Ctrl+? shows every shortcut; the menu (F10) reaches About; Escape closes each.
        @Test func theShortcutsWindowAndAboutOpenFromKeysAndMenu() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try display.startWindowManager()
            let editor = try EditorProcess(["--collection", scratch.path + "/tags.json"], on: display, dataHome: scratch.path)
            try editor.key("ctrl+question")
            let shortcuts: String
            do {
                shortcuts = try display.waitForWindow(named: "Keyboard shortcuts")
            } catch {
                throw EndToEndError(description: "\(error); the editor is \(editor.isRunning ? "running" : "gone"), "
                                    + "windows \(try display.windowNames()), state \(editor.currentState?.summary ?? "-"), stderr \(editor.errors)")
            }
            try display.xdotool(["windowactivate", "--sync", shortcuts, "key", "Escape"])
            try display.waitForNoWindow(named: "Keyboard shortcuts")

            try editor.click(widget: "menu")
            // Undo and Redo are off (nothing done yet): the menu opens on Keyboard Shortcuts.
            try display.xdotool(["sleep", "0.3", "key", "--delay", "80", "Down", "Return"])
            let about = try display.waitForWindow(named: "About Tag Editor")
            try display.xdotool(["windowactivate", "--sync", about, "key", "Escape"])
            try display.waitForNoWindow(named: "About Tag Editor")
            #expect(editor.isRunning)
        }

        @Test func ctrlWClosesTheWindowAndEndsTheProgram() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let editor = try EditorProcess(["--collection", scratch.path + "/tags.json"], on: display, dataHome: scratch.path)
            try editor.key("ctrl+w")
            let status = try editor.waitForExit("the editor to end")
            #expect(status == 0, "\(status): \(editor.errors.split(separator: "\n").filter { $0.contains("rror") || $0.contains(" at /") || $0.contains("CRITICAL") }.prefix(14).joined(separator: " | "))")
        }

        /// Ctrl+Q closes every window of the program (here the collection's and one opened from it).
        @Test func ctrlQQuitsWithEveryWindow() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try display.startWindowManager()
            let d = scratch.file("d.txt", tags: "dee")
            let editor = try EditorProcess(["--collection", scratch.path + "/tags.json"], on: display, dataHome: scratch.path)
            let source = try FileDragSource(files: [d], on: display)
            try source.drag(to: editor, x: 300, y: 250)
            try waitUntil("the second window") { editor.state(ofWindow: 2) }
            try display.waitForWindow(named: "Tags — d.txt")
            try editor.key("ctrl+q")
            #expect(try editor.waitForExit("the editor to end") == 0)
        }

        /// A message appearing and going moves no chip: a click aimed at a remove button while a
        /// message shows lands on it.
        @Test func aMessageNeverMovesTheChips() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["alpha", "beta", "gamma"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            let before = try editor.state("placed") { $0.settled && $0.chip("gamma")?.remove != nil }
            try editor.addTag("beta")   // refused: already there
            let refused = try editor.state("the refusal") { $0.message != nil && $0.settled }
            #expect(refused.messageIsError)
            #expect(refused.chipPlaces == before.chipPlaces)
            let gamma = before.chip("gamma")!
            try editor.click(x: gamma.remove!.x, y: gamma.remove!.y)
            try waitUntil("gamma removed") { OnDisk.collection(at: collection) == ["alpha", "beta"] ? true : nil }
            let removed = try editor.state("gamma gone") { $0.names == ["alpha", "beta"] && $0.settled }
            #expect(Array(removed.chipPlaces) == Array(before.chipPlaces.prefix(2)))
            if removed.widget("toastClose") != nil && removed.message != nil {
                try editor.click(widget: "toastClose")
            }
            let quiet = try editor.state("no message") { $0.message == nil && $0.settled }
            #expect(Array(quiet.chipPlaces) == Array(before.chipPlaces.prefix(2)))
        }

        /// The message slides in after the change that shows it; the state report follows the
        /// window's frames, not only the editor's changes, so the close button it names once the
        /// slide is over is where the button is, and a click there closes the message.
        @Test func theReportedCloseButtonIsWhereTheSlidingMessageEnds() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["alpha", "beta"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.state("placed") { $0.settled && $0.chip("beta") != nil }
            try editor.addTag("beta")   // refused: already there; an error stays until closed
            try editor.state("the refusal") { $0.message != nil && $0.widget("toastClose") != nil }
            Thread.sleep(forTimeInterval: 1)   // the toast's slide is at most half a second
            let shown = try #require(editor.currentState)
            let close = try #require(shown.widget("toastClose"))
            try editor.click(x: close.x, y: close.y)
            let closed = try editor.state("the message closed", timeout: 5) { $0.message == nil }
            #expect(closed.names == ["alpha", "beta"])
        }

        /// At 360 px (openbox resizing the window) every header bar button is inside the window,
        /// the status line reads whole, and a tag typed in the entry is saved.
        @Test func at360PixelsTheHeaderBarFitsAndTheEntryWorks() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try display.startWindowManager()
            let a = scratch.file("a.txt", tags: "photo,holiday,2026"), b = scratch.file("b.txt", tags: "photo")
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path)
            // 360 px on the screen, of which GTK's window frame takes a few.
            let narrow = try editor.resize(width: 360, height: 600)
            #expect(narrow.windowWidth <= 360 && narrow.windowWidth >= 340, "\(narrow.windowWidth)")
            for name in ["open", "files", "options", "menu"] {
                let button = try #require(narrow.widget(name), "\(name) shown")
                #expect(button.left >= 0 && button.right <= Double(narrow.windowWidth), "\(name): \(button.left)...\(button.right)")
            }
            let entry = try #require(narrow.widget("entry"))
            #expect(entry.width >= 200)
            #expect(!narrow.statusEllipsized, "\(narrow.status)")
            try editor.addTag("narrow")
            try waitUntil("narrow saved") { OnDisk.tags(of: b) == ["photo", "narrow"] ? true : nil }
            let wide = try editor.resize(width: 1200, height: 600)
            #expect(wide.names == ["photo", "holiday", "2026", "narrow"])
        }
    }
}
