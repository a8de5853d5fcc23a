/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* The layout properties that FlowWrapLayout and FlowWrapHStack share, written once.
 *
 * One table (flow-layout-properties.c) gives each property its name, nick, blurb, type, range,
 * default and the FlowLayout field it sets; flow_layout_properties_install() makes the same
 * GParamSpecs from it on any class, so the two classes can never disagree. Their values live in
 * a FlowLayoutValues struct inside each instance, written only through this file's functions,
 * which keep every value valid and notify only on a real change. The Swift side
 * (FlowGObject's LayoutValues.swift) turns the struct into the engine's FlowLayout and back.
 *
 * Not part of the introspected API (g-ir-scanner is not given this header): it is the
 * library's own plumbing, public only so that the Swift targets can import it. */
#pragma once

#include <glib-object.h>

#include <flow/flow-enums.h>

G_BEGIN_DECLS

/* Private: hidden outside libflow-1.so (flow-private/README says why). */
#pragma GCC visibility push(hidden)

/* The largest length a property takes: the engine's FlowLimits.maximumLength (one billion). */
#define FLOW_MAXIMUM_LENGTH 1e9

/* The properties, in the order of the table and of a class's property ids. */
typedef enum {
  FLOW_LAYOUT_PROP_ITEM_SPACING,
  FLOW_LAYOUT_PROP_ITEM_SPACING_UNIT,
  FLOW_LAYOUT_PROP_LINE_SPACING,
  FLOW_LAYOUT_PROP_LINE_SPACING_UNIT,
  FLOW_LAYOUT_PROP_JUSTIFY,
  FLOW_LAYOUT_PROP_JUSTIFY_LAST_LINE,
  FLOW_LAYOUT_PROP_ALIGN,
  FLOW_LAYOUT_PROP_WRAP_REVERSE,
  FLOW_LAYOUT_PROP_LINE_BREAKING,
  FLOW_LAYOUT_PROP_MAX_ITEMS_PER_LINE,
  FLOW_LAYOUT_PROP_MAX_LINES,
  FLOW_LAYOUT_PROP_LINE_HOMOGENEOUS,
  FLOW_LAYOUT_PROP_NATURAL_LINE_LENGTH,
  FLOW_LAYOUT_PROP_NATURAL_LINE_LENGTH_UNIT,
  FLOW_LAYOUT_PROP_WRAP_POLICY,
  FLOW_LAYOUT_PROP_PACK_DIRECTION,
  FLOW_LAYOUT_N_PROPS,
} FlowLayoutProp;

/* The properties' values as GObject holds them: lengths in their own unit, 0 for "no limit" in
 * the counts, -1 for "none" in natural_line_length. */
typedef struct {
  double           item_spacing;
  FlowLengthUnit   item_spacing_unit;
  double           line_spacing;
  FlowLengthUnit   line_spacing_unit;
  FlowJustify      justify;
  gboolean         justify_last_line;
  FlowAlign        align;
  gboolean         wrap_reverse;
  FlowLineBreaking line_breaking;
  int              max_items_per_line;
  int              max_lines;
  gboolean         line_homogeneous;
  double           natural_line_length;
  FlowLengthUnit   natural_line_length_unit;
  FlowWrapPolicy   wrap_policy;
  FlowPackDirection pack_direction;
} FlowLayoutValues;

/* LENGTH: an int property (as AdwWrapBox's spacings: `g_object_set (box, "item-spacing", 6,
 * NULL)` passes an int, which a double property would read as garbage and then crash), kept as
 * a double in FlowLayoutValues, where Swift's FlowLayout may put a fraction. */
typedef enum {
  FLOW_LAYOUT_VALUE_LENGTH,
  FLOW_LAYOUT_VALUE_INT,
  FLOW_LAYOUT_VALUE_BOOLEAN,
  FLOW_LAYOUT_VALUE_ENUM,
} FlowLayoutValueKind;

/* One row of the table. For booleans and enums, `default_value` holds the value as a number and
 * the range is unused. */
typedef struct {
  const char          *name;
  const char          *nick;
  const char          *blurb;
  FlowLayoutValueKind  kind;
  GType              (*enum_type) (void);
  double               minimum;
  double               maximum;
  double               default_value;
  /* Where the value lives in FlowLayoutValues. */
  gsize                offset;
  /* The FlowLayout (Swift engine) property it sets. */
  const char          *engine_field;
} FlowLayoutPropertyInfo;

const FlowLayoutPropertyInfo *flow_layout_property_info (FlowLayoutProp prop);

void flow_layout_values_init (FlowLayoutValues *values);

void flow_layout_properties_install (GObjectClass *object_class,
                                     guint         first_property_id,
                                     GParamSpec  **pspecs);

void flow_layout_values_get (const FlowLayoutValues *values,
                             FlowLayoutProp          prop,
                             GValue                 *value);

gboolean flow_layout_values_set (FlowLayoutValues *values,
                                 FlowLayoutProp    prop,
                                 const GValue     *value);

gboolean flow_layout_values_set_and_notify (GObject          *object,
                                            FlowLayoutValues *values,
                                            FlowLayoutProp    prop,
                                            const GValue     *value,
                                            GParamSpec       *pspec);

guint flow_layout_values_update (GObject                *object,
                                 FlowLayoutValues       *values,
                                 const FlowLayoutValues *new_values,
                                 GParamSpec *const      *pspecs);

gboolean flow_layout_values_equal (const FlowLayoutValues *a,
                                   const FlowLayoutValues *b);

gboolean flow_layout_values_follow_dpi (const FlowLayoutValues *values);

#pragma GCC visibility pop

G_END_DECLS
