/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowWrapLayoutChild: a FlowWrapLayout's options for one child (grow, break-before). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FLOW_TYPE_WRAP_LAYOUT_CHILD (flow_wrap_layout_child_get_type ())
G_DECLARE_FINAL_TYPE (FlowWrapLayoutChild, flow_wrap_layout_child, FLOW, WRAP_LAYOUT_CHILD, GtkLayoutChild)

double   flow_wrap_layout_child_get_grow         (FlowWrapLayoutChild *self);
void     flow_wrap_layout_child_set_grow         (FlowWrapLayoutChild *self,
                                                  double               grow);

gboolean flow_wrap_layout_child_get_break_before (FlowWrapLayoutChild *self);
void     flow_wrap_layout_child_set_break_before (FlowWrapLayoutChild *self,
                                                  gboolean             break_before);

G_END_DECLS
