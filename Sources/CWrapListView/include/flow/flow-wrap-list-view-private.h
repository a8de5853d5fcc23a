/* FlowWrapListView's plumbing between the C class and its Swift controller (FlowBridge's
 * WrapListController), as flow-classes-private.h is for the other classes: not introspected
 * (flow.h does not include it), public only so that Swift can import it.
 *
 * The instance init makes the controller by calling flow_wrap_list_view_controller_new, defined
 * in Swift with @_cdecl (FlowBridge/WrapListController+EntryPoints.swift); finalize frees it.
 * The linker joins the two wherever both are linked (a Swift program, libflow-1.so), which is why
 * only FlowBridge (and CFlowClasses, for flow.h) depends on this target. */
#pragma once

#include <flow/flow-wrap-list-view.h>
#include <flow/flow-layout-properties.h>

G_BEGIN_DECLS

/* MARK: The controller (FlowBridge/WrapListController+EntryPoints.swift) */

gpointer    flow_wrap_list_view_controller_new     (FlowWrapListView *self);
/* The view is being disposed: the item widgets are unbound and torn down, the model let go. */
void        flow_wrap_list_view_controller_dispose (gpointer controller);
void        flow_wrap_list_view_controller_free    (gpointer controller);
void        flow_wrap_list_view_controller_measure (gpointer controller, GtkOrientation orientation,
                                                    int for_size, int *minimum, int *natural);
void        flow_wrap_list_view_controller_allocate (gpointer controller, int width, int height);
/* An adjustment's value was changed by someone else than the view (the scrollbar, the wheel,
 * the app). */
void        flow_wrap_list_view_controller_scrolled (gpointer controller);
/* A layout property, the orientation, or the dpi a unit follows changed. */
void        flow_wrap_list_view_controller_options_changed (gpointer controller);
GListModel *flow_wrap_list_view_controller_get_model (gpointer controller);
/* Shows @model (checked by the caller to be a GListModel or NULL); notifies "model" if it changed. */
void        flow_wrap_list_view_controller_set_model (gpointer controller, GListModel *model);
guint       flow_wrap_list_view_controller_get_n_realized (gpointer controller);
/* The position of the item @widget shows, or GTK_INVALID_LIST_POSITION. */
guint       flow_wrap_list_view_controller_get_position (gpointer controller, GtkWidget *widget);
void        flow_wrap_list_view_controller_scroll_to (gpointer controller, guint position);
/* The size func was set (or unset): every item's size is asked again (or measured). */
void        flow_wrap_list_view_controller_size_func_changed (gpointer controller, gboolean has_func);

/* MARK: The view, for its controller */

gpointer    flow_wrap_list_view_get_controller (FlowWrapListView *self);
void        flow_wrap_list_view_notify_model   (FlowWrapListView *self);
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

/* Tells assistive technologies an item's place in the list: item @position (from 1) of @count
 * (gtk_accessible_update_relation is variadic and does not import). */
static inline void flow_wrap_list_view_set_item_position (GtkWidget *item, int position, int count) {
    gtk_accessible_update_relation (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_RELATION_POS_IN_SET, position,
                                    GTK_ACCESSIBLE_RELATION_SET_SIZE, count, -1);
}

/* Whether an item reports that place (for tests: gtk_test_accessible_check_relation is variadic). */
static inline gboolean flow_wrap_list_view_item_position_is (GtkWidget *item, int position, int count) {
    char *a = gtk_test_accessible_check_relation (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_RELATION_POS_IN_SET, position);
    char *b = gtk_test_accessible_check_relation (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_RELATION_SET_SIZE, count);
    gboolean matches = a == NULL && b == NULL;
    g_free (a);
    g_free (b);
    return matches;
}

/* The casts for Swift (the G_DECLARE macros' casts do not import). */
static inline FlowWrapListView *flow_wrap_list_view_cast (gpointer widget) { return FLOW_WRAP_LIST_VIEW (widget); }
static inline gboolean flow_is_wrap_list_view (gpointer object) { return object != NULL && FLOW_IS_WRAP_LIST_VIEW (object); }

G_END_DECLS
