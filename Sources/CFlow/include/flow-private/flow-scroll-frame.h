/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowScrollFrame: a frame around a GtkScrolledWindow that counts a classic vertical scrollbar
 * in its minimum width. GtkScrolledWindow does not (with an automatic policy it asks only for its
 * content's minimum), so at its narrowest a classic scrollbar would cover the end of every line;
 * in the frame, the viewport is never narrower than the content's minimum. Overlaid scrollbars
 * take no room and add nothing. (FlowBridge's WrapHStack.makeScrolledWindow makes one.) */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Private: hidden outside libflow-1.so (flow-private/README says why). */
#pragma GCC visibility push(hidden)

#define FLOW_TYPE_SCROLL_FRAME (flow_scroll_frame_get_type ())
G_DECLARE_FINAL_TYPE (FlowScrollFrame, flow_scroll_frame, FLOW, SCROLL_FRAME, GtkWidget)

/* A frame holding @scrolled_window (a GtkScrolledWindow) as its only child. */
GtkWidget *flow_scroll_frame_new (GtkWidget *scrolled_window);

#pragma GCC visibility pop

G_END_DECLS
