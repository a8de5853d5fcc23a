/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowWrapLayoutChild: the layout child FlowWrapLayout makes for each child of its widget. */
#include "flow/flow-wrap-layout-child.h"

#include "flow-private/flow-classes-private.h"

#include <math.h>

/**
 * FlowWrapLayoutChild:
 *
 * The options a [class@Flow.WrapLayout] keeps for one child: its share of its line's free space
 * ([property@Flow.WrapLayoutChild:grow]) and whether it starts a line
 * ([property@Flow.WrapLayoutChild:break-before]).
 *
 * Get it with [method@Gtk.LayoutManager.get_layout_child], or set it in a `.ui` file with
 * `<layout>` inside the child's `<object>`:
 *
 * ```xml
 * <child>
 *   <object class="GtkEntry">
 *     <layout>
 *       <property name="grow">1</property>
 *     </layout>
 *   </object>
 * </child>
 * ```
 *
 * In a [class@Flow.WrapHStack] the values are the box's ([method@Flow.WrapHStack.set_child_grow]
 * sets the same ones), and the box gives each child's with
 * [method@Flow.WrapHStack.get_layout_child], in either placement. In a `.ui` file, `<layout>`
 * works on a box's children with %FLOW_PLACEMENT_DIRECT (they are the box's own); with the
 * default GtkFixed placement they are the GtkFixed's: use the box's `<options>` element.
 */

struct _FlowWrapLayoutChild
{
  GtkLayoutChild parent_instance;

  /* A plain widget's child keeps its options here; a FlowWrapHStack's, with the box. */
  double grow;
  gboolean break_before;
};

G_DEFINE_FINAL_TYPE (FlowWrapLayoutChild, flow_wrap_layout_child, GTK_TYPE_LAYOUT_CHILD)

enum {
  PROP_0,
  PROP_GROW,
  PROP_BREAK_BEFORE,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

static gpointer
controller_of (FlowWrapLayoutChild *self)
{
  GtkLayoutManager *manager = gtk_layout_child_get_layout_manager (GTK_LAYOUT_CHILD (self));
  return flow_wrap_layout_get_controller (FLOW_WRAP_LAYOUT (manager));
}

static FlowChildOptions
current_options (FlowWrapLayoutChild *self)
{
  FlowChildOptions options = { self->grow, self->break_before };
  flow_controller_table ()->layout_load_child_options (controller_of (self),
                                                  gtk_layout_child_get_child_widget (GTK_LAYOUT_CHILD (self)),
                                                  &options);
  return options;
}

static void
store_options (FlowWrapLayoutChild *self, FlowChildOptions options, GParamSpec *pspec)
{
  GtkWidget *child = gtk_layout_child_get_child_widget (GTK_LAYOUT_CHILD (self));

  if (!flow_controller_table ()->layout_store_child_options (controller_of (self), child, &options))
    {
      self->grow = options.grow;
      self->break_before = options.break_before;
    }
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

/**
 * flow_wrap_layout_child_get_grow:
 * @self: a layout child
 *
 * The child's share of its line's free space.
 *
 * Returns: the child's grow weight (see [property@Flow.WrapLayoutChild:grow])
 */
double
flow_wrap_layout_child_get_grow (FlowWrapLayoutChild *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LAYOUT_CHILD (self), 0);
  return current_options (self).grow;
}

/**
 * flow_wrap_layout_child_set_grow:
 * @self: a layout child
 * @grow: the weight: 0 or more (NaN is 0)
 *
 * Sets the child's share of its line's free space (see [property@Flow.WrapLayoutChild:grow]).
 */
void
flow_wrap_layout_child_set_grow (FlowWrapLayoutChild *self,
                                 double               grow)
{
  g_return_if_fail (FLOW_IS_WRAP_LAYOUT_CHILD (self));

  /* The engine's rule for a weight (FlowLimits.length): NaN and negatives are 0. */
  grow = isnan (grow) || grow < 0 ? 0 : MIN (grow, FLOW_MAXIMUM_LENGTH);
  FlowChildOptions options = current_options (self);
  if (options.grow == grow)
    return;
  options.grow = grow;
  store_options (self, options, props[PROP_GROW]);
}

/**
 * flow_wrap_layout_child_get_break_before:
 * @self: a layout child
 *
 * Whether the child always starts a new line.
 *
 * Returns: whether the child starts a new line
 */
gboolean
flow_wrap_layout_child_get_break_before (FlowWrapLayoutChild *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LAYOUT_CHILD (self), FALSE);
  return current_options (self).break_before;
}

/**
 * flow_wrap_layout_child_set_break_before:
 * @self: a layout child
 * @break_before: whether the child starts a new line
 *
 * Makes the child start a new line, or not (see [property@Flow.WrapLayoutChild:break-before]).
 */
void
flow_wrap_layout_child_set_break_before (FlowWrapLayoutChild *self,
                                         gboolean             break_before)
{
  g_return_if_fail (FLOW_IS_WRAP_LAYOUT_CHILD (self));

  break_before = !!break_before;
  FlowChildOptions options = current_options (self);
  if (options.break_before == break_before)
    return;
  options.break_before = break_before;
  store_options (self, options, props[PROP_BREAK_BEFORE]);
}

FlowChildOptions
flow_wrap_layout_child_get_options (FlowWrapLayoutChild *self)
{
  FlowChildOptions options = { self->grow, self->break_before };
  return options;
}

static void
flow_wrap_layout_child_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FlowWrapLayoutChild *self = FLOW_WRAP_LAYOUT_CHILD (object);

  switch (prop_id)
    {
    case PROP_GROW: g_value_set_double (value, flow_wrap_layout_child_get_grow (self)); break;
    case PROP_BREAK_BEFORE: g_value_set_boolean (value, flow_wrap_layout_child_get_break_before (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flow_wrap_layout_child_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FlowWrapLayoutChild *self = FLOW_WRAP_LAYOUT_CHILD (object);

  switch (prop_id)
    {
    case PROP_GROW: flow_wrap_layout_child_set_grow (self, g_value_get_double (value)); break;
    case PROP_BREAK_BEFORE: flow_wrap_layout_child_set_break_before (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flow_wrap_layout_child_class_init (FlowWrapLayoutChildClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = flow_wrap_layout_child_get_property;
  object_class->set_property = flow_wrap_layout_child_set_property;

  /**
   * FlowWrapLayoutChild:grow:
   *
   * The child's share of its line's free space, in proportion to the other growing children of
   * the line (CSS `flex-grow`). 0, the default, means unset: the child then grows with weight 1
   * if it expands along the lines ([property@Gtk.Widget:hexpand] in a horizontal layout,
   * [property@Gtk.Widget:vexpand] in a vertical one), else not at all. NaN and negative weights
   * are 0.
   */
  props[PROP_GROW] =
    g_param_spec_double ("grow", "Grow", "The child's share of its line's free space (CSS flex-grow). Default 0.",
                         0, FLOW_MAXIMUM_LENGTH, 0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * FlowWrapLayoutChild:break-before:
   *
   * Whether the child starts a new line (no effect on the first child). Default %FALSE.
   */
  props[PROP_BREAK_BEFORE] =
    g_param_spec_boolean ("break-before", "Break before", "Whether the child starts a new line. Default false.",
                          FALSE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
flow_wrap_layout_child_init (FlowWrapLayoutChild *self)
{
  self->grow = 0;
  self->break_before = FALSE;
}
