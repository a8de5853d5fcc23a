/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
/* The floor the tag editor's start-up is measured against (flow-bench's editorStartupToFlowBoxApp*):
 * a plain GTK program that shows the same chips (a grid of a label and a close button, styled by
 * the editor's CSS) in a GtkFlowBox in a scrolled window, waits for its first frame at the given
 * size and saves the window's content as a PNG, as `tag-editor --screenshot` does.
 *
 *   flowbox-screenshot LIST OUT.png WIDTH HEIGHT [CSS]
 *
 * Build: cc -O2 flowbox-screenshot.c $(pkg-config --cflags --libs gtk4) -o flowbox-screenshot */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

static gboolean painted;

static void after_paint(GdkFrameClock *clock, gpointer data) { painted = TRUE; }

static void add_chip(GtkFlowBox *box, const char *name) {
  GtkWidget *chip = gtk_grid_new(), *close = gtk_button_new_from_icon_name("window-close-symbolic");
  gtk_widget_add_css_class(chip, "chip");
  gtk_widget_set_halign(chip, GTK_ALIGN_START);
  gtk_widget_add_css_class(close, "flat");
  gtk_widget_set_valign(close, GTK_ALIGN_CENTER);
  gtk_grid_attach(GTK_GRID(chip), gtk_label_new(name), 0, 0, 1, 1);
  gtk_grid_attach(GTK_GRID(chip), close, 1, 0, 1, 1);
  gtk_flow_box_append(box, chip);
}

int main(int argc, char **argv) {
  if (argc < 5) { fprintf(stderr, "usage: flowbox-screenshot LIST OUT.png WIDTH HEIGHT [CSS]\n"); return 64; }
  if (!g_getenv("GSK_RENDERER")) g_setenv("GSK_RENDERER", "cairo", TRUE);
  gtk_init();
  if (argc > 5) {
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_path(css, argv[5]);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }
  GtkWidget *window = gtk_window_new(), *scrolled = gtk_scrolled_window_new(), *box = gtk_flow_box_new();
  gtk_widget_add_css_class(scrolled, "editor");
  gtk_flow_box_set_selection_mode(GTK_FLOW_BOX(box), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line(GTK_FLOW_BOX(box), 1000);
  gtk_widget_set_valign(box, GTK_ALIGN_START);
  char *text = NULL;
  if (!g_file_get_contents(argv[1], &text, NULL, NULL)) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) add_chip(GTK_FLOW_BOX(box), line);
  g_free(text);
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), box);
  gtk_window_set_child(GTK_WINDOW(window), scrolled);
  int width = atoi(argv[3]), height = atoi(argv[4]);
  gtk_window_set_default_size(GTK_WINDOW(window), width, height);
  gtk_window_present(GTK_WINDOW(window));
  while (!gtk_widget_get_mapped(window) || gtk_widget_get_width(window) != width) g_main_context_iteration(NULL, TRUE);
  g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), NULL);
  gtk_widget_queue_draw(window);
  while (!painted) g_main_context_iteration(NULL, TRUE);
  GdkPaintable *paintable = gtk_widget_paintable_new(scrolled);
  GtkSnapshot *snapshot = gtk_snapshot_new();
  gdk_paintable_snapshot(paintable, snapshot, gtk_widget_get_width(scrolled), gtk_widget_get_height(scrolled));
  GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
  graphene_rect_t viewport = GRAPHENE_RECT_INIT(0, 0, gtk_widget_get_width(scrolled), gtk_widget_get_height(scrolled));
  GdkTexture *texture = gsk_renderer_render_texture(gtk_native_get_renderer(gtk_widget_get_native(scrolled)), node, &viewport);
  if (!texture || !gdk_texture_save_to_png(texture, argv[2])) { fprintf(stderr, "cannot save %s\n", argv[2]); return 1; }
  printf("saved %s (%dx%d)\n", argv[2], gtk_widget_get_width(window), gtk_widget_get_height(window));
  return 0;
}
