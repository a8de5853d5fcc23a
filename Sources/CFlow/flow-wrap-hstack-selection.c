/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowWrapHStack's selection and activation, as GtkFlowBox has them: the typed accessors of the
 * two properties and the selection API. The properties and signals are made by
 * flow-interaction.c (shared with the list); what the user does (clicks, keys) and the state
 * shown on the children are the Swift interaction core's (FlowBridge/Interaction). */
#include "flow/flow-wrap-hstack.h"

#include "flow-private/flow-classes-private.h"

/**
 * FlowWrapHStack:selection-mode:
 *
 * How many children the user can select, as [property@Gtk.FlowBox:selection-mode]:
 * %GTK_SELECTION_NONE (the default: nothing is selected, and clicks and keys go to the
 * children as before), %GTK_SELECTION_SINGLE (at most one; Ctrl+click unselects it),
 * %GTK_SELECTION_BROWSE (one, once the user chose one; it cannot be unselected by the user) or
 * %GTK_SELECTION_MULTIPLE.
 *
 * With a selection mode other than none: a click on a child selects it alone, Ctrl+click
 * toggles it, Shift+click selects the range from the last child clicked; with a child focused,
 * the arrow keys, Home and End move the focus and select the child they reach (Ctrl with them
 * moves the focus only), Shift with them extends the selection from the last child chosen,
 * across wrapped lines (the arrows go to the nearest child on the line above or below), Space
 * toggles the focused child, Ctrl+A selects every child (multiple) and Ctrl+Shift+A none. A
 * click that a child handles itself (a button's) stays the child's, as in GtkFlowBox.
 *
 * A selected child is in the CSS state `:selected` and has the accessible state
 * %GTK_ACCESSIBLE_STATE_SELECTED (other children have it %FALSE). Each change emits
 * [signal@Flow.WrapHStack::selected-children-changed] once. Changing the mode to none or
 * single or browse from multiple unselects every child.
 *
 * GtkFlowBox's default is %GTK_SELECTION_SINGLE; this box's is %GTK_SELECTION_NONE, so that a
 * box of buttons or chips behaves as before until the app asks for a selection.
 */

/**
 * FlowWrapHStack:activate-on-single-click:
 *
 * Whether one click on a child activates it ([signal@Flow.WrapHStack::child-activated]); when
 * %FALSE a double click does. A click with Ctrl or Shift changes the selection and activates
 * nothing. Default %TRUE, as [property@Gtk.FlowBox:activate-on-single-click].
 */

/**
 * FlowWrapHStack::child-activated:
 * @self: the box
 * @child: the child activated
 *
 * Emitted when the user activates a child: a click on it (or a double click, with
 * [property@Flow.WrapHStack:activate-on-single-click] off), or Enter while it has the focus. A
 * click that the child handles itself (a button's) is the child's. While nothing is connected
 * to this signal, Enter goes to the focused child as before (a button then is clicked), so a box
 * an app already has keeps its keys.
 */

/**
 * FlowWrapHStack::selected-children-changed:
 * @self: the box
 *
 * Emitted once for each change of the selection, by the user or by the API
 * ([method@Flow.WrapHStack.select_child] and the others), and when a selected child is removed.
 */

/**
 * flow_wrap_hstack_get_selection_mode:
 * @self: a box
 *
 * How many children the user can select.
 *
 * Returns: the selection mode (see [property@Flow.WrapHStack:selection-mode])
 */
GtkSelectionMode
flow_wrap_hstack_get_selection_mode (FlowWrapHStack *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), GTK_SELECTION_NONE);
  return flow_interaction_get_enum (G_OBJECT (self), flow_wrap_hstack_get_controller (self),
                                    FLOW_INTERACTION_PROP_SELECTION_MODE);
}

/**
 * flow_wrap_hstack_set_selection_mode:
 * @self: a box
 * @mode: how many children the user can select
 *
 * Sets [property@Flow.WrapHStack:selection-mode].
 */
void
flow_wrap_hstack_set_selection_mode (FlowWrapHStack  *self,
                                     GtkSelectionMode mode)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  g_return_if_fail (mode >= GTK_SELECTION_NONE && mode <= GTK_SELECTION_MULTIPLE);
  flow_interaction_set_enum (G_OBJECT (self), flow_wrap_hstack_get_controller (self),
                             FLOW_INTERACTION_PROP_SELECTION_MODE, mode);
}

