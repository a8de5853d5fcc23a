/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowWrapHStack: a container whose children wrap into lines, laid out by FlowWrapLayout. */
#pragma once

#include <gtk/gtk.h>

#include <flow/flow-enums.h>
#include <flow/flow-wrap-layout.h>
#include <flow/flow-wrap-layout-child.h>

G_BEGIN_DECLS

#define FLOW_TYPE_WRAP_HSTACK (flow_wrap_hstack_get_type ())
G_DECLARE_FINAL_TYPE (FlowWrapHStack, flow_wrap_hstack, FLOW, WRAP_HSTACK, GtkWidget)

GtkWidget     *flow_wrap_hstack_new                    (void);

void           flow_wrap_hstack_append                 (FlowWrapHStack *self,
                                                        GtkWidget      *child);
void           flow_wrap_hstack_prepend                (FlowWrapHStack *self,
                                                        GtkWidget      *child);
void           flow_wrap_hstack_insert_child_after     (FlowWrapHStack *self,
                                                        GtkWidget      *child,
                                                        GtkWidget      *sibling);
void           flow_wrap_hstack_reorder_child_after    (FlowWrapHStack *self,
                                                        GtkWidget      *child,
                                                        GtkWidget      *sibling);
void           flow_wrap_hstack_remove                 (FlowWrapHStack *self,
                                                        GtkWidget      *child);
void           flow_wrap_hstack_remove_all             (FlowWrapHStack *self);

guint          flow_wrap_hstack_get_n_children         (FlowWrapHStack *self);
GtkWidget     *flow_wrap_hstack_get_child_at_index     (FlowWrapHStack *self,
                                                        guint           index);

double         flow_wrap_hstack_get_child_grow         (FlowWrapHStack *self,
                                                        GtkWidget      *child);
void           flow_wrap_hstack_set_child_grow         (FlowWrapHStack *self,
                                                        GtkWidget      *child,
                                                        double          grow);
gboolean       flow_wrap_hstack_get_child_break_before (FlowWrapHStack *self,
                                                        GtkWidget      *child);
void           flow_wrap_hstack_set_child_break_before (FlowWrapHStack *self,
                                                        GtkWidget      *child,
                                                        gboolean        break_before);

FlowPlacement  flow_wrap_hstack_get_placement          (FlowWrapHStack *self);
void           flow_wrap_hstack_set_placement          (FlowWrapHStack *self,
                                                        FlowPlacement   placement);

GtkWidget     *flow_wrap_hstack_get_fixed              (FlowWrapHStack *self);

int            flow_wrap_hstack_get_content_height     (FlowWrapHStack *self);

gboolean       flow_wrap_hstack_get_reorderable        (FlowWrapHStack *self);
void           flow_wrap_hstack_set_reorderable        (FlowWrapHStack *self,
                                                        gboolean        reorderable);

/* Selection and activation (flow-wrap-hstack-selection.c), as GtkFlowBox has them. */
GtkSelectionMode flow_wrap_hstack_get_selection_mode   (FlowWrapHStack  *self);
void           flow_wrap_hstack_set_selection_mode     (FlowWrapHStack  *self,
                                                        GtkSelectionMode mode);
gboolean       flow_wrap_hstack_get_activate_on_single_click (FlowWrapHStack *self);
void           flow_wrap_hstack_set_activate_on_single_click (FlowWrapHStack *self,
                                                              gboolean        single);
void           flow_wrap_hstack_select_child           (FlowWrapHStack *self,
                                                        GtkWidget      *child);
void           flow_wrap_hstack_unselect_child         (FlowWrapHStack *self,
                                                        GtkWidget      *child);
void           flow_wrap_hstack_select_all             (FlowWrapHStack *self);
void           flow_wrap_hstack_unselect_all           (FlowWrapHStack *self);
gboolean       flow_wrap_hstack_is_child_selected      (FlowWrapHStack *self,
                                                        GtkWidget      *child);
GList         *flow_wrap_hstack_get_selected_children  (FlowWrapHStack *self);

FlowWrapLayout *flow_wrap_hstack_get_layout            (FlowWrapHStack *self);
FlowWrapLayoutChild *flow_wrap_hstack_get_layout_child (FlowWrapHStack *self,
                                                        GtkWidget      *child);

G_END_DECLS
