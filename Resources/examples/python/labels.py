#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: CC0-1.0
"""Twelve labels in a Flow.WrapHStack, from Python. Once the window is laid out, prints each
label's frame in the box ("x y width height", one a line) and quits.

    /usr/bin/python3 labels.py      (the Flow typelib on GI_TYPELIB_PATH, unless installed in /usr)
"""
import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Flow", "1.0")
from gi.repository import Flow, GLib, Gtk  # noqa: E402

Gtk.init()
Flow.init()

box = Flow.WrapHStack(item_spacing=6, line_spacing=4)
labels = [Gtk.Label(label=f"tag {i}") for i in range(1, 13)]
for label in labels:
    box.append(label)

window = Gtk.Window(default_width=200, default_height=200, child=box)
window.present()

loop = GLib.MainLoop()


def print_frames():
    if box.get_width() == 0:
        return GLib.SOURCE_CONTINUE  # not laid out yet
    for label in labels:
        ok, frame = label.compute_bounds(box)
        if ok:
            print(frame.origin.x, frame.origin.y, frame.size.width, frame.size.height)
    loop.quit()
    return GLib.SOURCE_REMOVE


GLib.timeout_add(200, print_frames)
loop.run()
window.destroy()
