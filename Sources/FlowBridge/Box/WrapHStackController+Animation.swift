// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import FlowEngine
import GObjectSupport

// Presenting, between computing and placing in the allocation (see +Layout), and animated reflow:
// when the box's children are added or removed, the others glide from where they were to their new frames. The
// engine is not involved: every animation frame is an ordinary allocation whose frames are the
// engine's, with the positions shown eased from the old ones. A resize never animates (the layout
// must follow the pointer at once), and nothing animates when the user turned animations off
// (`gtk-enable-animations`) or ``WrapHStack/animatesContentChanges`` is off.

extension WrapHStackController {
    struct Animation {
        /// Where each child that stays was shown when the change came.
        var from: [Widget: (x: Int, y: Int)]
        var start: Int
        var duration: Int
        var tickCallback: guint
    }

    /// The frames to show for a new layout. A change of the main-axis length is a resize, which
    /// stops any animation; a content change may start one from where the children are shown now.
    func present(_ computed: ComputedLayout) -> [FlowRect] {
        if let previous = shown?.report.request.available, previous != computed.request.available {
            stopAnimation()
        } else if shouldAnimate() {
            startAnimation()
        }
        contentChanged = false
        return displayedFrames(computed.result, children: computed.children.widgets)
    }

    /// Whether an allocation (not a resize) after a content change should animate.
    func shouldAnimate() -> Bool {
        guard animatesContentChanges, contentChanged, shown != nil, gtk_widget_get_mapped(widget) != 0,
              gtk_widget_get_frame_clock(widget) != nil else { return false }
        let settings = gtk_widget_get_settings(widget)
        return cgtk_get_bool_property(UnsafeMutableRawPointer(settings), "gtk-enable-animations") != 0
    }

    /// Starts (or restarts from where things are now) the glide to the new frames.
    func startAnimation() {
        var from: [Widget: (x: Int, y: Int)] = [:]
        // The children the last layout showed (the frames of hidden ones are not positions).
        if let shown {
            for (child, frame) in zip(shown.widgets, shown.frames).prefix(shown.report.result.visibleCount) {
                from[child] = (Int(frame.x), Int(frame.y))
            }
        }
        if let running = animation { gtk_widget_remove_tick_callback(widget, running.tickCallback) }
        let now = gdk_frame_clock_get_frame_time(gtk_widget_get_frame_clock(widget))
        let tick = gtk_widget_add_tick_callback(widget, { widget, _, data in
            // Every frame of the animation is an allocation: ask for one.
            gtk_widget_queue_allocate(widget)
            return 1   // G_SOURCE_CONTINUE; the allocation removes the callback at the end
        }, nil, nil)
        // Frame times are in microseconds.
        animation = Animation(from: from, start: now, duration: max(1, animationDuration.microseconds),
                              tickCallback: tick)
    }

    /// Stops the animation; the next placement is exact.
    func stopAnimation() {
        guard let running = animation else { return }
        gtk_widget_remove_tick_callback(widget, running.tickCallback)
        animation = nil
    }

    /// The frames to show: the engine's, with positions eased from the old ones while an
    /// animation runs. Ends the animation when its time is up.
    func displayedFrames(_ result: FlowResult, children: [Widget]) -> [FlowRect] {
        guard let running = animation else { return result.frames }
        let now = gtk_widget_get_frame_clock(widget).map(gdk_frame_clock_get_frame_time)
            ?? running.start + running.duration
        let progress = min(1, max(0, Double(now - running.start) / Double(running.duration)))
        if progress >= 1 {
            stopAnimation()
            return result.frames
        }
        // Ease out: fast at first, settling into place.
        let eased = 1 - (1 - progress) * (1 - progress) * (1 - progress)
        var frames = result.frames
        for (k, child) in children.enumerated() where k < result.visibleCount {
            guard let start = running.from[child] else { continue }   // new children appear in place
            frames[k].x = (Double(start.x) + (frames[k].x - Double(start.x)) * eased).rounded()
            frames[k].y = (Double(start.y) + (frames[k].y - Double(start.y)) * eased).rounded()
        }
        return frames
    }
}
