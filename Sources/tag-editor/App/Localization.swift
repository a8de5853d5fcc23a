// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import TagData

/// The app's translations: GNU gettext with the domain `tag-editor`, chosen by `LANGUAGE`,
/// `LC_ALL`, `LC_MESSAGES` and `LANG` as in every GNOME app. Every user-visible string goes
/// through ``tr(_:)`` or, where it counts something, ``trn(_:_:_:)``; the `.ui` files mark theirs
/// `translatable="yes"` and name the domain (`<interface domain="tag-editor">`), which GtkBuilder
/// looks them up in. `Resources/scripts/i18n.py pot` extracts both into `po/tag-editor.pot`.
///
/// The domain is not made the default one (`textdomain`): GLib then stops translating GTK's and
/// libadwaita's own strings in a language the app has no catalogue for (`g_dgettext`'s rule
/// against half-translated windows), and GTK takes a right-to-left language's direction from its
/// own catalogue, so a Hebrew user would get a left-to-right window.
///
/// A string may interpolate values, as any Swift string: `tr("“\(name)” is on \(count) files")`.
/// Its message id is the text with each value replaced by `{0}`, `{1}`, … in order (here
/// `“{0}” is on {1} files`); the extraction script writes the same id and tells the translator
/// what each number stands for, and a translation may reorder them.
enum Localization {
    static let domain = "tag-editor"

    /// Where the compiled catalogues are: `<prefix>/share/locale` for an installed copy (beside the
    /// executable's `../share/wraphstack`, as ``ResourceFiles`` finds it), else the build tree's,
    /// compiled by the GResourceCompiler plugin from `po/` (as GNOME apps run from their build
    /// folder in development). `TAG_EDITOR_LOCALE_DIR` overrides both.
    static var localeDirectory: String {
        if let override = ProcessInfo.processInfo.environment["TAG_EDITOR_LOCALE_DIR"], !override.isEmpty { return override }
        if let resources = ResourceFiles.directory, resources.hasSuffix("/share/wraphstack") {
            return String(resources.dropLast("/wraphstack".count)) + "/locale"
        }
        return tagEditorBuildTreeLocaleDirectory
    }

    /// Sets the locale from the environment and binds the domain to its catalogues, before GTK
    /// starts.
    static func start() {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, localeDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// `template`'s translation with its `{N}` placeholders replaced by `arguments`.
    static func fill(_ template: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty, template.contains("{") else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let index = Int(rest[afterOpen..<close]),
               arguments.indices.contains(index) {
                result += arguments[index]
                rest = rest[rest.index(after: close)...]
            } else {
                result += "{"
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }
}

/// A user-visible message as written in the source: its message id (literal text, values as
/// `{0}`, `{1}`, …) and the values, formatted as the interpolation would have formatted them.
struct Translatable: ExpressibleByStringInterpolation, Sendable {
    var messageID: String
    var arguments: [String]

    init(stringLiteral value: String) {
        messageID = value
        arguments = []
    }

    init(stringInterpolation: StringInterpolation) {
        messageID = stringInterpolation.messageID
        arguments = stringInterpolation.arguments
    }

    struct StringInterpolation: StringInterpolationProtocol {
        var messageID = ""
        var arguments: [String] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            messageID.reserveCapacity(literalCapacity + 3 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            messageID += literal
        }

        mutating func appendInterpolation<Value>(_ value: Value) {
            messageID += "{\(arguments.count)}"
            arguments.append(String(describing: value))
        }
    }
}

/// The translation of a user-visible message (gettext in the app's domain).
func tr(_ message: Translatable) -> String {
    // gettext gives back the id it was given when there is no translation: the copy is made while
    // that C string still lives.
    let translated = message.messageID.isEmpty ? "" : message.messageID.withCString { String(cString: dgettext(Localization.domain, $0)) }
    return Localization.fill(translated, message.arguments)
}

/// The translation of a message that counts `count` things, in the form the language uses for
/// that number (gettext's ngettext: French says "1 dossier", "0 dossier", English "0 folders").
/// Both forms name the same values, as `trn("\(n) folder watched", "\(n) folders watched", n)`.
func trn(_ singular: Translatable, _ plural: Translatable, _ count: Int) -> String {
    let translated = singular.messageID.withCString { one in
        plural.messageID.withCString { many in String(cString: dngettext(Localization.domain, one, many, UInt(max(count, 0)))) }
    }
    return Localization.fill(translated, plural.arguments.count >= singular.arguments.count ? plural.arguments : singular.arguments)
}

extension EditorWindow {
    /// The window's title in the user's language (TagData's `title` is the English one, which
    /// change reports and logs use).
    static func title(of document: TagDocument) -> String {
        switch document {
        case is CollectionDocument:
            return tr("Tag collection")
        case let list as ListFileDocument:
            return tr("Tags — \(list.fileName) (not saved)")
        case let files as FileTagsDocument:
            let readable = files.fileTags.files.filter(\.isReadable)
            if files.fileTags.files.isEmpty { return tr("Tags — no file open") }
            if readable.isEmpty { return tr("Tags — no file can be read") }
            if readable.count == 1 { return tr("Tags — \(readable[0].path.split(separator: "/").last.map(String.init) ?? "")") }
            return trn("Tags — \(readable.count) file", "Tags — \(readable.count) files", readable.count)
        default:
            return document.title
        }
    }
}
