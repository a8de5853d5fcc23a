/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A held-out C client of the installed Flow library (test_installed_library.py builds it with
 * pkg-config against the prefix alone): the typed accessors and their notify, selection by the
 * real pointer and keys (xdotool, through the X server the test runs under), activation,
 * max-lines leaving `visible` alone, the vertical minimum width, wrap-policy, pack-direction and
 * hexpand. Prints one line a check, "ok NAME" or "FAIL NAME: what was seen", and "done". */
#include <flow/flow.h>
#include <gdk/x11/gdkx.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

static GtkWidget *window;
static char xid[32];

static void
check (const char *name, gboolean condition, const char *seen)
{
  if (condition)
    printf ("ok %s\n", name);
  else
    printf ("FAIL %s: %s\n", name, seen);
}

static void
iterate (int milliseconds)
{
  gint64 end = g_get_monotonic_time () + milliseconds * 1000;
  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
}

static void
xdotool (const char *const *args)
{
  GPtrArray *argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (gpointer) "xdotool");
  for (; *args != NULL; args++)
    g_ptr_array_add (argv, (gpointer) *args);
  g_ptr_array_add (argv, NULL);
  int status = 0;
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status, NULL)
      || !g_spawn_check_wait_status (status, NULL))
    g_error ("xdotool failed");
  g_ptr_array_free (argv, TRUE);
  iterate (150);
}

static void
click (GtkWidget *widget, const char *modifier)
{
  graphene_point_t point;
  graphene_point_t centre = GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0f, gtk_widget_get_height (widget) / 2.0f);
  if (!gtk_widget_compute_point (widget, window, &centre, &point))
    g_error ("no point");
  double dx, dy;
  gtk_native_get_surface_transform (GTK_NATIVE (window), &dx, &dy);
  char x[16], y[16];
  g_snprintf (x, sizeof x, "%d", (int) (point.x + dx + 0.5));
  g_snprintf (y, sizeof y, "%d", (int) (point.y + dy + 0.5));
  if (modifier != NULL)
    xdotool ((const char *[]) { "mousemove", "--window", xid, x, y, "keydown", modifier, "click", "1", "keyup", modifier, NULL });
  else
    xdotool ((const char *[]) { "mousemove", "--window", xid, x, y, "click", "1", NULL });
}

static GtkWidget *items[8];
static GString *activated;
static int notified, changes;

static void
on_notify (void)
{
  notified++;
}

static void
on_changed (void)
{
  changes++;
}

static void
on_activated (FlowWrapHStack *box, GtkWidget *child)
{
  for (int i = 0; i < 8; i++)
    if (items[i] == child)
      g_string_append_printf (activated, "%s%d", activated->len ? "," : "", i);
}

static char *
selected (FlowWrapHStack *box)
{
  GString *text = g_string_new ("");
  for (int i = 0; i < 8; i++)
    if (flow_wrap_hstack_is_child_selected (box, items[i]))
      g_string_append_printf (text, "%s%d", text->len ? "," : "", i);
  return g_string_free (text, FALSE);
}

static void
expect_selected (FlowWrapHStack *box, const char *name, const char *expected)
{
  char *seen = selected (box);
  check (name, strcmp (seen, expected) == 0, seen);
  g_free (seen);
}

/* Three children of minimum 50 and natural 100 in a 200 px wide row: the x of each and their
 * widths, after `configure`. */
typedef void (*Configure) (FlowWrapHStack *row, GtkWidget **children);

