// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// The text of `flow-layout --help`: every option, limit, input field and output field.

/// What `flow-layout --help` prints.
let helpText = """
usage: flow-layout [--jsonl] [--max-input-bytes N] [--max-items N] [--] [FILE]
       flow-layout --help

Lays out items with FlowEngine. Reads one JSON object from FILE, or from standard input
when no FILE is given (or FILE is -), and writes one JSON object. With --jsonl, every input
line is one object and gets one output line, written as soon as it is computed (streaming:
output is flushed whenever the command would wait for more input).

OPTIONS
  --jsonl              One request per line (LF or CR LF), one output line each, in order.
                       A blank line is an error like any other bad line: it gets its own
                       {"error": ...} line, so output line N always answers input line N.
  --max-input-bytes N  The largest request read, in bytes: the whole input, or one line with
                       --jsonl. Default 268435456 (256 MiB). A larger one gets {"error": ...}
                       as soon as the limit is passed, and no more of it is kept in memory;
                       with --jsonl the rest of that line is skipped and the stream goes on.
  --max-items N        The most items one request may have. Default 10000000.
  --                   Ends the options: what follows is FILE, even if it starts with '-'.

Exit status: 0 when every request was laid out; 2 when any failed (its output is
{"error": "..."}; the other lines still run), or when reading or writing failed (a
message on standard error; results already written stay written); 64 for a usage error.
If the reader of the output goes away (a broken pipe), the command stops quietly: killed
by SIGPIPE, or with exit status 2 when SIGPIPE is ignored. Non-blocking input and output
are waited on.

ERRORS
  Each names the field (such as items[12].width) and the exact byte offset of the value at
  fault, counted from the start of the input (of the line, with --jsonl). Values are quoted
  up to 80 characters, then cut with "…" and their length in bytes. The input must be UTF-8:
  invalid UTF-8 is an error at its offset. A leading byte order mark is skipped.

INPUT
  available        number, required. Main-axis length including insets: the width of a
                   horizontal layout, the height of a vertical one. 1e999 (read as +infinity)
                   means unbounded: everything on one line.
  items            array, required. Each item:
      width, height  numbers, required. Natural size.
      minWidth       number. Smallest width the item may shrink to (horizontal layouts);
                     default: width (never shrinks). Above width, the item is at least this wide.
      minHeight      number. Likewise for the height (vertical layouts); default: height.
      baseline       number or null. Distance from the top to the first baseline, for
                     "align": "firstBaseline"; null: none (the bottom edge is used).
      grow           number. Share of the line's free space (CSS flex-grow); default 0.
      breakBefore    boolean. Start a new line with this item; default false.
  axis             "horizontal" (default: rows that wrap downward) or "vertical" (columns).
  itemSpacing      number. Space between items of a line; default 0 (CSS column-gap).
  lineSpacing      number. Space between lines; default 0 (CSS row-gap).
  insets           {"top", "leading", "bottom", "trailing"}: numbers, default 0. Leading and
                   trailing follow the direction (leading is the right edge in rtl).
  justify          "start" (default), "center", "end", "spaceBetween", "spaceAround",
                   "spaceEvenly" (CSS justify-content), or "fill" (items grow equally to fill
                   each line).
  justifyLastLine  boolean, default true. false keeps the last line at the start.
  align            "start" (default), "center", "end", "fill" (stretch to the line), or
                   "firstBaseline" (CSS align-items). Lines wrap and items align along the
                   cross axis.
  direction        "ltr" (default) or "rtl": rtl mirrors each line.
  wrapReverse      boolean, default false. Lines stack from the bottom (CSS wrap-reverse).
  lineBreaking     "greedy" (default, CSS's first-fit rule) or "balanced" (greedy's line
                   count, with the least sum of squared leftover space).
  maxItemsPerLine  whole number or null (default: no limit).
  maxLines         whole number or null (default: no limit). Items past the last line are
                   hidden (zero frames) and counted in "hidden".
  overflowIndicator  an item (as above) or null: the "+N more" item placed at the end of the
                   last line when maxLines hides items.
  lineHomogeneous  boolean, default false. Every line as tall as the tallest.
  naturalLineLength  number or null (default: null, no cap). Caps the natural length (the
                   width a horizontal layout asks for when nothing constrains it, as for a
                   popover): every item on one line, but at most this plus the insets, and
                   never below the widest item's minimum (CSS fit-content). The layout at
                   "available" is the same with or without it; the output gets "naturalLength".

  Unknown fields, and a field given twice, are errors. Numbers are never refused for their
  value: NaN cannot be written in JSON, a number too large for a double (1e400) reads as
  infinity, negatives count as 0 (as null for baseline and naturalLineLength), and values
  above 1e9 as 1e9 (see FlowLimits in the engine); maxLines and maxItemsPerLine must be
  whole numbers (or null), and below 1 count as 1.

OUTPUT
  frames   [{"x", "y", "width", "height"}], one per item in item order; origin at the
           container's top-left, x to the right whatever the direction. Hidden items: zeros.
  size     {"width", "height"}: the container's size.
  lines    [{"start", "end"}]: item index ranges (end exclusive) of each line. When maxLines
           leaves room on the last line for the overflow indicator alone, that line's range is
           empty (start == end): the indicator stands by itself on it.
  hidden   number of items left out by maxLines.
  naturalLength  number, only when the request gives naturalLineLength: the natural length
           as capped by it, insets included.
  indicator  {"x", "y", "width", "height"}: only when the overflow indicator is shown.

EXAMPLE
  echo '{"available": 100, "itemSpacing": 10, "items": [{"width": 60, "height": 20},
        {"width": 60, "height": 20}]}' | flow-layout
"""
