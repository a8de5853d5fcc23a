/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* The GEnum types of flow-enums.h. Registered by hand with GLib's G_DEFINE_ENUM_TYPE, since
 * SwiftPM cannot run glib-mkenums; the nicks are what GtkBuilder and the typelib's users type. */
#include "flow/flow-enums.h"

G_DEFINE_ENUM_TYPE (FlowJustify, flow_justify,
  G_DEFINE_ENUM_VALUE (FLOW_JUSTIFY_START, "start"),
  G_DEFINE_ENUM_VALUE (FLOW_JUSTIFY_CENTER, "center"),
  G_DEFINE_ENUM_VALUE (FLOW_JUSTIFY_END, "end"),
  G_DEFINE_ENUM_VALUE (FLOW_JUSTIFY_SPACE_BETWEEN, "space-between"),
  G_DEFINE_ENUM_VALUE (FLOW_JUSTIFY_SPACE_AROUND, "space-around"),
  G_DEFINE_ENUM_VALUE (FLOW_JUSTIFY_SPACE_EVENLY, "space-evenly"),
  G_DEFINE_ENUM_VALUE (FLOW_JUSTIFY_FILL, "fill"))

G_DEFINE_ENUM_TYPE (FlowAlign, flow_align,
  G_DEFINE_ENUM_VALUE (FLOW_ALIGN_START, "start"),
  G_DEFINE_ENUM_VALUE (FLOW_ALIGN_CENTER, "center"),
  G_DEFINE_ENUM_VALUE (FLOW_ALIGN_END, "end"),
  G_DEFINE_ENUM_VALUE (FLOW_ALIGN_FILL, "fill"),
  G_DEFINE_ENUM_VALUE (FLOW_ALIGN_FIRST_BASELINE, "first-baseline"))

G_DEFINE_ENUM_TYPE (FlowLineBreaking, flow_line_breaking,
  G_DEFINE_ENUM_VALUE (FLOW_LINE_BREAKING_GREEDY, "greedy"),
  G_DEFINE_ENUM_VALUE (FLOW_LINE_BREAKING_BALANCED, "balanced"))

G_DEFINE_ENUM_TYPE (FlowPlacement, flow_placement,
  G_DEFINE_ENUM_VALUE (FLOW_PLACEMENT_FIXED, "fixed"),
  G_DEFINE_ENUM_VALUE (FLOW_PLACEMENT_DIRECT, "direct"))

G_DEFINE_ENUM_TYPE (FlowLengthUnit, flow_length_unit,
  G_DEFINE_ENUM_VALUE (FLOW_LENGTH_UNIT_PX, "px"),
  G_DEFINE_ENUM_VALUE (FLOW_LENGTH_UNIT_PT, "pt"),
  G_DEFINE_ENUM_VALUE (FLOW_LENGTH_UNIT_SP, "sp"))

G_DEFINE_ENUM_TYPE (FlowWrapPolicy, flow_wrap_policy,
  G_DEFINE_ENUM_VALUE (FLOW_WRAP_POLICY_NATURAL, "natural"),
  G_DEFINE_ENUM_VALUE (FLOW_WRAP_POLICY_MINIMUM, "minimum"))

G_DEFINE_ENUM_TYPE (FlowPackDirection, flow_pack_direction,
  G_DEFINE_ENUM_VALUE (FLOW_PACK_DIRECTION_START_TO_END, "start-to-end"),
  G_DEFINE_ENUM_VALUE (FLOW_PACK_DIRECTION_END_TO_START, "end-to-start"))
