/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* The layout properties' table and the functions that install, read and write them (see
 * flow-layout-properties.h for why they are written once). */
#include "flow-private/flow-layout-properties.h"

#include <math.h>

/* Enum fields are read and written as ints. */
G_STATIC_ASSERT (sizeof (FlowJustify) == sizeof (int));
G_STATIC_ASSERT (sizeof (FlowAlign) == sizeof (int));
G_STATIC_ASSERT (sizeof (FlowLineBreaking) == sizeof (int));
G_STATIC_ASSERT (sizeof (FlowLengthUnit) == sizeof (int));
G_STATIC_ASSERT (sizeof (FlowWrapPolicy) == sizeof (int));
G_STATIC_ASSERT (sizeof (FlowPackDirection) == sizeof (int));

#define FIELD(name) G_STRUCT_OFFSET (FlowLayoutValues, name)

#define LENGTH(field_, name_, nick_, blurb_, engine_) \
  { name_, nick_, blurb_, FLOW_LAYOUT_VALUE_LENGTH, NULL, 0, FLOW_MAXIMUM_LENGTH, 0, FIELD (field_), engine_ }

#define UNIT(field_, name_, nick_, blurb_, engine_) \
  { name_, nick_, blurb_, FLOW_LAYOUT_VALUE_ENUM, flow_length_unit_get_type, 0, 0, FLOW_LENGTH_UNIT_PX, FIELD (field_), engine_ }

#define COUNT(field_, name_, nick_, blurb_, engine_) \
  { name_, nick_, blurb_, FLOW_LAYOUT_VALUE_INT, NULL, 0, G_MAXINT, 0, FIELD (field_), engine_ }

#define BOOLEAN(field_, name_, nick_, blurb_, default_, engine_) \
  { name_, nick_, blurb_, FLOW_LAYOUT_VALUE_BOOLEAN, NULL, 0, 0, default_, FIELD (field_), engine_ }

#define ENUM(field_, name_, nick_, blurb_, type_, default_, engine_) \
  { name_, nick_, blurb_, FLOW_LAYOUT_VALUE_ENUM, type_, 0, 0, default_, FIELD (field_), engine_ }

static const FlowLayoutPropertyInfo infos[FLOW_LAYOUT_N_PROPS] = {
  [FLOW_LAYOUT_PROP_ITEM_SPACING] =
    LENGTH (item_spacing, "item-spacing", "Item spacing",
            "Space between neighbouring items", "itemSpacing"),
  [FLOW_LAYOUT_PROP_ITEM_SPACING_UNIT] =
    UNIT (item_spacing_unit, "item-spacing-unit", "Item spacing unit",
          "The unit of item-spacing", "itemSpacing"),
  [FLOW_LAYOUT_PROP_LINE_SPACING] =
    LENGTH (line_spacing, "line-spacing", "Line spacing",
            "Space between lines",
            "lineSpacing"),
  [FLOW_LAYOUT_PROP_LINE_SPACING_UNIT] =
    UNIT (line_spacing_unit, "line-spacing-unit", "Line spacing unit",
          "The unit of line-spacing", "lineSpacing"),
  [FLOW_LAYOUT_PROP_JUSTIFY] =
    ENUM (justify, "justify", "Justify",
          "How a line's free space is placed",
          flow_justify_get_type, FLOW_JUSTIFY_START, "justification"),
  [FLOW_LAYOUT_PROP_JUSTIFY_LAST_LINE] =
    BOOLEAN (justify_last_line, "justify-last-line", "Justify last line",
             "Whether the last line is justified", TRUE, "justifyLastLine"),
  [FLOW_LAYOUT_PROP_ALIGN] =
    ENUM (align, "align", "Align",
          "How items sit across their line",
          flow_align_get_type, FLOW_ALIGN_START, "alignment"),
  [FLOW_LAYOUT_PROP_WRAP_REVERSE] =
    BOOLEAN (wrap_reverse, "wrap-reverse", "Wrap reverse",
             "Whether lines stack from the end", FALSE, "wrapReverse"),
  [FLOW_LAYOUT_PROP_LINE_BREAKING] =
    ENUM (line_breaking, "line-breaking", "Line breaking",
          "How items are divided into lines", flow_line_breaking_get_type, FLOW_LINE_BREAKING_GREEDY,
          "lineBreaking"),
  [FLOW_LAYOUT_PROP_MAX_ITEMS_PER_LINE] =
    COUNT (max_items_per_line, "max-items-per-line", "Maximum items per line",
           "The most items in a line, 0 for no limit", "maxItemsPerLine"),
  [FLOW_LAYOUT_PROP_MAX_LINES] =
    COUNT (max_lines, "max-lines", "Maximum lines",
           "The most lines shown, 0 for no limit", "maxLines"),
  [FLOW_LAYOUT_PROP_LINE_HOMOGENEOUS] =
    BOOLEAN (line_homogeneous, "line-homogeneous", "Homogeneous lines",
             "Whether every line is as thick as the thickest", FALSE, "lineHomogeneous"),
  [FLOW_LAYOUT_PROP_NATURAL_LINE_LENGTH] =
    { "natural-line-length", "Natural line length",
      "A cap on the natural length, -1 for none",
      FLOW_LAYOUT_VALUE_LENGTH, NULL, -1, FLOW_MAXIMUM_LENGTH, -1, FIELD (natural_line_length),
      "naturalLineLength" },
  [FLOW_LAYOUT_PROP_NATURAL_LINE_LENGTH_UNIT] =
    UNIT (natural_line_length_unit, "natural-line-length-unit", "Natural line length unit",
          "The unit of natural-line-length",
          "naturalLineLength"),
  [FLOW_LAYOUT_PROP_WRAP_POLICY] =
    ENUM (wrap_policy, "wrap-policy", "Wrap policy",
          "When a line breaks: natural or minimum sizes",
          flow_wrap_policy_get_type, FLOW_WRAP_POLICY_NATURAL, "wrapPolicy"),
  [FLOW_LAYOUT_PROP_PACK_DIRECTION] =
    ENUM (pack_direction, "pack-direction", "Pack direction",
          "Which way children run inside each line",
          flow_pack_direction_get_type, FLOW_PACK_DIRECTION_START_TO_END, "packDirection"),
};

