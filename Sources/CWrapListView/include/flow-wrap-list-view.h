// FlowWrapListView: the GtkWidget subclass behind WrapListView, the virtualized wrapping list.
//
// A GObject class must be written in C; this one is deliberately thin. It implements GtkScrollable
// (so it goes straight into a GtkScrolledWindow, which hands it its adjustments), keeps those
// adjustments, and forwards measure, size_allocate and dispose to a controller set from Swift,
// which it owns: the instance holds the controller's reference and drops it on dispose, after
// the controller has let go of its item widgets. Its CSS node is "wraplistview", its accessible
// role a list, and it clips its children (realized items just outside the viewport are allocated
// there).
#ifndef FLOW_WRAP_LIST_VIEW_H
#define FLOW_WRAP_LIST_VIEW_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FLOW_TYPE_WRAP_LIST_VIEW (flow_wrap_list_view_get_type())
G_DECLARE_FINAL_TYPE(FlowWrapListView, flow_wrap_list_view, FLOW, WRAP_LIST_VIEW, GtkWidget)

/// What the view asks of its controller. Without one (before it is set, or once the view is
/// disposed) the view measures 0 by 0 and allocates nothing.
typedef struct {
    GtkSizeRequestMode (*request_mode)(gpointer controller);
    void (*measure)(gpointer controller, GtkOrientation orientation, int for_size,
                    int *minimum, int *natural);
    void (*size_allocate)(gpointer controller, int width, int height);
    /// The view is being disposed: the controller gives back its item widgets now.
    void (*dispose)(gpointer controller);
    /// An adjustment's value was changed by someone else than the view (the scrollbar, the
    /// wheel, the app).
    void (*scrolled)(gpointer controller, GtkOrientation orientation);
} FlowWrapListViewCallbacks;

GtkWidget *flow_wrap_list_view_new(void);

/// Gives the view its controller and the controller's callbacks. The view owns `controller`: it
/// calls `destroy` on it once, on dispose (after `callbacks->dispose`), or when another
/// controller is set.
void flow_wrap_list_view_set_controller(FlowWrapListView *self, const FlowWrapListViewCallbacks *callbacks,
                                        gpointer controller, GDestroyNotify destroy);

/// The controller set with flow_wrap_list_view_set_controller, or NULL.
gpointer flow_wrap_list_view_get_controller(FlowWrapListView *self);

/// The adjustment of `orientation` the view scrolls with (the scrolled window's), or NULL.
GtkAdjustment *flow_wrap_list_view_get_adjustment(FlowWrapListView *self, GtkOrientation orientation);

/// Sets an adjustment's value, bounds and page at once, without reporting it back as a scroll.
void flow_wrap_list_view_configure(FlowWrapListView *self, GtkOrientation orientation,
                                   double value, double upper, double page_size);

/// Tells assistive technologies an item's place in the list: item `position` (from 1) of `count`
/// (gtk_accessible_update_relation is variadic and does not import).
static inline void flow_wrap_list_view_set_item_position(GtkWidget *item, int position, int count) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(item), GTK_ACCESSIBLE_RELATION_POS_IN_SET, position,
                                   GTK_ACCESSIBLE_RELATION_SET_SIZE, count, -1);
}

/// Whether an item reports that place (for tests: gtk_test_accessible_check_relation is variadic).
static inline gboolean flow_wrap_list_view_item_position_is(GtkWidget *item, int position, int count) {
    char *a = gtk_test_accessible_check_relation(GTK_ACCESSIBLE(item), GTK_ACCESSIBLE_RELATION_POS_IN_SET, position);
    char *b = gtk_test_accessible_check_relation(GTK_ACCESSIBLE(item), GTK_ACCESSIBLE_RELATION_SET_SIZE, count);
    gboolean matches = a == NULL && b == NULL;
    g_free(a);
    g_free(b);
    return matches;
}

/// The cast for Swift (the G_DECLARE macros' casts do not import).
static inline FlowWrapListView *flow_wrap_list_view_cast(GtkWidget *widget) { return FLOW_WRAP_LIST_VIEW(widget); }
static inline gboolean flow_is_wrap_list_view(gpointer object) { return object != NULL && FLOW_IS_WRAP_LIST_VIEW(object); }

G_END_DECLS

#endif
