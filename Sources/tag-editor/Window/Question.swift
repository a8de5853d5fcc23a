// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GObjectSupport
import TagData

/// A question before a change, in libadwaita's message dialog (modal over its window): Cancel
/// and one answer that makes the change. A destructive answer (a delete on every file) is styled
/// so and is never the default: Enter then cancels, as does Escape; a safe one (a rename, a
/// merge) is suggested and is the default, so Enter answers it.
@MainActor
final class Question {
    /// The AdwMessageDialog while it is shown.
    let dialog: Widget
    /// The answer's response id ("delete", "rename", ...).
    let answer: String

    /// - Parameter answered: called with `true` for the answer, `false` for Cancel, Escape or the
    ///   dialog closed.
    init(over window: Widget, heading: String, body: String, answer: String, label: String, destructive: Bool,
         answered: @escaping @MainActor (Bool) -> Void) {
        self.answer = answer
        dialog = adw_message_dialog_new(cgtk_window(window), heading, body)
        let question = cadw_message_dialog(dialog)
        adw_message_dialog_add_response(question, "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(question, answer, label)
        adw_message_dialog_set_response_appearance(question, answer, destructive ? ADW_RESPONSE_DESTRUCTIVE : ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(question, destructive ? "cancel" : answer)
        adw_message_dialog_set_close_response(question, "cancel")
        connectSignal(UnsafeMutableRawPointer(dialog), "response") { [answer] (response: gpointer?) in
            let chosen = response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
            answered(chosen == answer)
        }
    }

    /// A question with several answers (`suggested`: styled so, never the default) and one that
    /// changes nothing (`later`: the default, and what Escape or closing the dialog answers);
    /// `answered` gets the chosen response's id.
    init(over window: Widget, heading: String, body: String, later: (id: String, label: String),
         answers: [(id: String, label: String, suggested: Bool)], answered: @escaping @MainActor (String) -> Void) {
        answer = later.id
        dialog = adw_message_dialog_new(cgtk_window(window), heading, body)
        let question = cadw_message_dialog(dialog)
        adw_message_dialog_add_response(question, later.id, later.label)
        for response in answers {
            adw_message_dialog_add_response(question, response.id, response.label)
            if response.suggested { adw_message_dialog_set_response_appearance(question, response.id, ADW_RESPONSE_SUGGESTED) }
        }
        adw_message_dialog_set_default_response(question, later.id)
        adw_message_dialog_set_close_response(question, later.id)
        connectSignal(UnsafeMutableRawPointer(dialog), "response") { [later] (response: gpointer?) in
            answered(response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? later.id)
        }
    }

    func present() { gtk_window_present(cgtk_window(dialog)) }

    /// Closes it without an answer (its window goes, say).
    func close() { gtk_window_close(cgtk_window(dialog)) }

    var heading: String { adw_message_dialog_get_heading(cadw_message_dialog(dialog)).map { String(cString: $0) } ?? "" }
    var body: String { adw_message_dialog_get_body(cadw_message_dialog(dialog)).map { String(cString: $0) } ?? "" }
}
