/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* What FlowWrapListView's controller does to a FlowListItem: not introspected, not installed. */
#pragma once

#include <flow/flow.h>

G_BEGIN_DECLS

/* Private: hidden outside libflow-1.so (flow-private/README says why). */
#pragma GCC visibility push(hidden)

/* A new list item built from @factory's template (its child made), or NULL with @error set (the
 * template does not build, or sets no child). */
FlowListItem *flow_list_item_new_from_template (GtkBuilderListItemFactory *factory, GError **error);
/* Shows @item (NULL: none) at @position; notifies each property that changed, once. */
void          flow_list_item_update            (FlowListItem *self, gpointer item, guint position,
                                                gboolean selected);

#pragma GCC visibility pop

G_END_DECLS
