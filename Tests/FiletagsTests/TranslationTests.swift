// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// filetags in the user's language: the real binary with `LANGUAGE=fr` (under `LC_MESSAGES=C.UTF-8`,
/// which gettext needs to follow `LANGUAGE`, as a desktop session sets it) reads the build tree's
/// French catalogue of the `tag-editor` domain, which it shares with the editor and TagData.
@Suite struct TranslationTests {
    static let french = ["LANGUAGE": "fr", "LC_ALL": "", "LC_MESSAGES": "C.UTF-8", "FILETAGS_JOURNAL": "off"]
    static let english = ["LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "C.UTF-8", "FILETAGS_JOURNAL": "off"]

    @Test func theHelpIsFrenchSectionBySection() throws {
        let french = try Filetags.run(["--help"], environment: Self.french)
        #expect(french.status == 0)
        #expect(french.output.hasPrefix("filetags\u{A0}: trouver des fichiers par leurs étiquettes"), "\(french.output.prefix(200))")
        for heading in ["USAGE", "ÉTIQUETTES", "LE PARCOURS", "ÉTIQUETTES PERDUES", "LES ÉTIQUETTES DU FINDER", "ÉTAT DE SORTIE"] {
            #expect(french.lines.contains(heading), "no section \(heading)")
        }
        #expect(french.output.contains("filetags rename [-n] ANCIENNE NOUVELLE DOSSIER..."))
        // Options and the shell's quoting stay as typed.
        #expect(french.output.contains("--cross-devices") && french.output.contains("('caf'$'\\351')"))
        let english = try Filetags.run(["--help"], environment: Self.english)
        #expect(english.output.hasPrefix("filetags: find files by their tags"))
        // One section a message, each translated: as many blank-line-separated sections, none English.
        #expect(!french.lines.contains("LOST TAGS") && !french.lines.contains("EXIT STATUS"))
    }

    @Test func aMissingFileAndAWrongCommandLineAreNamedInFrench() throws {
        let tree = try TreeDirectory()
        let missing = tree.path + "/absent.txt"
        let show = try Filetags.run(["show", missing], environment: Self.french)
        #expect(show.status == 1)
        // TagData's message (FileError), inside filetags' own ("ignoré … : …").
        #expect(show.stderr == "filetags: ignoré \(missing)\u{A0}: \(missing) n’existe pas.\n", "\(show.stderr)")
        let importing = try Filetags.run(["import", missing, tree.path], environment: Self.french)
        #expect(importing.status == 2)
        #expect(importing.stderr == "filetags: \(missing) n’existe pas\n", "\(importing.stderr)")
        let option = try Filetags.run(["list", "--bogus", tree.path], environment: Self.french)
        #expect(option.status == 2)
        #expect(option.stderr == "filetags: option inconnue «\u{A0}--bogus\u{A0}» (filetags --help en dit plus)\n", "\(option.stderr)")
        let usage = try Filetags.run(["rename", "a"], environment: Self.french)
        #expect(usage.stderr.contains("usage\u{A0}: filetags rename ANCIENNE NOUVELLE DOSSIER..."), "\(usage.stderr)")
        let query = try Filetags.run(["find", tree.path, "a and ("], environment: Self.french)
        #expect(query.status == 2)
        #expect(query.stderr.hasPrefix("filetags: requête mal formée à la colonne 8\u{A0}: la requête s’arrête là où une étiquette"),
                "\(query.stderr)")
    }

    /// French says "0 fichier", "1 fichier", "2 fichiers" (ngettext's plural rule n > 1), where
    /// English says "0 files".
    @Test func countsTakeTheFormTheLanguageGivesTheirNumber() throws {
        let tree = try TreeDirectory()
        try tree.file("a", tags: "trip")
        try tree.file("b", tags: "trip,sea")
        var environment = Self.french
        environment["XDG_DATA_HOME"] = tree.path
        for (tags, count, files) in [("absent", "lost", "0 fichier"), ("sea", "coast", "1 fichier"), ("trip", "travel", "2 fichiers")] {
            let run = try Filetags.run(["rename", tags, count, tree.path], environment: environment)
            #expect(run.status == 0)
            #expect(run.stderr == "filetags: renommé «\u{A0}\(tags)\u{A0}» en «\u{A0}\(count)\u{A0}» sur \(files)\n", "\(run.stderr)")
        }
        environment["LANGUAGE"] = ""
        let english = try Filetags.run(["rename", "travel", "trip", tree.path], environment: environment)
        #expect(english.stderr == "filetags: renamed “travel” to “trip” on 2 files\n", "\(english.stderr)")
    }
}
