/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* A C client of the typed accessors and of g_object_set with ints, as GtkBox and AdwWrapBox
 * users write it (issue 37: `g_object_set (box, "item-spacing", 6, NULL)` crashed when the
 * property was a double). Prints "ok" and exits 0, or names the first check that failed.
 * Built and run by Tests/Python/test_app_state.py against the built library. */
#include <flow/flow.h>
#include <stdio.h>

#define CHECK(condition) \
  do { if (!(condition)) { fprintf (stderr, "failed: %s (line %d)\n", #condition, __LINE__); return 1; } } while (0)

static int notified;

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  notified++;
}

int
main (void)
{
  gtk_init ();
  flow_init ();

  GtkWidget *widget = g_object_ref_sink (flow_wrap_hstack_new ());
  FlowWrapHStack *box = FLOW_WRAP_HSTACK (widget);

  /* Ints through the variadic setter, as for GtkBox:spacing. */
  g_object_set (box, "item-spacing", 6, "line-spacing", 4, "natural-line-length", 300, NULL);
  CHECK (flow_wrap_hstack_get_item_spacing (box) == 6);
  CHECK (flow_wrap_hstack_get_line_spacing (box) == 4);
  CHECK (flow_wrap_hstack_get_natural_line_length (box) == 300);
  int spacing = 0;
  g_object_get (box, "item-spacing", &spacing, NULL);
  CHECK (spacing == 6);

  /* The typed setters notify once per change, and the box's layout shows the same values. */
  g_signal_connect (box, "notify::item-spacing", G_CALLBACK (count_notify), NULL);
  flow_wrap_hstack_set_item_spacing (box, 8);
  flow_wrap_hstack_set_item_spacing (box, 8);
  CHECK (notified == 1);
  CHECK (flow_wrap_layout_get_item_spacing (flow_wrap_hstack_get_layout (box)) == 8);

  flow_wrap_hstack_set_justify (box, FLOW_JUSTIFY_SPACE_BETWEEN);
  CHECK (flow_wrap_hstack_get_justify (box) == FLOW_JUSTIFY_SPACE_BETWEEN);
  flow_wrap_hstack_set_justify_last_line (box, FALSE);
  CHECK (!flow_wrap_hstack_get_justify_last_line (box));
  flow_wrap_hstack_set_align (box, FLOW_ALIGN_CENTER);
  CHECK (flow_wrap_hstack_get_align (box) == FLOW_ALIGN_CENTER);
  flow_wrap_hstack_set_max_lines (box, 2);
  CHECK (flow_wrap_hstack_get_max_lines (box) == 2);
  flow_wrap_hstack_set_item_spacing_unit (box, FLOW_LENGTH_UNIT_PT);
  CHECK (flow_wrap_hstack_get_item_spacing_unit (box) == FLOW_LENGTH_UNIT_PT);

  /* The list view and a plain layout have the same accessors. */
  GtkWidget *list_widget = g_object_ref_sink (flow_wrap_list_view_new (NULL));
  FlowWrapListView *list = FLOW_WRAP_LIST_VIEW (list_widget);
  g_object_set (list, "item-spacing", 5, NULL);
  CHECK (flow_wrap_list_view_get_item_spacing (list) == 5);
  flow_wrap_list_view_set_line_homogeneous (list, TRUE);
  CHECK (flow_wrap_list_view_get_line_homogeneous (list));

  FlowWrapLayout *layout = FLOW_WRAP_LAYOUT (flow_wrap_layout_new ());
  flow_wrap_layout_set_max_items_per_line (layout, 3);
  int max_items = 0;
  g_object_get (layout, "max-items-per-line", &max_items, NULL);
  CHECK (max_items == 3);
  flow_wrap_layout_set_line_breaking (layout, FLOW_LINE_BREAKING_BALANCED);
  CHECK (flow_wrap_layout_get_line_breaking (layout) == FLOW_LINE_BREAKING_BALANCED);
  flow_wrap_layout_set_wrap_reverse (layout, TRUE);
  CHECK (flow_wrap_layout_get_wrap_reverse (layout));

  g_object_unref (layout);
  g_object_unref (list_widget);
  g_object_unref (widget);
  printf ("ok\n");
  return 0;
}