#define PROPERTY_FLAGS (G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY)

/**
 * flow_layout_property_info:
 * @prop: a layout property
 *
 * Returns: (transfer none): the table's row for @prop
 */
const FlowLayoutPropertyInfo *
flow_layout_property_info (FlowLayoutProp prop)
{
  g_return_val_if_fail (prop < FLOW_LAYOUT_N_PROPS, NULL);
  return &infos[prop];
}

/* The field a row describes (the readers pass const values and only read). */
static double *
double_field (const FlowLayoutValues *values, const FlowLayoutPropertyInfo *info)
{
  return G_STRUCT_MEMBER_P ((gpointer) values, info->offset);
}

/* Booleans, counts and enums are all ints. */
static int *
int_field (const FlowLayoutValues *values, const FlowLayoutPropertyInfo *info)
{
  return G_STRUCT_MEMBER_P ((gpointer) values, info->offset);
}

/**
 * flow_layout_values_init:
 * @values: the values to set
 *
 * Sets every value to its property's default.
 */
void
flow_layout_values_init (FlowLayoutValues *values)
{
  for (guint prop = 0; prop < FLOW_LAYOUT_N_PROPS; prop++)
    {
      const FlowLayoutPropertyInfo *info = &infos[prop];
      if (info->kind == FLOW_LAYOUT_VALUE_LENGTH)
        *double_field (values, info) = info->default_value;
      else
        *int_field (values, info) = (int) info->default_value;
    }
}

