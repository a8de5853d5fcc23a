// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The repository's root (this file is Tests/TagEditorEndToEndTests/TranslationTests.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// What a screen reader reads of an editor: every node of its AT-SPI tree (`atspi_chips.py --tree`).
struct AccessibleNodes {
    struct Node {
        var role: String, name: String, attributes: [String: String]
        /// The node's description (a tooltip's text, a chip's colour and count).
        var description = ""
    }

    var nodes: [Node]

    /// Reads the tree of `editor`, once a node named `text` is in it.
    init(of editor: EditorProcess, bus: SessionBus, waitingFor text: String? = nil) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("atspi_chips.py").path
        let read = try Command.run("/usr/bin/python3", [script, "\(editor.process.processIdentifier)", "--tree"] + (text.map { ["--wait-for", $0] } ?? []),
                                   environment: editor.display.environment.merging(bus.editorEnvironment) { $1 }, timeout: 40)
        guard read.status == 0, let object = try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any],
              let nodes = object["nodes"] as? [[String: Any]] else {
            throw EndToEndError(description: "atspi_chips.py --tree: \(read.stdout) \(read.stderr)")
        }
        self.nodes = nodes.map {
            Node(role: $0["role"] as? String ?? "", name: $0["name"] as? String ?? "",
                 attributes: $0["attributes"] as? [String: String] ?? [:], description: $0["description"] as? String ?? "")
        }
    }

    func names(role: String) -> [String] { nodes.filter { $0.role == role }.map(\.name) }
}

extension EndToEnd {
    /// Issue 38: the editor in French (`LANGUAGE=fr`), read from the real binary as a screen
    /// reader reads it, and laid out at 360 px with the longer strings; the sources' messages all
    /// in the template that translators start from.
    @Suite struct Translation {
        static let french = ["LANGUAGE": "fr"]

