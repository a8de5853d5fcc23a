/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowWrapListView's activation and item factory, as GtkGridView has them: the typed accessors.
 * The selection is the model's (a GtkSelectionModel set as "model"); the clicks and keys that
 * change it and activate items are the Swift interaction core's (FlowBridge/Interaction), shared
 * with the box; the "single-click-activate" property and the "activate" signal are made by
 * flow-interaction.c. */
#include "flow/flow-wrap-list-view.h"

#include "flow-private/flow-wrap-list-view-private.h"
#include "flow-private/flow-controller-table.h"

/**
 * FlowWrapListView:single-click-activate:
 *
 * Whether one click on an item activates it ([signal@Flow.WrapListView::activate]); when
 * %FALSE (the default, as [property@Gtk.GridView:single-click-activate]) a double click does.
 */

/**
 * FlowWrapListView::activate:
 * @self: the list
 * @position: the position of the item activated
 *
 * Emitted when the user activates an item, as [signal@Gtk.GridView::activate]: a double click
 * on it (one click with [property@Flow.WrapListView:single-click-activate]), or Enter while its
 * widget has the focus. A click that the item's widget handles itself (a button's) is the
 * widget's. While nothing is connected to this signal, Enter goes to the focused widget as
 * before.
 */

/**
 * flow_wrap_list_view_get_single_click_activate:
 * @self: a list
 *
 * Whether one click activates an item.
 *
 * Returns: see [property@Flow.WrapListView:single-click-activate]
 */
gboolean
flow_wrap_list_view_get_single_click_activate (FlowWrapListView *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LIST_VIEW (self), FALSE);
  return flow_interaction_get_boolean (G_OBJECT (self), flow_wrap_list_view_get_controller (self),
                                       FLOW_INTERACTION_PROP_SINGLE_CLICK_ACTIVATE);
}

/**
 * flow_wrap_list_view_set_single_click_activate:
 * @self: a list
 * @single_click_activate: whether one click activates an item (else a double click does)
 *
 * Sets [property@Flow.WrapListView:single-click-activate].
 */
void
flow_wrap_list_view_set_single_click_activate (FlowWrapListView *self,
                                               gboolean          single_click_activate)
{
  g_return_if_fail (FLOW_IS_WRAP_LIST_VIEW (self));
  flow_interaction_set_boolean (G_OBJECT (self), flow_wrap_list_view_get_controller (self),
                                FLOW_INTERACTION_PROP_SINGLE_CLICK_ACTIVATE, single_click_activate);
}

/**
 * flow_wrap_list_view_get_factory:
 * @self: a list
 *
 * The factory that makes and fills the item widgets, if one was set.
 *
 * Returns: (transfer none) (nullable): the factory (see [property@Flow.WrapListView:factory]),
 *   or %NULL while the list's own signals make the item widgets
 */
GtkListItemFactory *
flow_wrap_list_view_get_factory (FlowWrapListView *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LIST_VIEW (self), NULL);
  return flow_controller_table ()->list_get_factory (flow_wrap_list_view_get_controller (self));
}

/**
 * flow_wrap_list_view_set_factory:
 * @self: a list
 * @factory: (nullable): a [class@Gtk.BuilderListItemFactory], or %NULL for the list's own
 *   signals
 *
 * Sets [property@Flow.WrapListView:factory]. A factory the list cannot use (see the property)
 * is refused with a warning that says why, and the list keeps its factory.
 */
void
flow_wrap_list_view_set_factory (FlowWrapListView   *self,
                                 GtkListItemFactory *factory)
{
  GError *error = NULL;

  g_return_if_fail (FLOW_IS_WRAP_LIST_VIEW (self));
  g_return_if_fail (factory == NULL || GTK_IS_LIST_ITEM_FACTORY (factory));
  if (factory == flow_wrap_list_view_get_factory (self))
    return;
  if (!flow_controller_table ()->list_set_factory (flow_wrap_list_view_get_controller (self), factory, &error))
    {
      g_warning ("FlowWrapListView: cannot use a %s as the item factory: %s", G_OBJECT_TYPE_NAME (factory),
                 error->message);
      g_error_free (error);
      return;
    }
  flow_wrap_list_view_notify_factory (self);
}
