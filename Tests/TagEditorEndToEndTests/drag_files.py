#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""A drag source, as a file manager is one: a window whose label, dragged, offers files
(GdkFileList, text/uri-list on X11). Arguments: the files. Prints "ready" once mapped."""
import sys
import gi
gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gtk, Gdk, Gio, GObject, GLib

files = [Gio.File.new_for_path(p) for p in sys.argv[1:]]

def on_activate(app):
    window = Gtk.ApplicationWindow(application=app, title="drag source")
    window.set_default_size(200, 120)
    label = Gtk.Label(label="drag me")
    label.set_vexpand(True)
    source = Gtk.DragSource()
    source.set_actions(Gdk.DragAction.COPY)
    value = GObject.Value(Gdk.FileList, Gdk.FileList.new_from_list(files))
    source.set_content(Gdk.ContentProvider.new_for_value(value))
    source.connect("drag-end", lambda *a: (print("dropped", flush=True)))
    label.add_controller(source)
    window.set_child(label)
    window.present()
    GLib.idle_add(lambda: print("ready", flush=True))

app = Gtk.Application(application_id="io.github.wraphstack.DragSource", flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", on_activate)
app.run([sys.argv[0]])
