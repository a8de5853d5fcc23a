// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// The file managers' menus as `install.sh` installs them: the Dolphin service menu passes
    /// desktop-file-validate and names the installed editor; the Nautilus extension, loaded with
    /// the real Nautilus 4.0 bindings, offers its items for file infos of real files and starts the
    /// installed editor with them; `--uninstall` removes both.
    @Suite struct FileManagerIntegration {
        static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        @Test func theInstalledMenusLoadAndUninstallRemovesThem() throws {
            let scratch = try Scratch()
            let prefix = scratch.path + "/prefix"
            let install = Self.repository.appendingPathComponent("Resources/scripts/install.sh").path
            let installed = try Command.run("bash", [install, "--integration"], environment: ["PREFIX": prefix])
            #expect(installed.status == 0, "\(installed.stderr)")
            let serviceMenu = prefix + "/share/kio/servicemenus/io.github.wraphstack.TagEditor.servicemenu.desktop"
            let extensionPath = prefix + "/share/nautilus-python/extensions/tag-editor-nautilus.py"
            let editor = prefix + "/bin/tag-editor"

            let menu = try String(contentsOfFile: serviceMenu, encoding: .utf8)
            #expect(menu.contains("\nExec=\(editor) -- %F\n") && menu.contains("\nExec=\(editor) --folder %f\n"))
            #expect(!menu.contains("@TAG_EDITOR@"))
            #expect(access(serviceMenu, X_OK) == 0)
            let validated = try Command.run("desktop-file-validate", [serviceMenu])
            #expect(validated.status == 0 && validated.stdout.isEmpty, "\(validated.stdout)\(validated.stderr)")

            // What the extension starts: a program at the installed editor's place that writes
            // down its arguments.
            let record = scratch.path + "/started.txt"
            try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
            try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" > \(record).part && mv \(record).part \(record)\n".utf8)
                .write(to: URL(fileURLWithPath: editor))
            chmod(editor, 0o755)
            let first = scratch.file("a b.txt"), second = scratch.file("c.txt")
            let check = Self.repository.appendingPathComponent("Resources/integration/check-nautilus-extension.py").path
            // Debian's python3, which has PyGObject (GTK-NOTES: the first python3 on PATH may not).
            let loaded = try Command.run("/usr/bin/python3", [check, extensionPath, record, first, second, scratch.path])
            #expect(loaded.status == 0 && loaded.stdout == "ok\n", "\(loaded.stdout)\(loaded.stderr)")

            let removed = try Command.run("bash", [install, "--uninstall"], environment: ["PREFIX": prefix])
            #expect(removed.status == 0, "\(removed.stderr)")
            #expect(!FileManager.default.fileExists(atPath: serviceMenu))
            #expect(!FileManager.default.fileExists(atPath: extensionPath))
        }
    }
}
