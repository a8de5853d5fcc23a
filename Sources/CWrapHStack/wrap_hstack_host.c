#include "wrap_hstack_host.h"

struct _WrapHStackHost {
    GtkWidget parent_instance;
    WrapHStackHostCallbacks callbacks;
    gboolean has_callbacks;
    gpointer user_data;
};

G_DEFINE_FINAL_TYPE(WrapHStackHost, wrap_hstack_host, GTK_TYPE_WIDGET)

static GtkSizeRequestMode
wrap_hstack_host_get_request_mode(GtkWidget *widget)
{
    WrapHStackHost *self = WRAP_HSTACK_HOST(widget);
    if (self->has_callbacks && self->callbacks.request_mode)
        return self->callbacks.request_mode(self->user_data);
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
wrap_hstack_host_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
    WrapHStackHost *self = WRAP_HSTACK_HOST(widget);
    if (self->has_callbacks && self->callbacks.measure) {
        self->callbacks.measure(self->user_data, orientation, for_size,
                                minimum, natural, minimum_baseline, natural_baseline);
        return;
    }
    GtkWidget *child = gtk_widget_get_first_child(widget);
    if (child != NULL && gtk_widget_should_layout(child))
        gtk_widget_measure(child, orientation, for_size, minimum, natural, NULL, NULL);
}

static void
wrap_hstack_host_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    WrapHStackHost *self = WRAP_HSTACK_HOST(widget);
    if (self->has_callbacks && self->callbacks.size_allocate) {
        self->callbacks.size_allocate(self->user_data, width, height, baseline);
        return;
    }
    GtkWidget *child = gtk_widget_get_first_child(widget);
    if (child != NULL && gtk_widget_should_layout(child)) {
        int min_width = 0, min_height = 0;
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, MAX(width, min_width), &min_height, NULL, NULL, NULL);
        gtk_widget_allocate(child, MAX(width, min_width), MAX(height, min_height), -1, NULL);
    }
}

static gboolean
wrap_hstack_host_focus(GtkWidget *widget, GtkDirectionType direction)
{
    WrapHStackHost *self = WRAP_HSTACK_HOST(widget);
    if (self->has_callbacks && self->callbacks.focus) {
        gboolean handled = FALSE;
        gboolean result = self->callbacks.focus(self->user_data, direction, &handled);
        if (handled)
            return result;
    }
    return GTK_WIDGET_CLASS(wrap_hstack_host_parent_class)->focus(widget, direction);
}

static void
wrap_hstack_host_dispose(GObject *object)
{
    WrapHStackHost *self = WRAP_HSTACK_HOST(object);
    GtkWidget *child;
    self->has_callbacks = FALSE;
    self->user_data = NULL;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
    G_OBJECT_CLASS(wrap_hstack_host_parent_class)->dispose(object);
}

static void
wrap_hstack_host_class_init(WrapHStackHostClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = wrap_hstack_host_dispose;
    widget_class->get_request_mode = wrap_hstack_host_get_request_mode;
    widget_class->measure = wrap_hstack_host_measure;
    widget_class->size_allocate = wrap_hstack_host_size_allocate;
    widget_class->focus = wrap_hstack_host_focus;
    gtk_widget_class_set_css_name(widget_class, "wraphstack");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
wrap_hstack_host_init(WrapHStackHost *self)
{
    self->has_callbacks = FALSE;
    self->user_data = NULL;
}

GtkWidget *
wrap_hstack_host_new(void)
{
    return g_object_new(WRAP_HSTACK_TYPE_HOST, NULL);
}

void
wrap_hstack_host_set_callbacks(WrapHStackHost *self, const WrapHStackHostCallbacks *callbacks,
                               gpointer user_data)
{
    g_return_if_fail(WRAP_HSTACK_IS_HOST(self));
    if (callbacks != NULL) {
        self->callbacks = *callbacks;
        self->has_callbacks = TRUE;
        self->user_data = user_data;
    } else {
        self->has_callbacks = FALSE;
        self->user_data = NULL;
    }
    gtk_widget_queue_resize(GTK_WIDGET(self));
}
