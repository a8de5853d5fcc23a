// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GObjectSupport

/// The buttons of a question's dialog, found in its widget tree: libadwaita 1.2 makes two per
/// response (for its wide and its narrow layout, one of them shown), styled `destructive` or
/// `suggested` as the response is, and `default` for the default one. A question has two
/// responses: its answer and Cancel.
@MainActor
enum QuestionParts {
    static func buttons(of question: Question) -> (answer: Widget?, cancel: Widget?) {
        let buttons = descendants(of: question.dialog).filter { cgtk_is_button($0) != 0 && gtk_widget_get_mapped($0) != 0 }
        let isAnswer = { (button: Widget) in
            gtk_widget_has_css_class(button, "destructive") != 0 || gtk_widget_has_css_class(button, "suggested") != 0
        }
        let answer = buttons.first(where: isAnswer), cancel = buttons.first { !isAnswer($0) }
        return (answer, cancel)
    }
}
