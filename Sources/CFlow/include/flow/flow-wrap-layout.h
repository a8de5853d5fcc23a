/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowWrapLayout: the flow layout as a GtkLayoutManager, for any widget. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FLOW_TYPE_WRAP_LAYOUT (flow_wrap_layout_get_type ())
G_DECLARE_FINAL_TYPE (FlowWrapLayout, flow_wrap_layout, FLOW, WRAP_LAYOUT, GtkLayoutManager)

GtkLayoutManager *flow_wrap_layout_new (void);

G_END_DECLS
