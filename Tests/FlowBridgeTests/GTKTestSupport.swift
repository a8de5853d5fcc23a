// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowTestSupport
import CGtk
import FlowBridge
import GObjectSupport
import FlowEngine
import Synchronization
import Testing

/// GTK set-up shared by the GTK suites. GTK lives on the main thread; every GTK suite is
/// `@MainActor` and `.serialized`, and runs under Xvfb with G_DEBUG=fatal-criticals
/// (Resources/scripts/test.sh).
@MainActor
enum GTK {
    private static var initialized = false

    static func setUp() {
        guard !initialized else { return }
        initialized = true
        GTKLog.record()
        gtk_init()
        // Content changes animate by default; these tests check exact positions right after a
        // change, so animations are off unless a test turns them on (AnimationTests).
        setAnimations(false)
    }

    static func setAnimations(_ enabled: Bool) {
        cgtk_set_bool_property(UnsafeMutableRawPointer(gtk_settings_get_default()), "gtk-enable-animations",
                               enabled ? 1 : 0)
    }
}

typealias TestRandom = SplitMix64

/// The warnings and criticals GLib logged while the tests ran (they are still written to stderr
/// as usual, and criticals still abort under G_DEBUG=fatal-criticals). Some of GTK's own checks
/// only warn: "Trying to snapshot ... without a current allocation" is one.
enum GTKLog {
    private static let messages = Mutex<[String]>([])

    static var count: Int { messages.withLock { $0.count } }

    /// The messages logged since `mark` (a `count` read earlier).
    static func messages(since mark: Int) -> [String] {
        messages.withLock { Array($0.dropFirst(mark)) }
    }

    /// Installs the recording writer (GLib allows one, set before anything logs).
    static func record() {
        g_log_set_writer_func({ level, fields, count, _ in
            if level.rawValue & (G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue) != 0,
               let fields {
                for k in 0..<Int(count) where String(cString: fields[k].key) == "MESSAGE" {
                    let field = fields[k]
                    let text = field.length < 0
                        ? String(cString: field.value.assumingMemoryBound(to: CChar.self))
                        : String(decoding: UnsafeRawBufferPointer(start: field.value, count: Int(field.length)), as: UTF8.self)
                    GTKLog.messages.withLock { $0.append(text) }
                }
            }
            return g_log_writer_default(level, fields, count, nil)
        }, nil, nil)
    }
}

/// Children of varied sizes: labels of different lengths, some on two lines, and buttons.
@MainActor
func variedChildren(_ count: Int, seed: UInt64) -> [Widget] {
    variedTexts(count, seed: seed).enumerated().map { i, text in
        i % 7 == 3 ? gtk_button_new_with_label(text) : gtk_label_new(text)
    }
}

/// The texts of `variedChildren`: one to three words, every seventh (from the sixth) on two lines.
func variedTexts(_ count: Int, seed: UInt64) -> [String] {
    var rng = TestRandom(seed: seed)
    let words = ["a", "tag", "swift", "linux", "desktop", "gtk", "layout", "photography", "x", "keyword badge"]
    return (0..<count).map { i in
        let text = (0..<Int.random(in: 1...3, using: &rng)).map { _ in words.randomElement(using: &rng)! }
            .joined(separator: " ")
        return i % 7 == 5 ? text + "\n" + text : text
    }
}

/// The widget the container's children are children of: its GtkFixed, or the container widget.
@MainActor
func chipParent(_ stack: WrapHStack) -> Widget {
    stack.fixed ?? stack.widget
}

/// Where a child is, in the container's coordinates (its allocation, margins included).
@MainActor
func allocation(_ widget: Widget) -> FlowRect {
    var rect = GtkAllocation()
    gtk_widget_get_allocation(widget, &rect)
    return FlowRect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
}

/// A window holding `stack.makeScrolledWindow()`: the window, what makeScrolledWindow returned
/// (the frame), and the GtkScrolledWindow inside it, with overlay scrolling as asked.
@MainActor
func windowWithScrolled(_ stack: WrapHStack, overlayScrolling: Bool) -> (Widget, Widget, Widget) {
    let window = gtk_window_new()!
    let frame = stack.makeScrolledWindow()
    let scrolledWindow = stack.scrolledWindow!
    gtk_scrolled_window_set_overlay_scrolling(cgtk_scrolled_window(scrolledWindow), overlayScrolling ? 1 : 0)
    gtk_window_set_child(cgtk_window(window), frame)
    return (window, frame, scrolledWindow)
}

/// A WrapHStack in a scrolled window in a (not shown) window, allocated directly at a width,
/// as GTK's layout would: measure, then allocate.
@MainActor
final class ScrolledHarness {
    let window: Widget
    let stack: WrapHStack
    /// What makeScrolledWindow returned: the frame around the GtkScrolledWindow.
    let scrolled: Widget
    let scrolledWindow: Widget

