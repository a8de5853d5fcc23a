// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Everything that gives a file its tags: the freedesktop attribute and Finder's (in the forms
/// the file carries). The file's tags are the union, one per tag whichever attribute holds it;
/// an edit is applied to each attribute that holds tags, so that a file that carries both keeps
/// them in step.
struct FileTagState: Equatable {
    var freedesktop: FileTagsAttribute
    var finder: FinderTags

    /// The tags shown: the freedesktop attribute's, then those only Finder's holds, each once.
    var tags: [String] {
        let own = freedesktop.tags
        guard !finder.isEmpty else { return own }
        var keys = Set(own.map(TagRules.key))
        return own + finder.tags.filter { keys.insert(TagRules.key($0)).inserted }
    }

    /// A file's attributes as they are now (Finder's not read with ``FinderTagsMode/off``).
    static func read(_ path: FilePath, _ attributes: any ExtendedAttributes, finder mode: FinderTagsMode) throws(FileError) -> FileTagState {
        let freedesktop = try FileTags.readAttribute(path, attributes)
        let finder = mode == .off || !attributes.holdsFinderTags ? FinderTags() : try FinderTags.read(path, attributes)
        return FileTagState(freedesktop: freedesktop, finder: finder)
    }

    /// `change` applied to both attributes. The freedesktop attribute is changed as
    /// ``FileTags/applying(_:to:seen:)`` changes it (a tag only Finder's attribute holds is not
    /// added to it by an undo); Finder's by ``FinderTags/apply(_:color:)``. With
    /// ``FinderTagsMode/write``, a file without Finder's attribute gets it (Samba's form) with
    /// every tag. The undo holds the parts of both, so that it puts each back as it was.
    ///
    /// - Parameter color: the colour of a tag added to Finder's list (the collection's).
    static func applying(_ change: TagChange, to state: FileTagState, seen: [String], mode: FinderTagsMode,
                         color: (String) -> TagColor) -> (state: FileTagState, applied: TagChange.Applied) {
        if case .all(let changes) = change {
            let (changed, applied) = TagChange.inTurn(changes, from: state, tags: { TagNames($0.tags) }) { change, state in
                applying(change, to: state, seen: seen, mode: mode, color: color)
            }
            return (changed, applied)
        }
        let current = state.tags
        var applied = change.applied(to: TagNames(current), seen: TagNames(seen))
        guard applied.tags.array != current else { return (state, applied) }
        // Renamed onto a tag the file has (in either attribute): the two become one. An attribute
        // that has the new name loses the old one; one that has only the old renames it in place
        // (so that a program reading only that attribute still sees the tag), and its undo takes
        // the entry written out again before putting the old ones back.
        var merging = false
        if case .rename(_, to: _, let parts) = change, parts.isEmpty, case .add? = applied.undo { merging = true }
        var result = state
        // The freedesktop attribute: untouched by an undo that puts back only Finder's entries.
        let finderOnly = !change.parts.isEmpty && change.parts.allSatisfy { $0.finder != nil }
        var freedesktopParts: [TagChange.Part] = []
        if !finderOnly {
            var own = change.keepingParts { $0.finder == nil }
            if merging, case .rename(let old, to: let new, _) = change, !state.freedesktop.parts(of: new).isEmpty { own = .remove(old) }
            let changed = FileTags.applying(own, to: state.freedesktop, seen: seen)
            result.freedesktop = changed.attribute
            freedesktopParts = changed.applied.undo?.parts ?? []
            if merging, case .rename(_, to: let new, _) = own, changed.applied.changedSomething {
                freedesktopParts += result.freedesktop.parts(of: new).map { TagChange.Part(text: $0.text, index: -1) }
            }
        }
        var finderParts: [TagChange.Part] = []
        if !state.finder.isEmpty {
            // Each form takes its own parts of an undo; an undo with parts of none leaves it.
            finderParts = result.finder.apply(change, merging: merging, color: color)
        } else if mode == .write {
            let tags = result.tags
            result.finder = FinderTags(forms: [.init(attribute: .samba, value: nil,
                                                     entries: tags.map { FinderTagEntry(name: $0, color: color($0)) })])
        }
        applied.undo = applied.undo?.replacingParts(freedesktopParts + finderParts)
        return (result, applied)
    }

    /// Writes what differs from `old`: the freedesktop attribute first, then each Finder form.
    /// When a later write fails, the earlier ones are put back (byte for byte) before the error
    /// is thrown, so the file keeps both attributes as they were.
    func write(over old: FileTagState, to path: FilePath, _ attributes: any ExtendedAttributes) throws(FileError) {
        var written: [(name: String, before: [UInt8]?)] = []
        func put(_ value: [UInt8]?, _ name: String, before: [UInt8]?) throws(FileError) {
            do {
                if let value { try attributes.setValue(value, of: name, at: path) } else { try attributes.removeValue(of: name, at: path) }
                written.append((name, before))
            } catch {
                for (name, value) in written.reversed() {
                    if let value { try? attributes.setValue(value, of: name, at: path) } else { try? attributes.removeValue(of: name, at: path) }
                }
                throw error
            }
        }
        if freedesktop != old.freedesktop {
            try put(freedesktop.text.map { Array($0.utf8) }, FileTags.attribute, before: old.freedesktop.value)
        }
        for (attribute, value) in finder.changedValues {
            let before = old.finder.forms.first { $0.attribute == attribute }?.value
            try put(value, attribute.name, before: before)
        }
    }

