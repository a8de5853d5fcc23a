#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The pictures of the Flow reference, made from the real widgets: each scene is built with the
Flow typelib given on GI_TYPELIB_PATH, shown in a window, and its content rendered to a PNG by
GTK's own renderer (GtkWidgetPaintable, GtkSnapshot, gsk_renderer_render_texture,
gdk_texture_save_to_png), once in the light style and once with
gtk-application-prefer-dark-theme (NAME.png, NAME-dark.png). install-library.sh runs it under
Xvfb before gi-docgen; flow-1.toml lists the files as content_images.

    reference-pictures.py OUTPUT_DIR     (Debian's /usr/bin/python3: it needs PyGObject)

A scene whose content does not fit its size stops the script with an error, so that a picture
never shows a cut layout.
"""
import ctypes
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Flow", "1.0")
from gi.repository import Flow, GLib, Gtk  # noqa: E402

TAGS = ["photography", "travel 2024", "gtk", "dark mode", "swift", "layout", "a", "keyboard",
        "hiking", "family", "recipes", "to do"]


def tag_buttons(count=len(TAGS)):
    return [Gtk.Button(label=TAGS[i % len(TAGS)]) for i in range(count)]


def wrap_hstack():
    box = Flow.WrapHStack(item_spacing=6, line_spacing=6)
    for button in tag_buttons():
        box.append(button)
    return box


def wrap_list_view():
    names = [f"{TAGS[i % len(TAGS)]} {i}" for i in range(2000)]
    view = Flow.WrapListView(model=Gtk.NoSelection.new(Gtk.StringList.new(names)), item_spacing=6,
                             line_spacing=6)
    view.connect("setup", lambda view: Gtk.Button())
    view.connect("bind", lambda view, button, position, item: button.set_label(item.get_string()))
    return Gtk.ScrolledWindow(hscrollbar_policy=Gtk.PolicyType.NEVER, child=view, vexpand=True)


def wrap_layout():
    # Any widget laid out by a FlowWrapLayout: here a GtkBox whose layout manager it replaces.
    box = Gtk.Box()
    box.set_layout_manager(Flow.WrapLayout(item_spacing=6, line_spacing=6, justify=Flow.Justify.CENTER))
    for button in tag_buttons(9):
        box.append(button)
    return box


def justified(justify):
    def scene():
        box = Flow.WrapHStack(item_spacing=6, line_spacing=6, justify=justify)
        for button in tag_buttons(7):
            box.append(button)
        return box
    return scene


def max_lines():
    box = Flow.WrapHStack(item_spacing=6, line_spacing=6, max_lines=2)
    for button in tag_buttons():
        box.append(button)
    return box


# Name, scene, size (width, height in pixels, the 12 px margin included). The tests read this table.
SCENES = [
    ("wrap-hstack", wrap_hstack, (360, 178)),
    ("wrap-list-view", wrap_list_view, (360, 200)),
    ("wrap-layout", wrap_layout, (360, 138)),
    ("justify-start", justified(Flow.Justify.START), (360, 98)),
    ("justify-center", justified(Flow.Justify.CENTER), (360, 98)),
    ("justify-space-between", justified(Flow.Justify.SPACE_BETWEEN), (360, 98)),
    ("justify-fill", justified(Flow.Justify.FILL), (360, 98)),
    ("max-lines", max_lines, (360, 98)),
]

MARGIN = 12


def run_until(condition, seconds=10):
    context = GLib.MainContext.default()
    end = GLib.get_monotonic_time() + seconds * 1_000_000
    while not condition():
        if GLib.get_monotonic_time() > end:
            return False
        if not context.iteration(False):
            GLib.usleep(1000)
    return True


def frames_drawn(window, count=2):
    """Runs the main loop until the window's frame clock has painted `count` more frames."""
    run_until(lambda: window.get_frame_clock() is not None)
    clock = window.get_frame_clock()
    painted = [0]
    handler = clock.connect("after-paint", lambda clock: painted.__setitem__(0, painted[0] + 1))
    window.queue_draw()
    ok = run_until(lambda: painted[0] >= count)
    clock.disconnect(handler)
    if not ok:
        raise RuntimeError("the window drew no frame")


# PyGObject 3.42 (Debian 12) cannot hold a GskRenderNode (a fundamental type without a GObject
# parent): the snapshot is turned into a node, rendered and saved through GTK's C API (ctypes).
GTK = ctypes.CDLL("libgtk-4.so.1")
GTK.gtk_snapshot_to_node.restype = ctypes.c_void_p
GTK.gtk_snapshot_to_node.argtypes = [ctypes.c_void_p]
GTK.gtk_native_get_renderer.restype = ctypes.c_void_p
GTK.gtk_native_get_renderer.argtypes = [ctypes.c_void_p]
GTK.gsk_renderer_render_texture.restype = ctypes.c_void_p
GTK.gsk_renderer_render_texture.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_float * 4]
GTK.gdk_texture_save_to_png.restype = ctypes.c_int
GTK.gdk_texture_save_to_png.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
GTK.gsk_render_node_unref.argtypes = [ctypes.c_void_p]
GOBJECT = ctypes.CDLL("libgobject-2.0.so.0")
GOBJECT.g_object_unref.argtypes = [ctypes.c_void_p]
ctypes.pythonapi.PyCapsule_GetPointer.restype = ctypes.c_void_p
ctypes.pythonapi.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def pointer(gobject):
    return ctypes.pythonapi.PyCapsule_GetPointer(gobject.__gpointer__, None)