    init(stack: WrapHStack, overlayScrolling: Bool = true) {
        GTK.setUp()
        self.stack = stack
        (window, scrolled, scrolledWindow) = windowWithScrolled(stack, overlayScrolling: overlayScrolling)
    }

    var minimumWidth: Int {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(scrolled, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return Int(minimum)
    }

    /// Measures and allocates the scrolled window at `width` × `height`, again while the container
    /// asks for it (as GTK's layout loop does, at most 4 times). Returns the number of rounds.
    @discardableResult
    func allocate(width: Int, height: Int = 300) -> Int {
        for round in 1...4 {
            measureAndAllocate(scrolled, width: width, height: height)
            guard stack.needsRelayout else { return round }
            gtk_widget_queue_resize(stack.widget)
        }
        return 4
    }

    func destroy() {
        gtk_window_destroy(cgtk_window(window))
    }
}

/// Checks the reliability guarantees for the layout the container has right now: every child
/// where the engine puts it for the measured sizes at the container's width, no overlap, all
/// inside the width, the container as tall as the content. Returns the problems found.
@MainActor
func layoutProblems(_ stack: WrapHStack) -> [String] {
    var problems: [String] = []
    guard let report = stack.lastLayout else { return ["no layout happened"] }
    let width = Int(gtk_widget_get_width(stack.widget))
    if report.allocatedWidth != width {
        problems.append("last layout was for width \(report.allocatedWidth), the container is \(width) wide")
    }
    // Nothing may hide behind a scrollbar: the container is never wider than what its viewport shows.
    if let viewport = gtk_widget_get_parent(stack.widget), stack.scrolledWindow != nil,
       Int(gtk_widget_get_width(viewport)) < width {
        problems.append("the container is \(width) wide but its viewport shows \(gtk_widget_get_width(viewport))")
    }
    // The engine, run again on the sizes GTK reports now, at the container's width.
    // (These tests never hide children themselves; `maxLines` hides the last ones.)
    let children = stack.children
    let request = report.request
    let expected = request.layout.layout(request.items, in: Double(width)).snapped()
    if request.items.count != children.count {
        problems.append("engine had \(request.items.count) items for \(children.count) children")
        return problems
    }
    for (i, child) in children.enumerated() {
        guard i < expected.visibleCount else {
            if gtk_widget_get_child_visible(child) != 0 { problems.append("hidden child \(i) is mapped") }
            if gtk_widget_get_visible(child) == 0 { problems.append("hidden child \(i) lost its visible, the app's") }
            continue
        }
        // (In a GtkFixed a child whose frame is not its minimum size has a size request of its
        // frame's size, which GTK's measurement includes: its own size is hidden up to that width.)
        var minimum: Int32 = 0, natural: Int32 = 0, requested: Int32 = -1
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        gtk_widget_get_size_request(child, &requested, nil)
        let requestedOuter = Double(requested + gtk_widget_get_margin_start(child) + gtk_widget_get_margin_end(child))
        let told = request.items[i].width
        if Double(natural) != (requested > 0 ? max(told, requestedOuter) : told) {
            problems.append("child \(i) is \(natural) wide now; the engine was told \(told)")
        }
        let actual = allocation(child)
        if actual != expected.frames[i] {
            problems.append("child \(i) at \(actual), engine says \(expected.frames[i])")
        }
        if actual.minX < 0 || actual.maxX > Double(width) {
            problems.append("child \(i) at \(actual) leaves the width \(width)")
        }
    }
    // No overlap: items of a line follow each other; lines follow each other.
    let frames = children.prefix(expected.visibleCount).map(allocation)
    var previousBottom = -Double.infinity
    for line in expected.lines where !line.isEmpty {
        let lineFrames = line.map { frames[$0] }
        for (a, b) in zip(lineFrames, lineFrames.dropFirst()) where a.overlaps(b) {
            problems.append("overlap in a line: \(a) \(b)")
        }
        let top = lineFrames.map(\.minY).min()!
        if top < previousBottom { problems.append("line starting at \(top) overlaps the line above") }
        previousBottom = lineFrames.map(\.maxY).max()!
    }
    // The container is as tall as the content (or its viewport, when that is taller): it scrolls
    // exactly as far as the last line.
    let containerHeight = Int(gtk_widget_get_height(stack.widget))
    let contentHeight = Int(expected.size.height)
    if containerHeight < contentHeight {
        problems.append("the container is \(containerHeight) tall, content is \(contentHeight)")
    }
    if let viewport = gtk_widget_get_parent(stack.widget), stack.scrolledWindow != nil,
       containerHeight != max(contentHeight, Int(gtk_widget_get_height(viewport))) {
        problems.append("the container is \(containerHeight) tall, content \(contentHeight), viewport \(gtk_widget_get_height(viewport))")
    }
    if stack.contentHeight != Int(expected.size.height) {
        problems.append("contentHeight \(stack.contentHeight), content is \(expected.size.height)")
    }
    return problems
}
