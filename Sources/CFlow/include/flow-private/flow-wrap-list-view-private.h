/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* What FlowWrapListView gives its Swift controller (FlowBridge's WrapListViewController), as
 * flow-classes-private.h does for the other classes: not introspected, not installed. */
#pragma once

#include <flow/flow-wrap-list-view.h>
#include "flow-private/flow-controller-table.h"
#include "flow-private/flow-interaction.h"
#include "flow-private/flow-layout-properties.h"

G_BEGIN_DECLS

/* Private: hidden outside libflow-1.so (flow-private/README says why). */
#pragma GCC visibility push(hidden)

/* MARK: The view, for its controller */

gpointer    flow_wrap_list_view_get_controller (FlowWrapListView *self);
void        flow_wrap_list_view_notify_model   (FlowWrapListView *self);
void        flow_wrap_list_view_notify_factory (FlowWrapListView *self);
const FlowLayoutValues *flow_wrap_list_view_get_values (FlowWrapListView *self);
/* Sets every layout property from @values (one notify per real change) and the orientation,
 * without telling the controller (it is the one setting them). */
void        flow_wrap_list_view_set_options (FlowWrapListView *self, const FlowLayoutValues *values,
                                             GtkOrientation orientation);

/* The factory signals, emitted by the controller's signal factory (the default one; a Swift
 * WrapListView gives its own closures instead). emit_setup returns the handler's widget with a
 * reference that the caller owns (not floating), or NULL when no handler gave one. */
GtkWidget  *flow_wrap_list_view_emit_setup    (FlowWrapListView *self);
void        flow_wrap_list_view_emit_bind     (FlowWrapListView *self, GtkWidget *widget, guint position,
                                               GObject *item);
void        flow_wrap_list_view_emit_unbind   (FlowWrapListView *self, GtkWidget *widget, guint position,
                                               GObject *item);
void        flow_wrap_list_view_emit_teardown (FlowWrapListView *self, GtkWidget *widget);
/* Calls the app's size func (there is one: the controller was told so). */
void        flow_wrap_list_view_call_size_func (FlowWrapListView *self, guint position, GObject *item,
                                                int *width, int *height);
/* Whether a handler is connected to "setup": until one is, the signal factory makes no widget. */
gboolean    flow_wrap_list_view_has_setup_handler (FlowWrapListView *self);

/* The adjustment of @orientation the view scrolls with (the scrolled window's), or NULL. */
GtkAdjustment *flow_wrap_list_view_get_adjustment (FlowWrapListView *self, GtkOrientation orientation);

/* Sets an adjustment's value, bounds and page at once, without reporting it back as a scroll. */
void        flow_wrap_list_view_configure (FlowWrapListView *self, GtkOrientation orientation,
                                           double value, double upper, double page_size);

/* The casts for Swift (the G_DECLARE macros' casts do not import). */
static inline FlowWrapListView *flow_wrap_list_view_cast (gpointer widget) { return FLOW_WRAP_LIST_VIEW (widget); }
static inline gboolean flow_is_wrap_list_view (gpointer object) { return object != NULL && FLOW_IS_WRAP_LIST_VIEW (object); }

#pragma GCC visibility pop

G_END_DECLS
