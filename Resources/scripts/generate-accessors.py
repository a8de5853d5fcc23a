#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Writes the layout properties' typed C accessors and their documentation, for each of the
three classes that have them (FlowWrapLayout, FlowWrapHStack, FlowWrapListView), from the one
table below:

    Sources/CFlow/include/flow/flow-layout-accessors.h   the prototypes (public, introspected)
    Sources/CFlow/flow-layout-accessors.c                the functions, and every property's
                                                         documentation on each class's own page

The GParamSpecs themselves come from the C table in flow-layout-properties.c; this table gives
what C cannot hold there (the C type of the accessors and the prose). The two list the same
properties (test_app_state.py checks that every property of each class has its accessors). Run
after changing either, and commit the output:

    Resources/scripts/generate-accessors.py
    Resources/scripts/generate-accessors.py --check   (exit 1 if the committed files differ)
"""

import os
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
HEADER = os.path.join(ROOT, "Sources/CFlow/include/flow/flow-layout-accessors.h")
SOURCE = os.path.join(ROOT, "Sources/CFlow/flow-layout-accessors.c")

# (class name, C prefix, type macro, what its items are called)
CLASSES = [
    ("FlowWrapLayout", "flow_wrap_layout", "FLOW_IS_WRAP_LAYOUT", "children"),
    ("FlowWrapHStack", "flow_wrap_hstack", "FLOW_IS_WRAP_HSTACK", "children"),
    ("FlowWrapListView", "flow_wrap_list_view", "FLOW_IS_WRAP_LIST_VIEW", "items"),
]

# (property, C type, the value's name in the setter, default as the docs say it, documentation;
#  {cls} is the class's namespace name for links, {items} what it lays out)
PROPERTIES = [
    ("item-spacing", "int", "spacing", "0",
     "The space between two neighbouring {items} of a line (CSS `column-gap` in a horizontal "
     "layout), in [property@Flow.{cls}:item-spacing-unit]. An int, as AdwWrapBox's "
     "`child-spacing` and GtkBox's `spacing` are (so `g_object_set (box, \"item-spacing\", 6, "
     "NULL)` works), from 0."),
    ("item-spacing-unit", "FlowLengthUnit", "unit", "%FLOW_LENGTH_UNIT_PX",
     "The unit of [property@Flow.{cls}:item-spacing]: pixels, or points or sp to follow the text "
     "scale (see [enum@Flow.LengthUnit])."),
    ("line-spacing", "int", "spacing", "0",
     "The space between two lines (CSS `row-gap` in a horizontal layout), in "
     "[property@Flow.{cls}:line-spacing-unit]. An int from 0, as AdwWrapBox's."),
    ("line-spacing-unit", "FlowLengthUnit", "unit", "%FLOW_LENGTH_UNIT_PX",
     "The unit of [property@Flow.{cls}:line-spacing]."),
    ("justify", "FlowJustify", "justify", "%FLOW_JUSTIFY_START",
     "How each line's free space is placed along it (CSS `justify-content`, plus fill)."),
    ("justify-last-line", "gboolean", "justify_last_line", "%TRUE (as CSS; AdwWrapBox's is %FALSE)",
     "Whether the last line is justified like the others; if not, it is packed at the start."),
    ("align", "FlowAlign", "align", "%FLOW_ALIGN_START",
     "How {items} sit across their line (CSS `align-items`)."),
    ("wrap-reverse", "gboolean", "wrap_reverse", "%FALSE",
     "Whether lines stack from the cross-end edge: from the bottom up in a horizontal layout (CSS "
     "`flex-wrap: wrap-reverse`)."),
    ("line-breaking", "FlowLineBreaking", "line_breaking", "%FLOW_LINE_BREAKING_GREEDY",
     "How {items} are divided into lines: greedy (each line takes as many as fit, CSS's rule) or "
     "balanced (as many lines, ending evenly)."),
    ("max-items-per-line", "int", "max_items", "0 (no limit)",
     "The most {items} one line holds; 0 for no limit."),
    ("max-lines", "int", "max_lines", "0 (no limit)",
     "The most lines shown; the {items} that do not fit in them are left out (unmapped with "
     "[method@Gtk.Widget.set_child_visible]; their [property@Gtk.Widget:visible] stays the "
     "app's). 0 for no limit."),
    ("line-homogeneous", "gboolean", "homogeneous", "%FALSE",
     "Whether every line is as thick as the thickest."),
    ("natural-line-length", "int", "length", "-1 (no cap)",
     "A cap on the length the layout asks for when nothing constrains it (its natural width in a "
     "horizontal layout), in [property@Flow.{cls}:natural-line-length-unit]: a popover or a "
     "dialog then opens this wide and wraps, rather than as wide as all {items} in one line. It "
     "never goes below the widest one. -1 for no cap; an int, as AdwWrapBox's."),
    ("natural-line-length-unit", "FlowLengthUnit", "unit", "%FLOW_LENGTH_UNIT_PX",
     "The unit of [property@Flow.{cls}:natural-line-length]."),
    ("wrap-policy", "FlowWrapPolicy", "policy", "%FLOW_WRAP_POLICY_NATURAL",
     "When a line breaks: as soon as the next of the {items} does not fit at its natural size "
     "(CSS's rule), or only once it does not fit with every one of the line at its minimum size "
     "(the line's {items} then share it from their minimums up to their natural sizes). "
     "AdwWrapBox's `wrap-policy`, with the same default."),
    ("pack-direction", "FlowPackDirection", "direction", "%FLOW_PACK_DIRECTION_START_TO_END",
     "Which way {items} run inside each line: with end-to-start, each line's {items} in reverse "
     "order, the line staying where [property@Flow.{cls}:justify] puts it (which {items} share a "
     "line does not change). AdwWrapBox's `pack-direction`; mirrored in right-to-left as the lines "
     "are."),
]

LICENSE = """/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* Generated by Resources/scripts/generate-accessors.py from its table: edit that, not this. */
"""


def c_name(prop):
    return prop.replace("-", "_")


def wrap(text, indent):
    """Doc-comment lines of at most 100 columns."""
    lines, line = [], indent
    for word in text.split():
        if len(line) + len(word) + 1 > 99 and line.strip(" *"):
            lines.append(line.rstrip())
            line = indent
        line += word + " "
    lines.append(line.rstrip())
    return "\n".join(lines)


def header():
    out = [LICENSE, "#pragma once\n", "#include <gtk/gtk.h>\n",
           "#include <flow/flow-enums.h>", "#include <flow/flow-wrap-layout.h>",
           "#include <flow/flow-wrap-hstack.h>", "#include <flow/flow-wrap-list-view.h>\n",
           "G_BEGIN_DECLS\n"]
    for cls, prefix, _, _ in CLASSES:
        out.append(f"/* {cls} */\n")
        for prop, ctype, arg, _, _ in PROPERTIES:
            out.append(f"{ctype} {prefix}_get_{c_name(prop)} ({cls} *self);")
            out.append(f"void {prefix}_set_{c_name(prop)} ({cls} *self, {ctype} {arg});")
        out.append("")
    out.append("G_END_DECLS")
    return "\n".join(out) + "\n"


def source():
    out = [LICENSE, '#include "flow/flow-layout-accessors.h"\n',
           "/* Each accessor goes through the GObject property, so that validation (flow-layout-\n"
           " * properties.c) and notification happen in one place whichever way a value is set. */\n"]
    for cls, prefix, check, items in CLASSES:
        short = cls[len("Flow"):]
        out.append(f"/* MARK: {cls} */\n")
        for prop, ctype, arg, default, doc in PROPERTIES:
            name = c_name(prop)
            text = doc.format(cls=short, items=items)
            out.append("/**")
            out.append(f" * {cls}:{prop}: (getter get_{name}) (setter set_{name})")
            out.append(" *")
            out.append(wrap(text, " * "))
            out.append(" *")
            out.append(wrap(f"Default {default}.", " * "))
            out.append(" */")
            zero = "FALSE" if ctype == "gboolean" else "0"
            out.append(f"""
