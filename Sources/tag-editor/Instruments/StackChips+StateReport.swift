// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import FlowBridge
import JSON
import TagData

// The state report's fields of the chips in the WrapHStack: every tag's chip.

extension StackChips: ChipAreaReport where Content == Chip {
    func reportedChips(_ chipState: (TagEntry, Chip?) -> JSONValue) -> [JSONValue] {
        stack.elements.map { chipState($0, stack.content(for: $0.name)) }
    }

    var settled: Bool {
        guard !stack.isAnimating, let frames = stack.lastLayout?.result.frames,
              frames.count == stack.children.count else { return false }
        // Where each chip is within the container, whichever widget is its parent (a GtkFixed in
        // the default placement, the container itself in the direct one).
        return zip(stack.children, frames).allSatisfy { child, frame in
            // A tag maxLines hides is unmapped (child-visible off) and has no place to be in.
            if gtk_widget_get_visible(child) == 0 || gtk_widget_get_child_visible(child) == 0 { return true }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(child, stack.widget, &bounds) != 0 else { return false }
            return Double(bounds.origin.x) == frame.x && Double(bounds.origin.y) == frame.y
                && Double(bounds.size.width) == frame.width && Double(bounds.size.height) == frame.height
        }
    }

    /// `virtual` (false), `reorderable`, and where "+N more" and "Show less" are when shown.
    var listFields: [(key: String, value: JSONValue)] {
        [("virtual", .bool(false)), ("reorderable", .bool(reorderable))]
            + (overflow.map { StateReport.point("more", of: $0.moreButton) + StateReport.point("showLess", of: $0.showLessButton) } ?? [])
    }

    var chipParent: Widget? { stack.children.first.flatMap(gtk_widget_get_parent) }
}
