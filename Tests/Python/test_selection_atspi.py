# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The selection as a screen reader reads it over AT-SPI (GTK 4.8's bridge), in a D-Bus session of
the test's own: a FlowWrapHStack in multiple mode and a FlowWrapListView over a Gtk.MultiSelection,
each with items 1 and 3 selected by the app. Each item is "selectable", the selected ones
"selected", and a change of the selection by the app is read again. The list's items (boxes
around a label) have the list-item role; the box's buttons stay push buttons.

What GTK 4.8 cannot do, checked so that a GTK that can is noticed: its AT-SPI Selection interface
(GetSelectedChild, SelectChild, NSelectedChildren) is given by type to GtkListBox, GtkFlowBox,
GtkListView, GtkGridView and a few others (gtkatspiselection.c) and to no other widget, and 4.8
has no public GtkAccessible interface for a widget to give its own; so the containers have no
Selection interface and the selection is read from the items' states, not set through AT-SPI.

Run by Resources/scripts/python-tests.sh under Xvfb; skipped without dbus-daemon or
gir1.2-atspi-2.0.
"""

import json
import os
import shutil
import subprocess
import sys
import time
import unittest

import gi

gi.require_version("Gtk", "4.0")


def app():
    """The application side: the two containers, then the selection changed on a line of stdin."""
    gi.require_version("Flow", "1.0")
    from gi.repository import Flow, GLib, Gtk

    Gtk.init()
    Flow.init()
    window = Gtk.Window(title="flow-atspi", default_width=420, default_height=400)
    column = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    box = Flow.WrapHStack(selection_mode=Gtk.SelectionMode.MULTIPLE)
    box.update_property([Gtk.AccessibleProperty.LABEL], ["box of items"])
    children = []
    for index in range(6):
        child = Gtk.Button(label="box item %d" % index)
        box.append(child)
        children.append(child)
    box.select_child(children[1])
    box.select_child(children[3])
    model = Gtk.MultiSelection(model=Gtk.StringList.new(["list item %d" % i for i in range(6)]))
    model.select_item(1, False)
    model.select_item(3, False)
    view = Flow.WrapListView(model=model)
    view.update_property([Gtk.AccessibleProperty.LABEL], ["list of items"])
    # A focusable box around a label, named after its item: the list gives it the list-item role.
    def setup(view):
        chip = Gtk.Box(focusable=True)
        chip.append(Gtk.Label())
        return chip

    def bind(view, chip, position, item):
        chip.get_first_child().set_label(item.get_string())
        chip.update_property([Gtk.AccessibleProperty.LABEL], [item.get_string()])

    view.connect("setup", setup)
    view.connect("bind", bind)
    column.append(box)
    column.append(Gtk.ScrolledWindow(child=view, vexpand=True))
    window.set_child(column)
    window.present()

    def on_line(channel, condition):
        line = sys.stdin.readline().strip()
        if line == "change":
            box.unselect_child(children[1])
            box.select_child(children[5])
            model.unselect_item(1)
            model.select_item(5, False)
            print("changed", flush=True)
            return True
        loop.quit()
        return False

    GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP,
                      on_line)
    print("ready", flush=True)
    loop = GLib.MainLoop()
    loop.run()


def read(pid):
    """The screen reader's side: each container's items, their states, and its interfaces."""
    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi

    deadline = time.monotonic() + 15
    found = {}
    while time.monotonic() < deadline and len(found) < 2:
        desktop = Atspi.get_desktop(0)
        for index in range(desktop.get_child_count()):
            application = desktop.get_child_at_index(index)
            if application is None or application.get_process_id() != pid:
                continue
            stack = [application]
            while stack:
                node = stack.pop()
                name = node.get_name() or ""
                if name in ("box of items", "list of items"):
                    found[name] = node
                stack.extend(node.get_child_at_index(i) for i in range(node.get_child_count()))
        time.sleep(0.2)
    result = {}
    for name, node in found.items():
        items = []
        stack = [node]
        while stack:
            current = stack.pop(0)
            for i in range(current.get_child_count()):
                child = current.get_child_at_index(i)
                label = child.get_name() or ""
                if "item" in label:
                    states = child.get_state_set()
                    items.append({"name": label, "role": child.get_role_name(),
                                  "selectable": states.contains(Atspi.StateType.SELECTABLE),
                                  "selected": states.contains(Atspi.StateType.SELECTED)})
                else:
                    stack.append(child)
        result[name] = {"role": node.get_role_name(), "interfaces": list(node.get_interfaces()),
                        "items": sorted(items, key=lambda item: item["name"])}
    print(json.dumps(result))


@unittest.skipUnless(shutil.which("dbus-daemon") and shutil.which("dbus-run-session"), "no dbus-daemon")
class AtspiSelectionTests(unittest.TestCase):
    def setUp(self):
        try:
            gi.require_version("Atspi", "2.0")
        except ValueError:
            self.skipTest("gir1.2-atspi-2.0 is not installed")
        daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.addCleanup(self.stop, daemon)
        address = daemon.stdout.readline().strip()
        self.env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address, GTK_A11Y="atspi", NO_AT_BRIDGE="0")
        self.env.pop("G_DEBUG", None)  # GTK's AT-SPI bridge warns harmlessly while the bus starts
        self.app = subprocess.Popen([sys.executable, "-B", __file__, "--app"], env=self.env, text=True,
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.addCleanup(self.stop, self.app)
        self.assertEqual(self.app.stdout.readline().strip(), "ready")

    @staticmethod
    def stop(process):
        process.kill()
        process.wait()
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                stream.close()

    def read(self):
        output = subprocess.run([sys.executable, "-B", __file__, "--read", str(self.app.pid)], env=self.env,
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(output.returncode, 0, output.stderr)
        return json.loads(output.stdout)

    def selected(self, container):
        return [item["name"] for item in container["items"] if item["selected"]]

    def test_the_items_states_say_the_selection(self):
        tree = self.read()
        box, view = tree["box of items"], tree["list of items"]
        self.assertEqual(self.selected(box), ["box item 1", "box item 3"])
        self.assertEqual(self.selected(view), ["list item 1", "list item 3"])
        self.assertTrue(all(item["selectable"] for item in box["items"] + view["items"]))
        self.app.stdin.write("change\n")
        self.app.stdin.flush()
        self.assertEqual(self.app.stdout.readline().strip(), "changed")
        time.sleep(0.5)
        tree = self.read()
        self.assertEqual(self.selected(tree["box of items"]), ["box item 3", "box item 5"])
        self.assertEqual(self.selected(tree["list of items"]), ["list item 3", "list item 5"])

    def test_the_lists_items_are_list_items_and_the_boxs_buttons_stay_buttons(self):
        tree = self.read()
        self.assertEqual(tree["list of items"]["role"], "list")
        self.assertEqual({item["role"] for item in tree["list of items"]["items"]}, {"list item"})
        self.assertEqual({item["role"] for item in tree["box of items"]["items"]}, {"push button"})

    def test_gtk_4_8_gives_no_selection_interface_to_a_widget_of_its_own(self):
        tree = self.read()
        for container in tree.values():
            self.assertNotIn("Selection", container["interfaces"],
                             "GTK now gives other widgets the Selection interface: use it (docs/library.md)")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--app":
        app()
    elif len(sys.argv) > 2 and sys.argv[1] == "--read":
        read(int(sys.argv[2]))
    else:
        unittest.main(verbosity=2)
