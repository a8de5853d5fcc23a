#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: CC0-1.0
"""FlowWrapHStack from Python: one box built in code, one from a .ui string, in one window.

Run it with the Flow library and typelib on the paths (the folder Resources/scripts/gir.sh
prints as its last line):

    dir=$(Resources/scripts/gir.sh | tail -n 1)
    GI_TYPELIB_PATH=$dir LD_LIBRARY_PATH=$dir /usr/bin/python3 Resources/examples/python/wrap_hstack_demo.py

(Debian's /usr/bin/python3 has PyGObject: python3-gi.)
"""

import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Flow", "1.0")
from gi.repository import Flow, Gtk  # noqa: E402

UI = """
<interface>
  <object class="FlowWrapHStack" id="tags">
    <property name="item-spacing">6</property>
    <property name="line-spacing">6</property>
    <property name="justify">space-between</property>
    <property name="justify-last-line">false</property>
    <child><object class="GtkButton"><property name="label">travel</property></object></child>
    <child><object class="GtkButton"><property name="label">family</property></object></child>
    <child><object class="GtkButton"><property name="label">2026</property></object></child>
    <child><object class="GtkButton"><property name="label">holiday photos</property></object></child>
    <child>
      <object class="GtkEntry" id="entry">
        <property name="placeholder-text">Add a tag</property>
      </object>
      <options>
        <property name="grow">1</property>
      </options>
    </child>
  </object>
</interface>
"""


def tags_from_code():
    """A box built in code: centred lines, the third child on a new line, a spacing in points."""
    box = Flow.WrapHStack(item_spacing=4, item_spacing_unit=Flow.LengthUnit.PT, line_spacing=8,
                          justify=Flow.Justify.CENTER, align=Flow.Align.CENTER)
    labels = [Gtk.Label(label=word) for word in ["red", "green", "blue", "a much longer label", "cyan", "magenta"]]
    for label in labels:
        box.append(label)
    box.set_child_break_before(labels[2], True)
    box.connect("notify::content-height", lambda b, _: print("the colours are now", b.props.content_height, "px tall"))
    return box


def tags_from_ui():
    builder = Gtk.Builder.new_from_string(UI, -1)
    box, entry = builder.get_object("tags"), builder.get_object("entry")

    def add(_entry):
        text = entry.get_text().strip()
        if text:
            box.insert_child_after(Gtk.Button(label=text), entry.get_prev_sibling())
            entry.set_text("")

    entry.connect("activate", add)
    return box


def on_activate(app):
    # GtkBuilder finds FlowWrapHStack by its registered name: register the types first.
    Flow.init()
    column = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=18, margin_start=12, margin_end=12,
                     margin_top=12, margin_bottom=12)
    column.append(tags_from_code())
    column.append(Gtk.Separator())
    column.append(tags_from_ui())
    window = Gtk.ApplicationWindow(application=app, title="FlowWrapHStack from Python", default_width=420,
                                   default_height=260, child=column)
    window.present()


if __name__ == "__main__":
    app = Gtk.Application(application_id="org.example.WrapHStackDemo")
    app.connect("activate", on_activate)
    sys.exit(app.run(sys.argv))
