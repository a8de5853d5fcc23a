import Glibc

/// How many names the scans that look for a tag in a list have looked at, on this thread: what
/// a test counts to tell an edit that compares a few names from one that compares all of them
/// (at a million tags, the difference between a frame and several).
package enum ScanCount {
    /// A slot per thread: the writer's thread counts its own (``CollectionDocument/namesScannedByWriter``).
    private static let slot: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The names looked at on this thread since it started.
    package static var onThisThread: Int { Int(bitPattern: pthread_getspecific(slot)) }

    static func add(_ count: Int) {
        pthread_setspecific(slot, UnsafeRawPointer(bitPattern: onThisThread &+ count))
    }
}

extension TagNames {
    /// `firstIndex(where:)`, counted (``ScanCount``).
    func firstIndexCounted(where match: (String) -> Bool) -> Int? {
        let index = firstIndex(where: match)
        ScanCount.add(index.map { $0 + 1 } ?? count)
        return index
    }

    /// `lastIndex(where:)`, counted (``ScanCount``).
    func lastIndexCounted(where match: (String) -> Bool) -> Int? {
        let index = lastIndex(where: match)
        ScanCount.add(index.map { count - $0 } ?? count)
        return index
    }
}

extension Array where Element == String {
    /// Whether the two are one array (the same storage), not only the same names: O(1).
    func isSameArray(as other: [String]) -> Bool {
        count == other.count
            && withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { $0.baseAddress == a.baseAddress } }
    }

    /// `firstIndex(where:)`, counted (``ScanCount``).
    func firstIndexCounted(where match: (String) -> Bool) -> Int? {
        let index = firstIndex(where: match)
        ScanCount.add(index.map { $0 + 1 } ?? count)
        return index
    }

    /// `lastIndex(where:)`, counted (``ScanCount``).
    func lastIndexCounted(where match: (String) -> Bool) -> Int? {
        let index = lastIndex(where: match)
        ScanCount.add(index.map { count - $0 } ?? count)
        return index
    }
}
