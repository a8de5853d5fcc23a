// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
let helpText = """
filetags: find files by their tags and keep the tags tidy across folders, with no index.

Tags are the freedesktop file tags: the extended attribute user.xdg.tags, a comma-separated
list (what Dolphin, Baloo and the tag editor read and write). Every command reads the files
as they are now; nothing is kept between runs.

USAGE
  filetags list [--json] DIR...          every tag under the folders, with its number of files
  filetags find [-0] DIR... QUERY        the files whose tags match QUERY, one path a line
  filetags rename [-n] OLD NEW DIR...    rename a tag (and its sub-tags) on every file
  filetags merge [-n] A B DIR...         make A (and its sub-tags) B on every file
  filetags delete [-n] TAG DIR...        remove a tag (and its sub-tags) from every file
  filetags show [--json] FILE...         the tags of each file
  filetags add [-n] TAG FILE...          add a tag to each file
  filetags remove [-n] TAG FILE...       remove a tag from each file (not its sub-tags)

TAGS
  Two names are the same tag when they are equal after NFC normalization and lower-casing
  ("Café", "café" and "cafe\\u0301" are one tag), as in the tag editor. A tag is shown in its
  most common spelling under the folders (of equally common ones, the first in code-point
  order). Each part of the attribute is trimmed: older KDE's
  ", " spacing reads the same as ",".
  A name with "/" is a sub-tag: "travel/2024" is a sub-tag of "travel", and "a/b/c" of "a/b"
  and "a". Commands that take a tag for a whole tree (find, rename, merge, delete) take its
  sub-tags with it.

THE WALK
  Folders are read recursively, and the folders themselves are read as well as the files in
  them: a folder that carries tags counts like a file. Symbolic links below DIR are never
  followed (DIR itself may be one), so the walk cannot leave the folders or loop; a file or
  folder reached twice (a hard link, a bind mount) counts once, by device and inode. A folder
  that cannot be read, a file whose tags cannot be read, and a mount point (unless
  --cross-devices) are named on standard error (in "skipped" with --json) and the walk goes on.
  Devices, pipes and sockets are passed over: they cannot carry user tags.

  --cross-devices   enter folders on other file systems than DIR's
  --threads N       read with N threads (default: one a core, at most 4)

LIST
  One line a tag, "FILES<TAB>TAG", parents right before their sub-tags. FILES counts the files
  that carry the tag or any of its sub-tags (the files "filetags find DIR TAG" prints). A parent
  that no file carries itself is listed too, with the files of its sub-tags.
  --json   {"tags": [{"name": TAG, "files": FILES, "own": OWN}, ...], "files": READ,
            "skipped": [{"path": PATH, "reason": WHY}, ...]}
           OWN counts the files that carry the tag itself (0 for a parent with only sub-tags);
           READ is the number of files and folders read.

FIND
  QUERY is one argument: tags combined with "and", "or", "not" (in any case) and parentheses;
  "not" binds tightest, then "and", then "or". A tag with spaces or parentheses goes in single
  or double quotes; a tag named "and", "or" or "not" too. A tag matches files that carry it or
  one of its sub-tags. Paths come out sorted.
      filetags find ~/Documents "'tax 2025' or (music and not draft)"
  -0, --null   end each path with a NUL instead of a newline (for xargs -0)
  A malformed query is an error (status 2) that shows where: the column, and a caret under it.

CHANGING TAGS
  rename, merge and delete change every file under the folders that carries the tag or one of
  its sub-tags: "rename travel trips" makes "travel/2024" "trips/2024". rename refuses a NEW
  name that files already carry (merge does that: where a file has both, one tag remains).
  Each file is changed as the tag editor changes one: under an exclusive flock on the file,
  read, changed, read again (and done again if another program changed it meanwhile), written
  once; each file is either changed or left as it was, never half. Every other part of the
  attribute stays byte for byte: other spellings, ", " spacing, empty parts. A file whose
  permission bits allow nobody to write it is left unchanged, even for root, as in the editor.
  A file that cannot be changed (read-only, immutable, on a read-only file system) is named
  on standard error and the others are still changed; so is a file replaced (by a link, say)
  between the walk and its change.
  -n, --dry-run   change nothing: print each file that would change with its attribute as
                  it is and as it would be written, "PATH: “OLD” -> “NEW”" ((none): no attribute)
  A summary goes to standard error.

EXIT STATUS
  0  done
  1  done, but a file could not be changed or read, or a folder was skipped (as find(1) does)
  2  wrong usage, a malformed query or tag name, or output that could not be written
"""
