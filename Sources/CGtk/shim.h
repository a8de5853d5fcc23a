/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
// GTK 4's C API for Swift, plus the helpers that cannot be imported as they are: GTK's
// function-like macros (type casts, g_signal_connect) do not import, so small static inline
// functions stand in for them.
#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <malloc.h>

// MARK: Casts (GTK_WIDGET(x) and friends are macros)

static inline GObject *cgtk_object(gpointer object) { return G_OBJECT(object); }
static inline GtkFixed *cgtk_fixed(GtkWidget *widget) { return GTK_FIXED(widget); }
static inline GtkWindow *cgtk_window(GtkWidget *widget) { return GTK_WINDOW(widget); }
static inline GtkBox *cgtk_box(GtkWidget *widget) { return GTK_BOX(widget); }
static inline GtkLabel *cgtk_label(GtkWidget *widget) { return GTK_LABEL(widget); }
static inline GtkEditable *cgtk_editable(GtkWidget *widget) { return GTK_EDITABLE(widget); }
static inline GtkEntry *cgtk_entry(GtkWidget *widget) { return GTK_ENTRY(widget); }
static inline GtkScrolledWindow *cgtk_scrolled_window(GtkWidget *widget) { return GTK_SCROLLED_WINDOW(widget); }
static inline GtkFlowBox *cgtk_flow_box(GtkWidget *widget) { return GTK_FLOW_BOX(widget); }
static inline GtkDropDown *cgtk_drop_down(GtkWidget *widget) { return GTK_DROP_DOWN(widget); }
static inline GtkSpinButton *cgtk_spin_button(GtkWidget *widget) { return GTK_SPIN_BUTTON(widget); }
static inline GtkCheckButton *cgtk_check_button(GtkWidget *widget) { return GTK_CHECK_BUTTON(widget); }
static inline GtkToggleButton *cgtk_toggle_button(GtkWidget *widget) { return GTK_TOGGLE_BUTTON(widget); }
static inline GtkPopover *cgtk_popover(GtkWidget *widget) { return GTK_POPOVER(widget); }
static inline GtkAccessible *cgtk_accessible(GtkWidget *widget) { return GTK_ACCESSIBLE(widget); }
static inline GtkRoot *cgtk_root(GtkWidget *widget) { return GTK_ROOT(widget); }
static inline GtkMenuButton *cgtk_menu_button(GtkWidget *widget) { return GTK_MENU_BUTTON(widget); }
static inline GtkListBox *cgtk_list_box(GtkWidget *widget) { return GTK_LIST_BOX(widget); }
static inline GtkButton *cgtk_button(GtkWidget *widget) { return GTK_BUTTON(widget); }
static inline GtkOverlay *cgtk_overlay(GtkWidget *widget) { return GTK_OVERLAY(widget); }
static inline GtkRevealer *cgtk_revealer(GtkWidget *widget) { return GTK_REVEALER(widget); }
static inline GtkHeaderBar *cgtk_header_bar(GtkWidget *widget) { return GTK_HEADER_BAR(widget); }
static inline GtkActionable *cgtk_actionable(GtkWidget *widget) { return GTK_ACTIONABLE(widget); }
static inline GtkApplication *cgtk_application(gpointer application) { return GTK_APPLICATION(application); }
static inline GApplication *cgtk_g_application(gpointer application) { return G_APPLICATION(application); }
static inline GActionMap *cgtk_action_map(gpointer map) { return G_ACTION_MAP(map); }
static inline GAction *cgtk_action(gpointer action) { return G_ACTION(action); }
static inline GMenuModel *cgtk_menu_model(gpointer menu) { return G_MENU_MODEL(menu); }
static inline GtkFileChooser *cgtk_file_chooser(gpointer chooser) { return GTK_FILE_CHOOSER(chooser); }
static inline GtkNativeDialog *cgtk_native_dialog(gpointer dialog) { return GTK_NATIVE_DIALOG(dialog); }
static inline GtkAboutDialog *cgtk_about_dialog(GtkWidget *widget) { return GTK_ABOUT_DIALOG(widget); }
static inline GtkApplicationWindow *cgtk_application_window(GtkWidget *widget) { return GTK_APPLICATION_WINDOW(widget); }
static inline gboolean cgtk_is_application_window(gpointer object) { return object != NULL && GTK_IS_APPLICATION_WINDOW(object); }
static inline GType cgtk_file_list_type(void) { return GDK_TYPE_FILE_LIST; }
static inline GtkEventController *cgtk_event_controller(gpointer controller) { return GTK_EVENT_CONTROLLER(controller); }
static inline GtkStyleProvider *cgtk_style_provider(gpointer provider) { return GTK_STYLE_PROVIDER(provider); }
static inline gboolean cgtk_is_scrolled_window(gpointer object) { return object != NULL && GTK_IS_SCROLLED_WINDOW(object); }

