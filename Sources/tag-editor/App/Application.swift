// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import FlowEngine
import Foundation
import GObjectSupport
import TagData

/// The interactive editor as a desktop application: an AdwApplication with the id
/// `io.github.wraphstack.TagEditor` (the desktop file's name, its icon's and the windows'
/// `WM_CLASS`), whose `open` signal receives the files of the command line (`Exec=tag-editor %F`,
/// how a file manager's "Open With" starts it) and whose `activate` opens the collection (or the
/// `--tags` list). Each window edits one document; files opened from a collection window get a
/// window of their own. The application ends when its last window closes.
///
/// It is not unique (`G_APPLICATION_NON_UNIQUE`): each `tag-editor` run is its own process with
/// its own options (`--collection`, `--tags`), as a second editor on the same files must be for
/// the data layer's guarantees to be tested, and no D-Bus session is needed.
@MainActor
final class TagEditorApplication {
    static let id = "io.github.wraphstack.TagEditor"
    /// The version the About window shows (the project's, as the Flow library's `flow-1.pc`).
    static let version = "1.0.0"

    let application: UnsafeMutablePointer<GtkApplication>
    private let arguments: EditorArguments
    private var windows: [EditorWindow] = []
    /// The settings (GSettings), read when a window opens and observed while it is open.
    private let settings: AppSettings
    /// Why the settings of an earlier version were ignored, or why none are remembered, to show
    /// in the first window.
    private var settingsProblem: String?
    /// The folder views (`--folder`, Open Folder).
    private let folders: FolderWindows
    /// Finder's tags: the `macos-tags` key and the main menu's submenu, or `--macos`.
    private let finderTags: FinderTagsSetting

    init(arguments: EditorArguments, environment: [String: String]) {
        self.arguments = arguments
        // An AdwApplication: libadwaita's stylesheet, and its style manager following the
        // desktop's light or dark preference.
        let adw = adw_application_new(Self.id, GApplicationFlags(rawValue: G_APPLICATION_HANDLES_OPEN.rawValue
                                                                 | G_APPLICATION_NON_UNIQUE.rawValue))!
        application = UnsafeMutableRawPointer(adw).assumingMemoryBound(to: GtkApplication.self)
        settings = AppSettings()
        settingsProblem = settings.migrate(from: Settings.path(environment: environment)) ?? settings.problem
        if let settingsProblem { FileHandle.standardError.write(Data("tag-editor: \(settingsProblem)\n".utf8)) }
        folders = FolderWindows(application: application)
        finderTags = FinderTagsSetting(settings: settings, commandLine: arguments.finder, application: application)
        let app = UnsafeMutableRawPointer(application)
        connectSignal(app, "startup") { [weak self] in self?.startUp() }
        connectSignal(app, "activate") { [weak self] in self?.openDefaultDocument() }
        connectApplicationOpen(app) { [weak self] files in self?.openFiles(files) }
        folders.openFiles = { [weak self] paths in try? self?.show(AppJournal.fileDocument(paths)) }
        finderTags.onChange = { [weak self] mode in
            guard let self else { return }
            for editor in self.windows { editor.follow(finder: mode) }
            self.folders.follow(finder: mode)
        }
    }

    /// Runs the application until its last window closes; returns the exit status. The files go
    /// to GApplication as its command line, so they arrive through `open` as GFiles.
    func run(files: [String]) -> Int32 {
        var argv: [UnsafeMutablePointer<CChar>?] = ([CommandLine.arguments[0]] + files.map(Self.commandLineForm)).map { strdup($0) }
        defer { for pointer in argv { free(pointer) } }
        let count = Int32(argv.count)
        argv.append(nil)
        return g_application_run(cgtk_g_application(UnsafeMutableRawPointer(application)), count, &argv)
    }

    /// A path as GApplication's command line must see it: one starting with `-` would be taken for
    /// an option, so it is made absolute (`./-name`).
    private static func commandLineForm(_ path: String) -> String {
        path.hasPrefix("-") ? "./" + path : path
    }

