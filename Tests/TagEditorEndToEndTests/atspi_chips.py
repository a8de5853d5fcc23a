#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads the tag editor's accessibility tree over AT-SPI, as a screen reader does, and can press
a button through its AT-SPI action (as Orca invokes it).

Usage: atspi_chips.py PID [--press NAME]
       atspi_chips.py PID --message TEXT
       atspi_chips.py PID --tree [--wait-for TEXT]
Prints one JSON object: "chips" (each node named "Tag ...": name, description, role, and its
ancestors' [role, name] from the window down), "lists" (each node of role "list": name and its
items' names), "pressed" (whether the button NAME was found and its action done).
Waits up to 15 s for the application of process PID to show chips.
With --message: waits up to 15 s for a node named TEXT (a message, in its toast) and prints
"text" (its name, or null), "role", and "buttons": the push buttons' names beside it (the toast's
action and close buttons, from the nearest ancestor that has any).
With --tree: prints "nodes", every node of the application's tree as a screen reader reads it
(depth first: "role", "name", "description", "attributes" such as an entry's "placeholder-text"), once a node
named TEXT is there (up to 15 s; without --wait-for, once it has a window)."""
import json
import sys
import time

import gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi


def application(pid):
    desktop = Atspi.get_desktop(0)
    for index in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(index)
        if app is not None and app.get_process_id() == pid:
            return app
    return None


def walk(node, ancestors, found):
    try:
        role, name = node.get_role_name(), node.get_name() or ""
    except gi.repository.GLib.GError:
        return  # a node that went away while being read
    if name.startswith("Tag "):
        found["chips"].append({"name": name, "description": node.get_description() or "", "role": role,
                               "ancestors": ancestors})
    if role == "list":
        items = [node.get_child_at_index(i) for i in range(node.get_child_count())]
        found["lists"].append({"name": name, "items": [item.get_name() for item in items if item is not None]})
    if role == "push button":
        found["buttons"][name] = node
    for index in range(node.get_child_count()):
        child = node.get_child_at_index(index)
        if child is not None:
            walk(child, ancestors + [[role, name]], found)


def read(pid):
    deadline = time.monotonic() + 15
    while True:
        app = application(pid)
        found = {"chips": [], "lists": [], "buttons": {}}
        if app is not None:
            walk(app, [], found)
        if found["chips"] or time.monotonic() > deadline:
            return found
        time.sleep(0.2)


def find(node, text):
    """The node named TEXT, depth first."""
    try:
        count = node.get_child_count()
    except gi.repository.GLib.GError:
        return None
    for index in range(count):
        child = node.get_child_at_index(index)
        if child is None:
            continue
        try:
            if (child.get_name() or "") == text:
                return child
        except gi.repository.GLib.GError:
            continue
        found = find(child, text)
        if found:
            return found
    return None


def message(pid, text):
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        app = application(pid)
        node = find(app, text) if app is not None else None
        if node is not None:
            found = {"chips": [], "lists": [], "buttons": {}}
            parent = node.get_parent()
            while parent is not None and not found["buttons"]:
                walk(parent, [], found)
                parent = parent.get_parent()
            return {"text": node.get_name(), "role": node.get_role_name(), "buttons": list(found["buttons"])}
        time.sleep(0.3)
    return {"text": None, "role": None, "buttons": []}


def nodes(node, found):
    try:
        found.append({"role": node.get_role_name(), "name": node.get_name() or "",
                      "description": node.get_description() or "",
                      "attributes": dict(node.get_attributes() or {})})
        count = node.get_child_count()
    except gi.repository.GLib.GError:
        return found  # a node that went away while being read
    for index in range(count):
        child = node.get_child_at_index(index)
        if child is not None:
            nodes(child, found)
    return found


def tree(pid, text):
    deadline = time.monotonic() + 15
    while True:
        app = application(pid)
        found = nodes(app, []) if app is not None else []
        names = {node["name"] for node in found}
        if (text in names if text is not None else len(found) > 1) or time.monotonic() > deadline:
            return {"nodes": found}
        time.sleep(0.3)


def main():
    pid = int(sys.argv[1])
    if "--tree" in sys.argv:
        text = sys.argv[sys.argv.index("--wait-for") + 1] if "--wait-for" in sys.argv else None
        print(json.dumps(tree(pid, text)))
        return
    if "--message" in sys.argv:
        print(json.dumps(message(pid, sys.argv[sys.argv.index("--message") + 1])))
        return
    press = sys.argv[sys.argv.index("--press") + 1] if "--press" in sys.argv else None
    found = read(pid)
    pressed = False
    if press is not None and press in found["buttons"]:
        action = found["buttons"][press].get_action_iface()
        pressed = action is not None and action.do_action(0)
    print(json.dumps({"chips": found["chips"], "lists": found["lists"], "pressed": pressed}))


main()