// MARK: Signals

/// g_signal_connect_data with the flags Swift needs; `g_signal_connect` is a macro.
static inline gulong cgtk_signal_connect(gpointer instance, const char *signal, GCallback handler,
                                         gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

/// Emits a button's "clicked", as a user's click does (g_signal_emit_by_name is variadic).
static inline void cgtk_button_emit_clicked(GtkWidget *button) {
    g_signal_emit_by_name(button, "clicked");
}

/// What GTK does before it shows a tooltip: emits `query-tooltip` on `widget` at (x, y) with a
/// tooltip object of its own. Returns whether a handler gave one (tests: a tooltip from a handler).
static inline gboolean cgtk_widget_emit_query_tooltip(GtkWidget *widget, int x, int y) {
    GtkTooltip *tooltip = g_object_new(GTK_TYPE_TOOLTIP, NULL);
    gboolean shown = FALSE;
    g_signal_emit_by_name(widget, "query-tooltip", x, y, FALSE, tooltip, &shown);
    g_object_unref(tooltip);
    return shown;
}

// MARK: Properties (g_object_set is variadic)

static inline void cgtk_set_bool_property(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}

static inline gboolean cgtk_get_bool_property(gpointer object, const char *name) {
    gboolean value = FALSE;
    g_object_get(object, name, &value, NULL);
    return value;
}

static inline void cgtk_set_string_property(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}

static inline char *cgtk_get_string_property(gpointer object, const char *name) {
    char *value = NULL;
    g_object_get(object, name, &value, NULL);
    return value;
}

// MARK: Accessibility (gtk_accessible_update_* are variadic)

// A widget's accessible description, or NULL when none is set (free with g_free). GTK 4.8 has no
// getter (GtkAccessible's came in 4.10+); gtk_test_accessible_check_property() is public API
// whose answer, when the value differs from the one asked about, is the value itself: asked
// about a value no description is, it returns the description.
static inline char *cgtk_accessible_dup_description(GtkWidget *widget) {
    static const char probe[] = "\x01cgtk-probe\x01";
    if (!gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION))
        return NULL;
    char *text = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, probe);
    return text != NULL ? text : g_strdup(probe);
}

static inline void cgtk_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void cgtk_accessible_set_hidden(GtkWidget *widget, gboolean hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

static inline void cgtk_accessible_set_labelled_by(GtkWidget *widget, GtkWidget *label) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

/// Whether `widget`'s accessible description is `text` (tests, under GTK_A11Y=test: its test
/// context keeps every property; gtk_test_accessible_check_property is variadic).
static inline gboolean cgtk_test_accessible_description_is(GtkWidget *widget, const char *text) {
    char *mismatch = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text);
    gboolean same = mismatch == NULL;
    g_free(mismatch);
    return same;
}

// MARK: Geometry (GDK_IS_POPUP is a macro)

/// Where `widget` is in its toplevel window's surface, in pixels, also for a widget inside a
/// popover (whose surface GDK places relative to its parent's): what a pointer moved to that
/// point of the window would hit. FALSE when the widget is not shown.
static inline gboolean cgtk_widget_bounds_in_toplevel(GtkWidget *widget, graphene_rect_t *bounds) {
    GtkNative *native = gtk_widget_get_native(widget);
    if (native == NULL || !gtk_widget_compute_bounds(widget, GTK_WIDGET(native), bounds)) return FALSE;
    double x = 0, y = 0;
    gtk_native_get_surface_transform(native, &x, &y);
    GdkSurface *surface = gtk_native_get_surface(native);
    while (surface != NULL && GDK_IS_POPUP(surface)) {
        x += gdk_popup_get_position_x(GDK_POPUP(surface));
        y += gdk_popup_get_position_y(GDK_POPUP(surface));
        surface = gdk_popup_get_parent(GDK_POPUP(surface));
    }
    bounds->origin.x += (float)x;
    bounds->origin.y += (float)y;
    return TRUE;
}

/// The bytes malloc has handed out and not taken back (glibc's arenas and its mmapped blocks),
/// for measuring what a structure costs: unlike the resident size, it grows by what is allocated
/// even when the allocator reuses memory an earlier part of the program freed.
static inline double cgtk_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (double)info.uordblks + (double)info.hblkhd;
}

#endif
