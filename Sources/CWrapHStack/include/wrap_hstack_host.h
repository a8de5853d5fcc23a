// The GtkWidget subclass that WrapHStack's Swift code drives.
//
// GTK 4 tells a widget its width only in measure (height-for-width) and size_allocate, and
// overriding those needs a class. This one is deliberately thin: it forwards measure,
// size_allocate and focus to callbacks set from Swift, where the layout is computed. It has its
// own CSS node name ("wraphstack") and accessible role (group), and unparents its children (the
// GtkFixed holding the items, or the items themselves; the overflow indicator, the stylesheet
// probes and the resize watch) on dispose.
#ifndef WRAP_HSTACK_HOST_H
#define WRAP_HSTACK_HOST_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WRAP_HSTACK_TYPE_HOST (wrap_hstack_host_get_type())
G_DECLARE_FINAL_TYPE(WrapHStackHost, wrap_hstack_host, WRAP_HSTACK, HOST, GtkWidget)

/// What the host asks of its Swift owner. Without callbacks (once the owner is gone) the host
/// measures 0 by 0 and allocates nothing.
typedef struct {
    GtkSizeRequestMode (*request_mode)(gpointer user_data);
    void (*measure)(gpointer user_data, GtkOrientation orientation, int for_size,
                    int *minimum, int *natural, int *minimum_baseline, int *natural_baseline);
    void (*size_allocate)(gpointer user_data, int width, int height, int baseline);
    /// Returns TRUE when it handled the focus move; FALSE lets GTK's default run.
    gboolean (*focus)(gpointer user_data, GtkDirectionType direction, gboolean *handled);
} WrapHStackHostCallbacks;

GtkWidget *wrap_hstack_host_new(void);

/// Sets (or, with NULL, clears) the callbacks. `user_data` is not owned: the Swift side clears
/// the callbacks before it goes away.
void wrap_hstack_host_set_callbacks(WrapHStackHost *self, const WrapHStackHostCallbacks *callbacks,
                                    gpointer user_data);

/// Asks for one more layout of the window once the current layout phase's allocation is done, in
/// the same frame. A resize queued from inside an allocation is lost (every ancestor clears its
/// flags when its own allocation returns), so the host queues it from an after-handler of the frame
/// clock's "layout" signal, and GDK runs the layout phase again before painting. Without a frame
/// clock (not realized) there is nothing to paint and nothing is scheduled.
void wrap_hstack_host_relayout_after_allocation(WrapHStackHost *self);

/// Has every ancestor of the host allocated again once the current layout phase's allocation is
/// done, in the same frame. For resizes the host's own allocation queues (gtk_fixed_move does):
/// an ancestor that GTK only walked through (its size and flags unchanged) keeps the flags such a
/// resize sets, while the allocated ancestor above it clears its own when its allocation returns;
/// nothing then leads GTK down to the walked-through one, which is never allocated again (it
/// paints nothing: "Trying to snapshot ... without a current allocation"), and every later resize
/// below it stops there. Queuing an allocation on each ancestor from outside the allocation lets
/// GTK reach all of them in one more run of the layout phase.
void wrap_hstack_host_reallocate_ancestors_after_layout(WrapHStackHost *self);

/// The cast for Swift (the G_DECLARE macros' casts do not import).
static inline WrapHStackHost *wrap_hstack_host_cast(GtkWidget *widget) { return WRAP_HSTACK_HOST(widget); }

G_END_DECLS

#endif
