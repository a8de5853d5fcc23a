// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Whether the editor shows its chips in the virtual list.
enum ChipListChoice: Equatable {
    /// Past ``VirtualChips/threshold`` tags (when the window opens).
    case automatic
    /// `--virtual`.
    case virtual
    /// `--no-virtual`: always one widget per tag.
    case allWidgets

    /// Whether a window opened on `count` tags uses the virtual list.
    func usesVirtualList(forTagCount count: Int) -> Bool {
        switch self {
        case .automatic: return count > VirtualChips.threshold
        case .virtual: return true
        case .allWidgets: return false
        }
    }
}
