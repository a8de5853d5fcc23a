// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
// libadwaita 1.2 for the tag editor only (the Flow library stays GTK-only). Its casts are
// function-like macros, which Swift does not import: small static inline helpers stand in.
#include <adwaita.h>
// gettext (the app's translations: Sources/tag-editor/App/Localization.swift).
#include <libintl.h>

static inline AdwToastOverlay *cadw_toast_overlay(gpointer widget) { return ADW_TOAST_OVERLAY(widget); }
static inline AdwMessageDialog *cadw_message_dialog(gpointer widget) { return ADW_MESSAGE_DIALOG(widget); }
static inline AdwApplicationWindow *cadw_application_window(gpointer widget) { return ADW_APPLICATION_WINDOW(widget); }
static inline AdwHeaderBar *cadw_header_bar(gpointer widget) { return ADW_HEADER_BAR(widget); }
static inline AdwStatusPage *cadw_status_page(gpointer widget) { return ADW_STATUS_PAGE(widget); }
static inline AdwAboutWindow *cadw_about_window(gpointer widget) { return ADW_ABOUT_WINDOW(widget); }
static inline AdwComboRow *cadw_combo_row(gpointer widget) { return ADW_COMBO_ROW(widget); }
static inline AdwActionRow *cadw_action_row(gpointer widget) { return ADW_ACTION_ROW(widget); }
static inline AdwPreferencesRow *cadw_preferences_row(gpointer widget) { return ADW_PREFERENCES_ROW(widget); }
static inline AdwWindowTitle *cadw_window_title(gpointer widget) { return ADW_WINDOW_TITLE(widget); }
static inline AdwApplication *cadw_application(gpointer object) { return ADW_APPLICATION(object); }
static inline AdwBin *cadw_bin(gpointer widget) { return ADW_BIN(widget); }
static inline AdwFlap *cadw_flap(gpointer widget) { return ADW_FLAP(widget); }
// GTK casts only the app uses.
static inline GtkStack *cgtk_stack(gpointer widget) { return GTK_STACK(widget); }
static inline gboolean cgtk_is_button(gpointer object) { return object != NULL && GTK_IS_BUTTON(object); }
static inline gboolean cgtk_is_label(gpointer object) { return object != NULL && GTK_IS_LABEL(object); }
static inline GtkSwitch *cgtk_switch(gpointer widget) { return GTK_SWITCH(widget); }
