#include "wrap_hstack_scroll_frame.h"

struct _WrapHStackScrollFrame {
    GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE(WrapHStackScrollFrame, wrap_hstack_scroll_frame, GTK_TYPE_WIDGET)

static GtkWidget *
scrolled_child(GtkWidget *widget)
{
    GtkWidget *child = gtk_widget_get_first_child(widget);
    return (child != NULL && GTK_IS_SCROLLED_WINDOW(child)) ? child : NULL;
}

/* The room the frame adds for a classic scrollbar now (0 when overlaid or never shown). */
static int
scrollbar_allowance(WrapHStackScrollFrame *self)
{
    GtkWidget *child = scrolled_child(GTK_WIDGET(self));
    GtkPolicyType hpolicy, vpolicy;
    gboolean setting = TRUE;
    int minimum = 0;

    if (child == NULL || !gtk_widget_get_visible(child))
        return 0;
    gtk_scrolled_window_get_policy(GTK_SCROLLED_WINDOW(child), &hpolicy, &vpolicy);
    // ALWAYS: GtkScrolledWindow counts the scrollbar itself. NEVER/EXTERNAL: there is none.
    if (vpolicy != GTK_POLICY_AUTOMATIC)
        return 0;
    g_object_get(gtk_widget_get_settings(child), "gtk-overlay-scrolling", &setting, NULL);
    if (setting && gtk_scrolled_window_get_overlay_scrolling(GTK_SCROLLED_WINDOW(child)))
        return 0;
    gtk_widget_measure(gtk_scrolled_window_get_vscrollbar(GTK_SCROLLED_WINDOW(child)),
                       GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    return minimum;
}

static void
wrap_hstack_scroll_frame_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                 int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
    GtkWidget *child = gtk_widget_get_first_child(widget);
    int child_min = 0, child_nat = 0;
    if (child == NULL || !gtk_widget_should_layout(child))
        return;
    gtk_widget_measure(child, orientation, for_size, &child_min, &child_nat, NULL, NULL);
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        int allowance = scrollbar_allowance(WRAP_HSTACK_SCROLL_FRAME(widget));
        child_min += allowance;
        child_nat += allowance;
    }
    *minimum = child_min;
    *natural = child_nat;
}

static void
wrap_hstack_scroll_frame_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    GtkWidget *child = gtk_widget_get_first_child(widget);
    if (child != NULL && gtk_widget_should_layout(child))
        gtk_widget_allocate(child, width, height, -1, NULL);
}

static GtkSizeRequestMode
wrap_hstack_scroll_frame_get_request_mode(GtkWidget *widget)
{
    GtkWidget *child = gtk_widget_get_first_child(widget);
    return child != NULL ? gtk_widget_get_request_mode(child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
on_scrollbar_setting_changed(GObject *object, GParamSpec *pspec, gpointer frame)
{
    // The allowance depends on these; the frame's cached size must go.
    gtk_widget_queue_resize(GTK_WIDGET(frame));
}

static void
wrap_hstack_scroll_frame_dispose(GObject *object)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
    G_OBJECT_CLASS(wrap_hstack_scroll_frame_parent_class)->dispose(object);
}

static void
wrap_hstack_scroll_frame_class_init(WrapHStackScrollFrameClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = wrap_hstack_scroll_frame_dispose;
    widget_class->measure = wrap_hstack_scroll_frame_measure;
    widget_class->size_allocate = wrap_hstack_scroll_frame_size_allocate;
    widget_class->get_request_mode = wrap_hstack_scroll_frame_get_request_mode;
    gtk_widget_class_set_css_name(widget_class, "wraphstackscrollframe");
}

static void
wrap_hstack_scroll_frame_init(WrapHStackScrollFrame *self)
{
}

GtkWidget *
wrap_hstack_scroll_frame_new(GtkWidget *scrolled_window)
{
    g_return_val_if_fail(GTK_IS_SCROLLED_WINDOW(scrolled_window), NULL);
    GtkWidget *frame = g_object_new(WRAP_HSTACK_TYPE_SCROLL_FRAME, NULL);
    gtk_widget_set_parent(scrolled_window, frame);
    g_signal_connect_object(scrolled_window, "notify::overlay-scrolling",
                            G_CALLBACK(on_scrollbar_setting_changed), frame, 0);
    g_signal_connect_object(scrolled_window, "notify::vscrollbar-policy",
                            G_CALLBACK(on_scrollbar_setting_changed), frame, 0);
    g_signal_connect_object(gtk_widget_get_settings(scrolled_window), "notify::gtk-overlay-scrolling",
                            G_CALLBACK(on_scrollbar_setting_changed), frame, 0);
    return frame;
}
