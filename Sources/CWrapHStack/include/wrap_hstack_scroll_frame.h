// A frame around a GtkScrolledWindow that counts a classic vertical scrollbar in the minimum
// width. GtkScrolledWindow does not (with an automatic policy it asks only for its content's
// minimum), so at its narrowest a classic scrollbar would cover the end of every line. With the
// frame, the viewport is never narrower than the content's minimum, scrollbar shown or not.
// Overlaid scrollbars take no room and add nothing.
#ifndef WRAP_HSTACK_SCROLL_FRAME_H
#define WRAP_HSTACK_SCROLL_FRAME_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WRAP_HSTACK_TYPE_SCROLL_FRAME (wrap_hstack_scroll_frame_get_type())
G_DECLARE_FINAL_TYPE(WrapHStackScrollFrame, wrap_hstack_scroll_frame, WRAP_HSTACK, SCROLL_FRAME, GtkWidget)

/// A frame holding `scrolled_window` (a GtkScrolledWindow) as its only child.
GtkWidget *wrap_hstack_scroll_frame_new(GtkWidget *scrolled_window);

G_END_DECLS

#endif
