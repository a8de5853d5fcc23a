// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The tags of many attribute values, read exactly as ``FileTagsAttribute/tags`` reads one (each
/// part trimmed and NFC-normalized, empty parts skipped, each tag once by ``TagRules/key(_:)``, its
/// first spelling kept), with each distinct part normalized once and every tag numbered: a tree's
/// files share a small vocabulary, and normalizing, hashing and counting strings for every part
/// of every file was most of a folder walk's time.
///
/// Spellings and keys get numbers (``Tag/name`` indexes ``names``, ``Tag/key`` indexes ``keys``)
/// in the order first seen; they mean something only for this reader. Not thread-safe: one
/// reader per thread.
package final class TagReader {
    /// One tag of a file, by number.
    package struct Tag: Sendable, Hashable {
        /// Its spelling: an index into ``TagReader/names``.
        package var name: Int32
        /// Its key: an index into ``TagReader/keys``.
        package var key: Int32
    }

    /// Every spelling seen, NFC-normalized and trimmed.
    package private(set) var names: [String] = []
    /// Every key seen.
    package private(set) var keys: [String] = []
    /// The key of each spelling.
    package private(set) var keyOfName: [Int32] = []
    private var nameIndex: [String: Int32] = [:]
    private var keyIndex: [String: Int32] = [:]
    private var asciiNames = ASCIITable(), asciiKeys = ASCIITable()

    /// Each distinct part seen, its bytes in `arena`: an open-addressing table (`slots` hold an
    /// index into `entries` plus one, 0 when empty), hashed with a cheap multiplicative hash.
    private struct Entry {
        var start: Int
        var count: Int
        var hash: UInt64
        /// The part's tag, or `nil` for a part that is empty once trimmed.
        var tag: Tag?
    }
    private var arena: [UInt8] = []
    private var entries: [Entry] = []
    private var slots = [Int32](repeating: 0, count: 1024)
    /// By key number: the last attribute read that had the key, to keep each key once an
    /// attribute without comparing its tags with each other (a file of thousands of tags).
    private var lastReadOfKey: [UInt32] = []
    private var readNumber: UInt32 = 0

    package init() {}

    /// The tags of an attribute's bytes in order, each key once, or `nil` when the bytes are not UTF-8.
    ///
    /// - Complexity: O(*b*) in the value's length, plus the normalization of each part not seen before.
    package func tags(of bytes: UnsafeRawBufferPointer) -> [Tag]? {
        var tags: [Tag] = []
        var start = 0
        readNumber &+= 1
        if readNumber == 0 {
            // Wrapped around: no stamp may look like this read's.
            for index in lastReadOfKey.indices { lastReadOfKey[index] = 0 }
            readNumber = 1
        }
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ",") {
            guard let found = part(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) else { return nil }
            if let tag = found {
                let key = Int(tag.key)
                if key >= lastReadOfKey.count { lastReadOfKey += repeatElement(0, count: max(key + 1 - lastReadOfKey.count, 1024)) }
                if lastReadOfKey[key] != readNumber {
                    lastReadOfKey[key] = readNumber
                    tags.append(tag)
                }
            }
            start = index + 1
        }
        return tags
    }

    package func tags(of bytes: [UInt8]) -> [Tag]? {
        bytes.withUnsafeBytes { tags(of: $0) }
    }

    /// The number of a spelling (and of its key), for names that come from elsewhere than an
    /// attribute: a sub-tag's parent, a name on the command line. `name` must be normalized.
    package func intern(_ name: String) -> Tag {
        // ASCII names and keys (byte equality is Swift's equality for them) go through tables of
        // their own: the dictionaries' seeded hashing was most of reading a tree of many
        // distinct tags.
        var name = name
        let asciiName = name.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
        if asciiName {
            if let known = asciiNames.find(name, in: names) { return Tag(name: known, key: keyOfName[Int(known)]) }
        } else if let known = nameIndex[name] {
            return Tag(name: known, key: keyOfName[Int(known)])
        }
        let key = TagRules.key(name)
        let keyNumber: Int32
        if let known = asciiName ? asciiKeys.find(key, in: keys) : keyIndex[key] {
            keyNumber = known
        } else {
            keyNumber = Int32(keys.count)
            keys.append(key)
            if asciiName { asciiKeys.insert(keyNumber, key, in: keys) } else { keyIndex[key] = keyNumber }
        }
        let number = Int32(names.count)
        names.append(name)
        keyOfName.append(keyNumber)
        if asciiName { asciiNames.insert(number, name, in: names) } else { nameIndex[name] = number }
        return Tag(name: number, key: keyNumber)
    }

    /// A part's tag (`.some(nil)` for an empty part), or `nil` when it is not UTF-8.
    private func part(_ bytes: UnsafeRawBufferPointer) -> Tag?? {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 7) & mask
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot]) - 1]
            if entry.hash == hash && entry.count == bytes.count && (entry.count == 0
                || arena.withUnsafeBytes({ memcmp($0.baseAddress! + entry.start, bytes.baseAddress!, bytes.count) == 0 })) {
                return .some(entry.tag)
            }
            slot = (slot + 1) & mask
        }
        let tag: Tag?
        if let plain = TagRules.plainASCIIName(bytes) {
            // Printable ASCII: trimmed of spaces it is its own NFC form (no Foundation call).
            tag = intern(plain.name)
        } else if bytes.allSatisfy({ $0 == 0x20 }) {
            tag = nil
        } else {
            guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
            tag = FileTagsAttribute(parts: [text]).tags.first.map(intern)
        }
        entries.append(Entry(start: arena.count, count: bytes.count, hash: hash, tag: tag))
        arena.append(contentsOf: bytes)
        slots[slot] = Int32(entries.count)
        if entries.count * 2 > slots.count { grow() }
        return .some(tag)
    }

    private func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash >> 7) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}

/// Strings of ASCII by number (their index in an array the caller keeps): open addressing over
/// their bytes with a cheap hash, compared byte for byte.
struct ASCIITable {
    private var slots = [Int32](repeating: -1, count: 1024)
    private var hashes = [UInt64](repeating: 0, count: 1024)
    private var count = 0

    private static func hash(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            return hash
        }
    }

    /// The number of `text` among `strings`, or `nil`.
    func find(_ text: String, in strings: [String]) -> Int32? {
        let hash = Self.hash(text)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 7) & mask
        while slots[slot] >= 0 {
            if hashes[slot] == hash && strings[Int(slots[slot])].utf8.elementsEqual(text.utf8) { return slots[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Notes `text`, the string numbered `number` in `strings`.
    mutating func insert(_ number: Int32, _ text: String, in strings: [String]) {
        if (count + 1) * 2 > slots.count { grow(strings) }
        place(number, hash: Self.hash(text))
        count += 1
    }

    private mutating func place(_ number: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 7) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = number
        hashes[slot] = hash
    }

    private mutating func grow(_ strings: [String]) {
        let old = zip(slots, hashes).filter { $0.0 >= 0 }
        slots = [Int32](repeating: -1, count: slots.count * 2)
        hashes = [UInt64](repeating: 0, count: hashes.count * 2)
        for (number, hash) in old { place(number, hash: hash) }
    }
}
