/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowListItem: what a GtkBuilderListItemFactory's template is built against in a
 * FlowWrapListView (public, introspected API). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FLOW_TYPE_LIST_ITEM (flow_list_item_get_type ())
G_DECLARE_FINAL_TYPE (FlowListItem, flow_list_item, FLOW, LIST_ITEM, GObject)

gpointer    flow_list_item_get_item     (FlowListItem *self);
guint       flow_list_item_get_position (FlowListItem *self);
gboolean    flow_list_item_get_selected (FlowListItem *self);
GtkWidget  *flow_list_item_get_child    (FlowListItem *self);
void        flow_list_item_set_child    (FlowListItem *self,
                                         GtkWidget    *child);

G_END_DECLS
