/* The library's own plumbing between the C classes and their Swift controllers (FlowBridge).
 * Not introspected (flow.h does not include it), public only so that Swift can import it.
 *
 * Each class's instance init makes its controller by calling a function defined in Swift with
 * @_cdecl and declared here; finalize frees it. The linker joins the two wherever both are
 * linked (a Swift program, libflow-1.so), which is why only FlowBridge depends on this target:
 * a program that linked it without FlowBridge would not link. The controllers hold an unowned
 * pointer back to their object: the object owns the controller, never the other way round. */
#pragma once

#include <flow/flow.h>
#include <flow/flow-layout-properties.h>

G_BEGIN_DECLS

/* MARK: FlowWrapLayout's controller (FlowBridge/WrapLayoutController+EntryPoints.swift): a
 * FlowWrapHStack's measuring, allocation and child options go on to the box's controller. */

/* One child's options, as FlowWrapLayoutChild shows them. */
typedef struct {
  double   grow;
  gboolean break_before;
} FlowChildOptions;

gpointer flow_wrap_layout_controller_new      (FlowWrapLayout *layout);
void     flow_wrap_layout_controller_free     (gpointer controller);
void     flow_wrap_layout_controller_measure  (gpointer        controller,
                                               GtkWidget      *widget,
                                               GtkOrientation  orientation,
                                               int             for_size,
                                               int            *minimum,
                                               int            *natural);
void     flow_wrap_layout_controller_allocate (gpointer   controller,
                                               GtkWidget *widget,
                                               int        width,
                                               int        height);
/* A property, the orientation, or the dpi a unit follows changed: lay out again. */
void     flow_wrap_layout_controller_options_changed (gpointer controller);
/* Whether @child's options are kept outside its layout child (a FlowWrapHStack's child: they
 * live in the box's list of children, whichever its placement); if so, fills @options. */
gboolean flow_wrap_layout_controller_load_child_options  (gpointer                controller,
                                                          GtkWidget              *child,
                                                          FlowChildOptions       *options);
/* Stores @options where the layout keeps them and lays out again. Returns FALSE when the
 * FlowWrapLayoutChild is to keep them (a plain widget's child). */
gboolean flow_wrap_layout_controller_store_child_options (gpointer                controller,
                                                          GtkWidget              *child,
                                                          const FlowChildOptions *options);

/* MARK: FlowWrapLayout, for its controller */

FlowWrapLayout         *flow_wrap_layout_cast        (gpointer object);
gpointer                flow_wrap_layout_get_controller (FlowWrapLayout *self);
const FlowLayoutValues *flow_wrap_layout_get_values  (FlowWrapLayout *self);
/* Sets every property from @values, one notify per real change (flow_layout_values_update). */
guint                   flow_wrap_layout_set_values  (FlowWrapLayout *self,
                                                      const FlowLayoutValues *values);
/* One more layout of the window once the current layout phase's allocation is done, in the same
 * frame (see schedule_after_layout in flow-wrap-layout.c for why not at once). */
void                    flow_wrap_layout_relayout_after_allocation (FlowWrapLayout *self);
/* Every ancestor of the widget allocated again once the current layout phase's allocation is
 * done, in the same frame: for the resizes a GtkFixed placing queues (FlowBridge/FixedPlacer.swift
 * says why they need it). */
void                    flow_wrap_layout_reallocate_ancestors_after_layout (FlowWrapLayout *self);
/* The child options of a plain widget's child, as its FlowWrapLayoutChild holds them. */
FlowChildOptions        flow_wrap_layout_child_get_options (FlowWrapLayoutChild *self);

/* MARK: FlowWrapHStack's controller (FlowBridge/WrapHStackController+EntryPoints.swift) */

gpointer      flow_wrap_hstack_controller_new       (FlowWrapHStack *self);
/* The widget is being disposed: drop every reference to children and helpers. */
void          flow_wrap_hstack_controller_dispose   (gpointer controller);
void          flow_wrap_hstack_controller_free      (gpointer controller);
gboolean      flow_wrap_hstack_controller_has_child (gpointer controller, GtkWidget *child);
/* The last child in layout order, or NULL when there is none. */
GtkWidget    *flow_wrap_hstack_controller_get_last_child (gpointer controller);
/* @sibling NULL: first. Both checked by the caller (@child parentless, @sibling a child). */
void          flow_wrap_hstack_controller_insert_after  (gpointer controller, GtkWidget *child, GtkWidget *sibling);
void          flow_wrap_hstack_controller_reorder_after (gpointer controller, GtkWidget *child, GtkWidget *sibling);
void          flow_wrap_hstack_controller_remove        (gpointer controller, GtkWidget *child);
void          flow_wrap_hstack_controller_remove_all    (gpointer controller);
FlowChildOptions flow_wrap_hstack_controller_get_child_options (gpointer controller, GtkWidget *child);
void          flow_wrap_hstack_controller_set_child_options    (gpointer controller, GtkWidget *child,
                                                                const FlowChildOptions *options);
FlowPlacement flow_wrap_hstack_controller_get_placement (gpointer controller);
void          flow_wrap_hstack_controller_set_placement (gpointer controller, FlowPlacement placement);
GtkWidget    *flow_wrap_hstack_controller_get_fixed     (gpointer controller);
int           flow_wrap_hstack_controller_get_content_height (gpointer controller);
/* Returns TRUE when it handled the focus move (*handled set); otherwise GTK's default runs. */
gboolean      flow_wrap_hstack_controller_focus (gpointer controller, GtkDirectionType direction,
                                                 gboolean *handled);

/* MARK: FlowWrapHStack, for its controller */

FlowWrapHStack *flow_wrap_hstack_cast                  (gpointer object);
gpointer        flow_wrap_hstack_get_controller        (FlowWrapHStack *self);
FlowWrapLayout *flow_wrap_hstack_get_layout            (FlowWrapHStack *self);
void            flow_wrap_hstack_notify_content_height (FlowWrapHStack *self);

G_END_DECLS
