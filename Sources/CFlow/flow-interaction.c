/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* The properties and signals FlowWrapHStack and FlowWrapListView share (flow-interaction.h says
 * why they are written once), and their one path to the Swift interaction core. */
#include "flow-private/flow-interaction.h"

#include "flow-private/flow-controller-table.h"

/* One row of the table: its name on the box and on the list (NULL: not on that class), its
 * type (a boolean, or the enum @enum_type), its default on each class; the blurb names the
 * class's items (its %s). */
typedef struct {
  const char *names[2];
  const char *nick;
  const char *blurb;
  GType     (*enum_type) (void);
  int         default_value[2];
} FlowInteractionPropertyInfo;

static const FlowInteractionPropertyInfo infos[FLOW_INTERACTION_N_PROPS] = {
  [FLOW_INTERACTION_PROP_REORDERABLE] =
    { { "reorderable", "reorderable" }, "Reorderable", "Whether the user can reorder the %s", NULL, { FALSE, FALSE } },
  /* GtkFlowBox's default is single; the box's is none, so that a box an app has already (the
   * tag editor's chips) changes nothing until it asks for a selection. */
  [FLOW_INTERACTION_PROP_SELECTION_MODE] =
    { { "selection-mode", NULL }, "Selection mode", "How many of the %s the user can select: none, single, browse "
      "or multiple. Default none.", gtk_selection_mode_get_type, { GTK_SELECTION_NONE, GTK_SELECTION_NONE } },
  [FLOW_INTERACTION_PROP_SINGLE_CLICK_ACTIVATE] =
    { { "activate-on-single-click", "single-click-activate" }, "Single-click activate",
      "Whether one click on one of the %s activates it (else a double click does)", NULL, { TRUE, FALSE } },
};

/* Where a class keeps its FlowInteractionClass, on its GType. */
static GQuark
info_quark (void)
{
  static GQuark quark;

  if (G_UNLIKELY (quark == 0))
    quark = g_quark_from_static_string ("flow-interaction-class");
  return quark;
}

static FlowInteractionClass *
class_info (gpointer instance)
{
  return g_type_get_qdata (G_OBJECT_TYPE (instance), info_quark ());
}

/* The move signal's class handler, run after the app's: a move nobody refused happens. */
static gboolean
allow_move (GObject *self, guint from, guint to)
{
  return TRUE;
}

static gboolean
allow_move_of_widget (GObject *self, GtkWidget *widget, guint from, guint to)
{
  return TRUE;
}

/* Stops at the first handler that refuses the move (returns FALSE). */
static gboolean
veto_accumulator (GSignalInvocationHint *hint, GValue *return_accu, const GValue *handler_return, gpointer data)
{
  gboolean allowed = g_value_get_boolean (handler_return);

  g_value_set_boolean (return_accu, allowed);
  return allowed;
}

