#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Finder's tags on a Linux file, as macOS writes them (Python's plistlib, FMT_BINARY), for the
colour tests (TagColorTests.swift): written in either Linux form of the attribute, and read back.

Usage: finder_tags.py write PATH FORM ENTRY...   (ENTRY "Name\\nN"; FORM rsync or samba)
       finder_tags.py read PATH FORM             (prints a JSON list of the entries, or null
                                                  when the file has no such attribute)
rsync: user.com.apple.metadata:_kMDItemUserTags, the property list as it is (rsync -X).
samba: user.DosStream.com.apple.metadata:_kMDItemUserTags:$DATA, the property list and a NUL
(Samba's vfs_fruit with streams_xattr)."""
import json
import os
import plistlib
import sys

NAMES = {
    "rsync": "user.com.apple.metadata:_kMDItemUserTags",
    "samba": "user.DosStream.com.apple.metadata:_kMDItemUserTags:$DATA",
}


def main():
    command, path, form = sys.argv[1], sys.argv[2], sys.argv[3]
    name = NAMES[form]
    if command == "write":
        value = plistlib.dumps(sys.argv[4:], fmt=plistlib.FMT_BINARY)
        os.setxattr(path, name, value + (b"\0" if form == "samba" else b""))
    elif command == "read":
        try:
            value = os.getxattr(path, name)
        except OSError:
            print("null")
            return
        if form == "samba":
            assert value.endswith(b"\0"), "Samba's form ends with a NUL"
            value = value[:-1]
        print(json.dumps(plistlib.loads(value, fmt=plistlib.FMT_BINARY)))
    else:
        sys.exit("unknown command " + command)


main()
