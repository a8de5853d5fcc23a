/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowResizeWatch (flow-private/flow-resize-watch.h says how it works). */
#include "flow-private/flow-resize-watch.h"

struct _FlowResizeWatch
{
  GtkWidget parent_instance;
  gboolean  resized;
};

G_DEFINE_FINAL_TYPE (FlowResizeWatch, flow_resize_watch, GTK_TYPE_WIDGET)

/* Runs only when the watch's size cache was cleared: a resize was queued on it, which (never
 * shown or changed itself) it only gets through its size group. */
static void
flow_resize_watch_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  FLOW_RESIZE_WATCH (widget)->resized = TRUE;
  *minimum = 0;
  *natural = 0;
}

static GtkSizeRequestMode
flow_resize_watch_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
flow_resize_watch_class_init (FlowResizeWatchClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = flow_resize_watch_measure;
  widget_class->get_request_mode = flow_resize_watch_get_request_mode;
  gtk_widget_class_set_css_name (widget_class, "flowresizewatch");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
flow_resize_watch_init (FlowResizeWatch *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  /* It takes part in size negotiation only through its group: never drawn, targeted or read out. */
  gtk_widget_set_child_visible (widget, FALSE);
  gtk_widget_set_can_target (widget, FALSE);
  gtk_widget_set_can_focus (widget, FALSE);
}

GtkWidget *
flow_resize_watch_new (GtkWidget *watched)
{
  GtkWidget *watch;
  GtkSizeGroup *group;

  g_return_val_if_fail (GTK_IS_WIDGET (watched), NULL);

  watch = g_object_new (FLOW_TYPE_RESIZE_WATCH, NULL);
  /* The group is kept alive by its members (each holds a reference) and goes with the last. */
  group = gtk_size_group_new (GTK_SIZE_GROUP_NONE);
  gtk_size_group_add_widget (group, watched);
  gtk_size_group_add_widget (group, watch);
  g_object_unref (group);
  /* Measured once now, so that only what is queued from here on counts. */
  flow_resize_watch_take (watch);
  return watch;
}

gboolean
flow_resize_watch_take (GtkWidget *watch)
{
  FlowResizeWatch *self;
  gboolean resized;
  int minimum = 0;

  g_return_val_if_fail (FLOW_IS_RESIZE_WATCH (watch), FALSE);

  self = FLOW_RESIZE_WATCH (watch);
  self->resized = FALSE;
  gtk_widget_measure (watch, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  resized = self->resized;
  self->resized = FALSE;
  return resized;
}
