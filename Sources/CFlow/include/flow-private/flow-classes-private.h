/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* What FlowWrapLayout and FlowWrapHStack give their Swift controllers (FlowBridge): not
 * introspected, not installed; Swift imports it with the rest of CFlow. */
#pragma once

#include <flow/flow.h>
#include "flow-private/flow-controller-table.h"
#include "flow-private/flow-i18n.h"
#include "flow-private/flow-interaction.h"
#include "flow-private/flow-layout-properties.h"

G_BEGIN_DECLS

/* Private: hidden outside libflow-1.so (flow-private/README says why). */
#pragma GCC visibility push(hidden)

/* MARK: FlowWrapLayout, for its controller */

FlowWrapLayout         *flow_wrap_layout_cast        (gpointer object);
gpointer                flow_wrap_layout_get_controller (FlowWrapLayout *self);
const FlowLayoutValues *flow_wrap_layout_get_values  (FlowWrapLayout *self);
/* Sets every property from @values, one notify per real change (flow_layout_values_update). */
guint                   flow_wrap_layout_set_values  (FlowWrapLayout *self,
                                                      const FlowLayoutValues *values);
/* One more layout of the window once the current layout phase's allocation is done, in the same
 * frame (see schedule_after_layout in flow-wrap-layout.c for why not at once). */
void                    flow_wrap_layout_relayout_after_allocation (FlowWrapLayout *self);
/* Every ancestor of the widget allocated again once the current layout phase's allocation is
 * done, in the same frame: for the resizes a GtkFixed placing queues (FlowBridge/FixedPlacer.swift
 * says why they need it). */
void                    flow_wrap_layout_reallocate_ancestors_after_layout (FlowWrapLayout *self);
/* The FlowWrapHStack that computes with @self without having it as its layout manager (so that
 * GtkLayoutManager's per-child work stays out of every allocation): the layout serves @box (its
 * text scale, its after-layout work) and follows its rooting through the two functions below. */
void                    flow_wrap_layout_serve_box   (FlowWrapLayout *self,
                                                      GtkWidget      *box);
void                    flow_wrap_layout_box_rooted  (FlowWrapLayout *self);
void                    flow_wrap_layout_box_unrooted (FlowWrapLayout *self);
/* The widget @self is the layout manager of, or else its box; NULL when neither. */
GtkWidget              *flow_wrap_layout_get_served_widget (FlowWrapLayout *self);
/* The child options of a plain widget's child, as its FlowWrapLayoutChild holds them. */
FlowChildOptions        flow_wrap_layout_child_get_options (FlowWrapLayoutChild *self);

/* MARK: FlowWrapHStack, for its controller */

FlowWrapHStack *flow_wrap_hstack_cast                  (gpointer object);
gboolean        flow_wrap_hstack_has_child             (FlowWrapHStack *self,
                                                        GtkWidget      *child);
/* Its GtkBuildable (flow-wrap-hstack-buildable.c). */
void            flow_wrap_hstack_buildable_init        (GtkBuildableIface *iface);
gpointer        flow_wrap_hstack_get_controller        (FlowWrapHStack *self);
void            flow_wrap_hstack_notify_content_height (FlowWrapHStack *self);
/* @child's options changed (which of them): its layout child, if it has one, notifies. */
void            flow_wrap_hstack_notify_child_options  (FlowWrapHStack *self,
                                                        GtkWidget      *child,
                                                        gboolean        grow,
                                                        gboolean        break_before);

#pragma GCC visibility pop

G_END_DECLS
