#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads what a screen reader finds of the tag editor's message (its toast) over AT-SPI.

Usage: atspi_messages.py PID TEXT
Waits up to 15 s for a node of the application of process PID whose name is TEXT (the message's
label), then prints one JSON object: "text" (that node's name, or null), "role" (its role),
"buttons" (the names of the push buttons beside it, in the toast: its action and its close
button)."""
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


def find(node, text):
    """The node named TEXT and its parent, depth first."""
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
                return child, node
        except gi.repository.GLib.GError:
            continue
        found = find(child, text)
        if found:
            return found
    return None


def buttons(node, names):
    for index in range(node.get_child_count()):
        child = node.get_child_at_index(index)
        if child is None:
            continue
        if child.get_role_name() == "push button":
            names.append(child.get_name() or "")
        buttons(child, names)
    return names


def main():
    pid, text = int(sys.argv[1]), sys.argv[2]
    deadline = time.monotonic() + 15
    result = {"text": None, "role": None, "buttons": []}
    while time.monotonic() < deadline:
        app = application(pid)
        found = find(app, text) if app is not None else None
        if found:
            node, parent = found
            # The label sits in the toast's title box or in the toast itself: its buttons are
            # the toast's, found from the nearest ancestor that has any.
            names = []
            while parent is not None and not names:
                names = buttons(parent, [])
                parent = parent.get_parent()
            result = {"text": node.get_name(), "role": node.get_role_name(), "buttons": names}
            break
        time.sleep(0.3)
    print(json.dumps(result))


main()
