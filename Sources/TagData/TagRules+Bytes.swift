// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
extension TagRules {
    /// ``plainASCIIName(_:allowsComma:)`` (commas allowed) on UTF-8 bytes, for readers of long
    /// lists: the name, and whether it has capitals (a name without is its own ``key(_:)``).
    /// `nil`: the bytes must go through ``validatedName(_:allowsComma:allowsInvisible:)``.
    ///
    /// - Complexity: O(*m*) in the number of bytes.
    static func plainASCIIName(_ bytes: UnsafeRawBufferPointer) -> (name: String, hasCapitals: Bool)? {
        var first = -1, last = -1, hasCapitals = false
        for (offset, byte) in bytes.enumerated() {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            if byte != 0x20 {
                if first < 0 { first = offset }
                last = offset
                if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { hasCapitals = true }
            }
        }
        guard first >= 0, last - first + 1 <= maximumLength else { return nil }
        return (String(decoding: UnsafeRawBufferPointer(rebasing: bytes[first...last]), as: UTF8.self), hasCapitals)
    }
}

extension TagRules {
    /// Tells which names are the same tag as one name (``key(_:)`` equal) without making a key
    /// for each name looked at: a change's scan over a million tags made a million lower-cased
    /// copies. Names of ASCII are compared byte by byte; any other goes through ``key(_:)``.
    struct SameTag {
        let key: String
        /// The key's bytes when it is ASCII (the usual case).
        private let asciiKey: [UInt8]?

        init(as name: String) {
            key = TagRules.key(name)
            asciiKey = key.utf8.allSatisfy { $0 < 0x80 } ? Array(key.utf8) : nil
        }

        /// Whether `name` is the same tag.
        ///
        /// - Complexity: O(*m*) in the name's length, without allocating for ASCII names.
        func matches(_ name: String) -> Bool {
            if let asciiKey, let answer = name.utf8.withContiguousStorageIfAvailable({ Self.compare($0, asciiKey) }),
               let answer {
                return answer
            }
            return TagRules.key(name) == key
        }

        /// `true` or `false` when `bytes` are ASCII; `nil` otherwise (a letter with a combining
        /// mark, or one whose lower case is ASCII, such as the Kelvin sign, needs ``key(_:)``).
        private static func compare(_ bytes: UnsafeBufferPointer<UInt8>, _ key: [UInt8]) -> Bool? {
            var equal = bytes.count == key.count
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x80 { return nil }
                if equal {
                    let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                    equal = lower == key[index]
                }
            }
            return equal
        }
    }
}
