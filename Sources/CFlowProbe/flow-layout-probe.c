/* Test-only: see flow-layout-probe.h. */
#include "flow-layout-probe.h"

/* The Swift controller's entry points (FlowProbe/LayoutProbeController.swift, @_cdecl). */
extern gpointer flow_layout_probe_controller_new (FlowLayoutProbe *owner);
extern void flow_layout_probe_controller_free (gpointer controller);
extern double flow_layout_probe_controller_natural_length (gpointer controller);

struct _FlowLayoutProbe {
  GObject parent_instance;
  FlowLayoutValues values;
  int item_count;
  double item_width;
  gpointer controller;
};

enum {
  PROP_0,
  PROP_ITEM_COUNT,
  PROP_ITEM_WIDTH,
  PROP_NATURAL_LENGTH,
  PROP_LAYOUT_FIRST,
  N_PROPS = PROP_LAYOUT_FIRST + FLOW_LAYOUT_N_PROPS,
};

static GParamSpec *props[N_PROPS];

G_DEFINE_FINAL_TYPE (FlowLayoutProbe, flow_layout_probe, G_TYPE_OBJECT)

static void
flow_layout_probe_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FlowLayoutProbe *self = FLOW_LAYOUT_PROBE (object);

  if (prop_id >= PROP_LAYOUT_FIRST && prop_id < N_PROPS)
    {
      flow_layout_values_get (&self->values, prop_id - PROP_LAYOUT_FIRST, value);
      return;
    }
  switch (prop_id)
    {
    case PROP_ITEM_COUNT: g_value_set_int (value, self->item_count); break;
    case PROP_ITEM_WIDTH: g_value_set_double (value, self->item_width); break;
    case PROP_NATURAL_LENGTH:
      g_value_set_double (value, flow_layout_probe_controller_natural_length (self->controller));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flow_layout_probe_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FlowLayoutProbe *self = FLOW_LAYOUT_PROBE (object);

  if (prop_id >= PROP_LAYOUT_FIRST && prop_id < N_PROPS)
    {
      flow_layout_values_set_and_notify (object, &self->values, prop_id - PROP_LAYOUT_FIRST, value, pspec);
      return;
    }
  switch (prop_id)
    {
    case PROP_ITEM_COUNT:
      if (self->item_count != g_value_get_int (value))
        {
          self->item_count = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_ITEM_WIDTH:
      if (self->item_width != g_value_get_double (value))
        {
          self->item_width = g_value_get_double (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flow_layout_probe_finalize (GObject *object)
{
  FlowLayoutProbe *self = FLOW_LAYOUT_PROBE (object);

  /* The controller goes with the object: nothing else holds it. */
  g_clear_pointer (&self->controller, flow_layout_probe_controller_free);
  G_OBJECT_CLASS (flow_layout_probe_parent_class)->finalize (object);
}

static void
flow_layout_probe_class_init (FlowLayoutProbeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = flow_layout_probe_get_property;
  object_class->set_property = flow_layout_probe_set_property;
  object_class->finalize = flow_layout_probe_finalize;

  props[PROP_ITEM_COUNT] =
    g_param_spec_int ("item-count", "Item count", "How many equal items the probe lays out.",
                      0, 100000, 0, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  props[PROP_ITEM_WIDTH] =
    g_param_spec_double ("item-width", "Item width", "The width of each item, in pixels.",
                         0, FLOW_MAXIMUM_LENGTH, 0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  props[PROP_NATURAL_LENGTH] =
    g_param_spec_double ("natural-length", "Natural length",
                         "The layout's natural length for the items, computed by the Swift controller.",
                         0, G_MAXDOUBLE, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, PROP_LAYOUT_FIRST, props);
  flow_layout_properties_install (object_class, PROP_LAYOUT_FIRST, props + PROP_LAYOUT_FIRST);
}

static void
flow_layout_probe_init (FlowLayoutProbe *self)
{
  flow_layout_values_init (&self->values);
  /* Every instance gets its controller here, however it was made: g_object_new from C or
   * Python, GtkBuilder, or Swift. */
  self->controller = flow_layout_probe_controller_new (self);
}

const FlowLayoutValues *
flow_layout_probe_get_values (FlowLayoutProbe *self)
{
  g_return_val_if_fail (FLOW_IS_LAYOUT_PROBE (self), NULL);
  return &self->values;
}

guint
flow_layout_probe_set_values (FlowLayoutProbe *self, const FlowLayoutValues *values)
{
  g_return_val_if_fail (FLOW_IS_LAYOUT_PROBE (self), 0);
  return flow_layout_values_update (G_OBJECT (self), &self->values, values, props + PROP_LAYOUT_FIRST);
}

int
flow_layout_probe_get_item_count (FlowLayoutProbe *self)
{
  g_return_val_if_fail (FLOW_IS_LAYOUT_PROBE (self), 0);
  return self->item_count;
}

double
flow_layout_probe_get_item_width (FlowLayoutProbe *self)
{
  g_return_val_if_fail (FLOW_IS_LAYOUT_PROBE (self), 0);
  return self->item_width;
}

gpointer
flow_layout_probe_get_controller (FlowLayoutProbe *self)
{
  g_return_val_if_fail (FLOW_IS_LAYOUT_PROBE (self), NULL);
  return self->controller;
}