        /// The window's title, the menu, the entry's placeholder, a toast with its Undo button and
        /// the chips' count in its singular and plural forms, all French over AT-SPI.
        @Test func theWindowMenuPlaceholderToastAndCountsAreFrenchOverATSPI() throws {
            let scratch = try Scratch(), display = try VirtualDisplay(), bus = try SessionBus()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["chat", "chien", "oiseau"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                           environment: bus.editorEnvironment.merging(Self.french) { $1 })
            let started = try editor.state("started") { $0.names == ["chat", "chien", "oiseau"] && $0.settled }
            #expect(started.status == "3 étiquettes", "\(started.status)")

            let tree = try AccessibleNodes(of: editor, bus: bus, waitingFor: "Étiquette chat")
            #expect(tree.names(role: "frame") == ["Collection d’étiquettes"], "\(tree.names(role: "frame"))")
            let entry = try #require(tree.nodes.first { $0.role == "text" && $0.name == "Nouvelle étiquette" })
            #expect(entry.attributes["placeholder-text"] == "Ajoutez une étiquette et appuyez sur Entrée", "\(entry.attributes)")
            #expect(tree.names(role: "push button").contains("Retirer l’étiquette chat"))
            #expect(tree.names(role: "push button").contains("Afficher les options de disposition"))

            // The primary menu (F10), as the popover shows it.
            try editor.key("F10")
            let menu = try AccessibleNodes(of: editor, bus: bus, waitingFor: "Raccourcis clavier")
            let items = Set(menu.nodes.map(\.name))
            for item in ["Annuler", "Rétablir", "Raccourcis clavier", "À propos d’Éditeur d’étiquettes", "Ouvrir un dossier…", "Quitter"] {
                #expect(items.contains(item), "no “\(item)” in the menu: \(menu.nodes.filter { $0.role.contains("menu") }.map(\.name))")
            }
            try editor.key("Escape")
            // The chips' group, named with its own context (msgctxt), as a screen reader reads it.
            #expect(tree.nodes.contains { $0.name == "Étiquettes" }, "no group named “Étiquettes”")

            // The layout options (F9): words that carry a context in the .ui (the padding's sides,
            // a position in a line) are French as their role gives them.
            try editor.key("F9")
            try editor.state("the options shown") { $0.optionsShown && $0.settled }
            let options = Set(try AccessibleNodes(of: editor, bus: bus, waitingFor: "Haut").nodes.map(\.name))
            for name in ["Haut", "Bas", "Début", "Fin", "Répartition sur une ligne"] {
                #expect(options.contains(name), "no “\(name)” in the options: \(options.sorted())")
            }
            try editor.key("F9")
            try editor.state("the options put away") { !$0.optionsShown && $0.settled }

            // One tag removed: the count's singular form is not the plural's.
            try editor.focus(chip: "oiseau")
            try editor.key("Delete")
            let two = try editor.state("oiseau removed") { $0.names == ["chat", "chien"] && $0.settled }
            #expect(two.status == "2 étiquettes", "\(two.status)")
            try editor.focus(chip: "chien")
            try editor.key("Delete")
            let one = try editor.state("chien removed") { $0.names == ["chat"] && $0.settled }
            #expect(one.status == "1 étiquette", "\(one.status)")
            try editor.key("ctrl+z")
            try editor.state("chien back") { $0.names == ["chat", "chien"] }

            // Two removed at one key: the toast, its text and its Undo button read over AT-SPI.
            try editor.focus(chip: "chat")
            try editor.key("ctrl+a")
            try editor.key("BackSpace")
            let toast = "2 étiquettes retirées."
            try editor.state("the toast") { $0.message == toast && $0.values["messageRevealed"] as? Bool == true }
            let shown = try AccessibleNodes(of: editor, bus: bus, waitingFor: toast)
            #expect(shown.nodes.contains { $0.name == toast })
            #expect(shown.names(role: "push button").contains { $0.hasPrefix("Annuler") }, "\(shown.names(role: "push button"))")
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// `tag-editor --help` and a command-line error in French, option names as typed; English
        /// without LANGUAGE.
        @Test func theCommandLinesHelpAndErrorsAreFrench() throws {
            let french = ["LANGUAGE": "fr", "LC_ALL": "", "LC_MESSAGES": "C.UTF-8"]
            let help = try Command.run(EditorProcess.binary, ["--help"], environment: french)
            #expect(help.stdout.hasPrefix("usage\u{A0}: tag-editor [FICHIER...]"), "\(help.stdout.prefix(200))")
            #expect(help.stdout.contains("  --virtual            montrer les étiquettes dans la liste virtuelle"))
            #expect(help.stdout.contains("Touches\u{A0}: Entrée ajoute l’étiquette tapée"))
            let wrong = try Command.run(EditorProcess.binary, ["--max-lines", "zéro"], environment: french)
            #expect(wrong.status == 64)
            #expect(wrong.stderr.contains("--max-lines\u{A0}: «\u{A0}zéro\u{A0}» n’est pas un nombre entier positif"), "\(wrong.stderr)")
            let english = try Command.run(EditorProcess.binary, ["--help"], environment: ["LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "C.UTF-8"])
            #expect(english.stdout.hasPrefix("usage: tag-editor [FILE...]"))
        }

        /// A refusal worded by TagData (its TagError, which filetags prints too), shown in the
        /// editor's toast in French: one string, translated once, for both programs.
        @Test func aTagDataRefusalIsFrenchInTheToast() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["chat", "chien"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                           environment: Self.french)
            try editor.state("its tags") { $0.names == ["chat", "chien"] && $0.settled }
            try editor.addTag("chat")
            let refused = try editor.state("the refusal") { $0.message != nil && $0.settled }
            #expect(refused.message == "L’étiquette «\u{A0}chat\u{A0}» est déjà là.", "\(refused.message ?? "no message")")
            #expect(refused.messageIsError)
            #expect(OnDisk.collection(at: collection) == ["chat", "chien"])
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// A damaged collection is said in French to its last word: the JSON reader says what is
        /// wrong as a value and TagData words it, so no English of the reader is left inside.
        @Test func aDamagedCollectionIsSaidWhollyInFrench() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try Data(#"{"format": "wraphstack-tags", "version": 1, "tags": ["a" "b"]}"#.utf8).write(to: URL(fileURLWithPath: collection))
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                           environment: Self.french)
            let told = try editor.state("the damaged collection said") { $0.message != nil && $0.settled }
            let message = told.message ?? ""
            #expect(message.contains("JSON invalide à l’octet 57\u{A0}: «\u{A0},\u{A0}» ou «\u{A0}]\u{A0}» dans le tableau était attendu, trouvé\u{A0}: caractère «\u{A0}\"\u{A0}»"),
                    "\(message)")
            for english in ["invalid JSON", "expected ", " got ", "character '"] {
                #expect(!message.contains(english), "\(english) in \(message)")
            }
            #expect(FileManager.default.fileExists(atPath: collection + ".corrupt"), "kept aside")
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// At 360 px under a window manager (which keeps a window at least as wide as its content
        /// needs), the French window is exactly as narrow as the English one, with the options
        /// panel shown (over the chips, at this width) and with a toast: no French string widens
        /// it or is cut at its edge.
        @Test func theFrenchWindowIsNotClippedAt360Pixels() throws {
            let display = try VirtualDisplay()
            try display.startWindowManager()
            var widths: [String: Int] = [:]
            for (language, environment) in [("en", [String: String]()), ("fr", Self.french)] {
                let scratch = try Scratch()
                let collection = scratch.path + "/tags.json"
                try OnDisk.writeCollection(["photos", "vacances", "famille", "à trier"], at: collection)
                let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                               environment: environment)
                try editor.state("its tags") { $0.names.count == 4 }
                _ = try editor.resize(width: 360, height: 640)
                try editor.key("F9")
                let options = try editor.state("the options shown") { $0.optionsShown && $0.settled }
                let panel = try #require(options.widget("panel")), content = try #require(options.widget("content"))
                #expect(panel.left >= content.left && panel.right <= content.right,
                        "\(language): the panel at \(panel.left)...\(panel.right) in \(content.left)...\(content.right)")
                _ = try Screenshots.save(editor.window, of: editor, as: "editor-360-options-\(language)")
                try editor.key("Escape")
                try editor.state("the options put away") { !$0.optionsShown && $0.settled }
                try editor.focus(chip: "photos")
                try editor.key("ctrl+a")
                try editor.key("BackSpace")
                let told = try editor.state("the toast") {
                    $0.names.isEmpty && $0.values["messageRevealed"] as? Bool == true && $0.widget("toastAction") != nil
                }
                #expect(told.values["messageFits"] as? Bool == true, "\(language): the toast's text has less room than it needs")
                // The status line counts what is left, though no chip is laid out to set it off.
                let none = language == "fr" ? "0 étiquette" : "0 tags"
                let counted = try editor.state("the status line's count") { $0.status == none }
                #expect(counted.names.isEmpty)
                // The title's line where the toast has room for it ("Removed 4 tags.", not
                // "Remove-" "d 4 tags."): its natural width is asked for unwrapped.
                #expect(told.values["messageWrapsWithRoom"] as? Bool == false, "\(language): the title wraps with room beside it")
                let window = Double(told.windowWidth)
                for name in ["toast", "toastClose", "toastAction", "entry", "open", "options", "menu"] {
                    let bounds = try #require(told.widget(name), "\(language): no \(name)")
                    #expect(bounds.left >= 0 && bounds.right <= window, "\(language): \(name) at \(bounds.left)...\(bounds.right) in \(window)")
                }
                widths[language] = told.windowWidth
                _ = try Screenshots.save(editor.window, of: editor, as: "editor-360-toast-\(language)")
                editor.process.stop()
            }
            #expect(widths["fr"] == widths["en"], "\(widths)")
            #expect(abs((widths["fr"] ?? 0) - 360) < 30, "\(widths)")
        }

