/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* How the C classes reach their Swift controllers: one table of function pointers, which
 * FlowBridge fills and registers when it is loaded (FlowBridge/GObject/ControllerTable.swift), so
 * that this library has no link-time dependency on Swift code.
 *
 * Each instance init makes its controller through the table's controller_new and keeps the
 * pointer; finalize frees it. A concern the classes share has one set of entries for all of them
 * (the Swift side finds the controller's class); a class's own concerns have entries of their
 * own. A controller holds an unowned pointer back to its object: the object owns the controller,
 * never the other way round (FlowBridge/GObject/ControllerOwnership.swift). */
#pragma once

#include <flow/flow.h>
#include "flow-private/flow-interaction.h"

G_BEGIN_DECLS

/* Private: hidden outside libflow-1.so (flow-private/README says why). */
#pragma GCC visibility push(hidden)

/* One child's options, as FlowWrapLayoutChild shows them. */
typedef struct
{
  double   grow;
  gboolean break_before;
} FlowChildOptions;

/* Which class a controller is made for. */
typedef enum {
  FLOW_CONTROLLER_LAYOUT,
  FLOW_CONTROLLER_HSTACK,
  FLOW_CONTROLLER_LIST_VIEW,
} FlowControllerKind;

typedef struct
{
  /* Every class's controller, made in its instance init for @object (FlowWrapLayout,
   * FlowWrapHStack or FlowWrapListView, as @kind says), freed in its finalize. */
  gpointer (*controller_new)     (FlowControllerKind kind, gpointer object);
  void     (*controller_free)    (gpointer controller);
  /* A layout property, the orientation, or the dpi a unit follows changed (a FlowWrapLayout's or
   * a FlowWrapListView's): lay out again. */
  void     (*options_changed)    (gpointer controller);

  /* The two containers' controllers (FlowWrapHStack's, FlowWrapListView's), one entry each
   * concern: being disposed (every reference to children, item widgets and helpers goes), GTK's
   * size query and allocation (the containers have no layout manager). */
  void     (*container_dispose)  (gpointer controller);
  void     (*container_measure)  (gpointer controller, GtkOrientation orientation, int for_size,
                                  int *minimum, int *natural);
  void     (*container_allocate) (gpointer controller, int width, int height);
  /* Their interaction core's shared properties (flow-interaction.h): read, and set (returns
   * whether the value changed); and a move as the user's: the vetoes, the move, the reports
   * (returns whether it moved: FALSE too for a position out of range, or the same position). */
  void     (*interaction_get)    (gpointer controller, FlowInteractionProp prop, GValue *value);
  gboolean (*interaction_set)    (gpointer controller, FlowInteractionProp prop, const GValue *value);
  gboolean (*interaction_move)   (gpointer controller, guint from, guint to);

  /* FlowWrapLayout's controller: a FlowWrapHStack's measuring, allocation and child options go
   * on to the box's controller. */
  void     (*layout_measure)         (gpointer        controller,
                                      GtkWidget      *widget,
                                      GtkOrientation  orientation,
                                      int             for_size,
                                      int            *minimum,
                                      int            *natural);
  void     (*layout_allocate)        (gpointer   controller,
                                      GtkWidget *widget,
                                      int        width,
                                      int        height);
  /* Whether @child's options are kept outside its layout child (a FlowWrapHStack's child: they
   * live in the box's list of children); if so, fills @options. */
  gboolean (*layout_load_child_options)  (gpointer          controller,
                                          GtkWidget        *child,
                                          FlowChildOptions *options);
  /* Stores @options where the layout keeps them and lays out again. Returns FALSE when the
   * FlowWrapLayoutChild is to keep them (a plain widget's child). */
  gboolean (*layout_store_child_options) (gpointer                controller,
                                          GtkWidget              *child,
                                          const FlowChildOptions *options);

  /* FlowWrapHStack's controller: its children and their placement. */
  gboolean      (*hstack_has_child)      (gpointer controller, GtkWidget *child);
  /* The last child in layout order, or NULL when there is none. */
  GtkWidget    *(*hstack_get_last_child) (gpointer controller);
  /* The app's children only, in layout order (never the box's own widgets). */
  guint         (*hstack_get_n_children) (gpointer controller);
  GtkWidget    *(*hstack_get_child_at_index) (gpointer controller, guint index);
  /* @sibling NULL: first. Both checked by the caller (@child parentless, @sibling a child). */
  void          (*hstack_insert_after)   (gpointer controller, GtkWidget *child, GtkWidget *sibling);
  void          (*hstack_reorder_after)  (gpointer controller, GtkWidget *child, GtkWidget *sibling);
  void          (*hstack_remove)         (gpointer controller, GtkWidget *child);
  void          (*hstack_remove_all)     (gpointer controller);
  FlowChildOptions (*hstack_get_child_options) (gpointer controller, GtkWidget *child);
  void          (*hstack_set_child_options)    (gpointer controller, GtkWidget *child,
                                                const FlowChildOptions *options);
  FlowPlacement (*hstack_get_placement)  (gpointer controller);
  void          (*hstack_set_placement)  (gpointer controller, FlowPlacement placement);
  GtkWidget    *(*hstack_get_fixed)      (gpointer controller);
  int           (*hstack_get_content_height) (gpointer controller);
  /* Returns TRUE when it handled the focus move (*handled set); otherwise GTK's default runs. */
  gboolean      (*hstack_focus)          (gpointer controller, GtkDirectionType direction,
                                          gboolean *handled);
  /* Its selection (flow-wrap-hstack-selection.c): a change as the app's API asks it (@child, a
   * child checked by the caller, for SELECT and UNSELECT; NULL for the others), whether @child is
   * selected, and the selected children in the box's order (a new list, the widgets not
   * referenced). */
  void          (*hstack_change_selection) (gpointer controller, FlowSelectionChange change, GtkWidget *child);
  gboolean      (*hstack_is_selected)    (gpointer controller, GtkWidget *child);
  GList        *(*hstack_get_selected)   (gpointer controller);

  /* FlowWrapListView's controller: its model, its viewport and its item widgets. */
  /* An adjustment's value was changed by someone else than the view (the scrollbar, the wheel,
   * the app). */
  void        (*list_scrolled) (gpointer controller);
  GListModel *(*list_get_model) (gpointer controller);
  /* Shows @model (checked by the caller to be a GListModel or NULL); notifies "model" if it
   * changed. */
  void        (*list_set_model) (gpointer controller, GListModel *model);
  guint       (*list_get_n_realized) (gpointer controller);
  /* The position of the item @widget shows, or GTK_INVALID_LIST_POSITION. */
  guint       (*list_get_position) (gpointer controller, GtkWidget *widget);
  void        (*list_scroll_to) (gpointer controller, guint position);
  /* The size func was set (or unset): every item's size is asked again (or measured). */
  void        (*list_size_func_changed) (gpointer controller, gboolean has_func);
  /* The item factory (flow-wrap-list-view-selection.c): NULL, the list's own signals. Setting
   * one the list cannot drive (anything but a GtkBuilderListItemFactory) returns FALSE with
   * @error set and changes nothing. */
  GtkListItemFactory *(*list_get_factory) (gpointer controller);
  gboolean    (*list_set_factory) (gpointer controller, GtkListItemFactory *factory, GError **error);
} FlowControllerTable;

/* Keeps a copy of @table; every entry must be set. FlowBridge calls it when it is loaded. */
void                       flow_controller_table_register (const FlowControllerTable *table);

/* The registered table; aborts with a message when none was (the library was linked without
 * FlowBridge). */
const FlowControllerTable *flow_controller_table (void);

#pragma GCC visibility pop

G_END_DECLS