    private func startUp() {
        addAction("quit") { $0.quit() }
        // SIGTERM, SIGINT and SIGHUP (kill, Ctrl+C in a terminal, a closed session) end the
        // program as Ctrl+Q does, so that a change still being written reaches the disk first.
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            g_unix_signal_add(signal, quitOnSignal, Unmanaged.passUnretained(self).toOpaque())
        }
        addAction("open-folder") { $0.folders.choose(parent: gtk_application_get_active_window($0.application)) }
        for (action, keys) in Shortcuts.accelerators {
            var pointers: [UnsafePointer<CChar>?] = keys.map { UnsafePointer(strdup($0)) }
            pointers.append(nil)
            gtk_application_set_accels_for_action(application, action, &pointers)
            for pointer in pointers { free(UnsafeMutableRawPointer(mutating: pointer)) }
        }
    }

    private func addAction(_ name: String, _ body: @escaping @MainActor (TagEditorApplication) -> Void) {
        let action = g_simple_action_new(name, nil)!
        connectSignal(UnsafeMutableRawPointer(action), "activate") { [weak self] (_: gpointer?) in
            if let self { body(self) }
        }
        g_action_map_add_action(cgtk_action_map(UnsafeMutableRawPointer(application)), cgtk_action(UnsafeMutableRawPointer(action)))
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Ctrl+Q: closes every window (each saved every change as it was made), which ends the
    /// application.
    func quit() {
        for editor in windows { gtk_window_destroy(cgtk_window(editor.window)) }
        folders.closeAll()
    }

    // MARK: Documents and their windows

    /// No files: the collection, or the `--tags` list.
    private func openDefaultDocument() {
        if let folder = arguments.folder { return folders.open(folder) }
        do {
            let document = try arguments.document(mayWrite: true)
            try show(document)
        } catch {
            fail("\(error)")
        }
    }

    /// `open`: the files of the command line, by the names the user gave where GApplication's
    /// GFiles are those names (so `./a.txt` stays `./a.txt` in the list of open files).
    private func openFiles(_ files: [OpaquePointer]) {
        let given = arguments.files.map(Self.commandLineForm)
        var paths: [String] = []
        for (index, file) in files.enumerated() {
            if index < given.count, !given[index].contains("://"), let same = g_file_new_for_commandline_arg(given[index]) {
                defer { g_object_unref(UnsafeMutableRawPointer(same)) }
                if g_file_equal(same, file) != 0 { paths.append(arguments.files[index]); continue }
            }
            if let path = WindowShell.localPath(of: file) { paths.append(path) }
        }
        do {
            try show(AppJournal.fileDocument(paths))
        } catch {
            fail("\(error)")
        }
    }

    private func show(_ document: TagDocument) throws {
        for notice in document.notices {
            FileHandle.standardError.write(Data("tag-editor: \(notice)\n".utf8))
        }
        let editor = try EditorWindow(document: document, showsOptions: arguments.showsOptions ?? settings.bool("show-layout-options"),
                                      watchesFiles: true, application: application,
                                      chipList: arguments.chipList)
        editor.options.placement = arguments.placement
        editor.follow(finder: FinderTagsSetting.current)
        if let maxLines = arguments.maxLines { editor.setMaxLines(maxLines) }
        editor.onOptionsShown = { [weak self] shown in self?.settings.set("show-layout-options", shown) }
        let observers = followSettings(editor)
        editor.onOpenFolder = { [weak self] folder in self?.folders.open(folder) }
        editor.onOpenInNewWindow = { [weak self] paths in
            do { try self?.show(AppJournal.fileDocument(paths)) } catch { editor.show("\(error)", isError: true) }
        }
        editor.saveInBackground()
        windows.append(editor)
        connectSignal(editor.window, "destroy") { [weak self, weak editor] in
            if let editor { self?.rememberSize(of: editor) }
            self?.settings.stopObserving(observers)
            self?.windows.removeAll { $0 === editor }
        }
        if let journalProblem = AppJournal.takeProblem() { editor.show(journalProblem, isError: true, seconds: 12) }
        if let settingsProblem {
            editor.show(settingsProblem, isError: true, seconds: 12)
            self.settingsProblem = nil
        }
        gtk_window_present(cgtk_window(editor.window))
    }

    // MARK: Settings

    /// Gives the window the remembered size and layout options, and follows their keys while it
    /// is open (a change made with `gsettings set` or dconf-editor shows at once); returns the
    /// handlers to disconnect when it closes.
    private func followSettings(_ editor: EditorWindow) -> [gulong] {
        let window = cgtk_window(editor.window)
        gtk_window_set_default_size(window, Int32(settings.int("window-width", default: 900)),
                                    Int32(settings.int("window-height", default: 560)))
        if settings.bool("window-maximized") { gtk_window_maximize(window) }
        applyLayoutSettings(to: editor)
        var observers = AppSettings.layoutKeys.compactMap { key in
            settings.observe(key) { [weak self, weak editor] in
                if let self, let editor { self.applyLayoutSettings(to: editor) }
            }
        }
        observers += [settings.observe("show-layout-options") { [weak self, weak editor] in
            guard let self, let editor else { return }
            let shown = self.settings.bool("show-layout-options")
            if editor.optionsShown != shown { editor.setOptionsShown(shown) }
        }].compactMap { $0 }
        editor.options.onLayoutChange = { [weak self, weak editor] in
            guard let self, let layout = editor?.options.layout else { return }
            self.settings.write(layout)
        }
        return observers
    }

    private func applyLayoutSettings(to editor: EditorWindow) {
        var layout = editor.options.layout
        settings.read(into: &layout)
        editor.options.layout = layout
        editor.optionsPanel.show(layout)
    }

    /// The window's size as it closes, for the next window (not while maximized: its size then
    /// is the screen's).
    private func rememberSize(of editor: EditorWindow) {
        let window = cgtk_window(editor.window)
        let maximized = gtk_window_is_maximized(window) != 0
        settings.set("window-maximized", maximized)
        guard !maximized else { return }
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        if width > 0 { settings.set("window-width", Int(width)) }
        if height > 0 { settings.set("window-height", Int(height)) }
    }
}

/// A signal that ends the program: the application (alive as long as the program) quits.
private let quitOnSignal: @convention(c) (gpointer?) -> gboolean = { data in
    // GLib calls it on the main loop's thread, in the main context.
    let address = UInt(bitPattern: data)
    MainActor.assumeIsolated {
        guard let data = UnsafeMutableRawPointer(bitPattern: address) else { return }
        Unmanaged<TagEditorApplication>.fromOpaque(data).takeUnretainedValue().quit()
    }
    return 1
}
