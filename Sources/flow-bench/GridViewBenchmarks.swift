// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CFlow
import CGtk
import GObjectSupport
import Glibc
import JSON

/// FlowWrapListView against GtkGridView where they compete (issue 37): the same GListModel of
/// 1,000,000 strings (a GtkStringList behind a GtkNoSelection), the same plain GtkLabel made by
/// each view's factory and bound to its string, the same window size, in a presented window whose
/// frames GTK draws. Each view runs in a process of its own (this program started again with
/// `--gridview-child grid|flow`), so that its resident-memory delta is its own and not memory the
/// other view freed; the runs alternate, so that the machine's load falls on both.
@MainActor
enum GridViewBenchmarks {
    static let items = 1_000_000
    static let windowWidth: Int32 = 700, windowHeight: Int32 = 600
    /// Pixels scrolled a frame: what the issue measured, not a multiple of any row height.
    nonisolated static let step = 97.0

    struct Figures {
        /// ns from set_model to the first frame drawn with the items.
        var firstFrame: Double
        /// Median ns of a scrolled frame, from the frame clock's update phase (where the scroll is
        /// made) to its after-paint: layout, snapshot and rendering.
        var frame: Double
        /// Resident bytes added by the view and its window, from before the window to after the
        /// scrolling (the model was made before).
        var residentDelta: Double
        /// The item widgets in the viewport at the end (a wrapping list fits more of the same
        /// labels in the window than a grid of equal cells).
        var shown: Double
    }

    // MARK: The child: one view, measured

    /// Set by the frame clock's after-paint, counted by the waits.
    nonisolated(unsafe) static var paints = 0
    nonisolated(unsafe) static var frameStart = 0
    nonisolated(unsafe) static var frameTimes: [Double] = []
    /// The part of each frame up to the end of its layout phase (the rest is snapshot and render).
    nonisolated(unsafe) static var layoutTimes: [Double] = []
    nonisolated(unsafe) static var framesLeft = 0
    nonisolated(unsafe) static var vadjustment: UnsafeMutablePointer<GtkAdjustment>?

