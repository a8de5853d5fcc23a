// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import JSON

// The collection's `colors` member: `"colors": {"travel": "red", "Work": "blue"}`, a tag's
// colour by its name (one of Finder's seven: grey, green, purple, blue, yellow, red, orange;
// Finder's numbers 1 to 7 are read too). A tag without colour has no entry. Names are compared
// as tags are (case and NFC aside), so a tag has one colour whatever its spelling.

extension CollectionText {
    private static let colorsName = Array("\"colors\"".utf8)

    /// The colours the `colors` member gives (none when it is absent or not an object; entries
    /// that name no colour are skipped).
    var colors: TagColors {
        guard let value = colorsValue, case .object(let members)? = try? JSONValue.parse(utf8: value) else { return TagColors() }
        var colors = TagColors()
        for (tag, value) in members {
            let color: TagColor? = switch value {
            case .string(let name): TagColor(named: name)
            case .number(let number): number == number.rounded() && (0...7).contains(number) ? TagColor(rawValue: Int(number)) : nil
            default: nil
            }
            if let color, colors[tag] == .none { colors[tag] = color }
        }
        return colors
    }

    private var colorsValue: [UInt8]? {
        for case .other(let name, let value) in members where name == Self.colorsName { return value }
        return nil
    }

    /// The text with `tag` given `color` in its `colors` member (made at the end when missing):
    /// the tag's entries under any spelling go, and the new one takes the first one's place
    /// (the end for a new one); every other entry stays as written, and every other member byte
    /// for byte. A member that is not an object is refused: it is not this program's to replace.
    ///
    /// - Returns: `nil` when `colors` is there but is not a JSON object.
    func recolored(_ tag: String, to color: TagColor) -> CollectionText? {
        var entries: [(name: [UInt8], value: [UInt8])] = []
        if let value = colorsValue {
            guard let read = Self.members(of: value) else { return nil }
            entries = read
        }
        let same = TagRules.SameTag(as: tag)
        let place = entries.firstIndex { same.matches(Self.name(of: $0.name)) }
        entries.removeAll { same.matches(Self.name(of: $0.name)) }
        if color != .none {
            var name = JSONWriter(), value = JSONWriter()
            name.writeString(tag)
            value.writeString(color.name)
            entries.insert((name.bytes, value.bytes), at: min(place ?? entries.count, entries.count))
        }
        var object = Array("{".utf8)
        for (index, entry) in entries.enumerated() {
            if index > 0 { object += Array(",".utf8) }
            object += entry.name + Array(":".utf8) + entry.value
        }
        object += Array("}".utf8)
        var result = self
        if let index = result.members.firstIndex(where: { if case .other(let name, _) = $0 { name == Self.colorsName } else { false } }) {
            result.members[index] = .other(name: Self.colorsName, value: object)
        } else {
            result.members.append(.other(name: Self.colorsName, value: object))
        }
        return result
    }

    /// The text with the colours of renamed tags moved to their new names, after `changes` made
    /// its tags what they are: a tag renamed takes its colour along, one merged into another
    /// gives its colour to it when that one has none. Nothing is done (nor read) when there is
    /// no `colors` member.
    ///
    /// - Complexity: O(*n*) for each renamed tag that has a colour, in a collection of *n* tags.
    func movingColors(after changes: [TagChange]) -> CollectionText {
        guard colorsValue != nil else { return self }
        var colors = self.colors
        guard !colors.isEmpty else { return self }
        var result = self
        func follow(_ change: TagChange) {
            switch change {
            case .rename(let old, to: let new, _):
                let color = colors[old]
                guard color != .none, TagRules.key(old) != TagRules.key(new),
                      !result.tags.contains(where: TagRules.SameTag(as: old).matches),
                      result.tags.contains(where: TagRules.SameTag(as: new).matches) else { return }
                let target = colors[new] == .none ? color : colors[new]
                guard let moved = result.recolored(old, to: .none)?.recolored(new, to: target) else { return }
                result = moved
                colors[old] = .none
                colors[new] = target
            case .all(let changes):
                changes.forEach(follow)
            default:
                break
            }
        }
        changes.forEach(follow)
        return result
    }

