// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Twelve labels in a WrapHStack, through FlowBridge's public API alone. Once the window is laid
// out, prints each label's frame in the box ("x y width height", one a line) and quits. GTK's C
// API comes with FlowBridge.
import FlowBridge
import FlowEngine

gtk_init()
MainActor.assumeIsolated {
    var layout = FlowLayout()
    layout.itemSpacing = 6
    layout.lineSpacing = 4
    let stack = WrapHStack(layout: layout)
    let labels = (1...12).map { gtk_label_new("tag \($0)")! }
    for label in labels { try! stack.append(label) }

    let window = gtk_window_new()!
    gtk_window_set_default_size(cgtk_window(window), 200, 200)
    gtk_window_set_child(cgtk_window(window), stack.widget)
    gtk_window_present(cgtk_window(window))

    var frames: [String] = []
    while frames.isEmpty {
        g_main_context_iteration(nil, 1)
        guard gtk_widget_get_width(stack.widget) > 0, stack.lastLayout != nil else { continue }
        for label in labels {
            var frame = graphene_rect_t()
            if gtk_widget_compute_bounds(label, stack.widget, &frame) != 0 {
                frames.append("\(frame.origin.x) \(frame.origin.y) \(frame.size.width) \(frame.size.height)")
            }
        }
    }
    print(frames.joined(separator: "\n"))
    print("lines \(stack.lastLayout!.lineCount)")
    gtk_window_destroy(cgtk_window(window))
}
