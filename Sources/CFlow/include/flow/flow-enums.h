/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* The enumerations of the Flow GObject API (namespace Flow, version 1.0): each is a GEnum type,
 * so its nicks parse from GtkBuilder strings ("space-between") and every language sees it
 * through the typelib. FlowGObject (Swift) maps them to the engine's enums. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * FlowJustify:
 * @FLOW_JUSTIFY_START: Items are packed at the start of the line (CSS `justify-content: flex-start`).
 * @FLOW_JUSTIFY_CENTER: Items are packed at the middle of the line.
 * @FLOW_JUSTIFY_END: Items are packed at the end of the line.
 * @FLOW_JUSTIFY_SPACE_BETWEEN: The free space goes between the items, none at the ends; a line of
 *   one item is packed at the start.
 * @FLOW_JUSTIFY_SPACE_AROUND: Every item gets equal free space on both sides, so the ends get half
 *   as much as the gaps between items; one item is centred.
 * @FLOW_JUSTIFY_SPACE_EVENLY: The ends and every gap between items get equal free space; one item
 *   is centred.
 * @FLOW_JUSTIFY_FILL: Every item grows by an equal share of the free space, so the line is filled
 *   (not a CSS value); a line with growing items keeps their weights instead.
 *
 * How the free space of each line is placed along the main axis: CSS `justify-content`, plus
 * fill. An item longer than its line makes the line behave as start. Nicks: `start`, `center`, `end`, `space-between`, `space-around`, `space-evenly`, `fill`.
 */
typedef enum {
  FLOW_JUSTIFY_START,
  FLOW_JUSTIFY_CENTER,
  FLOW_JUSTIFY_END,
  FLOW_JUSTIFY_SPACE_BETWEEN,
  FLOW_JUSTIFY_SPACE_AROUND,
  FLOW_JUSTIFY_SPACE_EVENLY,
  FLOW_JUSTIFY_FILL,
} FlowJustify;

/**
 * FlowAlign:
 * @FLOW_ALIGN_START: Items sit at the cross-start of their line (the top of a horizontal line;
 *   the bottom with wrap-reverse).
 * @FLOW_ALIGN_CENTER: Items are centred across their line.
 * @FLOW_ALIGN_END: Items sit at the cross-end of their line.
 * @FLOW_ALIGN_FILL: Items are stretched to the line's thickness.
 * @FLOW_ALIGN_FIRST_BASELINE: The items' first baselines line up, and the line grows to fit them;
 *   an item without a baseline uses its bottom edge (CSS `align-items: baseline`).
 *
 * How items sit across their line: CSS `align-items`. Nicks: `start`, `center`, `end`, `fill`,
 * `first-baseline`.
 */
typedef enum {
  FLOW_ALIGN_START,
  FLOW_ALIGN_CENTER,
  FLOW_ALIGN_END,
  FLOW_ALIGN_FILL,
  FLOW_ALIGN_FIRST_BASELINE,
} FlowAlign;

/**
 * FlowLineBreaking:
 * @FLOW_LINE_BREAKING_GREEDY: Each line takes as many items as fit (CSS's rule).
 * @FLOW_LINE_BREAKING_BALANCED: Greedy's number of lines, with the items spread so that the sum
 *   of the squared free space of the lines is least (the lines end evenly).
 *
 * How items are divided into lines. Nicks: `greedy`, `balanced`.
 */
typedef enum {
  FLOW_LINE_BREAKING_GREEDY,
  FLOW_LINE_BREAKING_BALANCED,
} FlowLineBreaking;

/**
 * FlowPlacement:
 * @FLOW_PLACEMENT_FIXED: The children are children of a #GtkFixed inside the container, moved
 *   to the computed positions (the default; the fixed is reachable to put widgets over them).
 * @FLOW_PLACEMENT_DIRECT: The container allocates its own children: cheaper per layout, for
 *   very many children.
 *
 * Where a wrap box's children live; both placements give the same layout. Nicks: `fixed`,
 * `direct`.
 */
typedef enum {
  FLOW_PLACEMENT_FIXED,
  FLOW_PLACEMENT_DIRECT,
} FlowPlacement;

/**
 * FlowLengthUnit:
 * @FLOW_LENGTH_UNIT_PX: Pixels (logical pixels, as every GTK size).
 * @FLOW_LENGTH_UNIT_PT: Points: value × dpi / 72 pixels, so they follow the text scale.
 * @FLOW_LENGTH_UNIT_SP: Scale-independent pixels: value × dpi / 96 pixels, one pixel each at the
 *   normal text scale (96 dpi), more when the text is larger.
 *
 * The unit of a length property, so that spacing can follow the user's text size. The dpi is
 * GtkSettings:gtk-xft-dpi / 1024 (96 when unset): see flow_length_unit_get_dpi(). Nicks: `px`,
 * `pt`, `sp`.
 */
typedef enum {
  FLOW_LENGTH_UNIT_PX,
  FLOW_LENGTH_UNIT_PT,
  FLOW_LENGTH_UNIT_SP,
} FlowLengthUnit;

/**
 * FlowWrapPolicy:
 * @FLOW_WRAP_POLICY_NATURAL: A line breaks as soon as the next child does not fit at its natural
 *   size (CSS's rule; AdwWrapBox's `ADW_WRAP_NATURAL`).
 * @FLOW_WRAP_POLICY_MINIMUM: A line breaks only once the next child does not fit with every child
 *   of the line at its minimum size; the children then share the line from their minimums up to
 *   their natural sizes (AdwWrapBox's `ADW_WRAP_MINIMUM`).
 *
 * When a line breaks. Nicks: `natural`, `minimum`.
 */
typedef enum {
  FLOW_WRAP_POLICY_NATURAL,
  FLOW_WRAP_POLICY_MINIMUM,
} FlowWrapPolicy;

/**
 * FlowPackDirection:
 * @FLOW_PACK_DIRECTION_START_TO_END: The first child of a line at its start (AdwWrapBox's
 *   `ADW_PACK_START_TO_END`).
 * @FLOW_PACK_DIRECTION_END_TO_START: The first child of a line at its end: each line's children in
 *   reverse order, the line staying where justification and alignment put it (AdwWrapBox's
 *   `ADW_PACK_END_TO_START`).
 *
 * Which way children run inside each line. Nicks: `start-to-end`, `end-to-start`.
 */
typedef enum {
  FLOW_PACK_DIRECTION_START_TO_END,
  FLOW_PACK_DIRECTION_END_TO_START,
} FlowPackDirection;

GType flow_justify_get_type (void) G_GNUC_CONST;
#define FLOW_TYPE_JUSTIFY (flow_justify_get_type ())

GType flow_align_get_type (void) G_GNUC_CONST;
#define FLOW_TYPE_ALIGN (flow_align_get_type ())

GType flow_line_breaking_get_type (void) G_GNUC_CONST;
#define FLOW_TYPE_LINE_BREAKING (flow_line_breaking_get_type ())

GType flow_placement_get_type (void) G_GNUC_CONST;
#define FLOW_TYPE_PLACEMENT (flow_placement_get_type ())

GType flow_wrap_policy_get_type (void) G_GNUC_CONST;
#define FLOW_TYPE_WRAP_POLICY (flow_wrap_policy_get_type ())

GType flow_pack_direction_get_type (void) G_GNUC_CONST;
#define FLOW_TYPE_PACK_DIRECTION (flow_pack_direction_get_type ())

GType flow_length_unit_get_type (void) G_GNUC_CONST;
#define FLOW_TYPE_LENGTH_UNIT (flow_length_unit_get_type ())

G_END_DECLS