void
flow_interaction_install (GObjectClass *object_class, guint first_property_id, FlowInteractionClass *info)
{
  GType type = G_TYPE_FROM_CLASS (object_class);
  GType params[] = { GTK_TYPE_WIDGET, G_TYPE_UINT, G_TYPE_UINT };
  /* Without the widget, the positions alone. */
  GType *positions = info->passes_widget ? params : params + 1;
  guint n_params = info->passes_widget ? 3 : 2;

  info->first_property_id = first_property_id;
  for (guint prop = 0; prop < FLOW_INTERACTION_N_PROPS; prop++)
    {
      const FlowInteractionPropertyInfo *row = &infos[prop];
      const char *name = row->names[info->names];
      GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_NAME | G_PARAM_STATIC_NICK | G_PARAM_EXPLICIT_NOTIFY;
      char *blurb;

      if (name == NULL)
        continue;
      blurb = g_strdup_printf (row->blurb, info->items);
      if (row->enum_type != NULL)
        info->pspecs[prop] = g_param_spec_enum (name, row->nick, blurb, row->enum_type (),
                                                row->default_value[info->names], flags);
      else
        info->pspecs[prop] = g_param_spec_boolean (name, row->nick, blurb, row->default_value[info->names], flags);
      g_free (blurb);
      g_object_class_install_property (object_class, first_property_id + prop, info->pspecs[prop]);
    }

  char *move = g_strdup_printf ("move-%s", info->item);
  char *moved = g_strdup_printf ("%s-moved", info->item);
  GCallback allow = info->passes_widget ? G_CALLBACK (allow_move_of_widget) : G_CALLBACK (allow_move);
  info->signals[FLOW_INTERACTION_SIGNAL_MOVE] =
    g_signal_newv (move, type, G_SIGNAL_RUN_LAST, g_cclosure_new (allow, NULL, NULL), veto_accumulator, NULL, NULL,
                   G_TYPE_BOOLEAN, n_params, positions);
  info->signals[FLOW_INTERACTION_SIGNAL_MOVED] =
    g_signal_newv (moved, type, G_SIGNAL_RUN_LAST, NULL, NULL, NULL, NULL, G_TYPE_NONE, n_params, positions);
  g_free (move);
  g_free (moved);
  if (info->passes_widget)
    {
      info->signals[FLOW_INTERACTION_SIGNAL_ACTIVATE] =
        g_signal_new ("child-activated", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1, GTK_TYPE_WIDGET);
      info->signals[FLOW_INTERACTION_SIGNAL_SELECTION_CHANGED] =
        g_signal_new ("selected-children-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
    }
  else
    info->signals[FLOW_INTERACTION_SIGNAL_ACTIVATE] =
      g_signal_new ("activate", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  g_type_set_qdata (type, info_quark (), info);
}

/* The shared property @prop_id stands for on @object's class, or FLOW_INTERACTION_N_PROPS (a row
 * the class does not have among them). */
static FlowInteractionProp
shared_property (GObject *object, guint prop_id)
{
  FlowInteractionClass *info = class_info (object);

  if (info == NULL || prop_id < info->first_property_id || prop_id >= info->first_property_id + FLOW_INTERACTION_N_PROPS
      || info->pspecs[prop_id - info->first_property_id] == NULL)
    return FLOW_INTERACTION_N_PROPS;
  return prop_id - info->first_property_id;
}

gboolean
flow_interaction_get_property (GObject *object, gpointer controller, guint prop_id, GValue *value)
{
  FlowInteractionProp prop = shared_property (object, prop_id);

  if (prop == FLOW_INTERACTION_N_PROPS)
    return FALSE;
  flow_controller_table ()->interaction_get (controller, prop, value);
  return TRUE;
}

gboolean
flow_interaction_set_property (GObject *object, gpointer controller, guint prop_id, const GValue *value)
{
  FlowInteractionProp prop = shared_property (object, prop_id);

  if (prop == FLOW_INTERACTION_N_PROPS)
    return FALSE;
  if (flow_controller_table ()->interaction_set (controller, prop, value))
    g_object_notify_by_pspec (object, class_info (object)->pspecs[prop]);
  return TRUE;
}

gboolean
flow_interaction_get_boolean (GObject *object, gpointer controller, FlowInteractionProp prop)
{
  GValue value = G_VALUE_INIT;

  g_value_init (&value, G_TYPE_BOOLEAN);
  flow_controller_table ()->interaction_get (controller, prop, &value);
  return g_value_get_boolean (&value);
}

void
flow_interaction_set_boolean (GObject *object, gpointer controller, FlowInteractionProp prop, gboolean value)
{
  GValue boolean = G_VALUE_INIT;

  g_value_init (&boolean, G_TYPE_BOOLEAN);
  g_value_set_boolean (&boolean, !!value);
  flow_interaction_set_property (object, controller, class_info (object)->first_property_id + prop, &boolean);
}

int
flow_interaction_get_enum (GObject *object, gpointer controller, FlowInteractionProp prop)
{
  GValue value = G_VALUE_INIT;

  g_value_init (&value, infos[prop].enum_type ());
  flow_controller_table ()->interaction_get (controller, prop, &value);
  return g_value_get_enum (&value);
}

void
flow_interaction_set_enum (GObject *object, gpointer controller, FlowInteractionProp prop, int value)
{
  GValue member = G_VALUE_INIT;

  g_value_init (&member, infos[prop].enum_type ());
  g_value_set_enum (&member, value);
  flow_interaction_set_property (object, controller, class_info (object)->first_property_id + prop, &member);
}

gboolean
flow_interaction_emit_move (gpointer instance, GtkWidget *widget, guint from, guint to)
{
  FlowInteractionClass *info = class_info (instance);
  gboolean allowed = TRUE;

  if (info->passes_widget)
    g_signal_emit (instance, info->signals[FLOW_INTERACTION_SIGNAL_MOVE], 0, widget, from, to, &allowed);
  else
    g_signal_emit (instance, info->signals[FLOW_INTERACTION_SIGNAL_MOVE], 0, from, to, &allowed);
  return allowed;
}

void
flow_interaction_emit_moved (gpointer instance, GtkWidget *widget, guint from, guint to)
{
  FlowInteractionClass *info = class_info (instance);

  if (info->passes_widget)
    g_signal_emit (instance, info->signals[FLOW_INTERACTION_SIGNAL_MOVED], 0, widget, from, to);
  else
    g_signal_emit (instance, info->signals[FLOW_INTERACTION_SIGNAL_MOVED], 0, from, to);
}

void
flow_interaction_emit_activate (gpointer instance, GtkWidget *widget, guint position)
{
  FlowInteractionClass *info = class_info (instance);

  if (info->passes_widget)
    g_signal_emit (instance, info->signals[FLOW_INTERACTION_SIGNAL_ACTIVATE], 0, widget);
  else
    g_signal_emit (instance, info->signals[FLOW_INTERACTION_SIGNAL_ACTIVATE], 0, position);
}

void
flow_interaction_emit_selection_changed (gpointer instance)
{
  FlowInteractionClass *info = class_info (instance);

  if (info->signals[FLOW_INTERACTION_SIGNAL_SELECTION_CHANGED] != 0)
    g_signal_emit (instance, info->signals[FLOW_INTERACTION_SIGNAL_SELECTION_CHANGED], 0);
}

gboolean
flow_interaction_activation_is_connected (gpointer instance)
{
  return g_signal_has_handler_pending (instance, class_info (instance)->signals[FLOW_INTERACTION_SIGNAL_ACTIVATE], 0,
                                       TRUE);
}
