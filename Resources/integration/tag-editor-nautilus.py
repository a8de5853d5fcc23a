# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Nautilus (GNOME Files) menu items for the tag editor: "Edit Tags…" on the selected files and
"Tags in This Folder…" on a folder, each starting `tag-editor` on them.

Installed by Resources/scripts/install.sh into ~/.local/share/nautilus-python/extensions/ (it
needs python3-nautilus); install.sh writes the editor's installed path in TAG_EDITOR below.
"""

import os
import shutil
import subprocess

import gi

try:
    gi.require_version("Nautilus", "4.0")
except ValueError:
    gi.require_version("Nautilus", "3.0")
from gi.repository import GObject, Nautilus  # noqa: E402

# install.sh replaces the placeholder with the program it installed; run from the source tree,
# the editor is found on PATH.
TAG_EDITOR = "@TAG_EDITOR@"


def editor_command():
    if not TAG_EDITOR.startswith("@") and os.access(TAG_EDITOR, os.X_OK):
        return TAG_EDITOR
    return shutil.which("tag-editor")


def local_paths(files):
    """The local paths of the file infos, or None when one has none (a remote location)."""
    paths = []
    for info in files:
        location = info.get_location()
        path = location.get_path() if location is not None else None
        if path is None:
            return None
        paths.append(path)
    return paths


def launch(arguments):
    command = editor_command()
    if command is None:
        return
    # A session of its own: the editor outlives a Files window closed meanwhile.
    subprocess.Popen([command] + arguments, start_new_session=True,
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class TagEditorMenuProvider(GObject.GObject, Nautilus.MenuProvider):
    def get_file_items(self, *arguments):
        # Nautilus 4.0 passes the files; 3.0 the window, then the files.
        files = arguments[-1]
        paths = local_paths(files)
        if not paths or editor_command() is None:
            return []
        edit = Nautilus.MenuItem(name="TagEditor::EditTags", label="Edit Tags…",
                                 tip="Edit the tags of the selected files in the tag editor")
        edit.connect("activate", lambda _item: launch(["--"] + paths))
        items = [edit]
        if len(files) == 1 and files[0].is_directory():
            items.append(self.folder_item(paths[0]))
        return items

    def get_background_items(self, *arguments):
        paths = local_paths([arguments[-1]])
        if not paths or editor_command() is None:
            return []
        return [self.folder_item(paths[0])]

    @staticmethod
    def folder_item(path):
        item = Nautilus.MenuItem(name="TagEditor::FolderTags", label="Tags in This Folder…",
                                 tip="Every tag under this folder, and its files by tag")
        item.connect("activate", lambda _item: launch(["--folder", path]))
        return item
