// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import GObjectSupport

/// What a window says happened, for whoever observes it: the one interface between the app and
/// its instruments (`Instruments/`: the state report the end-to-end tests read, when
/// `TAG_EDITOR_STATE_FILE` asks for it). A window publishes and never reads anything back, so
/// nothing a user sees can come from an observer.
@MainActor
final class WindowEvents {
    enum Event {
        /// Something the window shows changed (a message, the entry, a job's progress).
        case changed
        /// The user made an edit (or an undo, a redo) and how it went: `error` is why it was refused.
        case edited(kind: String, name: String, error: String?)
        /// Text put on the clipboard (Ctrl+C).
        case copied(String)
        /// What is on disk was read again after another program changed it.
        case reloaded
        /// The counts of a folder's reading are shown for the first time.
        case countsShown
    }

    /// The window's kind, as an observer attaches to it.
    enum Window {
        case editor(EditorWindow)
        case folder(FolderWindow)
    }

    /// Called with every window made, before it is shown (the instruments attach to it there).
    static var onWindowMade: (@MainActor (Window) -> Void)?

    private var observers: [@MainActor (Event) -> Void] = []

    func observe(_ observer: @escaping @MainActor (Event) -> Void) { observers.append(observer) }

    func publish(_ event: Event) {
        for observer in observers { observer(event) }
    }
}
