// Tells whether a widget has queued a resize since it was last asked.
//
// GTK 4 has no signal for a queued resize, but it passes every resize queued on a widget on to
// the widgets that share a size group with it. The watch is a never-shown widget in a size group
// (of mode NONE, which changes no size) with the watched widget: a resize queued on the watched
// widget clears the watch's size cache, and the next time the watch is measured its measure
// function runs, which it notes.
//
// WrapHStack watches its GtkFixed this way: a resize queued on the GtkFixed that the container did
// not cause itself (a child's label changed, the app moved a widget of its own) means that the
// children must be measured again; one it caused itself (moving its children) does not.
#ifndef WRAP_HSTACK_RESIZE_WATCH_H
#define WRAP_HSTACK_RESIZE_WATCH_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WRAP_HSTACK_TYPE_RESIZE_WATCH (wrap_hstack_resize_watch_get_type())
G_DECLARE_FINAL_TYPE(WrapHStackResizeWatch, wrap_hstack_resize_watch, WRAP_HSTACK, RESIZE_WATCH, GtkWidget)

/// A watch on `watched`. The caller parents the watch somewhere (it is never mapped: its child
/// visibility is off) and keeps it as long as it watches.
GtkWidget *wrap_hstack_resize_watch_new(GtkWidget *watched);

/// Whether a resize was queued on the watched widget since the last call (or since the watch was
/// made), and starts watching afresh. Costs one size-cache look-up when nothing was queued.
gboolean wrap_hstack_resize_watch_take(GtkWidget *watch);

G_END_DECLS

#endif