static GParamSpec *
make_pspec (const FlowLayoutPropertyInfo *info)
{
  switch (info->kind)
    {
    case FLOW_LAYOUT_VALUE_LENGTH:
    case FLOW_LAYOUT_VALUE_INT:
      return g_param_spec_int (info->name, info->nick, info->blurb,
                               (int) info->minimum, (int) info->maximum, (int) info->default_value,
                               PROPERTY_FLAGS);
    case FLOW_LAYOUT_VALUE_BOOLEAN:
      return g_param_spec_boolean (info->name, info->nick, info->blurb,
                                   info->default_value != 0, PROPERTY_FLAGS);
    case FLOW_LAYOUT_VALUE_ENUM:
      return g_param_spec_enum (info->name, info->nick, info->blurb,
                                info->enum_type (), (int) info->default_value, PROPERTY_FLAGS);
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * flow_layout_properties_install:
 * @object_class: the class to give the properties to, in its class_init
 * @first_property_id: the property id of the first one; the others follow in FlowLayoutProp's
 *   order, up to @first_property_id + %FLOW_LAYOUT_N_PROPS - 1
 * @pspecs: an array of %FLOW_LAYOUT_N_PROPS where to keep the GParamSpecs, which the class
 *   needs for notifying (they belong to the class)
 *
 * Installs every layout property on @object_class, each with %G_PARAM_EXPLICIT_NOTIFY: the
 * class notifies through flow_layout_values_set_and_notify() and flow_layout_values_update(),
 * which notify only on a real change.
 */
void
flow_layout_properties_install (GObjectClass *object_class,
                                guint         first_property_id,
                                GParamSpec  **pspecs)
{
  g_return_if_fail (G_IS_OBJECT_CLASS (object_class));
  g_return_if_fail (first_property_id > 0);

  for (guint prop = 0; prop < FLOW_LAYOUT_N_PROPS; prop++)
    {
      pspecs[prop] = make_pspec (&infos[prop]);
      g_object_class_install_property (object_class, first_property_id + prop, pspecs[prop]);
    }
}

static GType
value_type (const FlowLayoutPropertyInfo *info)
{
  switch (info->kind)
    {
    case FLOW_LAYOUT_VALUE_LENGTH:
    case FLOW_LAYOUT_VALUE_INT: return G_TYPE_INT;
    case FLOW_LAYOUT_VALUE_BOOLEAN: return G_TYPE_BOOLEAN;
    case FLOW_LAYOUT_VALUE_ENUM: return info->enum_type ();
    default: g_return_val_if_reached (G_TYPE_INVALID);
    }
}

/**
 * flow_layout_values_get:
 * @values: the values
 * @prop: which one
 * @value: a #GValue initialized to the property's type (as get_property receives it)
 *
 * Reads one value, for a class's get_property.
 */
void
flow_layout_values_get (const FlowLayoutValues *values,
                        FlowLayoutProp          prop,
                        GValue                 *value)
{
  g_return_if_fail (prop < FLOW_LAYOUT_N_PROPS);
  const FlowLayoutPropertyInfo *info = &infos[prop];

  switch (info->kind)
    {
    case FLOW_LAYOUT_VALUE_LENGTH: g_value_set_int (value, (int) lround (*double_field (values, info))); break;
    case FLOW_LAYOUT_VALUE_INT: g_value_set_int (value, *int_field (values, info)); break;
    case FLOW_LAYOUT_VALUE_BOOLEAN: g_value_set_boolean (value, *int_field (values, info)); break;
    case FLOW_LAYOUT_VALUE_ENUM: g_value_set_enum (value, *int_field (values, info)); break;
    default: g_return_if_reached ();
    }
}

/* A length as the property keeps it: a negative the minimum (0 for a spacing, -1 "none" for
 * natural-line-length), and nothing beyond the range. These agree with the engine's FlowLimits,
 * and keep a value equal to itself, so that "changed" means changed. (Lengths are stored as
 * doubles: Swift's FlowLayout gives fractional ones, which the int property reads rounded.) */
static double
valid_length (const FlowLayoutPropertyInfo *info, int value)
{
  if (value < 0)
    return info->minimum;
  return MIN ((double) value, info->maximum);
}

static gboolean
valid_enum (const FlowLayoutPropertyInfo *info, int value)
{
  GEnumClass *enum_class = g_type_class_ref (info->enum_type ());
  gboolean valid = g_enum_get_value (enum_class, value) != NULL;
  g_type_class_unref (enum_class);
  return valid;
}

/**
 * flow_layout_values_set:
 * @values: the values
 * @prop: which one
 * @value: the new value, of the property's type
 *
 * Stores one value, made valid: a negative length becomes the minimum, a larger one than the
 * range allows its maximum; a negative count becomes 0 (no limit). An enum value that is none of
 * the enum's is refused (a critical).
 *
 * Returns: whether the stored value changed
 */
gboolean
flow_layout_values_set (FlowLayoutValues *values,
                        FlowLayoutProp    prop,
                        const GValue     *value)
{
  g_return_val_if_fail (prop < FLOW_LAYOUT_N_PROPS, FALSE);
  const FlowLayoutPropertyInfo *info = &infos[prop];
  g_return_val_if_fail (G_VALUE_HOLDS (value, value_type (info)), FALSE);

  if (info->kind == FLOW_LAYOUT_VALUE_LENGTH)
    {
      double new_value = valid_length (info, g_value_get_int (value));
      double *field = double_field (values, info);
      if (*field == new_value)
        return FALSE;
      *field = new_value;
      return TRUE;
    }

  int new_value;
  switch (info->kind)
    {
    case FLOW_LAYOUT_VALUE_INT: new_value = MAX (g_value_get_int (value), (int) info->minimum); break;
    case FLOW_LAYOUT_VALUE_BOOLEAN: new_value = g_value_get_boolean (value) ? TRUE : FALSE; break;
    case FLOW_LAYOUT_VALUE_ENUM:
      new_value = g_value_get_enum (value);
      g_return_val_if_fail (valid_enum (info, new_value), FALSE);
      break;
    default: g_return_val_if_reached (FALSE);
    }
  int *field = int_field (values, info);
  if (*field == new_value)
    return FALSE;
  *field = new_value;
  return TRUE;
}

/**
 * flow_layout_values_set_and_notify:
 * @object: the object the values belong to
 * @values: its values
 * @prop: which one
 * @value: the new value
 * @pspec: @prop's GParamSpec on @object's class
 *
 * flow_layout_values_set(), then notifies @pspec if the value changed: a class's set_property,
 * and its typed setters, call this.
 *
 * Returns: whether the value changed (the layout must be computed again)
 */
gboolean
flow_layout_values_set_and_notify (GObject          *object,
                                   FlowLayoutValues *values,
                                   FlowLayoutProp    prop,
                                   const GValue     *value,
                                   GParamSpec       *pspec)
{
  g_return_val_if_fail (G_IS_OBJECT (object), FALSE);
  if (!flow_layout_values_set (values, prop, value))
    return FALSE;
  g_object_notify_by_pspec (object, pspec);
  return TRUE;
}

/**
 * flow_layout_values_update:
 * @object: the object the values belong to
 * @values: its values
 * @new_values: the values it should have
 * @pspecs: the %FLOW_LAYOUT_N_PROPS GParamSpecs that flow_layout_properties_install() gave
 *
 * Sets every value that differs, with one notification each, sent together when all are set
 * (so a handler sees a consistent object): how a new layout given as a whole (Swift's
 * `WrapHStack.layout`) becomes properties.
 *
 * Returns: how many values changed
 */
guint
flow_layout_values_update (GObject                *object,
                           FlowLayoutValues       *values,
                           const FlowLayoutValues *new_values,
                           GParamSpec *const      *pspecs)
{
  g_return_val_if_fail (G_IS_OBJECT (object), 0);
  guint changed = 0;

  g_object_freeze_notify (object);
  for (guint prop = 0; prop < FLOW_LAYOUT_N_PROPS; prop++)
    {
      GValue value = G_VALUE_INIT;
      g_value_init (&value, value_type (&infos[prop]));
      flow_layout_values_get (new_values, prop, &value);
      if (flow_layout_values_set_and_notify (object, values, prop, &value, pspecs[prop]))
        changed++;
      g_value_unset (&value);
    }
  g_object_thaw_notify (object);
  return changed;
}

/**
 * flow_layout_values_equal:
 * @a: values
 * @b: other values
 *
 * Returns: whether every value of @a equals @b's
 */
gboolean
flow_layout_values_equal (const FlowLayoutValues *a,
                          const FlowLayoutValues *b)
{
  for (guint prop = 0; prop < FLOW_LAYOUT_N_PROPS; prop++)
    {
      const FlowLayoutPropertyInfo *info = &infos[prop];
      if (info->kind == FLOW_LAYOUT_VALUE_LENGTH
          ? *double_field (a, info) != *double_field (b, info)
          : *int_field (a, info) != *int_field (b, info))
        return FALSE;
    }
  return TRUE;
}

/**
 * flow_layout_values_follow_dpi:
 * @values: values
 *
 * Returns: whether a length of @values is in a unit that follows the text scale (points or
 *   the font size), so that a change of the display's dpi changes the layout
 */
gboolean
flow_layout_values_follow_dpi (const FlowLayoutValues *values)
{
  return values->item_spacing_unit != FLOW_LENGTH_UNIT_PX
         || values->line_spacing_unit != FLOW_LENGTH_UNIT_PX
         || (values->natural_line_length >= 0 && values->natural_line_length_unit != FLOW_LENGTH_UNIT_PX);
}
