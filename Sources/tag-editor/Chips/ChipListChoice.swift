// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Whether a window shows its chips in the virtual list (``ChipArea``).
enum ChipListChoice: Equatable {
    /// More entries than this are shown in the virtual list (measured: BENCHMARKS.md, "Tag
    /// editor: the virtual list's threshold"): a chip is a few widgets, and thousands of them
    /// would make every update slow. The one threshold of every window.
    static let threshold = 1_000

    /// Past ``threshold`` entries.
    case automatic
    /// `--virtual`.
    case virtual
    /// `--no-virtual`: always one widget per tag.
    case allWidgets

    /// Whether `count` entries are shown in the virtual list.
    func usesVirtualList(forTagCount count: Int) -> Bool {
        switch self {
        case .automatic: return count > Self.threshold
        case .virtual: return true
        case .allWidgets: return false
        }
    }
}
