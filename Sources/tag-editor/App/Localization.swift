// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import TagData

/// The app's translations: GNU gettext with the domain `tag-editor` (TagData's ``Translation``,
/// which `filetags` and TagData's own messages use too), chosen by `LANGUAGE`, `LC_ALL`,
/// `LC_MESSAGES` and `LANG` as in every GNOME app. Every user-visible string goes through `tr`,
/// `trn` where it counts something, or `trc` where a word has two meanings; the `.ui` files mark
/// theirs `translatable="yes"` (with a `context` where needed) and name the domain
/// (`<interface domain="tag-editor">`), which GtkBuilder looks them up in.
/// `Resources/scripts/i18n.py pot` extracts both into `po/tag-editor.pot`.
///
/// The domain is not made the default one (`textdomain`): GLib then stops translating GTK's and
/// libadwaita's own strings in a language the app has no catalogue for (`g_dgettext`'s rule
/// against half-translated windows), and GTK takes a right-to-left language's direction from its
/// own catalogue, so a Hebrew user would get a left-to-right window.
enum Localization {
    static let domain = Translation.domain

    /// Where the compiled catalogues are: `<prefix>/share/locale` for an installed copy (beside the
    /// executable's `../share/wraphstack`, as ``ResourceFiles`` finds it), else the build tree's,
    /// compiled by the GResourceCompiler plugin from `po/` (as GNOME apps run from their build
    /// folder in development). `TAG_EDITOR_LOCALE_DIR` overrides both.
    static var localeDirectory: String {
        if let override = ProcessInfo.processInfo.environment["TAG_EDITOR_LOCALE_DIR"], !override.isEmpty { return override }
        if let resources = ResourceFiles.directory, resources.hasSuffix("/share/wraphstack") {
            return String(resources.dropLast("/wraphstack".count)) + "/locale"
        }
        return Translation.defaultLocaleDirectory
    }

    /// Sets the locale from the environment and binds the domain to its catalogues, before GTK
    /// starts.
    static func start() {
        Translation.start(localeDirectory: localeDirectory)
    }
}

extension EditorWindow {
    /// The window's title, in the user's language (TagData words it: one copy of each title).
    static func title(of document: TagDocument) -> String {
        document.title
    }
}
