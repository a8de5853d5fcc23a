#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: CC0-1.0
"""FlowWrapListView from Python: a million tags (or N) as buttons in wrapping lines, with widgets
only for those on screen. The factory is the list's setup/bind/unbind signals; --size-func gives
each tag's size from one shared Pango layout, so the lines are exact before the first frame
(otherwise the list measures the tags from a bound button in idle time).

Run it with the Flow library and typelib on the paths (the folder Resources/scripts/gir.sh
prints as its last line):

    dir=$(Resources/scripts/gir.sh | tail -n 1)
    GI_TYPELIB_PATH=$dir LD_LIBRARY_PATH=$dir /usr/bin/python3 Resources/examples/python/wrap_list_view_demo.py [N] [--size-func]
"""

import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Flow", "1.0")
from gi.repository import Flow, Gtk  # noqa: E402

WORDS = ["travel", "family", "2026", "holiday photos", "work", "receipts", "music", "to sort", "archive", "x"]


def tag(index):
    return "%s %d" % (WORDS[index % len(WORDS)], index)


def on_activate(app, count, size_func):
    tags = Gtk.StringList.new([tag(i) for i in range(count)])
    view = Flow.WrapListView(item_spacing=6, line_spacing=6)
    view.connect("setup", lambda view: Gtk.Button())
    view.connect("bind", lambda view, button, position, item: button.set_label(item.get_string()))
    view.connect("unbind", lambda view, button, position, item: button.set_label(""))
    if size_func:
        # A button's size: its text's, plus the padding and border a probe button adds.
        probe = Gtk.Button(label="x")
        _, width, _, _ = probe.measure(Gtk.Orientation.HORIZONTAL, -1)
        _, height, _, _ = probe.measure(Gtk.Orientation.VERTICAL, width)
        layout = probe.create_pango_layout("x")
        text_width, text_height = layout.get_pixel_size()
        extra = (width - text_width, height - text_height)

        def size(view, position, item):
            layout.set_text(item.get_string(), -1)
            w, h = layout.get_pixel_size()
            return w + extra[0], h + extra[1]
        view.set_size_func(size)
    view.set_model(tags)
    status = Gtk.Label(xalign=0, margin_start=6, margin_end=6, margin_top=4, margin_bottom=4)

    def show_status(*_):
        status.set_label("%d tags, %d widgets" % (tags.get_n_items(), view.get_n_realized()))
    scrolled = Gtk.ScrolledWindow(hscrollbar_policy=Gtk.PolicyType.NEVER, child=view, vexpand=True)
    # The scrolled window's adjustment, which it gave the list (after each scroll, the counts of
    # the allocation before it).
    scrolled.get_vadjustment().connect("value-changed", show_status)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    box.append(scrolled)
    box.append(status)
    window = Gtk.ApplicationWindow(application=app, title="FlowWrapListView from Python",
                                   default_width=520, default_height=420, child=box)
    window.present()
    show_status()


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(args[0]) if args else 1_000_000
    app = Gtk.Application(application_id="io.github.wraphstack.WrapListViewDemo")
    app.connect("activate", on_activate, count, "--size-func" in sys.argv)
    return app.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
