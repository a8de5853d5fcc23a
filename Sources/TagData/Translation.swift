// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Glibc

/// The translations of every message the tag editor, `filetags` and this library word: GNU
/// gettext with the one domain `tag-editor`, chosen by `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and
/// `LANG`. The three ship in one package, so they share one catalogue, as the programs of GNU
/// coreutils share `coreutils` and a library built into its programs (gnulib) uses theirs: a
/// message worded here (an error the editor shows in a toast and `filetags` prints) is one
/// string, translated once. This uses libc's `dgettext` and nothing of GTK.
///
/// Every user-visible string goes through ``tr(_:)``, ``trn(_:_:_:)`` where it counts something,
/// or ``trc(_:_:)`` where one English word has two meanings (pgettext's context). A string may
/// interpolate values: `tr("“\(name)” is on \(count) files")`. Its message id is the text with
/// each value replaced by `{0}`, `{1}`, … in order (here `“{0}” is on {1} files`);
/// `Resources/scripts/i18n.py` extracts the same ids into `po/tag-editor.pot` and tells the
/// translator what each number stands for, and a translation may reorder them.
///
/// Until ``start(localeDirectory:)`` runs (the tests, a program that never calls it) the locale
/// is "C" and every message is its English id.
public enum Translation {
    public static let domain = "tag-editor"

    /// Sets the locale from the environment and binds the domain to the catalogues under
    /// `localeDirectory` (`LL/LC_MESSAGES/tag-editor.mo`). Call it first thing in `main`.
    public static func start(localeDirectory: String) {
        system_set_locale_from_environment()
        system_bind_text_domain(domain, localeDirectory)
    }

    /// Where a program finds the catalogues: `$TAG_EDITOR_LOCALE_DIR`; `<prefix>/share/locale` when
    /// it runs from `<prefix>/bin` (an installed copy); else the build tree's, which the
    /// GResourceCompiler plugin compiles from `po/` (as GNOME programs run from their build
    /// folder in development).
    public static var defaultLocaleDirectory: String {
        if let override = getenv("TAG_EDITOR_LOCALE_DIR").map({ String(cString: $0) }), !override.isEmpty { return override }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            let executable = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let folder = executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)]
            if folder.hasSuffix("/bin") { return folder.dropLast("bin".count) + "share/locale" }
        }
        return tagDataBuildTreeLocaleDirectory
    }

    /// `template`'s translation with its `{N}` placeholders replaced by `arguments`.
    public static func fill(_ template: String, _ arguments: [String]) -> String {
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
public struct Translatable: ExpressibleByStringInterpolation, Sendable {
    public var messageID: String
    public var arguments: [String]

    public init(stringLiteral value: String) {
        messageID = value
        arguments = []
    }

    public init(stringInterpolation: StringInterpolation) {
        messageID = stringInterpolation.messageID
        arguments = stringInterpolation.arguments
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var messageID = ""
        var arguments: [String] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            messageID.reserveCapacity(literalCapacity + 3 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            messageID += literal
        }

        public mutating func appendInterpolation<Value>(_ value: Value) {
            messageID += "{\(arguments.count)}"
            arguments.append(String(describing: value))
        }
    }
}

/// The translation of a user-visible message (gettext in the domain `tag-editor`).
public func tr(_ message: Translatable) -> String {
    // gettext gives back the id it was given when there is no translation: the copy is made while
    // that C string still lives.
    let translated = message.messageID.isEmpty ? ""
        : message.messageID.withCString { String(cString: system_dgettext(Translation.domain, $0)) }
    return Translation.fill(translated, message.arguments)
}

/// The translation of a message that counts `count` things, in the form the language uses for
/// that number (gettext's ngettext: French says "1 dossier", "0 dossier", English "0 folders").
/// Both forms name the same values, as `trn("\(n) folder watched", "\(n) folders watched", n)`.
public func trn(_ singular: Translatable, _ plural: Translatable, _ count: Int) -> String {
    let translated = singular.messageID.withCString { one in
        plural.messageID.withCString { many in
            String(cString: system_dngettext(Translation.domain, one, many, UInt(max(count, 0))))
        }
    }
    return Translation.fill(translated, plural.arguments.count >= singular.arguments.count ? plural.arguments : singular.arguments)
}

/// The translation of `message` in `context`, where the same English words mean two things
/// (gettext's pgettext: "Colour" the menu of colours, "Colour" a column's heading). The context is
/// a literal the translator reads, never shown.
public func trc(_ context: StaticString, _ message: Translatable) -> String {
    // pgettext's key: the context, an EOT byte, the message; no translation gives the key back.
    let key = "\(context)\u{4}\(message.messageID)"
    let found = key.withCString { String(cString: system_dgettext(Translation.domain, $0)) }
    return Translation.fill(found == key ? message.messageID : found, message.arguments)
}
