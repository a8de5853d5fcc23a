/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowWrapListView: a virtualized wrapping list over a GListModel (public, introspected API). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FLOW_TYPE_WRAP_LIST_VIEW (flow_wrap_list_view_get_type ())
G_DECLARE_FINAL_TYPE (FlowWrapListView, flow_wrap_list_view, FLOW, WRAP_LIST_VIEW, GtkWidget)

/**
 * FlowWrapListViewSizeFunc:
 * @self: the list
 * @position: an item's position in the model
 * @item: (type GObject) (nullable): the model's item at @position
 * @width: (out): the item's width, in pixels
 * @height: (out): the item's height, in pixels
 * @user_data: the data given to flow_wrap_list_view_set_size_func()
 *
 * Gives the size of the item at @position, as its widget would measure once bound to it (its
 * natural width, and its height at that width), without a widget.
 */
typedef void (*FlowWrapListViewSizeFunc) (FlowWrapListView *self,
                                          guint             position,
                                          GObject          *item,
                                          int              *width,
                                          int              *height,
                                          gpointer          user_data);

GtkWidget  *flow_wrap_list_view_new       (GListModel       *model);

GListModel *flow_wrap_list_view_get_model (FlowWrapListView *self);
void        flow_wrap_list_view_set_model (FlowWrapListView *self,
                                           GListModel       *model);

guint       flow_wrap_list_view_get_n_realized (FlowWrapListView *self);
guint       flow_wrap_list_view_get_position   (FlowWrapListView *self,
                                                GtkWidget        *widget);

void        flow_wrap_list_view_scroll_to (FlowWrapListView *self,
                                           guint             position);

void        flow_wrap_list_view_set_size_func (FlowWrapListView         *self,
                                               FlowWrapListViewSizeFunc  func,
                                               gpointer                  user_data,
                                               GDestroyNotify            destroy);

gboolean    flow_wrap_list_view_get_reorderable (FlowWrapListView *self);
void        flow_wrap_list_view_set_reorderable (FlowWrapListView *self,
                                                 gboolean          reorderable);
gboolean    flow_wrap_list_view_move_item       (FlowWrapListView *self,
                                                 guint             old_position,
                                                 guint             new_position);

/* Activation and the item factory (flow-wrap-list-view-selection.c), as GtkGridView has them;
 * the selection is the model's, when it is a GtkSelectionModel. */
gboolean    flow_wrap_list_view_get_single_click_activate (FlowWrapListView *self);
void        flow_wrap_list_view_set_single_click_activate (FlowWrapListView *self,
                                                           gboolean          single_click_activate);
GtkListItemFactory *flow_wrap_list_view_get_factory (FlowWrapListView   *self);
void        flow_wrap_list_view_set_factory     (FlowWrapListView   *self,
                                                 GtkListItemFactory *factory);

G_END_DECLS
