/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowDpiWatch: tells a class when the text scale its pt and sp lengths follow changes, while
 * its widget is rooted (FlowWrapLayout and FlowWrapListView each keep one in their instance). */
#pragma once

#include <gtk/gtk.h>

#include "flow-private/flow-layout-properties.h"

G_BEGIN_DECLS

/* Private: hidden outside libflow-1.so (flow-private/README says why). */
#pragma GCC visibility push(hidden)

typedef void (*FlowDpiChangedFunc) (gpointer owner);

typedef struct
{
  GtkSettings            *settings;
  gulong                  handler;
  const FlowLayoutValues *values;
  FlowDpiChangedFunc      changed;
  gpointer                owner;
} FlowDpiWatch;

/* Watches the settings of @widget (just rooted) and calls @changed (@owner) whenever their
 * gtk-xft-dpi changes while @values has a length in pt or sp, and once now if it has: another
 * display may have another dpi. In pixels only, the text scale changes nothing here (the
 * children's own sizes queue their own resizes). */
void flow_dpi_watch_start (FlowDpiWatch           *watch,
                           GtkWidget              *widget,
                           const FlowLayoutValues *values,
                           FlowDpiChangedFunc      changed,
                           gpointer                owner);

/* Stops watching (unrooted, disposed); does nothing when not watching. */
void flow_dpi_watch_stop  (FlowDpiWatch *watch);

#pragma GCC visibility pop

G_END_DECLS
