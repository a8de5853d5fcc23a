// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import TagData

/// The application's folder views: `tag-editor --folder DIR` and Open Folder… in the editor's
/// menu (the `app.open-folder` action) open one; a folder view's own Open button and a folder
/// dropped on it show another folder there.
@MainActor
final class FolderWindows {
    private let application: UnsafeMutablePointer<GtkApplication>
    private var windows: [FolderWindow] = []
    /// Opens files in the tag editor.
    var openFiles: @MainActor ([String]) -> Void = { _ in }

    init(application: UnsafeMutablePointer<GtkApplication>) {
        self.application = application
    }

    /// A folder view of `folder`, in a window of its own.
    func open(_ folder: String) {
        do {
            let view = try FolderWindow(folder: folder, application: application)
            view.onOpenFiles = { [weak self] paths in self?.openFiles(paths) }
            windows.append(view)
            connectSignal(view.window, "destroy") { [weak self, weak view] in self?.windows.removeAll { $0 === view } }
            gtk_window_present(cgtk_window(view.window))
        } catch {
            FileHandle.standardError.write(Data("tag-editor: \(error)\n".utf8))
        }
    }

    /// The folder chooser, then a folder view of the folder chosen.
    func choose(parent: UnsafeMutablePointer<GtkWindow>?) {
        Self.chooseFolder(parent: parent.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }) {
            [weak self] path in self?.open(path)
        }
    }

    /// Finder's tags are treated as `mode` from now on, in every folder view.
    func follow(finder mode: FinderTagsMode) {
        for view in windows { view.follow(finder: mode) }
    }

    func closeAll() {
        for view in windows { gtk_window_destroy(cgtk_window(view.window)) }
    }

    /// Asks for a folder (GTK's native chooser, in folder mode).
    static func chooseFolder(parent: Widget?, _ chosen: @escaping @MainActor (String) -> Void) {
        let ui = UIDescription("file-choosers")
        let raw = UnsafeMutableRawPointer(ui.object("open_folder"))
        // Ours until it has answered: the description lets go of its own.
        withExtendedLifetime(ui) { _ = g_object_ref(raw) }
        gtk_native_dialog_set_transient_for(cgtk_native_dialog(raw), parent.map { cgtk_window($0) })
        connectResponse(raw) { response in
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(cgtk_file_chooser(raw)) {
                let path = WindowShell.localPath(of: file)
                g_object_unref(UnsafeMutableRawPointer(file))
                if let path { chosen(path) }
            }
            // The chooser was ours from its creation: released once it has answered.
            g_object_unref(raw)
        }
        gtk_native_dialog_show(cgtk_native_dialog(raw))
    }
}
