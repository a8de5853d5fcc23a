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