/**
 * flow_wrap_hstack_get_activate_on_single_click:
 * @self: a box
 *
 * Whether one click activates a child.
 *
 * Returns: see [property@Flow.WrapHStack:activate-on-single-click]
 */
gboolean
flow_wrap_hstack_get_activate_on_single_click (FlowWrapHStack *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), TRUE);
  return flow_interaction_get_boolean (G_OBJECT (self), flow_wrap_hstack_get_controller (self),
                                       FLOW_INTERACTION_PROP_SINGLE_CLICK_ACTIVATE);
}

/**
 * flow_wrap_hstack_set_activate_on_single_click:
 * @self: a box
 * @single: whether one click activates a child (else a double click does)
 *
 * Sets [property@Flow.WrapHStack:activate-on-single-click].
 */
void
flow_wrap_hstack_set_activate_on_single_click (FlowWrapHStack *self,
                                               gboolean        single)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  flow_interaction_set_boolean (G_OBJECT (self), flow_wrap_hstack_get_controller (self),
                                FLOW_INTERACTION_PROP_SINGLE_CLICK_ACTIVATE, single);
}

static void
change (FlowWrapHStack *self, FlowSelectionChange what, GtkWidget *child)
{
  flow_controller_table ()->hstack_change_selection (flow_wrap_hstack_get_controller (self), what, child);
}

/**
 * flow_wrap_hstack_select_child:
 * @self: a box
 * @child: a child of @self
 *
 * Selects @child (in single and browse mode, unselecting the other one). Nothing happens in
 * mode %GTK_SELECTION_NONE.
 */
void
flow_wrap_hstack_select_child (FlowWrapHStack *self,
                               GtkWidget      *child)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  g_return_if_fail (GTK_IS_WIDGET (child) && flow_wrap_hstack_has_child (self, child));
  change (self, FLOW_SELECTION_SELECT, child);
}

/**
 * flow_wrap_hstack_unselect_child:
 * @self: a box
 * @child: a child of @self
 *
 * Unselects @child (the app may, in browse mode too).
 */
void
flow_wrap_hstack_unselect_child (FlowWrapHStack *self,
                                 GtkWidget      *child)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  g_return_if_fail (GTK_IS_WIDGET (child) && flow_wrap_hstack_has_child (self, child));
  change (self, FLOW_SELECTION_UNSELECT, child);
}

/**
 * flow_wrap_hstack_select_all:
 * @self: a box
 *
 * Selects every child, in mode %GTK_SELECTION_MULTIPLE (nothing happens in the others).
 */
void
flow_wrap_hstack_select_all (FlowWrapHStack *self)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  change (self, FLOW_SELECTION_SELECT_ALL, NULL);
}

/**
 * flow_wrap_hstack_unselect_all:
 * @self: a box
 *
 * Unselects every child.
 */
void
flow_wrap_hstack_unselect_all (FlowWrapHStack *self)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  change (self, FLOW_SELECTION_UNSELECT_ALL, NULL);
}

/**
 * flow_wrap_hstack_is_child_selected:
 * @self: a box
 * @child: a child of @self
 *
 * Whether @child is selected.
 *
 * Returns: %TRUE when @child is selected
 */
gboolean
flow_wrap_hstack_is_child_selected (FlowWrapHStack *self,
                                    GtkWidget      *child)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), FALSE);
  g_return_val_if_fail (GTK_IS_WIDGET (child) && flow_wrap_hstack_has_child (self, child), FALSE);
  return flow_controller_table ()->hstack_is_selected (flow_wrap_hstack_get_controller (self), child);
}

/**
 * flow_wrap_hstack_get_selected_children:
 * @self: a box
 *
 * The selected children, in the box's order.
 *
 * Returns: (transfer container) (element-type GtkWidget): a new list of the selected children
 *   (free it with g_list_free(); the children are the box's)
 */
GList *
flow_wrap_hstack_get_selected_children (FlowWrapHStack *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), NULL);
  return flow_controller_table ()->hstack_get_selected (flow_wrap_hstack_get_controller (self));
}
