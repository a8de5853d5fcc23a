// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

/// How the application treats Finder's tags (``FinderTagsMode``): the `macos-tags` key, shown as
/// the main menu's “Finder Tags” radio submenu (the `app.macos-tags` action, whose state is the
/// mode), followed live by every open window; `--macos=` on the command line wins for its run
/// (the submenu then shows that mode and cannot be changed).
///
/// A menu rather than the options panel: the panel holds how the chips are laid out, this is
/// what is written to files, an application-wide choice that GNOME applications without a
/// preferences window offer in their main menu.
@MainActor
final class FinderTagsSetting {
    static let key = "macos-tags"
    /// The mode in use now: a window that opens reads it.
    private(set) static var current = FinderTagsMode.keep

    private let settings: AppSettings
    private let commandLine: FinderTagsMode?
    private let action: OpaquePointer
    /// Called with the new mode when it changes (the application gives it to its windows).
    var onChange: @MainActor (FinderTagsMode) -> Void = { _ in }

    init(settings: AppSettings, commandLine: FinderTagsMode?, application: UnsafeMutablePointer<GtkApplication>) {
        self.settings = settings
        self.commandLine = commandLine
        Self.current = commandLine ?? FinderTagsMode(rawValue: settings.string(Self.key, default: "keep")) ?? .keep
        let type = g_variant_type_new("s")
        action = g_simple_action_new_stateful("macos-tags", type, g_variant_new_string(Self.current.rawValue))!
        g_variant_type_free(type)
        if commandLine != nil { g_simple_action_set_enabled(action, 0) }
        connectSignal(UnsafeMutableRawPointer(action), "change-state") { [weak self] (value: gpointer?) in
            guard let self, let value,
                  let mode = FinderTagsMode(rawValue: String(cString: g_variant_get_string(OpaquePointer(value), nil))) else { return }
            // Set here too: without a schema the key cannot be written, and the run still follows the menu.
            self.apply(mode)
            self.settings.set(Self.key, mode.rawValue)
        }
        g_action_map_add_action(cgtk_action_map(UnsafeMutableRawPointer(application)), cgtk_action(UnsafeMutableRawPointer(action)))
        // The action map holds it from here.
        g_object_unref(UnsafeMutableRawPointer(action))
        _ = settings.observe(Self.key) { [weak self] in
            guard let self, self.commandLine == nil,
                  let mode = FinderTagsMode(rawValue: self.settings.string(Self.key, default: "keep")) else { return }
            self.apply(mode)
        }
    }

    private func apply(_ mode: FinderTagsMode) {
        guard mode != Self.current else { return }
        Self.current = mode
        g_simple_action_set_state(action, g_variant_new_string(mode.rawValue))
        onChange(mode)
    }
}