static void
row_frames (Configure configure, int *lines, double lefts[3], int widths[3])
{
  GtkWidget *row = flow_wrap_hstack_new (), *children[3];
  flow_wrap_hstack_set_item_spacing (FLOW_WRAP_HSTACK (row), 0);
  for (int i = 0; i < 3; i++)
    {
      GtkWidget *inner = gtk_label_new ("x");
      gtk_widget_set_size_request (inner, 100, -1);
      children[i] = gtk_scrolled_window_new ();
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (children[i]), GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER);
      gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (children[i]), TRUE);
      gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (children[i]), 50);
      gtk_scrolled_window_set_max_content_width (GTK_SCROLLED_WINDOW (children[i]), 100);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (children[i]), inner);
      flow_wrap_hstack_append (FLOW_WRAP_HSTACK (row), children[i]);
    }
  configure (FLOW_WRAP_HSTACK (row), children);
  GtkWidget *test = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (test), 200, 100);
  gtk_window_set_child (GTK_WINDOW (test), row);
  gtk_window_present (GTK_WINDOW (test));
  iterate (400);
  double tops[3];
  for (int i = 0; i < 3; i++)
    {
      graphene_rect_t bounds;
      if (!gtk_widget_compute_bounds (children[i], row, &bounds))
        g_error ("child %d has no bounds", i);
      tops[i] = bounds.origin.y;
      lefts[i] = bounds.origin.x;
      widths[i] = gtk_widget_get_width (children[i]);
    }
  *lines = 1 + (tops[1] != tops[0]) + (tops[2] != tops[1]);
  gtk_window_destroy (GTK_WINDOW (test));
}

static void natural_policy (FlowWrapHStack *row, GtkWidget **c) { flow_wrap_hstack_set_wrap_policy (row, FLOW_WRAP_POLICY_NATURAL); }
static void minimum_policy (FlowWrapHStack *row, GtkWidget **c) { flow_wrap_hstack_set_wrap_policy (row, FLOW_WRAP_POLICY_MINIMUM); }
static void
end_to_start (FlowWrapHStack *row, GtkWidget **c)
{
  flow_wrap_hstack_set_wrap_policy (row, FLOW_WRAP_POLICY_MINIMUM);
  flow_wrap_hstack_set_pack_direction (row, FLOW_PACK_DIRECTION_END_TO_START);
}
static void
first_expands (FlowWrapHStack *row, GtkWidget **c)
{
  flow_wrap_hstack_set_wrap_policy (row, FLOW_WRAP_POLICY_MINIMUM);
  gtk_widget_set_hexpand (c[0], TRUE);
}

