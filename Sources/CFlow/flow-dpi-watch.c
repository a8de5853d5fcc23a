/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowDpiWatch (flow-private/flow-dpi-watch.h says what it is for). */
#include "flow-private/flow-dpi-watch.h"

static void
dpi_changed_cb (GtkSettings *settings,
                GParamSpec  *pspec,
                gpointer     data)
{
  FlowDpiWatch *watch = data;

  if (flow_layout_values_follow_dpi (watch->values))
    watch->changed (watch->owner);
}

void
flow_dpi_watch_start (FlowDpiWatch           *watch,
                      GtkWidget              *widget,
                      const FlowLayoutValues *values,
                      FlowDpiChangedFunc      changed,
                      gpointer                owner)
{
  flow_dpi_watch_stop (watch);
  watch->values = values;
  watch->changed = changed;
  watch->owner = owner;
  watch->settings = g_object_ref (gtk_widget_get_settings (widget));
  watch->handler = g_signal_connect (watch->settings, "notify::gtk-xft-dpi", G_CALLBACK (dpi_changed_cb), watch);
  if (flow_layout_values_follow_dpi (values))
    changed (owner);
}

void
flow_dpi_watch_stop (FlowDpiWatch *watch)
{
  if (watch->settings == NULL)
    return;
  g_clear_signal_handler (&watch->handler, watch->settings);
  g_clear_object (&watch->settings);
}