    /// The Finder forms' values now, for an undo that puts back exactly what was there.
    var finderValues: [FinderAttribute: [UInt8]] {
        var values: [FinderAttribute: [UInt8]] = [:]
        for form in finder.forms {
            if let value = form.value ?? (form.entries.isEmpty ? nil : form.attribute.value(form.entries.map(\.text))) {
                values[form.attribute] = value
            }
        }
        return values
    }
}

extension FileTagsAttribute {
    /// The attribute's bytes (`nil`: no part, no attribute).
    var value: [UInt8]? { parts.isEmpty ? nil : Array(parts.joined(separator: ",").utf8) }
}

extension TagChange {
    /// The parts an undo carries (none for other changes).
    var parts: [Part] {
        switch self {
        case .add(_, _, let parts), .rename(_, to: _, let parts): parts
        default: []
        }
    }

    /// The change with only the parts `keep` accepts.
    func keepingParts(_ keep: (Part) -> Bool) -> TagChange {
        replacingParts(parts.filter(keep))
    }

    /// The change with `parts` instead of its own (an add or a rename; others as they are).
    func replacingParts(_ parts: [Part]) -> TagChange {
        switch self {
        case .add(let name, let index, _): .add(name, at: index, parts: parts)
        case .rename(let old, to: let new, _): .rename(old, to: new, parts: parts)
        default: self
        }
    }
}

// MARK: - Colours on files

extension FileTags {
    /// What ``recolor(_:to:)`` did.
    package struct ColorReport: Sendable {
        /// Files whose Finder entries of the tag were rewritten.
        package var changedFiles: [String] = []
        /// Files not written, with why.
        package var skipped: [(path: String, reason: String)] = []
        /// Each file written and the colour its entries had (the first entry's): an undo gives
        /// each back with ``recolor(_:to:only:)``.
        package var previous: [(path: String, color: TagColor)] = []
    }

    /// Gives `tag` the colour `color` in Finder's attribute of every open file that carries it
    /// there (the freedesktop attribute has no colours: the collection keeps them), under each
    /// file's lock, as every write is made. Files without Finder's attribute are not written.
    ///
    /// - Parameter only: the files to change (by path), or `nil` for all.
    /// - Complexity: O(*f*) file reads for *f* open files.
    package mutating func recolor(_ tag: String, to color: TagColor, only: Set<String>? = nil) throws -> ColorReport {
        var report = ColorReport()
        for index in files.indices where files[index].isWritable && (only?.contains(files[index].path) ?? true) {
            let path = files[index].filePath
            do {
                if let before = try Self.recolor(tag, to: color, fileAt: path, attributes: attributes, finder: finderMode) {
                    report.changedFiles.append(files[index].path)
                    report.previous.append((files[index].path, before))
                    files[index].finderColors[tag] = color
                }
            } catch let error as FileError where error.meansReadOnly {
                files[index].readOnlyReason = error.shortReason
                report.skipped.append((files[index].path, files[index].whyNotWritable))
            }
        }
        return report
    }

    /// One file's Finder entries of `tag` given `color`, under its lock, read twice as every
    /// write is.
    ///
    /// - Returns: the colour the tag had there, or `nil` when nothing changed.
    package static func recolor(_ tag: String, to color: TagColor, fileAt path: FilePath,
                                attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                                finder mode: FinderTagsMode = .keep, dryRun: Bool = false) throws -> TagColor? {
        guard mode != .off else { return nil }
        return try FileSystem.withExclusiveLockIfPossible(onFile: path) { _ in
            for _ in 0..<maximumAttempts {
                let state = try FileTagState.read(path, attributes, finder: mode)
                var changed = state
                let before = state.finder.colors[tag]
                guard changed.finder.recolor(tag, to: color) else { return nil }
                if let problem = FileSystem.writeProblem(path) { throw problem }
                if dryRun { return before }
                guard try FileTagState.read(path, attributes, finder: mode) == state else { continue }
                try changed.write(over: state, to: path, attributes)
                return before
            }
            throw FileError(path: path, operation: "change the tags of", code: EAGAIN)
        }
    }
}

extension FileTags {
    /// One file's tags as the editor shows them (both attributes, ``FileTagState/tags``) and the
    /// colours Finder's attribute gives them: for `filetags show`.
    ///
    /// - Throws: ``FileError`` when an attribute cannot be read, the freedesktop one is not UTF-8
    ///   (EILSEQ), or Finder's is not its property list (EILSEQ, with a message naming it).
    package static func tags(of path: FilePath, finder mode: FinderTagsMode = .keep,
                             attributes: any ExtendedAttributes = SystemExtendedAttributes()) throws(FileError)
        -> (tags: [String], finderColors: TagColors) {
        let state = try FileTagState.read(path, attributes, finder: mode)
        return (state.tags, state.finder.colors)
    }
}
