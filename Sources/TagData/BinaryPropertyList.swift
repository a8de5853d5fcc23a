// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Apple's binary property list (`bplist00`), only as far as Finder's tags need it: an array of
// strings. Written here in Swift because no library Debian packages parses binary property lists
// for Swift (libplist has no Swift module, Foundation's PropertyListSerialization is not in
// swift-corelibs-foundation's Debian build), and because a reader for one shape can refuse every
// other shape exactly.

/// A binary property list holding one array of strings: read strictly, written as Finder writes it.
enum BinaryPropertyList {
    /// What is wrong with a value that is not a binary property list of strings, in words.
    struct Fault: Error, Equatable {
        var reason: String
    }

    private static let magic = Array("bplist00".utf8)
    private static let trailerSize = 32

    /// The strings of a binary property list whose top object is an array of strings.
    ///
    /// Every offset and count is checked against the value's bounds before it is used; a
    /// reference to anything but a string inside the array, a string that is not ASCII or valid
    /// UTF-16, or bytes left unaccounted for in the trailer are faults.
    ///
    /// - Complexity: O(*n*) in the value's length.
    static func strings(_ bytes: [UInt8]) throws(Fault) -> [String] {
        guard bytes.count >= magic.count + trailerSize else {
            throw Fault(reason: tr("it is \(bytes.count) bytes long, too short for a binary property list"))
        }
        guard bytes.starts(with: magic) else { throw Fault(reason: tr("it does not start with “bplist00”")) }
        let trailer = bytes.count - trailerSize
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        let objectCount = integer(bytes, at: trailer + 8, size: 8)
        let topObject = integer(bytes, at: trailer + 16, size: 8)
        let tableOffset = integer(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw Fault(reason: tr("its trailer gives sizes of \(offsetSize) and \(referenceSize) bytes, not 1 to 8"))
        }
        guard objectCount >= 1, objectCount <= UInt64(trailer) else {
            throw Fault(reason: tr("its trailer counts \(objectCount) objects"))
        }
        guard topObject < objectCount else { throw Fault(reason: tr("its top object \(topObject) is past its \(objectCount) objects")) }
        let count = Int(objectCount)
        guard tableOffset >= UInt64(magic.count), tableOffset <= UInt64(trailer),
              UInt64(trailer) - tableOffset == UInt64(count) * UInt64(offsetSize) else {
            throw Fault(reason: tr("its offset table (at \(tableOffset), \(count) entries of \(offsetSize) bytes) does not end at its trailer"))
        }
        let offsets = (0..<count).map { Int(integer(bytes, at: Int(tableOffset) + $0 * offsetSize, size: offsetSize)) }
        let objectsEnd = Int(tableOffset)
        if let bad = offsets.firstIndex(where: { $0 < magic.count || $0 >= objectsEnd }) {
            throw Fault(reason: tr("object \(bad) is at \(offsets[bad]), outside the objects (\(magic.count) to \(objectsEnd))"))
        }
        let top = offsets[Int(topObject)]
        let marker = bytes[top]
        guard marker >> 4 == 0xA else { throw Fault(reason: tr("its top object is \(kind(marker)), not an array")) }
        let (length, start) = try lengthAndStart(bytes, at: top, end: objectsEnd)
        guard length <= (objectsEnd - start) / referenceSize else {
            throw Fault(reason: tr("its array of \(length) entries runs past its objects"))
        }
        var strings: [String] = []
        strings.reserveCapacity(length)
        for index in 0..<length {
            let reference = integer(bytes, at: start + index * referenceSize, size: referenceSize)
            guard reference < objectCount else {
                throw Fault(reason: tr("entry \(index + 1) of its array refers to object \(reference), past its \(count) objects"))
            }
            do {
                strings.append(try string(bytes, at: offsets[Int(reference)], end: objectsEnd))
            } catch {
                throw Fault(reason: tr("entry \(index + 1) of its array: \(error.reason)"))
            }
        }
        return strings
    }

