#include "wrap_hstack_resize_watch.h"

struct _WrapHStackResizeWatch {
    GtkWidget parent_instance;
    gboolean resized;
};

G_DEFINE_FINAL_TYPE(WrapHStackResizeWatch, wrap_hstack_resize_watch, GTK_TYPE_WIDGET)

/* Runs only when the watch's size cache was cleared: a resize was queued on it, which (never being
 * shown or changed itself) it only gets through its size group. */
static void
wrap_hstack_resize_watch_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                 int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
    (void)orientation;
    (void)for_size;
    (void)minimum_baseline;
    (void)natural_baseline;
    WRAP_HSTACK_RESIZE_WATCH(widget)->resized = TRUE;
    *minimum = 0;
    *natural = 0;
}

static GtkSizeRequestMode
wrap_hstack_resize_watch_get_request_mode(GtkWidget *widget)
{
    (void)widget;
    return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
wrap_hstack_resize_watch_class_init(WrapHStackResizeWatchClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->measure = wrap_hstack_resize_watch_measure;
    widget_class->get_request_mode = wrap_hstack_resize_watch_get_request_mode;
    gtk_widget_class_set_css_name(widget_class, "wraphstackresizewatch");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
wrap_hstack_resize_watch_init(WrapHStackResizeWatch *self)
{
    GtkWidget *widget = GTK_WIDGET(self);
    /* It takes part in size negotiation only through its group: never drawn, targeted or read out. */
    gtk_widget_set_child_visible(widget, FALSE);
    gtk_widget_set_can_target(widget, FALSE);
    gtk_widget_set_can_focus(widget, FALSE);
    self->resized = FALSE;
}

GtkWidget *
wrap_hstack_resize_watch_new(GtkWidget *watched)
{
    g_return_val_if_fail(GTK_IS_WIDGET(watched), NULL);
    GtkWidget *watch = g_object_new(WRAP_HSTACK_TYPE_RESIZE_WATCH, NULL);
    /* The group is kept alive by its members (each holds a reference) and goes with the last. */
    GtkSizeGroup *group = gtk_size_group_new(GTK_SIZE_GROUP_NONE);
    gtk_size_group_add_widget(group, watched);
    gtk_size_group_add_widget(group, watch);
    g_object_unref(group);
    /* Measured once now, so that only what is queued from here on counts. */
    wrap_hstack_resize_watch_take(watch);
    return watch;
}

gboolean
wrap_hstack_resize_watch_take(GtkWidget *watch)
{
    g_return_val_if_fail(WRAP_HSTACK_IS_RESIZE_WATCH(watch), FALSE);
    WrapHStackResizeWatch *self = WRAP_HSTACK_RESIZE_WATCH(watch);
    int minimum = 0;
    self->resized = FALSE;
    gtk_widget_measure(watch, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    gboolean resized = self->resized;
    self->resized = FALSE;
    return resized;
}
