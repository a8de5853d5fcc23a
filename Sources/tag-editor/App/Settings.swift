// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import JSON
import TagData

/// What earlier versions of the editor remembered between runs (whether the layout options panel
/// is shown), in `$XDG_CONFIG_HOME/wraphstack-tag-editor/settings.json` (`~/.config/...` by
/// default) as `{"format": "wraphstack-tag-editor-settings", "version": 1, "showsLayoutOptions": false}`.
/// The settings are now GSettings (``AppSettings``), which read this file once
/// (``AppSettings/migrate(from:)``). A file that cannot be read is ignored, with a ``problem`` to
/// tell the user, and left as it is. The checking modes never read it.
struct Settings: Equatable {
    var showsLayoutOptions = false

    static let format = "wraphstack-tag-editor-settings"

    /// Where the settings live, from the environment (`XDG_CONFIG_HOME`, else `HOME`).
    static func path(environment: [String: String]) -> String {
        var base = environment["XDG_CONFIG_HOME"] ?? ""
        if !base.hasPrefix("/") { base = (environment["HOME"] ?? "/tmp") + "/.config" }
        return base + "/wraphstack-tag-editor/settings.json"
    }

    /// The settings at `path`: the defaults when there is no file, and with a problem (to show)
    /// when the file is there but is not settings.
    static func load(from path: String) -> (settings: Settings, problem: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                return (Settings(), tr("Your settings (\(path)) could not be read; the defaults are used."))
            }
            return (Settings(), nil)
        }
        do {
            return (try decode(Array(data)), nil)
        } catch {
            let reason = (error as? JSONSyntaxError)?.worded ?? "\(error)"
            return (Settings(), tr("Your earlier settings (\(path)) were ignored: \(reason). The defaults are used; the file is left as it is."))
        }
    }

    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    static func decode(_ bytes: [UInt8]) throws -> Settings {
        let value = try JSONValue.parse(utf8: bytes)
        guard case .object = value, value["format"] == .string(format) else {
            throw FormatError(description: tr("it is not a settings file (no \"format\": \"\(format)\")"))
        }
        var settings = Settings()
        switch value["showsLayoutOptions"] {
        case .bool(let shown)?: settings.showsLayoutOptions = shown
        case nil: break
        case let other?: throw FormatError(description: tr("\"showsLayoutOptions\" is \(other.wordedKind), not true or false"))
        }
        return settings
    }
}