    /// A string object at `offset`: ASCII (0x5n) or UTF-16 big-endian (0x6n).
    private static func string(_ bytes: [UInt8], at offset: Int, end: Int) throws(Fault) -> String {
        let marker = bytes[offset]
        switch marker >> 4 {
        case 0x5:
            let (length, start) = try lengthAndStart(bytes, at: offset, end: end)
            guard length <= end - start else { throw Fault(reason: tr("its string of \(length) bytes runs past the objects")) }
            let content = bytes[start..<(start + length)]
            guard content.allSatisfy({ $0 < 0x80 }) else { throw Fault(reason: tr("its ASCII string has a byte above 127")) }
            return String(decoding: content, as: UTF8.self)
        case 0x6:
            let (length, start) = try lengthAndStart(bytes, at: offset, end: end)
            guard length <= (end - start) / 2 else { throw Fault(reason: tr("its string of \(length) UTF-16 units runs past the objects")) }
            let units = (0..<length).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            var text = ""
            var iterator = units.makeIterator()
            var decoder = UTF16()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
                case .emptyInput: return text
                case .error: throw Fault(reason: tr("its string is not valid UTF-16 (a lone surrogate)"))
                }
            }
        default:
            throw Fault(reason: tr("it is \(kind(marker)), not a string"))
        }
    }

    /// The length an object's marker gives (its low four bits, or 0xF and an integer object
    /// after it) and where its content starts.
    private static func lengthAndStart(_ bytes: [UInt8], at offset: Int, end: Int) throws(Fault) -> (Int, Int) {
        let low = Int(bytes[offset] & 0x0F)
        guard low == 0x0F else { return (low, offset + 1) }
        guard offset + 1 < end, bytes[offset + 1] >> 4 == 0x1 else { throw Fault(reason: tr("a length marker is not followed by an integer")) }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard size <= 8, offset + 2 + size <= end else { throw Fault(reason: tr("a length of \(size) bytes runs past the objects")) }
        let length = integer(bytes, at: offset + 2, size: size)
        guard length <= UInt64(end) else { throw Fault(reason: tr("a length of \(length) runs past the objects")) }
        return (Int(length), offset + 2 + size)
    }

    /// A big-endian unsigned integer of `size` bytes at `offset` (the caller checked the bounds).
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    /// An object's kind, for a fault's reason.
    private static func kind(_ marker: UInt8) -> String {
        switch marker >> 4 {
        case 0x0: return marker == 0x08 || marker == 0x09 ? tr("a boolean") : tr("a null or fill byte")
        case 0x1: return tr("an integer")
        case 0x2: return tr("a real number")
        case 0x3: return tr("a date")
        case 0x4: return tr("data")
        case 0x5, 0x6: return tr("a string")
        case 0x8: return tr("a UID")
        case 0xA: return tr("an array")
        case 0xC: return tr("a set")
        case 0xD: return tr("a dictionary")
        default: return tr("an unknown object (marker 0x\(String(marker, radix: 16)))")
        }
    }

    // MARK: Writing

    /// A binary property list of an array of `strings`, as Finder and Python's `plistlib`
    /// write one: the array first, each string once (equal strings share an object), ASCII
    /// strings as ASCII and others as UTF-16 big-endian, the smallest reference and offset sizes
    /// that fit.
    ///
    /// - Complexity: O(*n*) in the strings' total length.
    static func encoded(_ strings: [String]) -> [UInt8] {
        var unique: [String] = []
        var numbers: [String: Int] = [:]
        let references = strings.map { string in
            if let number = numbers[string] { return number }
            unique.append(string)
            numbers[string] = unique.count
            return unique.count
        }
        let objectCount = unique.count + 1
        let referenceSize = byteCount(UInt64(objectCount - 1))
        var bytes = magic
        var offsets: [Int] = []
        offsets.append(bytes.count)
        appendMarker(0xA, length: strings.count, to: &bytes)
        for reference in references { appendInteger(UInt64(reference), size: referenceSize, to: &bytes) }
        for string in unique {
            offsets.append(bytes.count)
            if string.utf8.allSatisfy({ $0 < 0x80 }) {
                appendMarker(0x5, length: string.utf8.count, to: &bytes)
                bytes += string.utf8
            } else {
                let units = Array(string.utf16)
                appendMarker(0x6, length: units.count, to: &bytes)
                for unit in units { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
            }
        }
        let tableOffset = bytes.count
        let offsetSize = byteCount(UInt64(offsets.last!))
        for offset in offsets { appendInteger(UInt64(offset), size: offsetSize, to: &bytes) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        appendInteger(UInt64(objectCount), size: 8, to: &bytes)
        appendInteger(0, size: 8, to: &bytes)
        appendInteger(UInt64(tableOffset), size: 8, to: &bytes)
        return bytes
    }

    /// An object's marker: its kind and a length up to 14 in one byte, longer ones as 0xF and
    /// an integer object.
    private static func appendMarker(_ kind: UInt8, length: Int, to bytes: inout [UInt8]) {
        if length < 15 {
            bytes.append(kind << 4 | UInt8(length))
            return
        }
        bytes.append(kind << 4 | 0x0F)
        let size = byteCount(UInt64(length))
        let power: UInt8 = size == 1 ? 0 : size == 2 ? 1 : size <= 4 ? 2 : 3
        bytes.append(0x10 | power)
        appendInteger(UInt64(length), size: 1 << Int(power), to: &bytes)
    }

    private static func appendInteger(_ value: UInt64, size: Int, to bytes: inout [UInt8]) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// The fewest bytes (1, 2, 4 or 8) that hold `value`.
    private static func byteCount(_ value: UInt64) -> Int {
        value < 1 << 8 ? 1 : value < 1 << 16 ? 2 : value < 1 << 32 ? 4 : 8
    }
}