    /// Runs one view (`grid` or `flow`) and prints its figures as `name value` lines.
    static func child(_ side: String, frames: Int) {
        guard side == "grid" || side == "flow" else {
            print("flow-bench: --gridview-child takes grid or flow, not \(side)")
            exit(2)
        }
        flow_init()
        warmUp()
        let model = stringModel(count: items)
        let residentBefore = residentBytes()
        let window = gtk_window_new()!
        gtk_window_set_default_size(cgtk_window(window), windowWidth, windowHeight)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cgtk_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        let view = side == "grid" ? gridView() : flowView()
        gtk_scrolled_window_set_child(cgtk_scrolled_window(scrolled), view)
        gtk_window_set_child(cgtk_window(window), scrolled)
        gtk_window_present(cgtk_window(window))
        waitForPaint(window)
        // No frame in flight when the model comes, so that the first one is not held back by the
        // frame clock's pacing.
        MainLoop.run(milliseconds: 100)
        let start = g_get_monotonic_time()
        if side == "grid" { gtk_grid_view_set_model(OpaquePointer(view), OpaquePointer(model)) }
        else { flow_wrap_list_view_set_model(flow_wrap_list_view_cast(view), OpaquePointer(model)) }
        let setModel = Double(g_get_monotonic_time() - start) * 1000
        waitForPaint()
        let firstFrame = Double(g_get_monotonic_time() - start) * 1000
        MainLoop.run(milliseconds: 200)
        vadjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(scrolled))
        framesLeft = frames
        gtk_widget_add_tick_callback(view, scrollTick, nil, nil)
        MainLoop.run(until: { framesLeft == 0 && frameStart == 0 }, milliseconds: 60_000)
        let residentDelta = residentBytes() - residentBefore
        print("firstFrame \(firstFrame)")
        print("setModel \(setModel)")
        print("frame \(Timing.median(frameTimes))")
        print("layout \(Timing.median(layoutTimes))")
        print("frames \(frameTimes.count)")
        print("residentDelta \(residentDelta)")
        print("shown \(shownItems(in: view, scrolled: scrolled))")
        print("scrolledTo \(gtk_adjustment_get_value(vadjustment))")
        gtk_window_destroy(cgtk_window(window))
        g_object_unref(model)
    }

    /// The item widgets drawn in the viewport (GtkGridView's are inside its GtkListItemWidgets).
    static func shownItems(in view: Widget, scrolled: Widget) -> Int {
        var shown = 0
        var child = gtk_widget_get_first_child(view)
        while let each = child {
            var bounds = graphene_rect_t()
            if gtk_widget_get_mapped(each) != 0, gtk_widget_get_child_visible(each) != 0,
               gtk_widget_compute_bounds(each, scrolled, &bounds) != 0,
               bounds.origin.y + bounds.size.height > 0, bounds.origin.y < Float(windowHeight) { shown += 1 }
            child = gtk_widget_get_next_sibling(each)
        }
        return shown
    }

    /// GTK loads the theme, the fonts and the renderer for the first window it draws: done
    /// before anything is measured.
    static func warmUp() {
        let window = gtk_window_new()!
        gtk_window_set_child(cgtk_window(window), gtk_label_new("swift 1"))
        gtk_window_present(cgtk_window(window))
        waitForPaint(window)
        gtk_window_destroy(cgtk_window(window))
        MainLoop.drain()
    }

    /// Runs the main loop until a frame clock reports a paint after now; given a window just
    /// presented, first counts its frame clock's paints.
    static func waitForPaint(_ window: Widget? = nil) {
        if let window {
            MainLoop.run(until: { gtk_widget_get_frame_clock(window) != nil })
            let clock = gpointer(gtk_widget_get_frame_clock(window))
            cgtk_signal_connect(clock, "after-paint", unsafeBitCast(paintCounter, to: GCallback.self), nil, nil)
            // Connected after GTK's own layout handler, so it runs when the layout is done.
            cgtk_signal_connect(clock, "layout", unsafeBitCast(layoutDone, to: GCallback.self), nil, nil)
        }
        let before = paints
        MainLoop.run(until: { paints > before }, milliseconds: 30_000)
    }

    /// The strings of the items, as a GtkNoSelection over a GtkStringList (GtkGridView takes a
    /// selection model; the list gets the same object).
    static func stringModel(count: Int) -> gpointer {
        let strings = gtk_string_list_new(nil)!
        let chunk = 10_000
        for first in stride(from: 0, to: count, by: chunk) {
            var pointers: [UnsafePointer<CChar>?] = (first..<min(first + chunk, count)).map {
                UnsafePointer(strdup(VirtualListBenchmarks.chipText($0)))
            }
            pointers.append(nil)
            gtk_string_list_splice(strings, guint(first), 0, pointers)
            for pointer in pointers { free(UnsafeMutableRawPointer(mutating: pointer)) }
        }
        return UnsafeMutableRawPointer(gtk_no_selection_new(strings)!)
    }

    static func gridView() -> Widget {
        let factory = gtk_signal_list_item_factory_new()!
        cgtk_signal_connect(UnsafeMutableRawPointer(factory), "setup", unsafeBitCast(gridSetup, to: GCallback.self), nil, nil)
        cgtk_signal_connect(UnsafeMutableRawPointer(factory), "bind", unsafeBitCast(gridBind, to: GCallback.self), nil, nil)
        return gtk_grid_view_new(nil, factory)!
    }

    static func flowView() -> Widget {
        let view = flow_wrap_list_view_new(nil)!
        cgtk_signal_connect(view, "setup", unsafeBitCast(flowSetup, to: GCallback.self), nil, nil)
        cgtk_signal_connect(view, "bind", unsafeBitCast(flowBind, to: GCallback.self), nil, nil)
        return view
    }

    /// The process's resident bytes now.
    static func residentBytes() -> Double {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0, resident = 0
        guard readTwo(file, &size, &resident) else { return 0 }
        return Double(resident) * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func readTwo(_ file: UnsafeMutablePointer<FILE>, _ a: inout Int, _ b: inout Int) -> Bool {
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, 256, file) != nil else { return false }
        let fields = String(cString: line).split(separator: " ").compactMap { Int($0) }
        guard fields.count >= 2 else { return false }
        (a, b) = (fields[0], fields[1])
        return true
    }

    // MARK: The parent: the runs, the row, the targets

    static func report(quick: Bool, rows: inout [JSONValue], targets: inout [Target]) {
        // Under Xvfb GTK's GL renderer runs on Mesa's software rasterizer, whose time is the
        // rasterizer's and varies with the other helpers' load: the children draw with GTK's
        // cairo renderer unless GSK_RENDERER says otherwise.
        setenv("GSK_RENDERER", "cairo", 0)
        let runs = quick ? 3 : 5
        let frames = quick ? 120 : 300
        var grid: [Figures] = [], flow: [Figures] = []
        for _ in 0..<runs {
            guard let g = runChild("grid", frames: frames), let f = runChild("flow", frames: frames) else {
                print("flow-bench: a --gridview-child run failed")
                exit(1)
            }
            grid.append(g)
            flow.append(f)
        }
        func median(_ figures: [Figures], _ key: KeyPath<Figures, Double>) -> Double {
            Timing.median(figures.map { $0[keyPath: key] })
        }
        let g = Figures(firstFrame: median(grid, \.firstFrame), frame: median(grid, \.frame),
                        residentDelta: median(grid, \.residentDelta), shown: median(grid, \.shown))
        let f = Figures(firstFrame: median(flow, \.firstFrame), frame: median(flow, \.frame),
                        residentDelta: median(flow, \.residentDelta), shown: median(flow, \.shown))
        print("")
        print("FlowWrapListView against GtkGridView: \(items) strings, the same labels, a \(windowWidth)x\(windowHeight) window, \(Int(step)) px a frame (medians of \(runs) processes each)")
        print("frame ms  grid frame ms  first frame ms  grid first frame ms  resident MB  grid resident MB  shown  grid shown  frame/grid  first/grid  memory/grid  frame per item shown/grid")
        print([format(f.frame / 1e6, 3), format(g.frame / 1e6, 3), format(f.firstFrame / 1e6, 2),
               format(g.firstFrame / 1e6, 2), format(f.residentDelta / 1e6, 1), format(g.residentDelta / 1e6, 1),
               "\(Int(f.shown))", "\(Int(g.shown))", format(f.frame / g.frame), format(f.firstFrame / g.firstFrame),
               format(f.residentDelta / g.residentDelta),
               format((f.frame / max(f.shown, 1)) / (g.frame / max(g.shown, 1)))].joined(separator: "\t"))
        rows.append(.object([("kind", .string("gridView")), ("items", .number(Double(items))),
                             ("frameMilliseconds", .number(f.frame / 1e6)),
                             ("gridFrameMilliseconds", .number(g.frame / 1e6)),
                             ("firstFrameMilliseconds", .number(f.firstFrame / 1e6)),
                             ("gridFirstFrameMilliseconds", .number(g.firstFrame / 1e6)),
                             ("residentBytes", .number(f.residentDelta)),
                             ("gridResidentBytes", .number(g.residentDelta)),
                             ("itemsShown", .number(f.shown)), ("gridItemsShown", .number(g.shown))]))
        targets.append(Target(name: "gridViewFrame", ratio: f.frame / g.frame, limit: 1.0))
        targets.append(Target(name: "gridViewMemory", ratio: f.residentDelta / g.residentDelta, limit: 1.1))
        targets.append(Target(name: "gridViewFirstFrame", ratio: f.firstFrame / g.firstFrame, limit: 1.0))
    }

    /// Runs this program again as one view's child and reads its figures.
    static func runChild(_ side: String, frames: Int) -> Figures? {
        var path = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        guard length > 0 else { return nil }
        let command = "'\(String(cString: path))' --gridview-child \(side) --frames \(frames)"
        guard let pipe = popen(command, "r") else { return nil }
        var values: [String: Double] = [:]
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, Int32(line.count), pipe) != nil {
            let fields = String(cString: line).split(whereSeparator: { $0 == " " || $0 == "\n" })
            if fields.count == 2, let value = Double(fields[1]) { values[String(fields[0])] = value }
        }
        guard pclose(pipe) == 0, let firstFrame = values["firstFrame"], let frame = values["frame"],
              let resident = values["residentDelta"] else { return nil }
        return Figures(firstFrame: firstFrame, frame: frame, residentDelta: resident, shown: values["shown"] ?? 0)
    }
}

