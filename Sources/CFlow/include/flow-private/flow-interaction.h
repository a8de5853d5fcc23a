/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* What FlowWrapHStack and FlowWrapListView share, written once: the properties and signals of
 * what the user does to their items (reordering), declared from one table
 * (flow-interaction.c) as the layout properties are (flow-layout-properties.h), and read, set and
 * emitted through one path to their Swift interaction core (FlowBridge/Interaction). Each class
 * keeps its own names for its items ("move-child" on the box, "move-item" on the list) and its
 * own documentation of each property and signal; the GParamSpecs and the signals are made here. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Private: hidden outside libflow-1.so (flow-private/README says why). */
#pragma GCC visibility push(hidden)

/* The shared properties, in the order of the table and of a class's property ids. A row may
 * have a name on one class only (the box's "selection-mode": the list's selection is its
 * GtkSelectionModel's); its id is then kept free on the other. */
typedef enum {
  FLOW_INTERACTION_PROP_REORDERABLE,
  /* GtkSelectionMode, the box's ("selection-mode", as GtkFlowBox). */
  FLOW_INTERACTION_PROP_SELECTION_MODE,
  /* Whether one click activates ("activate-on-single-click" on the box, as GtkFlowBox;
   * "single-click-activate" on the list, as GtkGridView). */
  FLOW_INTERACTION_PROP_SINGLE_CLICK_ACTIVATE,
  FLOW_INTERACTION_N_PROPS,
} FlowInteractionProp;

/* The shared signals: whether the user's move may happen ("move-child", "move-item"), and that it
 * happened ("child-moved", "item-moved"); an item activated ("child-activated" with the child,
 * "activate" with the position, as GtkFlowBox and GtkGridView); the box's selection changed
 * ("selected-children-changed"; the list's model emits its own "selection-changed"). */
typedef enum {
  FLOW_INTERACTION_SIGNAL_MOVE,
  FLOW_INTERACTION_SIGNAL_MOVED,
  FLOW_INTERACTION_SIGNAL_ACTIVATE,
  FLOW_INTERACTION_SIGNAL_SELECTION_CHANGED,
  FLOW_INTERACTION_N_SIGNALS,
} FlowInteractionSignal;

/* What the selection API asks of the core (an item index with the first two). */
typedef enum {
  FLOW_SELECTION_SELECT,
  FLOW_SELECTION_UNSELECT,
  FLOW_SELECTION_SELECT_ALL,
  FLOW_SELECTION_UNSELECT_ALL,
} FlowSelectionChange;

/* One class's shared properties and signals: what the class calls an item and its items (the
 * names and blurbs say it), whether the signals carry the item's widget (the box's do), and what
 * flow_interaction_install() made. A class keeps one of these, static, for its lifetime. */
typedef struct {
  const char *item;
  const char *items;
  gboolean    passes_widget;
  /* Which of each row's names the class takes: 0 the box's, 1 the list's. */
  guint       names;
  guint       first_property_id;
  GParamSpec *pspecs[FLOW_INTERACTION_N_PROPS];
  guint       signals[FLOW_INTERACTION_N_SIGNALS];
} FlowInteractionClass;

/* Installs the shared properties (ids @first_property_id on) and signals on @object_class, in its
 * class_init; @info names them and keeps them. */
void     flow_interaction_install      (GObjectClass         *object_class,
                                        guint                 first_property_id,
                                        FlowInteractionClass *info);

/* A class's get_property and set_property: whether @prop_id is a shared property, handled here
 * through @controller (a set notifies once, on a real change). */
gboolean flow_interaction_get_property (GObject *object, gpointer controller, guint prop_id, GValue *value);
gboolean flow_interaction_set_property (GObject *object, gpointer controller, guint prop_id, const GValue *value);

/* The typed accessors' body, for a boolean property and for an enum one. */
gboolean flow_interaction_get_boolean  (GObject *object, gpointer controller, FlowInteractionProp prop);
void     flow_interaction_set_boolean  (GObject *object, gpointer controller, FlowInteractionProp prop,
                                        gboolean value);
