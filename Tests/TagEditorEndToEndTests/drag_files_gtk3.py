#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""A drag source as a GTK 3 file manager (pcmanfm, Caja, Thunar) is one: a window whose label,
dragged, offers files as text/uri-list with copy, move, link and ask. Like those, and unlike a
GTK 4 source, it sets XdndActionList on its own window at the start of every drag.
Arguments: the files."""
import sys
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gtk, Gdk, Gio

uris = [Gio.File.new_for_path(p).get_uri() for p in sys.argv[1:]]
window = Gtk.Window(title="drag source")
window.set_default_size(200, 120)
box = Gtk.EventBox()
box.add(Gtk.Label(label="drag me"))
box.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [Gtk.TargetEntry.new("text/uri-list", 0, 0)],
                    Gdk.DragAction.COPY | Gdk.DragAction.MOVE | Gdk.DragAction.LINK | Gdk.DragAction.ASK)
box.connect("drag-data-get", lambda widget, context, data, info, time: data.set_uris(uris))
window.add(box)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
