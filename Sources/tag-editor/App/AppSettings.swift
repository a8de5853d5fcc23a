// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import TagData

/// The editor's settings in GSettings, schema `io.github.wraphstack.TagEditor`
/// (`Resources/desktop/io.github.wraphstack.TagEditor.gschema.xml`): the window's size, whether
/// the layout options are shown, and the layout options a user most often changes. `gsettings`
/// and dconf-editor see them, and a change made there reaches every open window (``observe(_:_:)``).
///
/// The schema is looked up where GLib looks (the installed `share/glib-2.0/schemas`,
/// `GSETTINGS_SCHEMA_DIR`, which the run command sets), then in the build tree's copy the
/// GResourceCompiler plugin compiled. Without either the editor still runs, with the defaults and
/// a ``problem`` to tell the user that nothing is remembered.
///
/// The settings of earlier versions (``Settings``, a JSON file under `~/.config`) are read into
/// the keys once (``migrate(from:)``): the key `settings-json-migrated` says it was done.
@MainActor
final class AppSettings {
    static let schemaID = "io.github.wraphstack.TagEditor"

    /// The GSettings object; nil without a schema.
    private let settings: UnsafeMutablePointer<GSettings>?
    /// Why nothing is remembered (no schema), to tell the user.
    private(set) var problem: String?

    init() {
        let schema = Self.lookUpSchema()
        settings = schema.map { g_settings_new_full($0, nil, nil) }
        if let schema { g_settings_schema_unref(schema) }
        if settings == nil {
            problem = tr("The settings schema \(Self.schemaID) is not installed, so your settings are not remembered. Install the editor (Resources/scripts/install.sh) or set GSETTINGS_SCHEMA_DIR.")
        }
    }

    isolated deinit {
        if let settings { g_object_unref(UnsafeMutableRawPointer(settings)) }
    }

    private static func lookUpSchema() -> OpaquePointer? {
        if let source = g_settings_schema_source_get_default(), let schema = g_settings_schema_source_lookup(source, schemaID, 1) {
            return schema
        }
        guard FileManager.default.fileExists(atPath: tagEditorBuildTreeSchemaDirectory + "/gschemas.compiled"),
              let source = g_settings_schema_source_new_from_directory(tagEditorBuildTreeSchemaDirectory,
                                                                       g_settings_schema_source_get_default(), 0, nil) else {
            return nil
        }
        defer { g_settings_schema_source_unref(source) }
        return g_settings_schema_source_lookup(source, schemaID, 1)
    }

    // MARK: Keys

    func bool(_ key: String, default value: Bool = false) -> Bool {
        settings.map { g_settings_get_boolean($0, key) != 0 } ?? value
    }

    func int(_ key: String, default value: Int) -> Int {
        settings.map { Int(g_settings_get_int($0, key)) } ?? value
    }

    func double(_ key: String, default value: Double) -> Double {
        settings.map { g_settings_get_double($0, key) } ?? value
    }

    func string(_ key: String, default value: String) -> String {
        guard let settings, let text = g_settings_get_string(settings, key) else { return value }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Sets `key`, when it changes (a write that changes nothing would still reach dconf).
    func set(_ key: String, _ value: Bool) {
        guard let settings, bool(key) != value else { return }
        g_settings_set_boolean(settings, key, value ? 1 : 0)
    }

    func set(_ key: String, _ value: Int) {
        guard let settings, int(key, default: value) != value else { return }
        g_settings_set_int(settings, key, gint(value))
    }

    func set(_ key: String, _ value: Double) {
        guard let settings, double(key, default: value) != value else { return }
        g_settings_set_double(settings, key, value)
    }

    func set(_ key: String, _ value: String) {
        guard let settings, string(key, default: value) != value else { return }
        // A value outside the key's choices would be a critical; the caller's enums match them.
        g_settings_set_string(settings, key, value)
    }

    /// Calls `body` when `key` changes, from this program or another (`gsettings set`), until
    /// ``stopObserving(_:)`` is given what this returns.
    func observe(_ key: String, _ body: @escaping @MainActor () -> Void) -> gulong? {
        guard let settings else { return nil }
        // `changed` passes the key: the handler with one pointer argument.
        return connectSignal(UnsafeMutableRawPointer(settings), "changed::" + key) { (_: gpointer?) in body() }
    }

    /// Disconnects handlers ``observe(_:_:)`` connected (a closed window's), which releases their
    /// closures.
    func stopObserving(_ handlers: [gulong]) {
        guard let settings else { return }
        for handler in handlers { g_signal_handler_disconnect(UnsafeMutableRawPointer(settings), handler) }
    }

    // MARK: The settings of earlier versions

    /// Reads the JSON settings file of earlier versions into the keys, once: after the first run
    /// with a schema, the file is not read again (it is left where it is, for an older version).
    /// Returns why the file was ignored, to tell the user.
    func migrate(from path: String) -> String? {
        guard settings != nil, !bool("settings-json-migrated") else { return nil }
        let (old, problem) = Settings.load(from: path)
        if problem == nil { set("show-layout-options", old.showsLayoutOptions) }
        set("settings-json-migrated", true)
        return problem
    }
}
