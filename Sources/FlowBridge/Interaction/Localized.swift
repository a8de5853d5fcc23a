// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow

// The library's user-visible strings, translated in its own gettext domain, `flow-1`
// (flow-i18n.c binds it). Resources/scripts/update-pot.sh extracts every `localized("…")` into
// Resources/po/flow-1.pot with xgettext.

/// `text` in the user's language; `%1$d`, `%2$d`… in it (the translation may reorder them) are
/// replaced by `arguments` in that order.
func localized(_ text: StaticString, _ arguments: Int...) -> String {
    // A literal's bytes are static and NUL-terminated: gettext may return this very pointer.
    let template = String(cString: flow_gettext(UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)))
    var result = template
    for (index, argument) in arguments.enumerated() {
        result = result.replacingOccurrences(of: "%\(index + 1)$d", with: String(argument))
    }
    return result
}

extension String {
    /// Every occurrence of `target` replaced (without Foundation, which the library does not link).
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
