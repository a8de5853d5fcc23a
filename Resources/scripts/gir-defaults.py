#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Gives every property of the Flow classes in a .gir its `default-value`, read from the
library's own GParamSpecs, as newer g-ir-scanners write it (Debian 12's 1.74 does not): gi-docgen
then shows each property's default. Run by gir.sh between two g-ir-compiler runs, with
GI_TYPELIB_PATH and LD_LIBRARY_PATH at the fresh typelib and library:

    gir-defaults.py Flow-1.0.gir      (rewrites the file in place)
"""

import re
import sys

import gi

gi.require_version("Flow", "1.0")
from gi.repository import Flow, GObject  # noqa: E402


def literal(spec):
    """The default as a C reader writes it: TRUE/FALSE, an enum's C name, a number, NULL."""
    value = spec.default_value
    kind = spec.value_type
    if kind == GObject.TYPE_BOOLEAN:
        return "TRUE" if value else "FALSE"
    if kind.is_a(GObject.TYPE_ENUM):
        return value.value_name if hasattr(value, "value_name") else None
    if value is None:
        return "NULL"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (int, str)):
        return str(value)
    return None


def defaults_by_class():
    result = {}
    for cls in (Flow.WrapLayout, Flow.WrapHStack, Flow.WrapListView, Flow.WrapLayoutChild):
        gtype = cls.__gtype__
        result[gtype.name[len("Flow"):]] = {spec.name: literal(spec) for spec in cls.list_properties()
                                            if spec.owner_type == gtype}
    return result


def main(path):
    text = open(path, encoding="utf-8").read()
    defaults = defaults_by_class()

    def patch_class(match):
        block = match.group(0)
        own = defaults.get(match.group(1), {})

        def patch_property(prop):
            value = own.get(prop.group(1))
            if value is None or "default-value=" in prop.group(0):
                return prop.group(0)
            escaped = value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
            return f'{prop.group(0)} default-value="{escaped}"'

        return re.sub(r'<property name="([a-z0-9-]+)"', patch_property, block)

    patched = re.sub(r'<class name="(\w+)".*?</class>', patch_class, text, flags=re.S)
    with open(path, "w", encoding="utf-8") as file:
        file.write(patched)
    print(f"gir-defaults.py: {patched.count('default-value=')} defaults", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: gir-defaults.py FILE.gir", file=sys.stderr)
        sys.exit(64)
    main(sys.argv[1])