// MARK: Handlers (GTK calls them on the main thread)

private let paintCounter: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in
    GridViewBenchmarks.paints += 1
    if GridViewBenchmarks.frameStart != 0 {
        GridViewBenchmarks.frameTimes.append(Double(g_get_monotonic_time() - GridViewBenchmarks.frameStart) * 1000)
        GridViewBenchmarks.frameStart = 0
    }
}

private let layoutDone: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in
    if GridViewBenchmarks.frameStart != 0 {
        GridViewBenchmarks.layoutTimes.append(Double(g_get_monotonic_time() - GridViewBenchmarks.frameStart) * 1000)
    }
}

/// Scrolls by the step in the update phase of each frame, and notes when the frame began.
private let scrollTick: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = {
    _, _, _ in
    guard GridViewBenchmarks.framesLeft > 0, let adjustment = GridViewBenchmarks.vadjustment else { return 0 }
    GridViewBenchmarks.framesLeft -= 1
    GridViewBenchmarks.frameStart = g_get_monotonic_time()
    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + GridViewBenchmarks.step)
    return 1
}

private let gridSetup: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, item, _ in
    gtk_list_item_set_child(item, gtk_label_new(nil))
}

private let gridBind: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, item, _ in
    let label = gtk_list_item_get_child(item)!
    gtk_label_set_text(cgtk_label(label), gtk_string_object_get_string(OpaquePointer(gtk_list_item_get_item(item))))
}

private let flowSetup: @convention(c) (gpointer?, gpointer?) -> UnsafeMutablePointer<GtkWidget>? = { _, _ in
    gtk_label_new(nil)
}

private let flowBind: @convention(c) (gpointer?, UnsafeMutablePointer<GtkWidget>?, guint, gpointer?, gpointer?) -> Void = {
    _, widget, _, item, _ in
    gtk_label_set_text(cgtk_label(widget!), gtk_string_object_get_string(OpaquePointer(item)))
}