        /// `Resources/scripts/i18n.py check`: xgettext over the sources (through the script's
        /// Swift stand-ins) finds no message missing from po/tag-editor.pot and none left there
        /// that the sources no longer have, and the scan of every string literal finds no
        /// user-visible one left unmarked; the French catalogue translates every message.
        @Test func everyMessageIsInTheTemplateAndTranslated() throws {
            let check = try Command.run("/usr/bin/python3", [repositoryRoot + "/Resources/scripts/i18n.py", "check"], timeout: 120)
            #expect(check.status == 0 && check.stdout.isEmpty, "\(check.stdout)\(check.stderr)")
            let french = try Command.run("msgfmt", ["--check", "--statistics", "-o", "/dev/null", repositoryRoot + "/po/fr.po"])
            #expect(french.status == 0, "\(french.stderr)")
            #expect(french.stderr.contains(" translated messages") && !french.stderr.contains("untranslated")
                    && !french.stderr.contains("fuzzy"), "\(french.stderr)")
            let template = try String(contentsOfFile: repositoryRoot + "/po/tag-editor.pot", encoding: .utf8)
            // A plural, a .ui string, the desktop file's and the schema's are all in the template.
            for msgid in ["msgid \"{0} folder watched\"\nmsgid_plural \"{0} folders watched\"", "msgid \"Keyboard Shortcuts\"",
                          "msgid \"File Tag Editor\"", "msgid \"Space between tags\""] {
                #expect(template.contains(msgid), "\(msgid)")
            }
        }
    }
}