int      flow_interaction_get_enum     (GObject *object, gpointer controller, FlowInteractionProp prop);
void     flow_interaction_set_enum     (GObject *object, gpointer controller, FlowInteractionProp prop,
                                        int value);

/* The signals, emitted by the Swift core's move: emit_move returns whether every handler allowed
 * it. @widget is the moved item's (passed when the class's signals carry it). */
gboolean flow_interaction_emit_move    (gpointer instance, GtkWidget *widget, guint from, guint to);
void     flow_interaction_emit_moved   (gpointer instance, GtkWidget *widget, guint from, guint to);
/* An item activated (@widget for a class whose signals carry it, else @position); the selection
 * changed (a class with "selected-children-changed"); and whether anything listens to the
 * activation (then Enter on an item is its, else it goes on to the item as before). */
void     flow_interaction_emit_activate (gpointer instance, GtkWidget *widget, guint position);
void     flow_interaction_emit_selection_changed (gpointer instance);
gboolean flow_interaction_activation_is_connected (gpointer instance);

/* Shows @item selected or not: the CSS state :selected and the accessible state (what a screen
 * reader reads as "selected"; gtk_accessible_update_state is variadic and does not import). */
static inline void flow_interaction_set_item_selected (GtkWidget *item, gboolean selected) {
    if (selected)
      gtk_widget_set_state_flags (item, GTK_STATE_FLAG_SELECTED, FALSE);
    else
      gtk_widget_unset_state_flags (item, GTK_STATE_FLAG_SELECTED);
    gtk_accessible_update_state (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}

/* An item that can no longer be selected (the selection turned off, the item gone or recycled):
 * neither state is left on it. */
static inline void flow_interaction_clear_item_selected (GtkWidget *item) {
    gtk_widget_unset_state_flags (item, GTK_STATE_FLAG_SELECTED);
    gtk_accessible_reset_state (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_STATE_SELECTED);
}

/* Tells assistive technologies an item's place: item @position (from 1) of @count
 * (gtk_accessible_update_relation is variadic and does not import). */
static inline void flow_interaction_set_item_position (GtkWidget *item, int position, int count) {
    gtk_accessible_update_relation (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_RELATION_POS_IN_SET, position,
                                    GTK_ACCESSIBLE_RELATION_SET_SIZE, count, -1);
}

/* Gives a list's item widget the list-item role, as GtkGridView's items have, when its own role
 * says nothing (a box, a frame: group, generic, widget); a button, a label, an app's own role stay.
 * Only before the widget is rooted: GTK refuses a new role once its accessible is realized. */
static inline void flow_interaction_make_list_item (GtkWidget *item) {
    GtkAccessibleRole role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (item));
    if (gtk_widget_get_root (item) == NULL
        && (role == GTK_ACCESSIBLE_ROLE_GROUP || role == GTK_ACCESSIBLE_ROLE_GENERIC || role == GTK_ACCESSIBLE_ROLE_WIDGET))
      g_object_set (item, "accessible-role", GTK_ACCESSIBLE_ROLE_LIST_ITEM, NULL);
}

/* For tests (the checks are variadic): whether an item reports that place, and whether a widget's
 * accessible description is @text. */
static inline gboolean flow_interaction_item_position_is (GtkWidget *item, int position, int count) {
    char *a = gtk_test_accessible_check_relation (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_RELATION_POS_IN_SET, position);
    char *b = gtk_test_accessible_check_relation (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_RELATION_SET_SIZE, count);
    gboolean matches = a == NULL && b == NULL;
    g_free (a);
    g_free (b);
    return matches;
}

static inline gboolean flow_interaction_item_selected_is (GtkWidget *item, gboolean selected) {
    char *a = gtk_test_accessible_check_state (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_STATE_SELECTED, selected);
    gboolean matches = a == NULL;
    g_free (a);
    return matches;
}

static inline gboolean flow_interaction_description_is (GtkWidget *widget, const char *text) {
    char *a = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text);
    gboolean matches = a == NULL;
    g_free (a);
    return matches;
}

#pragma GCC visibility pop

G_END_DECLS
