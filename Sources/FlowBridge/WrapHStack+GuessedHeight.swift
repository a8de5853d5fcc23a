import CGtk
import CWrapHStack
import FlowEngine
import GObjectSupport

// Checking GTK's guessed height, step 2 of the allocation (see WrapHStack+Allocation).
//
// GTK's cache assumes that a height-for-width answer is the same for every width between two
// widths that got the same answer, and answers those widths without asking. A flow layout's height
// is not always monotonic in its width (with items of different heights, a wider container can
// need more height), so such a guess can allocate the container too short (the end of the last
// line out of scrolling reach) or too tall. So the allocation asks GTK what it holds for this very
// length (one cache lookup), and when that is not the content's real cross length, clears GTK's
// cache and has the window laid out again before it paints. Once per length, so that nothing can
// make it loop.

extension WrapHStack {
    /// Compares GTK's cached cross length for the allocated size with the content's, and asks for
    /// a new layout when GTK's was a guess.
    func distrustGuessedCrossLength(_ result: FlowResult, width: Int, height: Int) {
        let horizontal = layout.axis == .horizontal
        let exact = Int((horizontal ? result.size.height : result.size.width).rounded(.up))
        let known = cachedCrossLength(width: width, height: height)
        // GTK raises every answer to the stylesheet's min-height (min-width across a vertical
        // layout): that is no guess. (Read only when the answers differ: this runs every layout.)
        func raisedToStylesheetMinimum() -> Int {
            let minimum = cssMinimumSize()
            return max(exact, horizontal ? minimum.height : minimum.width)
        }
        guard known != exact, known != raisedToStylesheetMinimum() else {
            correctedLength = nil
            return
        }
        let length = horizontal ? width : height
        guard correctedLength != length else { return }
        correctedLength = length
        statistics.cacheCorrections += 1
        needsRelayout = true
        gtk_widget_queue_resize(widget)   // clears GTK's cache; the ancestors, mid-allocation, drop the request
        wrap_hstack_host_relayout_after_allocation(wrap_hstack_host_cast(widget))
    }

    /// The cross length GTK's cache holds for the allocated size (`width` × `height`, the content
    /// box GTK allocated). GTK's size queries take and give outer sizes: the content box plus the
    /// CSS margin, border and padding, plus the widget's own margins.
    private func cachedCrossLength(width: Int, height: Int) -> Int {
        let css = cssBoxExtents()
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
}
