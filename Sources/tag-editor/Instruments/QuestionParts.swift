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
        var answer: Widget?, cancel: Widget?
        func visit(_ widget: Widget) {
            if cgtk_is_button(widget) != 0 {
                guard gtk_widget_get_mapped(widget) != 0 else { return }
                if gtk_widget_has_css_class(widget, "destructive") != 0 || gtk_widget_has_css_class(widget, "suggested") != 0 {
                    answer = widget
                } else {
                    cancel = widget
                }
                return
            }
            var child = gtk_widget_get_first_child(widget)
            while let next = child {
                visit(next)
                child = gtk_widget_get_next_sibling(next)
            }
        }
        visit(question.dialog)
        return (answer, cancel)
    }
}
