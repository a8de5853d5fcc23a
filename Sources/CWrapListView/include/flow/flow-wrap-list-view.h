/* FlowWrapListView: a virtualized wrapping list over a GListModel (public, introspected API). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FLOW_TYPE_WRAP_LIST_VIEW (flow_wrap_list_view_get_type ())
G_DECLARE_FINAL_TYPE (FlowWrapListView, flow_wrap_list_view, FLOW, WRAP_LIST_VIEW, GtkWidget)

GtkWidget  *flow_wrap_list_view_new       (GListModel       *model);

GListModel *flow_wrap_list_view_get_model (FlowWrapListView *self);
void        flow_wrap_list_view_set_model (FlowWrapListView *self,
                                           GListModel       *model);

guint       flow_wrap_list_view_get_n_realized (FlowWrapListView *self);
guint       flow_wrap_list_view_get_position   (FlowWrapListView *self,
                                                GtkWidget        *widget);

void        flow_wrap_list_view_scroll_to (FlowWrapListView *self,
                                           guint             position);

G_END_DECLS
