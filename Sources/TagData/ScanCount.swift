// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// How many names the scans that look for a tag in a list have looked at, on this thread: what
/// a test counts to tell an edit that compares a few names from one that compares all of them
/// (at a million tags, the difference between a frame and several).
package enum ScanCount {
    /// The writer's thread counts its own (``CollectionDocument/namesScannedByWriter``).
    private static let counter = ThreadCounter()

    /// The names looked at on this thread since it started.
    package static var onThisThread: Int { counter.onThisThread }

    static func add(_ count: Int) { counter.add(count) }
}

/// A count kept for each thread apart (a POSIX thread-specific slot), which ``ScanCount`` and
/// ``ReadCount`` are.
struct ThreadCounter: Sendable {
    private let slot: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        slot = key
    }

    var onThisThread: Int { Int(bitPattern: pthread_getspecific(slot)) }

    func add(_ count: Int) {
        pthread_setspecific(slot, UnsafeRawPointer(bitPattern: onThisThread &+ count))
    }
}

/// A list of names whose scans for a tag are counted (``ScanCount``): an Array, or TagNames,
/// which walks its chunks.
protocol CountedScans {
    var count: Int { get }
    func firstIndex(where predicate: (String) throws -> Bool) rethrows -> Int?
    func lastIndex(where predicate: (String) throws -> Bool) rethrows -> Int?
}

extension Array: CountedScans where Element == String {}

extension TagNames: CountedScans {}

extension CountedScans {
    /// `firstIndex(where:)`, counted.
    func firstIndexCounted(where match: (String) -> Bool) -> Int? {
        let index = firstIndex(where: match)
        ScanCount.add(index.map { $0 + 1 } ?? count)
        return index
    }

    /// `lastIndex(where:)`, counted.
    func lastIndexCounted(where match: (String) -> Bool) -> Int? {
        let index = lastIndex(where: match)
        ScanCount.add(index.map { count - $0 } ?? count)
        return index
    }
}

/// How many names and entries were read one by one from a ``TagNames`` or a ``TagEntries`` on
/// this thread (their subscripts, iteration, `map` and searches): what a test counts to tell
/// work that reads the few names an edit is about from work that reads the whole list, wherever
/// in the editor it happens. Iteration counts a chunk as it enters it.
package enum ReadCount {
    private static let counter = ThreadCounter()

    /// The names and entries read on this thread since it started.
    package static var onThisThread: Int { counter.onThisThread }

    static func add(_ count: Int) { counter.add(count) }
}
