// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The app's GSettings schema compiled into a folder of its own, as the run command does, and
/// `gsettings` run on the same key file as an editor the tests start.
struct CompiledSchema {
    static let id = "io.github.wraphstack.TagEditor"
    let folder: String

    init(in scratch: Scratch) throws {
        folder = scratch.path + "/schemas"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let compiled = try Command.run("glib-compile-schemas", ["--strict", "--targetdir=" + folder, repositoryRoot + "/Resources/desktop"])
        guard compiled.status == 0 else { throw EndToEndError(description: "glib-compile-schemas: \(compiled.stderr)") }
    }

    /// What an editor with `dataHome` runs with: this schema, its key file.
    func environment(dataHome: String) -> [String: String] {
        EditorProcess.fixedEnvironment.merging(["GSETTINGS_SCHEMA_DIR": folder, "XDG_CONFIG_HOME": dataHome + "/config"]) { $1 }
    }

    /// `gsettings ARGUMENTS` on the settings of the editor with `dataHome`.
    @discardableResult
    func gsettings(_ arguments: [String], dataHome: String) throws -> String {
        let result = try Command.run("gsettings", arguments, environment: environment(dataHome: dataHome))
        guard result.status == 0 else { throw EndToEndError(description: "gsettings \(arguments): \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension EditorState {
    /// Where the chip `name` starts, in the window.
    func origin(of name: String) -> (x: Double, y: Double)? {
        guard let chip = (values["chips"] as? [[String: Any]] ?? []).first(where: { $0["name"] as? String == name }),
              let x = chip["x"] as? Double, let y = chip["y"] as? Double else { return nil }
        return (x, y)
    }

    /// The space between the first two chips of the first line.
    var firstGap: Double? {
        let chips = values["chips"] as? [[String: Any]] ?? []
        guard chips.count > 1, let x0 = chips[0]["x"] as? Double, let width0 = chips[0]["width"] as? Double,
              let x1 = chips[1]["x"] as? Double, let y0 = chips[0]["y"] as? Double, chips[1]["y"] as? Double == y0 else { return nil }
        return x1 - (x0 + width0)
    }
}

extension EndToEnd {
    /// Issue 38: the settings are GSettings, with a schema `gsettings` reads; a change made there
    /// reaches an open window; the settings file of earlier versions is read once.
    @Suite struct Settings {
        /// `gsettings list-keys` names every key of the schema, with its default.
        @Test func gsettingsListsTheKeys() throws {
            let scratch = try Scratch(), schema = try CompiledSchema(in: scratch)
            let keys = Set(try schema.gsettings(["list-keys", CompiledSchema.id], dataHome: scratch.path).split(separator: "\n").map(String.init))
            #expect(keys == ["window-width", "window-height", "window-maximized", "show-layout-options", "item-spacing", "line-spacing",
                             "line-breaking", "justification", "alignment", "axis", "max-items-per-line", "line-homogeneous",
                             "wrap-reverse", "justify-last-line", "padding-top", "padding-leading", "padding-bottom",
                             "padding-trailing", "settings-json-migrated", "macos-tags"], "\(keys)")
            #expect(try schema.gsettings(["get", CompiledSchema.id, "item-spacing"], dataHome: scratch.path) == "6.0")
            #expect(try schema.gsettings(["range", CompiledSchema.id, "line-breaking"], dataHome: scratch.path).contains("'balanced'"))
            #expect(try schema.gsettings(["get", CompiledSchema.id, "macos-tags"], dataHome: scratch.path) == "'keep'")
        }

        /// `gsettings set` while the editor is open: the options panel shows, and the chips move
        /// apart by the new spacing, in the window already open.
        @Test func aChangeMadeWithGsettingsReachesTheOpenWindow() throws {
            let scratch = try Scratch(), display = try VirtualDisplay(), schema = try CompiledSchema(in: scratch)
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                           environment: schema.environment(dataHome: scratch.path))
            let before = try editor.state("started") { $0.names == ["a", "b", "c"] && $0.firstGap != nil }
            #expect(!before.optionsShown)
            #expect(before.firstGap == 6, "\(before.firstGap ?? -1)")

            try schema.gsettings(["set", CompiledSchema.id, "show-layout-options", "true"], dataHome: scratch.path)
            try editor.state("the panel shown by gsettings") { $0.optionsShown }
            try schema.gsettings(["set", CompiledSchema.id, "item-spacing", "20"], dataHome: scratch.path)
            let spaced = try editor.state("the chips 20 px apart") { $0.firstGap == 20 }
            #expect(spaced.names == ["a", "b", "c"])

            // And back the other way: the window's own toggle writes the key gsettings reads.
            try editor.key("F9")
            try editor.state("the panel hidden") { !$0.optionsShown }
            try waitUntil("the key written") {
                (try? schema.gsettings(["get", CompiledSchema.id, "show-layout-options"], dataHome: scratch.path)) == "false" ? true : nil
            }
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// Every layout option of the panel that is the user's taste is a key (five were): lines
        /// run as columns and padding moves the chips when `gsettings` says so, in the window
        /// open; the panel's drop-down, with the pointer and keys, writes the key; the next
        /// window opens with them.
        @Test func theOtherLayoutOptionsAreKeysToo() throws {
            let scratch = try Scratch(), display = try VirtualDisplay(), schema = try CompiledSchema(in: scratch)
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c"], at: collection)
            let environment = schema.environment(dataHome: scratch.path)
            let editor = try EditorProcess(["--collection", collection, "--options"], on: display, dataHome: scratch.path,
                                           environment: environment)
            let before = try editor.state("started") { $0.settled && $0.origin(of: "b") != nil && $0.panelChoice("Lines run as") != nil }
            let start = try #require(before.origin(of: "a"))

            try schema.gsettings(["set", CompiledSchema.id, "padding-top", "30"], dataHome: scratch.path)
            try editor.state("30 px lower") { $0.settled && $0.origin(of: "a")?.y == start.y + 30 }
            try schema.gsettings(["set", CompiledSchema.id, "axis", "vertical"], dataHome: scratch.path)
            try editor.state("in a column") { state in
                guard state.settled, let a = state.origin(of: "a"), let b = state.origin(of: "b") else { return false }
                return a.x == b.x && b.y > a.y
            }

            // Back to rows in the panel: its drop-down opened with a click, the choice made by keys.
            var open = false
            for _ in 0..<3 where !open {
                let row = try #require(try editor.state("the drop-down") { $0.settled }.panelChoice("Lines run as"))
                try editor.click(x: row.x, y: row.y)
                open = (try? editor.state("its list open", timeout: 3) { $0.panelChoice("Lines run as")?.open == true }) != nil
            }
            try #require(open, "the drop-down's list opens")
            try display.xdotool(["key", "--delay", "80", "Up", "Return"])
            try editor.state("in a row again") { $0.settled && $0.origin(of: "a")?.y == $0.origin(of: "b")?.y }
            try waitUntil("the key written") {
                (try? schema.gsettings(["get", CompiledSchema.id, "axis"], dataHome: scratch.path)) == "'horizontal'" ? true : nil
            }
            try editor.key("ctrl+w")
            try waitUntil("the editor ended") { editor.process.isRunning ? nil : true }

            let next = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path, environment: environment)
            let opened = try next.state("started") { $0.settled && $0.origin(of: "b") != nil }
            #expect(opened.origin(of: "a")?.y == start.y + 30, "the padding kept")
            #expect(opened.origin(of: "a")?.y == opened.origin(of: "b")?.y, "rows kept")
            #expect(try schema.gsettings(["get", CompiledSchema.id, "padding-top"], dataHome: scratch.path) == "30.0")
            #expect(!next.errors.contains("CRITICAL"), "\(next.errors)")
        }

        /// The window's size when it closed is the next window's.
        @Test func theWindowSizeIsRemembered() throws {
            let scratch = try Scratch(), display = try VirtualDisplay(), schema = try CompiledSchema(in: scratch)
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a"], at: collection)
            let first = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                          environment: schema.environment(dataHome: scratch.path))
            let sized = try first.resize(width: 640, height: 480)
            try first.key("ctrl+w")
            try waitUntil("the editor ended") { first.process.isRunning ? nil : true }
            let width = Int(try schema.gsettings(["get", CompiledSchema.id, "window-width"], dataHome: scratch.path)) ?? 0
            let height = Int(try schema.gsettings(["get", CompiledSchema.id, "window-height"], dataHome: scratch.path)) ?? 0
            #expect(abs(width - 640) < 30 && abs(height - 480) < 30, "\(width)×\(height), the window was \(sized.windowWidth)")
            let second = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                           environment: schema.environment(dataHome: scratch.path))
            let opened = try second.state("started") { $0.windowWidth > 0 }
            #expect(abs(opened.windowWidth - sized.windowWidth) < 2, "\(opened.windowWidth), was \(sized.windowWidth)")
            #expect(try schema.gsettings(["get", CompiledSchema.id, "window-maximized"], dataHome: scratch.path) == "false")
        }

        /// A settings.json of an earlier version is read into the keys at the first start, and
        /// never again: a later change made with gsettings stays, though the file still says
        /// otherwise.
        @Test func theJSONSettingsAreMigratedOnce() throws {
            let scratch = try Scratch(), display = try VirtualDisplay(), schema = try CompiledSchema(in: scratch)
            let collection = scratch.path + "/tags.json", folder = scratch.path + "/config/wraphstack-tag-editor"
            try OnDisk.writeCollection(["a"], at: collection)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let json = "{\"format\": \"wraphstack-tag-editor-settings\", \"version\": 1, \"showsLayoutOptions\": true}\n"
            try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/settings.json"))
            #expect(try schema.gsettings(["get", CompiledSchema.id, "settings-json-migrated"], dataHome: scratch.path) == "false")

            let first = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                          environment: schema.environment(dataHome: scratch.path))
            #expect(try first.state("started") { _ in true }.optionsShown, "the old file's setting was not read")
            first.process.stop()
            #expect(try schema.gsettings(["get", CompiledSchema.id, "show-layout-options"], dataHome: scratch.path) == "true")
            #expect(try schema.gsettings(["get", CompiledSchema.id, "settings-json-migrated"], dataHome: scratch.path) == "true")

            try schema.gsettings(["set", CompiledSchema.id, "show-layout-options", "false"], dataHome: scratch.path)
            let second = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                           environment: schema.environment(dataHome: scratch.path))
            #expect(try second.state("started") { _ in true }.optionsShown == false, "the old file was read again")
            second.process.stop()
            #expect(try String(contentsOfFile: folder + "/settings.json", encoding: .utf8) == json, "the old file was changed")
        }
    }
}
