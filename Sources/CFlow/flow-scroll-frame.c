/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowScrollFrame (flow-private/flow-scroll-frame.h says what it is for). */
#include "flow-private/flow-scroll-frame.h"

struct _FlowScrollFrame
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (FlowScrollFrame, flow_scroll_frame, GTK_TYPE_WIDGET)

static GtkWidget *
scrolled_child (GtkWidget *widget)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  return child != NULL && GTK_IS_SCROLLED_WINDOW (child) ? child : NULL;
}

/* The room the frame adds for a classic scrollbar now (0 when overlaid or never shown). */
static int
scrollbar_allowance (FlowScrollFrame *self)
{
  GtkWidget *child = scrolled_child (GTK_WIDGET (self));
  GtkPolicyType hpolicy, vpolicy;
  gboolean overlay = TRUE;
  int minimum = 0;

  if (child == NULL || !gtk_widget_get_visible (child))
    return 0;
  gtk_scrolled_window_get_policy (GTK_SCROLLED_WINDOW (child), &hpolicy, &vpolicy);
  /* ALWAYS: GtkScrolledWindow counts the scrollbar itself. NEVER, EXTERNAL: there is none. */
  if (vpolicy != GTK_POLICY_AUTOMATIC)
    return 0;
  g_object_get (gtk_widget_get_settings (child), "gtk-overlay-scrolling", &overlay, NULL);
  if (overlay && gtk_scrolled_window_get_overlay_scrolling (GTK_SCROLLED_WINDOW (child)))
    return 0;
  gtk_widget_measure (gtk_scrolled_window_get_vscrollbar (GTK_SCROLLED_WINDOW (child)),
                      GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  return minimum;
}

static void
flow_scroll_frame_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);
  int child_minimum = 0, child_natural = 0;

  if (child == NULL || !gtk_widget_should_layout (child))
    return;
  gtk_widget_measure (child, orientation, for_size, &child_minimum, &child_natural, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int allowance = scrollbar_allowance (FLOW_SCROLL_FRAME (widget));

      child_minimum += allowance;
      child_natural += allowance;
    }
  *minimum = child_minimum;
  *natural = child_natural;
}

static void
flow_scroll_frame_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_allocate (child, width, height, -1, NULL);
}

static GtkSizeRequestMode
flow_scroll_frame_get_request_mode (GtkWidget *widget)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  return child != NULL ? gtk_widget_get_request_mode (child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

/* The allowance depends on these settings: the frame's cached size must go. */
static void
scrollbar_setting_changed_cb (GObject    *object,
                              GParamSpec *pspec,
                              gpointer    frame)
{
  gtk_widget_queue_resize (GTK_WIDGET (frame));
}

static void
flow_scroll_frame_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (flow_scroll_frame_parent_class)->dispose (object);
}

static void
flow_scroll_frame_class_init (FlowScrollFrameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = flow_scroll_frame_dispose;
  widget_class->measure = flow_scroll_frame_measure;
  widget_class->size_allocate = flow_scroll_frame_size_allocate;
  widget_class->get_request_mode = flow_scroll_frame_get_request_mode;
  gtk_widget_class_set_css_name (widget_class, "flowscrollframe");
}

static void
flow_scroll_frame_init (FlowScrollFrame *self)
{
}

GtkWidget *
flow_scroll_frame_new (GtkWidget *scrolled_window)
{
  GtkWidget *frame;

  g_return_val_if_fail (GTK_IS_SCROLLED_WINDOW (scrolled_window), NULL);

  frame = g_object_new (FLOW_TYPE_SCROLL_FRAME, NULL);
  gtk_widget_set_parent (scrolled_window, frame);
  g_signal_connect_object (scrolled_window, "notify::overlay-scrolling",
                           G_CALLBACK (scrollbar_setting_changed_cb), frame, 0);
  g_signal_connect_object (scrolled_window, "notify::vscrollbar-policy",
                           G_CALLBACK (scrollbar_setting_changed_cb), frame, 0);
  g_signal_connect_object (gtk_widget_get_settings (scrolled_window), "notify::gtk-overlay-scrolling",
                           G_CALLBACK (scrollbar_setting_changed_cb), frame, 0);
  return frame;
}
