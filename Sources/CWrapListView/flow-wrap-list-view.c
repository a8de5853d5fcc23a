#include "flow-wrap-list-view.h"
#include <string.h>

struct _FlowWrapListView {
    GtkWidget parent_instance;
    GtkAdjustment *adjustments[2];   /* indexed by GtkOrientation */
    GtkScrollablePolicy policies[2];
    /* Set while the view configures an adjustment itself, so that it is not reported as a scroll. */
    gboolean configuring;
    FlowWrapListViewCallbacks callbacks;
    gpointer controller;
    GDestroyNotify controller_destroy;
};

enum {
    PROP_0,
    PROP_HADJUSTMENT,
    PROP_VADJUSTMENT,
    PROP_HSCROLL_POLICY,
    PROP_VSCROLL_POLICY,
};

G_DEFINE_FINAL_TYPE_WITH_CODE(FlowWrapListView, flow_wrap_list_view, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

static GtkSizeRequestMode
flow_wrap_list_view_get_request_mode(GtkWidget *widget)
{
    FlowWrapListView *self = FLOW_WRAP_LIST_VIEW(widget);
    if (self->controller != NULL && self->callbacks.request_mode != NULL)
        return self->callbacks.request_mode(self->controller);
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
flow_wrap_list_view_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                            int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
    FlowWrapListView *self = FLOW_WRAP_LIST_VIEW(widget);
    (void)minimum_baseline;
    (void)natural_baseline;
    *minimum = 0;
    *natural = 0;
    if (self->controller != NULL && self->callbacks.measure != NULL)
        self->callbacks.measure(self->controller, orientation, for_size, minimum, natural);
}

static void
flow_wrap_list_view_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    FlowWrapListView *self = FLOW_WRAP_LIST_VIEW(widget);
    (void)baseline;
    if (self->controller != NULL && self->callbacks.size_allocate != NULL)
        self->callbacks.size_allocate(self->controller, width, height);
}

static void
value_changed(GtkAdjustment *adjustment, gpointer data)
{
    FlowWrapListView *self = FLOW_WRAP_LIST_VIEW(data);
    if (self->configuring)
        return;
    GtkOrientation orientation = adjustment == self->adjustments[GTK_ORIENTATION_VERTICAL]
        ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;
    if (self->controller != NULL && self->callbacks.scrolled != NULL)
        self->callbacks.scrolled(self->controller, orientation);
    gtk_widget_queue_allocate(GTK_WIDGET(self));
}

static void
set_adjustment(FlowWrapListView *self, GtkOrientation orientation, GtkAdjustment *adjustment)
{
    GtkAdjustment **slot = &self->adjustments[orientation];
    if (adjustment != NULL && adjustment == *slot)
        return;
    if (*slot != NULL) {
        g_signal_handlers_disconnect_by_func(*slot, value_changed, self);
        g_clear_object(slot);
    }
    /* GtkScrollable: a NULL adjustment means the view makes its own. */
    if (adjustment == NULL)
        adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
    *slot = g_object_ref_sink(adjustment);
    g_signal_connect(adjustment, "value-changed", G_CALLBACK(value_changed), self);
    g_object_notify(G_OBJECT(self), orientation == GTK_ORIENTATION_HORIZONTAL ? "hadjustment" : "vadjustment");
    gtk_widget_queue_allocate(GTK_WIDGET(self));
}

