/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowResizeWatch: tells whether a widget has queued a resize since it was last asked.
 *
 * GTK 4 has no signal for a queued resize, but passes every resize queued on a widget on to the
 * members of its size groups. The watch is a never-shown widget sharing a size group (mode NONE,
 * which changes no size) with the watched one: a resize queued there clears the watch's size
 * cache, so the watch's measure runs the next time it is measured, and notes it. The fixed
 * placement (FlowBridge's FixedPlacer) watches its GtkFixed this way. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Private: hidden outside libflow-1.so (flow-private/README says why). */
#pragma GCC visibility push(hidden)

#define FLOW_TYPE_RESIZE_WATCH (flow_resize_watch_get_type ())
G_DECLARE_FINAL_TYPE (FlowResizeWatch, flow_resize_watch, FLOW, RESIZE_WATCH, GtkWidget)

/* A watch on @watched. The caller parents the watch (it is never mapped: its child visibility is
 * off) and keeps it as long as it watches. */
GtkWidget *flow_resize_watch_new  (GtkWidget *watched);

/* Whether a resize was queued on the watched widget since the last call (or since the watch was
 * made); starts watching afresh. Costs one size-cache look-up when nothing was queued. */
gboolean   flow_resize_watch_take (GtkWidget *watch);

#pragma GCC visibility pop

G_END_DECLS
