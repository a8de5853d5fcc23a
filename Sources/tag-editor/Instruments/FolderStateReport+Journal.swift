// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GObjectSupport
import JSON
import TagData

// The tags journal's part of the folder view's state report (FolderStateReport.swift): read from
// the window, never read back by it.
extension FolderWindow {
    /// `journal`: whether it is open, the files last restored, the message's action, and the
    /// question about an interrupted change (`title`, `body`, `change` (its id), `responses`:
    /// `id`, `label`, `default`, `suggested`, and the centre `x`, `y` in the question's window).
    var journalReport: [(key: String, value: JSONValue)] {
        var fields: [(key: String, value: JSONValue)] = [
            ("open", .bool(AppJournal.ifOpen != nil)),
            ("restored", .array(journalState.restored.map { .string($0.description) })),
            ("messageAction", messages.actionLabel.map { .string($0) } ?? .null),
        ]
        if let point = ToastParts.buttons(in: messages.overlay).action.flatMap(StateReport.centre(of:)) {
            fields.append(("messageActionButton", .object([("x", .number(point.x)), ("y", .number(point.y))])))
        }
        if let question = journalState.question, let asked = journalState.asked {
            let buttons = descendants(of: question.dialog).filter { cgtk_is_button($0) != 0 && gtk_widget_get_mapped($0) != 0 }
            let responses: [JSONValue] = [("later", tr("_Later")), ("take-back", tr("_Take Back")), ("finish", tr("_Finish"))].map { id, label in
                var response: [(key: String, value: JSONValue)] = [("id", .string(id)), ("label", .string(label))]
                if let button = buttons.first(where: { gtk_button_get_label(cgtk_button($0)).map { String(cString: $0) } == label }) {
                    response.append(("default", .bool(gtk_widget_has_css_class(button, "default") != 0)))
                    response.append(("suggested", .bool(gtk_widget_has_css_class(button, "suggested") != 0)))
                    response.append(("destructive", .bool(gtk_widget_has_css_class(button, "destructive") != 0)))
                    if let centre = StateReport.centre(of: button) { response += [("x", .number(centre.x)), ("y", .number(centre.y))] }
                }
                return .object(response)
            }
            fields.append(("question", .object([("title", .string(question.heading)), ("body", .string(question.body)),
                                                 ("change", .number(Double(asked.id))), ("responses", .array(responses))])))
        } else {
            fields.append(("question", .null))
        }
        return [("journal", .object(fields))]
    }
}