    /// The members of a JSON object's text, each name and value as written; `nil` when it is not
    /// an object.
    private static func members(of value: [UInt8]) -> [(name: [UInt8], value: [UInt8])]? {
        value.withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            var members: [(name: [UInt8], value: [UInt8])] = []
            do throws(JSONSyntaxError) {
                scanner.skipWhitespace()
                guard scanner.skip(UInt8(ascii: "{")) else { return nil }
                scanner.skipWhitespace()
                if scanner.skip(UInt8(ascii: "}")) { return members }
                while true {
                    let start = scanner.position
                    _ = try scanner.scanString()
                    let name = Array(scanner.rawBytes(start..<scanner.position))
                    scanner.skipWhitespace()
                    guard scanner.skip(UInt8(ascii: ":")) else { return nil }
                    scanner.skipWhitespace()
                    let value = try scanner.skipValue()
                    members.append((name, Array(scanner.rawBytes(value))))
                    scanner.skipWhitespace()
                    if scanner.skip(UInt8(ascii: "}")) { return members }
                    guard scanner.skip(UInt8(ascii: ",")) else { return nil }
                    scanner.skipWhitespace()
                }
            } catch {
                return nil
            }
        }
    }

    /// A member name's text (its JSON string decoded).
    private static func name(of bytes: [UInt8]) -> String {
        if case .string(let name)? = try? JSONValue.parse(utf8: bytes) { return name }
        return ""
    }
}

extension CollectionFile {
    /// The tags' colours the collection keeps (none when it is missing).
    ///
    /// - Throws: ``FileError`` when it cannot be read, ``CollectionChangedError`` when it is not a collection.
    /// - Complexity: O(*n*) in the file's length.
    package func colors() throws -> TagColors {
        switch try read() {
        case .text(let snapshot): return snapshot.text.colors
        case .missing: return TagColors()
        case .corrupt(let reason): throw CollectionChangedError(path: path, reason: reason, refusedAChange: false)
        }
    }

    /// Gives `tag` the colour `color` (``TagColor/none``: takes its colour away) in the
    /// collection, under its lock, as every change is saved: read, change the `colors` member
    /// only, replace the file atomically. Everything else stays byte for byte. A missing
    /// collection is started with the tag.
    ///
    /// - Returns: the colour the tag had.
    /// - Throws: ``FileError``, or ``CollectionChangedError`` when the file is not a collection
    ///   or its `colors` is not an object (it is left as it is).
    @discardableResult
    package func setColor(_ color: TagColor, of tag: String) throws -> TagColor {
        if FileSystem.isReadOnly(path) { throw FileError(path: path, operation: "write", code: EACCES) }
        try FileSystem.makeDirectories(FileSystem.parentDirectory(of: path))
        return try FileSystem.withExclusiveLock(lockPath, protecting: path) {
            FileSystem.removeLeftoverTemporaryFiles(of: path)
            var text: CollectionText
            var original: CollectionText?
            switch try read() {
            case .text(let snapshot): text = snapshot.text; original = text
            case .missing: text = CollectionText(tags: [tag])
            case .corrupt(let reason): throw CollectionChangedError(path: path, reason: reason)
            }
            let before = text.colors[tag]
            if !text.tags.contains(where: TagRules.SameTag(as: tag).matches) { text.tags.append(tag) }
            guard let recolored = text.recolored(tag, to: color) else {
                throw CollectionChangedError(path: path, reason: tr("its \"colors\" member is not a JSON object"))
            }
            if recolored != original {
                _ = try FileSystem.writeAtomically(to: path) { (file: inout FileSystem.OpenFile) throws(FileError) in
                    try recolored.encode(file.write)
                }
            }
            return before
        }
    }
}

extension CollectionDocument {
    /// The tags' colours as the collection was last read or written (its `colors` member): no
    /// read of the file, so a window can ask after every change.
    ///
    /// - Complexity: O(*m* + *c*) for *m* members and *c* coloured tags, whatever the tag count.
    package var colors: TagColors { writer.snapshot?.text.colors ?? TagColors() }
}
