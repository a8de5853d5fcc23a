// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Where Finder's tags are on a Linux file system: macOS keeps them in the extended attribute
/// `com.apple.metadata:_kMDItemUserTags`, a binary property list of strings "Name\nN" (N the
/// colour, 0 to 7), which reaches Linux in one of two forms.
package enum FinderAttribute: String, Sendable, CaseIterable, Hashable, Comparable {
    /// `rsync -X` (or `cp -a` from a Mac's disk): the attribute under Linux's `user.` prefix,
    /// the property list as it is.
    case rsync = "user.com.apple.metadata:_kMDItemUserTags"
    /// Samba's `vfs_fruit` with `streams_xattr`: the Mac's named stream, the property list and
    /// a trailing NUL.
    case samba = "user.DosStream.com.apple.metadata:_kMDItemUserTags:$DATA"

    package var name: String { rawValue }

    package static func < (a: FinderAttribute, b: FinderAttribute) -> Bool { a.rawValue < b.rawValue }

    /// The strings of a value of this attribute.
    func strings(_ bytes: [UInt8]) throws(BinaryPropertyList.Fault) -> [String] {
        guard self == .samba else { return try BinaryPropertyList.strings(bytes) }
        guard bytes.last == 0 else {
            throw BinaryPropertyList.Fault(reason: tr("it does not end with the NUL byte Samba's streams_xattr adds to a stream"))
        }
        return try BinaryPropertyList.strings(Array(bytes.dropLast()))
    }

    /// The value of this attribute holding `strings`.
    func value(_ strings: [String]) -> [UInt8] {
        let plist = BinaryPropertyList.encoded(strings)
        return self == .samba ? plist + [0] : plist
    }
}

/// How the tags in Finder's attribute are treated.
package enum FinderTagsMode: String, Sendable, CaseIterable {
    /// Read, and kept in step with the freedesktop attribute on files that carry it (the default).
    case keep
    /// As `keep`, and written (in Samba's form) on files that carry only the freedesktop
    /// attribute, so that Mac users of a Samba share see the tags.
    case write
    /// Neither read nor written.
    case off
}

/// One entry of Finder's list: the string as written, and the tag and colour it holds.
package struct FinderTagEntry: Sendable, Equatable {
    /// The string as Finder (or another program) wrote it, kept byte for byte unless this entry
    /// is changed.
    package var text: String

    package init(text: String) {
        self.text = text
    }

    package init(name: String, color: TagColor) {
        text = name + "\n" + String(color.rawValue)
    }

    /// Where the colour's digits start: after the last line break, when only digits follow.
    private var split: (name: Substring, number: Int?) {
        guard let newline = text.lastIndex(of: "\n") else { return (text[...], nil) }
        let digits = text[text.index(after: newline)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return (text[...], nil) }
        return (text[..<newline], Int(digits))
    }

    /// The name as written (before the colour's line break).
    var writtenName: String { String(split.name) }

    /// The tag, trimmed and NFC as a tag of the freedesktop attribute is.
    package var name: String { FileTagsAttribute.tag(String(split.name)) }

    /// The colour (none for a number outside Finder's seven).
    package var color: TagColor { split.number.flatMap(TagColor.init(rawValue:)) ?? .none }

    /// The entry with another name, its colour number kept as written.
    func renamed(_ new: String) -> FinderTagEntry {
        let (name, number) = split
        guard number != nil else { return FinderTagEntry(text: new) }
        return FinderTagEntry(text: new + text[name.endIndex...])
    }
}