/**
 * {prefix}_get_{name}: (get-property {prop})
 * @self: a [class@Flow.{short}]
 *
 * Gets [property@Flow.{short}:{prop}].
 *
 * Returns: the value of [property@Flow.{short}:{prop}]
 */
{ctype}
{prefix}_get_{name} ({cls} *self)
{{
  {ctype} value = {zero};

  g_return_val_if_fail ({check} (self), {zero});
  g_object_get (self, "{prop}", &value, NULL);
  return value;
}}

/**
 * {prefix}_set_{name}: (set-property {prop})
 * @self: a [class@Flow.{short}]
 * @{arg}: the new value
 *
 * Sets [property@Flow.{short}:{prop}].
 */
void
{prefix}_set_{name} ({cls} *self,
{" " * len(prefix + "_set_" + name + " (")}{ctype} {arg})
{{
  g_return_if_fail ({check} (self));
  g_object_set (self, "{prop}", {arg}, NULL);
}}
""")
    return "\n".join(out)


def main():
    outputs = {HEADER: header(), SOURCE: source()}
    if sys.argv[1:] == ["--check"]:
        stale = [path for path, text in outputs.items()
                 if not os.path.exists(path) or open(path, encoding="utf-8").read() != text]
        for path in stale:
            print(f"generate-accessors.py: {os.path.relpath(path, ROOT)} is not what the table gives; "
                  "run Resources/scripts/generate-accessors.py", file=sys.stderr)
        sys.exit(1 if stale else 0)
    if sys.argv[1:]:
        print("usage: generate-accessors.py [--check]", file=sys.stderr)
        sys.exit(64)
    for path, text in outputs.items():
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)


if __name__ == "__main__":
    main()
