// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk

// Scrolling while a drag hovers near an edge of a host that scrolls itself (the list), across the
// lines: a tick callback moves the adjustment every frame the pointer stays there, faster nearer
// the edge, so every place can be reached by dragging; the allocation the scroll asks for moves
// the marker.

extension ItemInteraction {
    /// How near an edge (across the lines) the pointer scrolls, at most: a quarter of the host
    /// when that is less.
    static let autoScrollZone = 48.0
    /// How fast the host scrolls with the pointer at the very edge, in pixels a second (less
    /// further in, down to a tenth of it at the zone's inner end).
    static let autoScrollSpeed = 1_600.0

    /// How fast to scroll for the pointer where it is, in pixels a second across the lines
    /// (negative: back towards the start); 0 outside the edge zones, or in a host that does not scroll.
    func autoScrollVelocity() -> Double {
        guard let pointer = drag?.pointer, host.scrollAdjustment != nil else { return 0 }
        let horizontal = host.linesAreHorizontal, widget = host.hostWidget
        let page = Double(horizontal ? gtk_widget_get_height(widget) : gtk_widget_get_width(widget))
        let along = horizontal ? pointer.y : pointer.x
        let zone = min(Self.autoScrollZone, page / 4)
        guard zone > 0 else { return 0 }
        // 1 at the edge (or past it), a tenth at the zone's inner end.
        func speed(_ depth: Double) -> Double { Self.autoScrollSpeed * (0.1 + 0.9 * min(1, max(0, depth))) }
        if along < zone { return -speed((zone - along) / zone) }
        if along > page - zone { return speed((along - (page - zone)) / zone) }
        return 0
    }

    /// Starts or stops the scrolling for where the pointer is now.
    func updateAutoScroll() {
        guard drag != nil else { return }
        guard autoScrollVelocity() != 0 else { return stopAutoScroll() }
        guard drag?.autoScroll == nil else { return }
        let id = gtk_widget_add_tick_callback(host.hostWidget, { _, clock, data in
            let now = clock.map(gdk_frame_clock_get_frame_time) ?? 0
            let core = MainThreadPointer(data)
            // The core outlives its tick: ending the drag or disposing removes it.
            return MainActor.assumeIsolated {
                Unmanaged<ItemInteraction>.fromOpaque(core.raw!).takeUnretainedValue().autoScrollTick(now: now)
            } ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
        drag?.autoScroll = (id, 0)
    }

    func stopAutoScroll() {
        guard let running = drag?.autoScroll else { return }
        drag?.autoScroll = nil
        gtk_widget_remove_tick_callback(host.hostWidget, running.id)
    }

    /// One frame of scrolling at the edge: the adjustment moves by the velocity times the time
    /// since the last frame (a long pause counts as a tenth of a second); the allocation it asks
    /// for moves the marker. Returns whether to keep ticking.
    private func autoScrollTick(now: gint64) -> Bool {
        guard let running = drag?.autoScroll else { return false }
        let velocity = autoScrollVelocity()
        guard velocity != 0, let adjustment = host.scrollAdjustment else {
            drag?.autoScroll = nil
            return false
        }
        let seconds = running.lastFrame == 0 ? 1.0 / 60 : min(0.1, Double(now - running.lastFrame) / 1_000_000)
        drag?.autoScroll?.lastFrame = now
        let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        let value = gtk_adjustment_get_value(adjustment)
        let next = min(max(0, value + velocity * seconds), max(0, end))
        if next.rounded() != value.rounded() { gtk_adjustment_set_value(adjustment, next.rounded()) }
        return true
    }

    /// Scrolls as one frame of the edge's scrolling would after `seconds` (for the tests, which
    /// run no frame clock): returns whether the host is scrolling.
    func autoScrollStep(seconds: Double) -> Bool {
        guard drag?.autoScroll != nil else { return false }
        drag?.autoScroll?.lastFrame = 1_000_000
        return autoScrollTick(now: 1_000_000 + gint64(seconds * 1_000_000))
    }

    var isAutoScrolling: Bool { drag?.autoScroll != nil }
}
