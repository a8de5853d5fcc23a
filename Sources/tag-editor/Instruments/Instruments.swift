// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The instruments' one hook into the app: when `TAG_EDITOR_STATE_FILE` names a file, every window
/// made gets a state report (the editor's ``EditorStateReport``, the folder view's
/// ``FolderStateReport``) that observes it through the events it publishes (``WindowEvents``)
/// and reads its widgets; the second window's report goes to the path with ".2", and so on.
@MainActor
enum Instruments {
    private static var windowsMade = 0

    /// Attaches a report to every window made from now on, when the environment asks for one.
    static func install(environment: [String: String]) {
        guard StateReport(environment: environment) != nil else { return }
        WindowEvents.onWindowMade = { window in
            windowsMade += 1
            guard let file = StateReport(environment: environment, suffix: windowsMade == 1 ? "" : ".\(windowsMade)") else { return }
            switch window {
            case .editor(let editor): _ = EditorStateReport(editor, file: file)
            case .folder(let view): _ = FolderStateReport(view, file: file)
            }
        }
    }
}
