/// The tags of many attribute values, read exactly as ``FileTagsAttribute/tags`` reads one (each
/// part trimmed and NFC-normalized, empty parts skipped, each tag once by ``TagRules/key(_:)``, its
/// first spelling kept), with each distinct part normalized once: a tree's files share a small
/// vocabulary, and normalizing every part of every file again was most of a folder walk's time.
///
/// Not thread-safe: one reader per thread.
public final class TagReader {
    /// One tag of a file: as shown, and its key.
    public struct Tag: Sendable, Hashable {
        public var name: String
        public var key: String
    }

    /// Each part seen: its tag, or `nil` for a part that is empty once trimmed.
    private var parts: [String: Tag?] = [:]

    public init() {}

    /// The tags of an attribute's bytes, or `nil` when they are not UTF-8.
    ///
    /// - Complexity: O(*b*) in the value's length, plus the normalization of each part not seen before.
    public func tags(of bytes: [UInt8]) -> [Tag]? {
        var tags: [Tag] = []
        var start = 0
        var index = 0
        while index <= bytes.count {
            if index == bytes.count || bytes[index] == UInt8(ascii: ",") {
                guard let part = String(validating: bytes[start..<index], as: UTF8.self) else { return nil }
                if let tag = tag(of: part), !tags.contains(where: { $0.key == tag.key }) { tags.append(tag) }
                start = index + 1
            }
            index += 1
        }
        return tags
    }

    private func tag(of part: String) -> Tag? {
        if let known = parts[part] { return known }
        let tag = FileTagsAttribute(parts: [part]).tags.first.map { Tag(name: $0, key: TagRules.key($0)) }
        parts[part] = tag
        return tag
    }
}
