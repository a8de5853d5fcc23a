// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// How many elements `a` and `b` have in common at their start (`prefix`) and, after those, at
/// their end (`suffix`), compared one by one: the run between them is what changed from one list
/// to the other. Lists with a faster way (``TagNames/commonEnds(with:)``, which passes over the
/// chunks two versions share) use it where they can; this is the definition they must agree with.
///
/// - Complexity: O(*n*) comparisons at most.
package func commonEnds<C: RandomAccessCollection>(_ a: C, _ b: C) -> (prefix: Int, suffix: Int)
    where C.Element: Equatable, C.Index == Int {
    let common = Swift.min(a.count, b.count)
    var prefix = 0
    while prefix < common, a[a.startIndex + prefix] == b[b.startIndex + prefix] { prefix += 1 }
    var suffix = 0
    while suffix < common - prefix, a[a.endIndex - 1 - suffix] == b[b.endIndex - 1 - suffix] { suffix += 1 }
    return (prefix, suffix)
}
