// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import FlowBridge
import TagData
@testable import tag_editor

/// The two chip areas as the tests reach them: the WrapHStack's parts, and the virtual list.
@MainActor
extension EditorWindow {
    /// The chips' WrapHStack (a window that shows its chips in it).
    var stack: DataWrapHStack<TagEntry, String, Chip> { chipArea.boxChips!.stack }
    /// "+N more" and "Show less" (a window that shows its chips in the WrapHStack).
    var overflow: OverflowChips { chipArea.boxChips!.overflow! }
    /// The virtual list, when the window shows its chips in it.
    var virtualChips: VirtualChips<Chip>? { chipArea.listChips }
}
