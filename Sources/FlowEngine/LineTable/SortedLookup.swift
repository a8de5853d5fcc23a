// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later

extension RandomAccessCollection where Element: Comparable, Index == Int {
    /// In an ascending collection of first positions (of chunks, of runs), the position of the
    /// last one not above `value`: the chunk or run that holds `value`. The start when none is.
    ///
    /// - Complexity: O(log *n*) comparisons.
    @inlinable public func lastPosition(notAbove value: Element) -> Int {
        var low = startIndex, high = endIndex - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if self[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
