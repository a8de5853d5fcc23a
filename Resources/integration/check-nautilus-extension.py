# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Loads the installed Nautilus extension as GNOME Files does (its module imported with the real
Nautilus 4.0 introspection data, its MenuProvider made) and asks it for its menu items with file
infos made of real GFiles; activates them and reads what the editor was started with.

usage: /usr/bin/python3 check-nautilus-extension.py EXTENSION RECORD FILE1 FILE2 FOLDER
RECORD is where the program the extension starts writes its arguments, one a line. Prints "ok"
or exits with the reason.
"""

import importlib.util
import os
import sys
import time

import gi

gi.require_version("Nautilus", "4.0")
from gi.repository import Gio, GObject, Nautilus  # noqa: E402


class FileInfo:
    """What the extension asks of a Nautilus.FileInfo: its location and whether it is a folder."""

    def __init__(self, location):
        self.location = location

    def get_location(self):
        return self.location

    def is_directory(self):
        path = self.location.get_path()
        return path is not None and os.path.isdir(path)


def fail(message):
    print(message)
    sys.exit(1)


def labels(items):
    return [item.props.label for item in items]


def activated(item, record):
    if os.path.exists(record):
        os.unlink(record)
    item.activate()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if os.path.exists(record):
            with open(record, encoding="utf-8") as text:
                lines = text.read().split("\n")
            if lines and lines[-1] == "":
                return lines[:-1]
        time.sleep(0.02)
    fail("the editor was not started by “%s”" % item.props.label)


def main():
    extension, record, first, second, folder = sys.argv[1:6]
    spec = importlib.util.spec_from_file_location("tag_editor_nautilus", extension)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    providers = [value for value in vars(module).values()
                 if isinstance(value, type) and issubclass(value, Nautilus.MenuProvider)
                 and issubclass(value, GObject.GObject)]
    if len(providers) != 1:
        fail("expected one MenuProvider, found %d" % len(providers))
    provider = providers[0]()

    files = [FileInfo(Gio.File.new_for_path(first)), FileInfo(Gio.File.new_for_path(second))]
    items = provider.get_file_items(files)
    if labels(items) != ["Edit Tags…"]:
        fail("two files: %s" % labels(items))
    started = activated(items[0], record)
    if started != ["--", first, second]:
        fail("Edit Tags… started the editor with %s" % started)

    items = provider.get_file_items([FileInfo(Gio.File.new_for_path(folder))])
    if labels(items) != ["Edit Tags…", "Tags in This Folder…"]:
        fail("a folder: %s" % labels(items))
    started = activated(items[1], record)
    if started != ["--folder", folder]:
        fail("Tags in This Folder… started the editor with %s" % started)

    background = provider.get_background_items(FileInfo(Gio.File.new_for_path(folder)))
    if labels(background) != ["Tags in This Folder…"]:
        fail("the folder's background: %s" % labels(background))

    remote = provider.get_file_items([FileInfo(Gio.File.new_for_uri("sftp://example.org/a.txt"))])
    if remote:
        fail("a remote file without a local path got %s" % labels(remote))
    print("ok")


main()
