#include "wrap_hstack_host.h"

struct _WrapHStackHost {
    GtkWidget parent_instance;
    WrapHStackHostCallbacks callbacks;
    gboolean has_callbacks;
    gpointer user_data;
    /* The frame clock's "layout" after-handler, while realized (see relayout_after_allocation). */
    GdkFrameClock *frame_clock;
    gulong layout_handler;
    gboolean relayout_pending;
    gboolean reallocate_ancestors_pending;
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
    /* No controller (it is gone): the container is empty as far as layout goes. */
    *minimum = 0;
    *natural = 0;
}

static void
wrap_hstack_host_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    WrapHStackHost *self = WRAP_HSTACK_HOST(widget);
    if (self->has_callbacks && self->callbacks.size_allocate) {
        self->callbacks.size_allocate(self->user_data, width, height, baseline);
        return;
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
after_layout(GdkFrameClock *clock, gpointer data)
{
    WrapHStackHost *self = WRAP_HSTACK_HOST(data);
    (void)clock;
    if (self->reallocate_ancestors_pending) {
        self->reallocate_ancestors_pending = FALSE;
        for (GtkWidget *ancestor = gtk_widget_get_parent(GTK_WIDGET(self)); ancestor != NULL;
             ancestor = gtk_widget_get_parent(ancestor))
            gtk_widget_queue_allocate(ancestor);
    }
    if (!self->relayout_pending)
        return;
    self->relayout_pending = FALSE;
    gtk_widget_queue_resize(GTK_WIDGET(self));
}

static void
wrap_hstack_host_realize(GtkWidget *widget)
{
    WrapHStackHost *self = WRAP_HSTACK_HOST(widget);
    GTK_WIDGET_CLASS(wrap_hstack_host_parent_class)->realize(widget);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
    if (clock != NULL) {
        self->frame_clock = g_object_ref(clock);
        self->layout_handler = g_signal_connect_after(clock, "layout", G_CALLBACK(after_layout), self);
    }
}

static void
disconnect_frame_clock(WrapHStackHost *self)
{
    if (self->frame_clock != NULL) {
        g_signal_handler_disconnect(self->frame_clock, self->layout_handler);
        self->layout_handler = 0;
        g_clear_object(&self->frame_clock);
    }
    self->relayout_pending = FALSE;
    self->reallocate_ancestors_pending = FALSE;
}

static void
wrap_hstack_host_unrealize(GtkWidget *widget)
{
    disconnect_frame_clock(WRAP_HSTACK_HOST(widget));
    GTK_WIDGET_CLASS(wrap_hstack_host_parent_class)->unrealize(widget);
}

void
wrap_hstack_host_relayout_after_allocation(WrapHStackHost *self)
{
    g_return_if_fail(WRAP_HSTACK_IS_HOST(self));
    if (self->frame_clock == NULL)
        return;
    self->relayout_pending = TRUE;
    gdk_frame_clock_request_phase(self->frame_clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
}

void
wrap_hstack_host_reallocate_ancestors_after_layout(WrapHStackHost *self)
{
    g_return_if_fail(WRAP_HSTACK_IS_HOST(self));
    if (self->frame_clock == NULL)
        return;
    self->reallocate_ancestors_pending = TRUE;
    gdk_frame_clock_request_phase(self->frame_clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
}

static void
wrap_hstack_host_dispose(GObject *object)
{
    WrapHStackHost *self = WRAP_HSTACK_HOST(object);
    GtkWidget *child;
    self->has_callbacks = FALSE;
    self->user_data = NULL;
    disconnect_frame_clock(self);
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
    widget_class->realize = wrap_hstack_host_realize;
    widget_class->unrealize = wrap_hstack_host_unrealize;
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