/// The tags Finder's attribute gives a file, in each form the file carries (both, when it came
/// by rsync and then through Samba): each form's entries in Finder's order, edited in place.
package struct FinderTags: Sendable, Equatable {
    /// One form the file carries: its value as read (`nil`: written by this program, or none)
    /// and its entries.
    package struct Carried: Sendable, Equatable {
        package var attribute: FinderAttribute
        package var value: [UInt8]?
        package var entries: [FinderTagEntry]
    }

    /// The forms carried, in ``FinderAttribute`` order (rsync's first).
    package var forms: [Carried]

    package init(forms: [Carried] = []) {
        self.forms = forms
    }

    package var isEmpty: Bool { forms.isEmpty }

    /// Reads both forms of a file's Finder attribute.
    ///
    /// - Throws: ``FileError`` naming the file, the attribute and what is wrong with it when a
    ///   value is not a binary property list of strings; nothing is changed.
    package static func read(_ path: FilePath, _ attributes: any ExtendedAttributes) throws(FileError) -> FinderTags {
        var forms: [Carried] = []
        for attribute in FinderAttribute.allCases {
            let read: [UInt8]?
            do {
                read = try attributes.value(of: attribute.name, at: path)
            } catch where error.code == ENOTSUP {
                // A file system without extended attributes carries no Finder tags either.
                return FinderTags()
            }
            guard let value = read else { continue }
            forms.append(try decode(value, of: attribute, at: path))
        }
        return FinderTags(forms: forms)
    }

    /// A value of `attribute` read, as entries.
    package static func decode(_ value: [UInt8], of attribute: FinderAttribute, at path: FilePath) throws(FileError) -> Carried {
        do {
            let strings = try attribute.strings(value)
            return Carried(attribute: attribute, value: value, entries: strings.map(FinderTagEntry.init(text:)))
        } catch {
            var fault = FileError(path: path, operation: "read the tags of", code: EILSEQ)
            fault.detail = tr("Finder's tags of \(path) in \(attribute.name) cannot be read: \(error.reason). They are left as they are, and the file is not changed.")
            throw fault
        }
    }

    /// Every tag of every form, each once (by ``TagRules/key(_:)``), in Finder's order.
    package var tags: [String] {
        var seen = Set<String>()
        var tags: [String] = []
        for form in forms {
            for entry in form.entries {
                let name = entry.name
                if !name.isEmpty && seen.insert(TagRules.key(name)).inserted { tags.append(name) }
            }
        }
        return tags
    }

    /// Each tag's colour as Finder's entries give it (the first entry with a colour).
    package var colors: TagColors {
        var colors = TagColors()
        for form in forms {
            for entry in form.entries where entry.color != .none && colors[entry.name] == .none { colors[entry.name] = entry.color }
        }
        return colors
    }

    /// The values to write: each form whose entries differ from what was read.
    var changedValues: [(attribute: FinderAttribute, value: [UInt8]?)] {
        forms.compactMap { form in
            let value = form.entries.isEmpty ? nil : form.attribute.value(form.entries.map(\.text))
            guard value != form.value else { return nil }
            // An unchanged list whose bytes this program would write otherwise is left as it is.
            if let read = form.value, let strings = try? form.attribute.strings(read),
               strings == form.entries.map(\.text) { return nil }
            return (form.attribute, value)
        }
    }

    // MARK: Changing

    /// `change` applied to every form, as it is applied to the freedesktop attribute: a tag
    /// added at the end (in `color`), removed with every entry of it, renamed in place keeping
    /// its colour number; an undo's Finder parts put back as they were, where they were.
    ///
    /// - Returns: the entries `change` removed or renamed, as parts for its undo.
    /// - Complexity: O(*e*) key computations for *e* entries.
    /// - Parameter merging: `change` is a rename onto a tag the file has in another attribute:
    ///   a form without the new name renames the old in place, and the undo's parts say to take
    ///   the entry written out again (an index of -1).
    mutating func apply(_ change: TagChange, merging: Bool = false, color: (String) -> TagColor) -> [TagChange.Part] {
        var taken: [TagChange.Part] = []
        for index in forms.indices {
            let attribute = forms[index].attribute
            var entries = forms[index].entries
            switch change {
            case .add(let name, _, let parts):
                if !parts.isEmpty {
                    // An undone removal: only the entries it took from this form come back.
                    entries = Self.restoring(parts.filter { $0.finder == attribute }, in: entries)
                } else if !entries.contains(where: TagRules.SameTag(as: name).matches) {
                    entries.append(FinderTagEntry(name: name, color: color(name)))
                }
            case .remove(let name):
                taken += Self.parts(of: name, in: entries, attribute)
                entries.removeAll(where: TagRules.SameTag(as: name).matches)
            case .rename(let old, to: let new, let parts):
                let mine = parts.filter { $0.finder == attribute }
                if !parts.isEmpty {
                    // An undone rename: the name given goes, the old entries come back as written.
                    entries.removeAll(where: TagRules.SameTag(as: old).matches)
                    entries = Self.restoring(mine, in: entries)
                } else {
                    let oldParts = Self.parts(of: old, in: entries, attribute)
                    let hadNew = entries.contains(where: TagRules.SameTag(as: new).matches)
                    taken += oldParts
                    entries = Self.renaming(old, to: new, in: entries)
                    if merging && !hadNew && !oldParts.isEmpty, let written = entries.first(where: TagRules.SameTag(as: new).matches) {
                        taken.append(TagChange.Part(text: written.text, index: -1, finder: attribute))
                    }
                }
            case .move:
                break
            case .all(let changes):
                var single = FinderTags(forms: [forms[index]])
                for change in changes { taken += single.apply(change, color: color) }
                entries = single.forms[0].entries
            }
            forms[index].entries = entries
        }
        return taken
    }

    /// Every entry of `tag` given `color` (its number rewritten; the name kept as written).
    ///
    /// - Returns: whether an entry changed.
    mutating func recolor(_ tag: String, to color: TagColor) -> Bool {
        let same = TagRules.SameTag(as: tag)
        var changed = false
        for form in forms.indices {
            for index in forms[form].entries.indices where same.matches(forms[form].entries[index]) {
                let entry = forms[form].entries[index]
                let recolored = FinderTagEntry(text: entry.writtenName + "\n" + String(color.rawValue))
                if recolored != entry {
                    forms[form].entries[index] = recolored
                    changed = true
                }
            }
        }
        return changed
    }

    private static func parts(of name: String, in entries: [FinderTagEntry], _ attribute: FinderAttribute) -> [TagChange.Part] {
        let same = TagRules.SameTag(as: name)
        return entries.indices.compactMap { index in
            same.matches(entries[index]) ? TagChange.Part(text: entries[index].text, index: index, finder: attribute) : nil
        }
    }

    /// `entries` with an undo's parts: those of index -1 (entries the change wrote) taken out,
    /// the others put back at their places.
    private static func restoring(_ parts: [TagChange.Part], in entries: [FinderTagEntry]) -> [FinderTagEntry] {
        var result = entries
        for part in parts where part.index < 0 {
            if let index = result.firstIndex(where: { $0.text == part.text }) { result.remove(at: index) }
        }
        for part in parts.sorted(by: { $0.index < $1.index }) where part.index >= 0 {
            result.insert(FinderTagEntry(text: part.text), at: min(part.index, result.count))
        }
        return result
    }

    /// The first entry of `old` takes the new name (its colour kept); its other entries go, and
    /// all of them when `new` is there already (the two become one tag).
    private static func renaming(_ old: String, to new: String, in entries: [FinderTagEntry]) -> [FinderTagEntry] {
        let same = TagRules.SameTag(as: old)
        let newKey = TagRules.key(new)
        let merges = TagRules.key(old) != newKey && entries.contains { TagRules.key($0.name) == newKey }
        var result: [FinderTagEntry] = []
        var renamed = false
        for entry in entries {
            guard same.matches(entry) else { result.append(entry); continue }
            if merges || renamed { continue }
            result.append(entry.renamed(new))
            renamed = true
        }
        return result
    }
}

extension TagRules.SameTag {
    /// Whether a Finder entry holds this tag.
    func matches(_ entry: FinderTagEntry) -> Bool {
        let name = entry.name
        return !name.isEmpty && matches(name)
    }
}
