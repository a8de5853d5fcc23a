/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: CC0-1.0 */
/* Twelve labels in a FlowWrapHStack, from C. Once the window is laid out, prints each label's
 * frame in the box ("x y width height", one a line) and quits.
 *
 *   cc labels.c -o labels $(pkg-config --cflags --libs flow-1) && ./labels
 */
#include <flow/flow.h>
#include <stdio.h>

static GtkWidget *labels[12];
static GMainLoop *loop;

static gboolean
print_frames (gpointer box)
{
  if (gtk_widget_get_width (box) == 0)
    return G_SOURCE_CONTINUE; /* not laid out yet */
  for (int i = 0; i < 12; i++)
    {
      graphene_rect_t frame;
      if (gtk_widget_compute_bounds (labels[i], box, &frame))
        printf ("%g %g %g %g\n", frame.origin.x, frame.origin.y, frame.size.width, frame.size.height);
    }
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

int
main (void)
{
  gtk_init ();
  flow_init ();

  GtkWidget *box = flow_wrap_hstack_new ();
  /* The typed setters; g_object_set works too, with ints as for GtkBox and AdwWrapBox:
   * g_object_set (box, "item-spacing", 6, "line-spacing", 4, NULL). */
  flow_wrap_hstack_set_item_spacing (FLOW_WRAP_HSTACK (box), 6);
  flow_wrap_hstack_set_line_spacing (FLOW_WRAP_HSTACK (box), 4);
  for (int i = 0; i < 12; i++)
    {
      char text[16];
      g_snprintf (text, sizeof text, "tag %d", i + 1);
      labels[i] = gtk_label_new (text);
      flow_wrap_hstack_append (FLOW_WRAP_HSTACK (box), labels[i]);
    }

  GtkWidget *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 200, 200);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));

  loop = g_main_loop_new (NULL, FALSE);
  g_timeout_add (200, print_frames, box);
  g_main_loop_run (loop);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
