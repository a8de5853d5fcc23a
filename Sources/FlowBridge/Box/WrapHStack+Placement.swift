// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import FlowGObject

extension WrapHStack {
    /// How the children get to their frames (the GObject property `placement`, `FlowPlacement`).
    /// Both give the same layout, computed by the same code (the box's FlowWrapLayout).
    public enum Placement: String, Sendable, CaseIterable {
        /// The children are in a GtkFixed (``WrapHStack/fixed``) inside the container widget: the
        /// allocation moves the children whose position changed (`gtk_fixed_move`) and gives each
        /// child its frame's size, then allocates the GtkFixed. An app can put widgets of its own
        /// in the GtkFixed, at positions of its choosing, over the children; the container lays
        /// out only its own. The default.
        case fixed
        /// The children are the container widget's own, and its FlowWrapLayout allocates each at
        /// its frame. No GtkFixed: a relayout costs a fraction of what it costs through one
        /// (`BENCHMARKS.md`), the choice for lists of many thousands of children.
        case direct
    }
}

extension WrapHStack.Placement: GObjectEnum {
    /// - Complexity: O(1).
    public var gobjectValue: FlowPlacement {
        switch self {
        case .fixed: FLOW_PLACEMENT_FIXED
        case .direct: FLOW_PLACEMENT_DIRECT
        }
    }
}
