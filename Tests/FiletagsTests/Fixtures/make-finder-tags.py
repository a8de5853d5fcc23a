#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the held fixtures of Finder's tags (FinderTagsTests), with Python's plistlib as the
independent writer: the binary property list of com.apple.metadata:_kMDItemUserTags in both
forms it reaches Linux in: as rsync -X keeps it (user.com.apple.metadata:_kMDItemUserTags) and
as Samba's vfs_fruit with streams_xattr keeps it (user.DosStream....:$DATA, a trailing NUL)."""
import os
import plistlib

# Finder's colour numbers: 0 none, 1 grey, 2 green, 3 purple, 4 blue, 5 yellow, 6 red, 7 orange.
# A name that is not ASCII (UTF-16 in the plist), one that is not a colour's, and "Work" that
# the freedesktop attribute of the test spells "work".
TAGS = ["travel\n6", "Work\n4", "plain\n0", "Café\n2", "archive\n7"]

here = os.path.dirname(os.path.abspath(__file__))
plist = plistlib.dumps(TAGS, fmt=plistlib.FMT_BINARY)
with open(os.path.join(here, "finder-tags.rsync.bplist"), "wb") as out:
    out.write(plist)
with open(os.path.join(here, "finder-tags.samba.bplist"), "wb") as out:
    out.write(plist + b"\0")