int
main (void)
{
  char seen[128];
  gtk_init ();
  flow_init ();
  activated = g_string_new ("");

  FlowWrapHStack *box = FLOW_WRAP_HSTACK (flow_wrap_hstack_new ());
  g_signal_connect (box, "notify::item-spacing", G_CALLBACK (on_notify), NULL);
  flow_wrap_hstack_set_item_spacing (box, 10);
  flow_wrap_hstack_set_item_spacing (box, 10);
  g_snprintf (seen, sizeof seen, "%d", flow_wrap_hstack_get_item_spacing (box));
  check ("typed-setter", flow_wrap_hstack_get_item_spacing (box) == 10, seen);
  g_snprintf (seen, sizeof seen, "%d", notified);
  check ("notify-once", notified == 1, seen);
  flow_wrap_hstack_set_line_spacing (box, 10);
  flow_wrap_hstack_set_selection_mode (box, GTK_SELECTION_MULTIPLE);
  check ("selection-mode", flow_wrap_hstack_get_selection_mode (box) == GTK_SELECTION_MULTIPLE, "");

  for (int i = 0; i < 8; i++)
    {
      char text[16];
      g_snprintf (text, sizeof text, "item %d", i);
      GtkWidget *label = gtk_label_new (text);
      gtk_widget_set_size_request (label, 90, 30);
      /* A focusable box around a label, so that the keys reach the children. */
      items[i] = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      gtk_widget_set_focusable (items[i], TRUE);
      gtk_box_append (GTK_BOX (items[i]), label);
      flow_wrap_hstack_append (box, items[i]);
    }
  g_signal_connect (box, "selected-children-changed", G_CALLBACK (on_changed), NULL);
  g_signal_connect (box, "child-activated", G_CALLBACK (on_activated), NULL);

  window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), "flow-c-client");
  gtk_window_set_default_size (GTK_WINDOW (window), 420, 300);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (box));
  gtk_window_present (GTK_WINDOW (window));
  iterate (600);
  g_snprintf (xid, sizeof xid, "%lu", (unsigned long) gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))));
  xdotool ((const char *[]) { "windowfocus", "--sync", xid, NULL });

  click (items[1], NULL);
  expect_selected (box, "click-selects", "1");
  click (items[3], "ctrl");
  expect_selected (box, "ctrl-click-adds", "1,3");
  /* Shift+click selects from the anchor (the last child clicked without Shift), as GtkFlowBox. */
  click (items[5], "shift");
  expect_selected (box, "shift-click-extends", "3,4,5");
  GList *list = flow_wrap_hstack_get_selected_children (box);
  g_snprintf (seen, sizeof seen, "%u", g_list_length (list));
  check ("selected-children", g_list_length (list) == 3, seen);
  g_list_free (list);
  g_snprintf (seen, sizeof seen, "%d", changes);
  check ("changed-signal", changes >= 3, seen);
  xdotool ((const char *[]) { "key", "ctrl+a", NULL });
  expect_selected (box, "ctrl-a-selects-all", "0,1,2,3,4,5,6,7");
  flow_wrap_hstack_unselect_all (box);
  expect_selected (box, "unselect-all", "");
  check ("single-click-default", flow_wrap_hstack_get_activate_on_single_click (box) && strcmp (activated->str, "1") == 0, activated->str);
  xdotool ((const char *[]) { "key", "Return", NULL });
  check ("enter-activates", strcmp (activated->str, "1,5") == 0, activated->str);
  flow_wrap_hstack_set_activate_on_single_click (box, FALSE);
  click (items[2], NULL);
  check ("click-without-single-click-only-selects", strcmp (activated->str, "1,5") == 0, activated->str);
  flow_wrap_hstack_set_activate_on_single_click (box, TRUE);
  click (items[0], NULL);
  check ("single-click-activates", strcmp (activated->str, "1,5,0") == 0, activated->str);

  /* max-lines hides through child-visible: the app's own `visible` is left as the app set it. */
  gtk_widget_set_visible (items[6], FALSE);
  flow_wrap_hstack_set_max_lines (box, 1);
  iterate (150);
  flow_wrap_hstack_set_max_lines (box, 0);
  iterate (150);
  check ("max-lines-leaves-visible", !gtk_widget_get_visible (items[6]) && gtk_widget_get_visible (items[7]), "");

  /* The vertical minimum width: one column of the widest child. */
  GtkWidget *column = flow_wrap_hstack_new ();
  g_object_ref_sink (column);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (column), GTK_ORIENTATION_VERTICAL);
  int column_widths[] = { 40, 120, 60 };
  for (int i = 0; i < 3; i++)
    {
      GtkWidget *label = gtk_label_new ("x");
      gtk_widget_set_size_request (label, column_widths[i], 20);
      flow_wrap_hstack_append (FLOW_WRAP_HSTACK (column), label);
    }
  int minimum = 0;
  gtk_widget_measure (column, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_snprintf (seen, sizeof seen, "%d", minimum);
  check ("vertical-minimum-width", minimum == 120, seen);
  g_object_unref (column);

  int lines_natural, lines_minimum, lines;
  double lefts[3];
  int widths[3];
  row_frames (natural_policy, &lines_natural, lefts, widths);
  row_frames (minimum_policy, &lines_minimum, lefts, widths);
  g_snprintf (seen, sizeof seen, "natural %d, minimum %d", lines_natural, lines_minimum);
  check ("wrap-policy", lines_natural == 2 && lines_minimum == 1, seen);
  row_frames (end_to_start, &lines, lefts, widths);
  g_snprintf (seen, sizeof seen, "%g %g %g", lefts[0], lefts[1], lefts[2]);
  check ("pack-direction", lefts[0] > lefts[1] && lefts[1] > lefts[2], seen);
  row_frames (first_expands, &lines, lefts, widths);
  g_snprintf (seen, sizeof seen, "%d %d %d", widths[0], widths[1], widths[2]);
  check ("hexpand-grows", widths[0] > widths[1], seen);

  gtk_window_destroy (GTK_WINDOW (window));
  iterate (100);
  g_string_free (activated, TRUE);
  printf ("done\n");
  return 0;
}