def render(window, frame, path):
    """`frame` as GTK draws it, width x height, rendered by the window's renderer into `path`."""
    width, height = frame.get_width(), frame.get_height()
    snapshot = Gtk.Snapshot.new()
    Gtk.WidgetPaintable.new(frame).snapshot(snapshot, width, height)
    node = GTK.gtk_snapshot_to_node(pointer(snapshot))
    if not node:
        raise RuntimeError(f"{path}: the scene drew nothing")
    viewport = (ctypes.c_float * 4)(0, 0, width, height)  # a graphene_rect_t
    texture = GTK.gsk_renderer_render_texture(GTK.gtk_native_get_renderer(pointer(window)), node, viewport)
    GTK.gsk_render_node_unref(node)
    saved = GTK.gdk_texture_save_to_png(texture, path.encode())
    GOBJECT.g_object_unref(texture)
    if not saved:
        raise RuntimeError(f"could not write {path}")


def make(name, scene, size, output):
    width, height = size
    frame = Gtk.Box(css_classes=["background"])
    content = scene()
    for side in ("start", "end", "top", "bottom"):
        content.set_property(f"margin-{side}", MARGIN)
    content.set_hexpand(True)
    frame.append(content)
    # The window's minimum height is its content's at its minimum width: the frame's width is
    # fixed, so that the minimum height is the scene's at that width.
    frame.set_size_request(width, -1)
    window = Gtk.Window(decorated=False, default_width=width, default_height=height, child=frame)
    window.present()
    settings = Gtk.Settings.get_default()
    for dark in (False, True):
        settings.set_property("gtk-application-prefer-dark-theme", dark)
        frames_drawn(window)
        if (frame.get_width(), frame.get_height()) != (width, height):
            raise RuntimeError(f"{name}: the scene takes {frame.get_width()}x{frame.get_height()} px, "
                               f"not {width}x{height}: its content does not fit (change SCENES)")
        render(window, frame, os.path.join(output, f"{name}{'-dark' if dark else ''}.png"))
    settings.set_property("gtk-application-prefer-dark-theme", False)
    window.destroy()


def main():
    if len(sys.argv) != 2:
        print("usage: reference-pictures.py OUTPUT_DIR", file=sys.stderr)
        return 64
    output = sys.argv[1]
    os.makedirs(output, exist_ok=True)
    Gtk.init()
    Flow.init()
    for name, scene, size in SCENES:
        make(name, scene, size, output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
