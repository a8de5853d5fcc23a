// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport

// Scrolling a chip into view without giving it the focus: a tag just added from the entry goes
// at the end, out of sight in a long list, and the typing goes on in the entry.

extension ChipArea {
    /// Scrolls the chips so that the entry at `index` is in view: the list by its own reveal, the
    /// box once its next layout has placed the chip.
    func reveal(_ index: Int) {
        if usesVirtualList, let list = listChips {
            list.list.scroll(toItem: index)
            return
        }
        guard let chip = realizedChips.first(where: { $0.index == index })?.chip else { return }
        let scroller = scrolledWindow
        whenLaidOut(chip.widget) { Self.scroll(scroller, toShow: $0) }
    }

    /// Moves `scroller`'s adjustments by what `widget` lies outside its visible part.
    private static func scroll(_ scroller: Widget, toShow widget: Widget) {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, scroller, &bounds) != 0 else { return }
        let window = cgtk_scrolled_window(scroller)
        for (adjustment, start, length, visible) in [
            (gtk_scrolled_window_get_vadjustment(window), Double(bounds.origin.y), Double(bounds.size.height), Double(gtk_widget_get_height(scroller))),
            (gtk_scrolled_window_get_hadjustment(window), Double(bounds.origin.x), Double(bounds.size.width), Double(gtk_widget_get_width(scroller))),
        ] {
            guard let adjustment else { continue }
            let shift = start < 0 ? start : max(0, start + length - visible)
            if shift != 0 { gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + shift) }
        }
    }

    /// Runs `body` at the first frame in which `widget` has a size (a chip made by this change
    /// has none until the layout that follows it).
    private func whenLaidOut(_ widget: Widget, _ body: @escaping @MainActor (Widget) -> Void) {
        let box = Unmanaged.passRetained(LaidOutAction(body)).toOpaque()
        gtk_widget_add_tick_callback(widget, { widget, _, data in
            guard let widget, let data, gtk_widget_get_width(widget) > 0 else { return 1 }
            MainActor.assumeIsolated { Unmanaged<LaidOutAction>.fromOpaque(data).takeUnretainedValue().body(widget) }
            return 0
        }, box, { data in
            if let data { Unmanaged<LaidOutAction>.fromOpaque(data).release() }
        })
    }
}

private final class LaidOutAction {
    let body: @MainActor (Widget) -> Void
    init(_ body: @escaping @MainActor (Widget) -> Void) { self.body = body }
}