static void
flow_wrap_list_view_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
    FlowWrapListView *self = FLOW_WRAP_LIST_VIEW(object);
    switch (id) {
    case PROP_HADJUSTMENT:
        set_adjustment(self, GTK_ORIENTATION_HORIZONTAL, g_value_get_object(value));
        break;
    case PROP_VADJUSTMENT:
        set_adjustment(self, GTK_ORIENTATION_VERTICAL, g_value_get_object(value));
        break;
    case PROP_HSCROLL_POLICY:
    case PROP_VSCROLL_POLICY: {
        GtkOrientation orientation = id == PROP_HSCROLL_POLICY ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL;
        GtkScrollablePolicy policy = g_value_get_enum(value);
        if (self->policies[orientation] != policy) {
            self->policies[orientation] = policy;
            g_object_notify_by_pspec(object, pspec);
            gtk_widget_queue_resize(GTK_WIDGET(self));
        }
        break;
    }
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void
flow_wrap_list_view_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    FlowWrapListView *self = FLOW_WRAP_LIST_VIEW(object);
    switch (id) {
    case PROP_HADJUSTMENT:
        g_value_set_object(value, self->adjustments[GTK_ORIENTATION_HORIZONTAL]);
        break;
    case PROP_VADJUSTMENT:
        g_value_set_object(value, self->adjustments[GTK_ORIENTATION_VERTICAL]);
        break;
    case PROP_HSCROLL_POLICY:
        g_value_set_enum(value, self->policies[GTK_ORIENTATION_HORIZONTAL]);
        break;
    case PROP_VSCROLL_POLICY:
        g_value_set_enum(value, self->policies[GTK_ORIENTATION_VERTICAL]);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void
release_controller(FlowWrapListView *self)
{
    gpointer controller = self->controller;
    GDestroyNotify destroy = self->controller_destroy;
    if (controller == NULL)
        return;
    if (self->callbacks.dispose != NULL)
        self->callbacks.dispose(controller);
    self->controller = NULL;
    self->controller_destroy = NULL;
    memset(&self->callbacks, 0, sizeof self->callbacks);
    if (destroy != NULL)
        destroy(controller);
}

static void
flow_wrap_list_view_dispose(GObject *object)
{
    FlowWrapListView *self = FLOW_WRAP_LIST_VIEW(object);
    GtkWidget *child;
    release_controller(self);
    for (int orientation = 0; orientation < 2; orientation++) {
        if (self->adjustments[orientation] != NULL) {
            g_signal_handlers_disconnect_by_func(self->adjustments[orientation], value_changed, self);
            g_clear_object(&self->adjustments[orientation]);
        }
    }
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
    G_OBJECT_CLASS(flow_wrap_list_view_parent_class)->dispose(object);
}

static void
flow_wrap_list_view_class_init(FlowWrapListViewClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = flow_wrap_list_view_dispose;
    object_class->set_property = flow_wrap_list_view_set_property;
    object_class->get_property = flow_wrap_list_view_get_property;
    widget_class->get_request_mode = flow_wrap_list_view_get_request_mode;
    widget_class->measure = flow_wrap_list_view_measure;
    widget_class->size_allocate = flow_wrap_list_view_size_allocate;

    g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
    g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
    g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
    g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

    gtk_widget_class_set_css_name(widget_class, "wraplistview");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_LIST);
}

static void
flow_wrap_list_view_init(FlowWrapListView *self)
{
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
    gtk_widget_set_focusable(GTK_WIDGET(self), FALSE);
}

GtkWidget *
flow_wrap_list_view_new(void)
{
    return g_object_new(FLOW_TYPE_WRAP_LIST_VIEW, NULL);
}

void
flow_wrap_list_view_set_controller(FlowWrapListView *self, const FlowWrapListViewCallbacks *callbacks,
                                   gpointer controller, GDestroyNotify destroy)
{
    g_return_if_fail(FLOW_IS_WRAP_LIST_VIEW(self));
    g_return_if_fail(controller == NULL || callbacks != NULL);
    release_controller(self);
    if (controller != NULL) {
        self->callbacks = *callbacks;
        self->controller = controller;
        self->controller_destroy = destroy;
    }
    gtk_widget_queue_resize(GTK_WIDGET(self));
}

gpointer
flow_wrap_list_view_get_controller(FlowWrapListView *self)
{
    g_return_val_if_fail(FLOW_IS_WRAP_LIST_VIEW(self), NULL);
    return self->controller;
}

GtkAdjustment *
flow_wrap_list_view_get_adjustment(FlowWrapListView *self, GtkOrientation orientation)
{
    g_return_val_if_fail(FLOW_IS_WRAP_LIST_VIEW(self), NULL);
    g_return_val_if_fail(orientation <= GTK_ORIENTATION_VERTICAL, NULL);
    return self->adjustments[orientation];
}

void
flow_wrap_list_view_configure(FlowWrapListView *self, GtkOrientation orientation,
                              double value, double upper, double page_size)
{
    g_return_if_fail(FLOW_IS_WRAP_LIST_VIEW(self));
    g_return_if_fail(orientation <= GTK_ORIENTATION_VERTICAL);
    GtkAdjustment *adjustment = self->adjustments[orientation];
    if (adjustment == NULL)
        return;
    self->configuring = TRUE;
    gtk_adjustment_configure(adjustment, value, 0, upper, page_size * 0.1, page_size * 0.9, page_size);
    self->configuring = FALSE;
}
