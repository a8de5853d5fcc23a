// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// CGtk before CFlow (AppStateTests.swift says why).
import CGtk
import CFlow
@testable import FlowBridge
import Foundation
import GObjectSupport
import Testing

/// The library's strings go through its own gettext domain, `flow-1`: with a German catalogue
/// bound, the reordering hint added to an item's description is German, after the app's text.
@MainActor @Suite(.serialized)
struct LocalizationTests {
    @Test func theReorderHintIsTranslatedInTheLibrarysDomain() throws {
        GTK.setUp()
        flow_init()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flow-1-locale-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let messages = folder.appendingPathComponent("de/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let po = folder.appendingPathComponent("de.po")
        try """
        msgid ""
        msgstr "Content-Type: text/plain; charset=UTF-8\\n"

        msgid "Ctrl+Shift+arrow keys, Home or End move it."
        msgstr "Strg+Umschalt+Pfeiltasten, Pos1 oder Ende verschieben es."

        msgid "Moved to position %1$d of %2$d."
        msgstr "An Stelle %1$d von %2$d verschoben."
        """.write(to: po, atomically: true, encoding: .utf8)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["-o", messages.appendingPathComponent("flow-1.mo").path, po.path]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        try #require(msgfmt.terminationStatus == 0)

        // German messages for this test only (C.UTF-8 is this machine's one non-C locale; gettext
        // then follows LANGUAGE).
        let previousLocale = String(cString: setlocale(LC_MESSAGES, nil))
        setenv("LANGUAGE", "de", 1)
        setlocale(LC_MESSAGES, "C.UTF-8")
        flow_i18n_set_folder(folder.path)
        defer {
            unsetenv("LANGUAGE")
            setlocale(LC_MESSAGES, previousLocale)
            // Bound back to gettext's default folder (which has no flow-1 catalogue here), which
            // also clears gettext's cache of what it found.
            flow_i18n_set_folder("/usr/share/locale")
        }
        #expect(ItemInteraction.reorderHint == "Strg+Umschalt+Pfeiltasten, Pos1 oder Ende verschieben es.")
        #expect(localized("Moved to position %1$d of %2$d.", 3, 12) == "An Stelle 3 von 12 verschoben.")

        let box = UnsafeMutablePointer<GtkWidget>(OpaquePointer(g_object_ref_sink(flow_wrap_hstack_new())))!
        defer { g_object_unref(box) }
        let child = gtk_button_new_with_label("beach")!
        setAccessibleDescription(child, "Opens the tag")
        flow_wrap_hstack_append(flow_wrap_hstack_cast(box), child)
        flow_wrap_hstack_set_reorderable(flow_wrap_hstack_cast(box), 1)
        #expect(accessibleDescription(of: child) == "Opens the tag Strg+Umschalt+Pfeiltasten, Pos1 oder Ende verschieben es.")
        flow_wrap_hstack_set_reorderable(flow_wrap_hstack_cast(box), 0)
        #expect(accessibleDescription(of: child) == "Opens the tag")
    }

    @Test func withoutACatalogueTheTextIsEnglish() {
        #expect(localized("Moved to position %1$d of %2$d.", 1, 2) == "Moved to position 1 of 2.")
    }
}
