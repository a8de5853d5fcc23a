// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

// Checking GTK's guessed height, in every allocation before anything is placed: GTK's size cache
// guesses a height for a width from the widths around it, and a flow layout's height is not
// monotonic in its width, so a wrong guess is measured again before the window paints.

extension WrapLayoutController {
    /// Compares GTK's cached cross length for the allocated size with the content's, and asks for
    /// a new layout when GTK's was a guess. Returns whether it did.
    ///
    /// GTK's cache assumes that every width between two widths that got the same answer gets that
    /// answer too; with items of different heights a wider container can need more height, so
    /// such a guess can allocate the widget too short or too tall. One cache lookup tells, and a
    /// correction happens once per length, so that nothing can make it loop.
    ///
    /// `stylesheetMinimum` gives the stylesheet's `min-width` and `min-height` when the widget can
    /// read them (a box), read only when the answers differ: this runs every layout.
    func distrustGuessedCrossLength(_ result: FlowResult, width: Int, height: Int, boxExtents: (width: Int, height: Int),
                                    stylesheetMinimum: () -> (width: Int, height: Int)?) -> Bool {
        guard let widget else { return false }
        let horizontal = layout.axis == .horizontal
        let exact = Int((horizontal ? result.size.height : result.size.width).rounded(.up))
        let known = cachedCrossLength(of: widget, width: width, height: height, boxExtents: boxExtents)
        // GTK raises every answer to the stylesheet's min-height (min-width across a vertical
        // layout): that is no guess. (A plain widget's layout takes a raised answer for a guess,
        // which costs one more layout at that length, no wrong one.)
        func raisedToStylesheetMinimum() -> Int {
            guard let minimum = stylesheetMinimum() else { return exact }
            return max(exact, horizontal ? minimum.height : minimum.width)
        }
        guard known != exact, known != raisedToStylesheetMinimum() else {
            correctedLength = nil
            return false
        }
        let length = horizontal ? width : height
        guard correctedLength != length else { return false }
        correctedLength = length
        gtk_widget_queue_resize(widget)   // clears GTK's cache; the ancestors, mid-allocation, drop the request
        flow_wrap_layout_relayout_after_allocation(object)
        return true
    }

    /// The cross length GTK's cache holds for the allocated size (`width` × `height`, the content
    /// box GTK allocated). GTK's size queries take and give outer sizes: the content box plus the
    /// CSS margin, border and padding, plus the widget's own margins.
    private func cachedCrossLength(of widget: Widget, width: Int, height: Int,
                                   boxExtents css: (width: Int, height: Int)) -> Int {
        let extraWidth = css.width + Int(gtk_widget_get_margin_start(widget)) + Int(gtk_widget_get_margin_end(widget))
        let extraHeight = css.height + Int(gtk_widget_get_margin_top(widget)) + Int(gtk_widget_get_margin_bottom(widget))
        var answer: Int32 = 0
        switch layout.axis {
        case .horizontal:
            gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, Int32(width + extraWidth), &answer, nil, nil, nil)
            return Int(answer) - extraHeight
        case .vertical:
            gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, Int32(height + extraHeight), &answer, nil, nil, nil)
            return Int(answer) - extraWidth
        }
    }

    /// A plain widget's CSS margin, border and padding, from its allocation: GTK's allocation is
    /// the margin box, and the content box is `width` × `height` (in the allocation, the margin
    /// box is already the new one). GTK rounds fractional CSS lengths in its size queries, which
    /// this does not see; a box reads them as the size queries do (WrapHStackController+Theming).
    static func allocatedBoxExtents(of widget: Widget, width: Int, height: Int) -> (width: Int, height: Int) {
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        return (max(0, Int(allocation.width) - width), max(0, Int(allocation.height) - height))
    }
}
