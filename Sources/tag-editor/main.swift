// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
// tag-editor: a desktop tag editor on WrapHStack.

import CGtk
import FlowBridge
import GObjectSupport
import Foundation
import TagData

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("tag-editor: \(message)\n".utf8))
    exit(status)
}

// Before anything is shown: the locale from the environment, the app's gettext domain.
Localization.start()
let arguments: EditorArguments
do {
    if CommandLine.arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
        print(EditorArguments.usage)
        exit(0)
    }
    arguments = try EditorArguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail(tr("\(error)\nTry “tag-editor --help”."), status: 64)
}

if arguments.mode != .interactive && getenv("GSK_RENDERER") == nil {
    // Screenshots must not depend on the display's OpenGL; Cairo renders the same everywhere.
    setenv("GSK_RENDERER", "cairo", 1)
}
// The program's name is the application id, so the windows' WM_CLASS matches the desktop file's
// StartupWMClass and desktops group them under its icon.
g_set_prgname(TagEditorApplication.id)
// The session bus connection is kept: the application registers on it next.
let sessionBus = getenv("GTK_A11Y") == nil ? g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) : nil
if getenv("GTK_A11Y") == nil, sessionBus == nil {
    // No session bus: the application cannot be registered on one, so it has no D-Bus object
    // path, and GTK 4.8's AT-SPI support, reaching an accessibility bus some other way
    // (AT_SPI_BUS_ADDRESS, a stale bus of an earlier session), emits its signals with that
    // missing path: a critical for every object, or an abort under G_DEBUG=fatal-criticals. No
    // screen reader can reach the application without a session bus anyway.
    setenv("GTK_A11Y", "none", 1)
}
// The folder view's reading starts now, while GTK starts and the window is built.
if let folder = arguments.folder, arguments.mode == .interactive {
    EarlyReading.start(folder: FolderWindow.cleaned(folder), journal: AppJournal.shared, finder: arguments.finder ?? .keep)
}
if gtk_init_check() == 0 {
    fail(tr("cannot open a display. Set DISPLAY or WAYLAND_DISPLAY, or run under xvfb-run (Resources/scripts/tag-editor.sh does this for you and saves a screenshot)."))
}
if arguments.mode != .interactive, let settings = gtk_settings_get_default() {
    // GTK 4 fades the cursor of a focused entry with a tick callback on every frame: the frame
    // clock would never rest, so the checking modes could not tell when the window is idle, and a
    // screenshot would show the cursor at whatever point of its fade it had reached.
    cgtk_set_bool_property(UnsafeMutableRawPointer(settings), "gtk-cursor-blink", 0)
}

@MainActor func loadStyleAndIcon() {
    if let css = ResourceFiles.path("tag-editor.css") {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_path(provider, css)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), cgtk_style_provider(UnsafeMutableRawPointer(provider)),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    } else {
        FileHandle.standardError.write(Data(("tag-editor: " + tr("Resources/tag-editor.css not found; chips are unstyled (set TAG_EDITOR_RESOURCES)") + "\n").utf8))
    }
    // Run from the source tree, the icon is not installed: its folder joins the icon theme's.
    if let desktop = ResourceFiles.path("desktop") {
        gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(gdk_display_get_default()), desktop)
    }
    gtk_window_set_default_icon_name(TagEditorApplication.id)
}

MainActor.assumeIsolated {
    Instruments.install(environment: ProcessInfo.processInfo.environment)
    if let direction = arguments.direction {
        gtk_widget_set_default_direction(direction == .rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
    }
    loadStyleAndIcon()
    if arguments.mode == .interactive {
        let application = TagEditorApplication(arguments: arguments, environment: ProcessInfo.processInfo.environment)
        exit(application.run(files: arguments.files))
    }

    Headless.run(arguments)
}
