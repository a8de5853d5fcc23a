#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Writes debian/copyright in Debian's machine-readable format from the project's REUSE data.

Usage: copyright.py TEMPLATE > copyright   (needs Debian's `reuse`)

Every file's licence and copyright come from `reuse spdx` (its SPDX header, or .reuse/dep5), so
the packages' copyright cannot drift from the sources. The commonest pair becomes `Files: *`; a
folder whose files all share another pair becomes `folder/*`, and only the files that differ
from their folder are named one by one (Debian reads the last paragraph that matches). TEMPLATE holds the header, the text for the parts of the
binaries that are not this project's sources (@FILES@ marks where the generated paragraphs go)
and a standalone License paragraph for every licence; a licence the sources use without one is
an error.
"""

import collections
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def reuse_files():
    """(path, licence expression, copyright lines) for every file REUSE covers."""
    spdx = subprocess.run(["reuse", "--root", ROOT, "spdx"], check=True, stdout=subprocess.PIPE, text=True).stdout
    files = []
    for block in spdx.split("\n\n"):
        name = re.search(r"^FileName: \./(.*)$", block, re.M)
        if not name:
            continue
        licences = re.findall(r"^LicenseInfoInFile: (.*)$", block, re.M)
        text = re.search(r"^FileCopyrightText: <text>(.*?)</text>", block, re.M | re.S)
        holders = []
        for line in (text.group(1) if text else "").splitlines():
            line = re.sub(r"^\s*(SPDX-FileCopyrightText:|Copyright:?|©)\s*", "", line).strip()
            if line:
                holders.append(line)
        if not licences or not holders:
            raise SystemExit(f"copyright.py: {name.group(1)} has no licence or copyright in reuse's data")
        files.append((name.group(1), " and ".join(sorted(set(licences))), tuple(sorted(set(holders)))))
    return files


def stanzas(files):
    """[(patterns, (licence, holders))] in order: `*` first, each folder before what it contains."""
    key_of = {path: (licence, holders) for path, licence, holders in files}
    default = collections.Counter(key_of.values()).most_common(1)[0][0]

    # The keys under each folder ("" is the top).
    under = collections.defaultdict(set)
    for path, key in key_of.items():
        parts = path.split("/")
        for depth in range(len(parts)):
            under["/".join(parts[:depth])].add(key)

    result = [(["*"], default)]

    def walk(folder, inherited):
        children = sorted({p[len(folder) + 1 if folder else 0:].split("/")[0]
                           for p in key_of if folder == "" or p.startswith(folder + "/")})
        for child in children:
            path = f"{folder}/{child}" if folder else child
            if path in key_of:
                if key_of[path] != inherited:
                    result.append(([path], key_of[path]))
                continue
            keys = under[path]
            if len(keys) == 1:
                (key,) = keys
                if key != inherited:
                    result.append(([path + "/*"], key))
                continue
            # Mixed: the folder takes its commonest pair, then its exceptions.
            counts = collections.Counter(v for p, v in key_of.items() if p.startswith(path + "/"))
            key = counts.most_common(1)[0][0]
            if key != inherited:
                result.append(([path + "/*"], key))
            walk(path, key)

    walk("", default)
    # Neighbours with the same pair are one paragraph (the order between them does not matter).
    merged = []
    for patterns, key in result:
        if merged and merged[-1][1] == key:
            merged[-1][0].extend(patterns)
        else:
            merged.append((list(patterns), key))
    return merged


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: copyright.py TEMPLATE")
    template = open(sys.argv[1], encoding="utf-8").read()
    files = reuse_files()
    paragraphs = []
    for patterns, (licence, holders) in stanzas(files):
        paragraphs.append("Files: " + "\n ".join(patterns) + "\nCopyright: " + "\n ".join(holders)
                          + "\nLicense: " + licence)
    documented = set(re.findall(r"^License: (\S+)\n ", template, re.M))
    used = {name for _, licence, _ in files for name in licence.split(" and ")}
    if used - documented:
        raise SystemExit("copyright.py: no License paragraph in " + sys.argv[1] + " for "
                         + ", ".join(sorted(used - documented)))
    sys.stdout.write(template.replace("@FILES@\n", "\n\n".join(paragraphs) + "\n"))


main()
