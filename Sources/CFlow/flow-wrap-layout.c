/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowWrapLayout: the flow layout as a GtkLayoutManager. The arithmetic is its Swift controller's
 * (FlowBridge/WrapLayoutController.swift), which FlowWrapHStack lays out with too; this file is
 * the GObject side: the properties, the layout children, and the text-scale watch. */
#include "flow/flow-wrap-layout.h"

#include "flow-private/flow-classes-private.h"
#include "flow-private/flow-dpi-watch.h"
#include "flow/flow-length-unit.h"

/**
 * FlowWrapLayout:
 *
 * A layout manager that places its widget's children in lines, one after another, starting a
 * new line when the next child does not fit, as CSS flexbox with `flex-wrap: wrap` does (and
 * libadwaita's AdwWrapLayout, which GTK 4.8 does not have).
 *
 * <picture>
 *   <source srcset="wrap-layout-dark.png" media="(prefers-color-scheme: dark)">
 *   <img src="wrap-layout.png" alt="Nine tag buttons in a GtkBox whose layout manager is a FlowWrapLayout, 360 pixels wide: three lines, each centred">
 * </picture>
 *
 * # Examples
 *
 * Any widget can use it: here a [class@Gtk.Box], whose own layout manager it replaces, with
 * 6 pixels between the children and between the lines, each line centred.
 *
 * In C:
 *
 * ```c
 * GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
 * GtkLayoutManager *layout = flow_wrap_layout_new ();
 * flow_wrap_layout_set_item_spacing (FLOW_WRAP_LAYOUT (layout), 6);
 * flow_wrap_layout_set_line_spacing (FLOW_WRAP_LAYOUT (layout), 6);
 * flow_wrap_layout_set_justify (FLOW_WRAP_LAYOUT (layout), FLOW_JUSTIFY_CENTER);
 * gtk_widget_set_layout_manager (box, layout);
 * ```
 *
 * In Python:
 *
 * ```python
 * box = Gtk.Box()
 * box.set_layout_manager(Flow.WrapLayout(item_spacing=6, line_spacing=6, justify=Flow.Justify.CENTER))
 * ```
 *
 * In JavaScript (GJS):
 *
 * ```js
 * const box = new Gtk.Box();
 * box.set_layout_manager(new Flow.WrapLayout({item_spacing: 6, line_spacing: 6, justify: Flow.Justify.CENTER}));
 * ```
 *
 * In Vala:
 *
 * ```vala
 * var box = new Gtk.Box (Gtk.Orientation.HORIZONTAL, 0);
 * box.layout_manager = new Flow.WrapLayout () { item_spacing = 6, line_spacing = 6, justify = Flow.Justify.CENTER };
 * ```
 *
 * # The main options, drawn
 *
 * Seven tag buttons at 360 pixels, with each [property@Flow.WrapLayout:justify]: %FLOW_JUSTIFY_START
 * (the default), %FLOW_JUSTIFY_CENTER, %FLOW_JUSTIFY_SPACE_BETWEEN and %FLOW_JUSTIFY_FILL:
 *
 * <picture>
 *   <source srcset="justify-start-dark.png" media="(prefers-color-scheme: dark)">
 *   <img src="justify-start.png" alt="Seven tag buttons with justify start: each line's buttons at its left, the free space at its right">
 * </picture>
 *
 * <picture>
 *   <source srcset="justify-center-dark.png" media="(prefers-color-scheme: dark)">
 *   <img src="justify-center.png" alt="Seven tag buttons with justify center: each line's buttons in its middle">
 * </picture>
 *
 * <picture>
 *   <source srcset="justify-space-between-dark.png" media="(prefers-color-scheme: dark)">
 *   <img src="justify-space-between.png" alt="Seven tag buttons with justify space-between: the free space between the buttons, none at the ends">
 * </picture>
 *
 * <picture>
 *   <source srcset="justify-fill-dark.png" media="(prefers-color-scheme: dark)">
 *   <img src="justify-fill.png" alt="Seven tag buttons with justify fill: every button widened so that each line is full">
 * </picture>
 *
 * Twelve with [property@Flow.WrapLayout:max-lines] 2: the buttons that do not fit in two lines
 * are left out (unmapped).
 *
 * <picture>
 *   <source srcset="max-lines-dark.png" media="(prefers-color-scheme: dark)">
 *   <img src="max-lines.png" alt="Twelve tag buttons with max-lines 2: two full lines, the rest left out">
 * </picture>
 *
 * Each child is measured at its natural size; a line's free space is placed as
 * [property@Flow.WrapLayout:justify] says and shared among its growing children
 * ([property@Flow.WrapLayoutChild:grow]); children sit across their line as
 * [property@Flow.WrapLayout:align] says. The widget's minimum width is the widest child's
 * minimum, so it never keeps its window from getting narrower, and its height for a width is
 * exactly what its lines need. [property@Gtk.Orientable:orientation] vertical makes columns
 * that wrap to the right. The widget's text direction mirrors the lines.
 *
 * Children that [property@Flow.WrapLayout:max-lines] leaves out are unmapped
 * ([method@Gtk.Widget.set_child_visible]); their own [property@Gtk.Widget:visible] stays
 * the app's. A child that is not visible takes no room.
 *
 * [class@Flow.WrapHStack] is a container built on this layout.
 */

struct _FlowWrapLayout
{
  GtkLayoutManager parent_instance;

  FlowLayoutValues values;
  GtkOrientation orientation;
  gpointer controller;

  /* The FlowWrapHStack this layout computes for without being its layout manager (unowned: the
   * box owns the layout), or NULL for a plain widget's layout. */
  GtkWidget *box;

  /* The text scale the pt and sp units follow, while the widget is rooted. */
  FlowDpiWatch dpi_watch;

  /* Work left for after the current layout phase (see schedule_after_layout): a relayout of the
   * widget, and allocating its ancestors again. */
  GdkFrameClock *relayout_clock;
  gulong relayout_handler;
  gboolean relayout_pending;
  gboolean reallocate_ancestors_pending;
};

G_DEFINE_FINAL_TYPE_WITH_CODE (FlowWrapLayout, flow_wrap_layout, GTK_TYPE_LAYOUT_MANAGER,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_ORIENTABLE, NULL))

enum {
  PROP_0,
  PROP_ORIENTATION,
  PROP_LAYOUT_FIRST,
  N_PROPS = PROP_LAYOUT_FIRST + FLOW_LAYOUT_N_PROPS
};

static GParamSpec *props[N_PROPS];

/**
 * flow_wrap_layout_new:
 *
 * A new wrap layout with every property at its default, for [method@Gtk.Widget.set_layout_manager].
 *
 * Returns: (transfer full): the new layout manager
 */
GtkLayoutManager *
flow_wrap_layout_new (void)
{
  return g_object_new (FLOW_TYPE_WRAP_LAYOUT, NULL);
}

/* MARK: Properties */

static void
options_changed (FlowWrapLayout *self)
{
  flow_controller_table ()->options_changed (self->controller);
}

static void
set_orientation (FlowWrapLayout *self, GtkOrientation orientation)
{
  if (self->orientation == orientation)
    return;
  self->orientation = orientation;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ORIENTATION]);
  options_changed (self);
}

static void
flow_wrap_layout_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FlowWrapLayout *self = FLOW_WRAP_LAYOUT (object);

  if (prop_id >= PROP_LAYOUT_FIRST && prop_id < N_PROPS)
    {
      flow_layout_values_get (&self->values, prop_id - PROP_LAYOUT_FIRST, value);
      return;
    }
  switch (prop_id)
    {
    case PROP_ORIENTATION: g_value_set_enum (value, self->orientation); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flow_wrap_layout_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FlowWrapLayout *self = FLOW_WRAP_LAYOUT (object);

  if (prop_id >= PROP_LAYOUT_FIRST && prop_id < N_PROPS)
    {
      if (flow_layout_values_set_and_notify (object, &self->values, prop_id - PROP_LAYOUT_FIRST, value, pspec))
        options_changed (self);
      return;
    }
  switch (prop_id)
    {
    case PROP_ORIENTATION: set_orientation (self, g_value_get_enum (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The widget the layout serves: the one it is the layout manager of, or its box. */
static GtkWidget *
served_widget (FlowWrapLayout *self)
{
  GtkWidget *widget = gtk_layout_manager_get_widget (GTK_LAYOUT_MANAGER (self));

  return widget != NULL ? widget : self->box;
}

/* MARK: Rooting: the text scale */

static void
start_dpi_watch (FlowWrapLayout *self)
{
  flow_dpi_watch_start (&self->dpi_watch, served_widget (self), &self->values,
                        (FlowDpiChangedFunc) options_changed, self);
}

/* A box's layout follows the box's rooting (flow_wrap_layout_box_rooted), even while GtkBuilder
 * has it as the box's layout manager. */
static void
flow_wrap_layout_root (GtkLayoutManager *manager)
{
  FlowWrapLayout *self = FLOW_WRAP_LAYOUT (manager);

  if (self->box == NULL)
    start_dpi_watch (self);
}

static void
cancel_relayout (FlowWrapLayout *self)
{
  self->relayout_pending = FALSE;
  self->reallocate_ancestors_pending = FALSE;
  if (self->relayout_clock == NULL)
    return;
  g_clear_signal_handler (&self->relayout_handler, self->relayout_clock);
  g_clear_object (&self->relayout_clock);
}

static void
flow_wrap_layout_unroot (GtkLayoutManager *manager)
{
  FlowWrapLayout *self = FLOW_WRAP_LAYOUT (manager);

  if (self->box != NULL)
    return;
  flow_dpi_watch_stop (&self->dpi_watch);
  cancel_relayout (self);
}

void
flow_wrap_layout_serve_box (FlowWrapLayout *self, GtkWidget *box)
{
  g_return_if_fail (FLOW_IS_WRAP_LAYOUT (self));
  self->box = box;
}

void
flow_wrap_layout_box_rooted (FlowWrapLayout *self)
{
  g_return_if_fail (FLOW_IS_WRAP_LAYOUT (self));
  start_dpi_watch (self);
}

void
flow_wrap_layout_box_unrooted (FlowWrapLayout *self)
{
  g_return_if_fail (FLOW_IS_WRAP_LAYOUT (self));
  flow_dpi_watch_stop (&self->dpi_watch);
  cancel_relayout (self);
}

GtkWidget *
flow_wrap_layout_get_served_widget (FlowWrapLayout *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LAYOUT (self), NULL);
  return served_widget (self);
}

/* MARK: Layout */

static GtkSizeRequestMode
flow_wrap_layout_get_request_mode (GtkLayoutManager *manager, GtkWidget *widget)
{
  return FLOW_WRAP_LAYOUT (manager)->orientation == GTK_ORIENTATION_HORIZONTAL
         ? GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH : GTK_SIZE_REQUEST_WIDTH_FOR_HEIGHT;
}

static void
flow_wrap_layout_measure (GtkLayoutManager *manager, GtkWidget *widget, GtkOrientation orientation,
                          int for_size, int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  flow_controller_table ()->layout_measure (FLOW_WRAP_LAYOUT (manager)->controller, widget, orientation, for_size,
                                       minimum, natural);
  *minimum_baseline = -1;
  *natural_baseline = -1;
}

static void
flow_wrap_layout_allocate (GtkLayoutManager *manager, GtkWidget *widget, int width, int height, int baseline)
{
  flow_controller_table ()->layout_allocate (FLOW_WRAP_LAYOUT (manager)->controller, widget, width, height);
}

static void
after_layout (GdkFrameClock *clock, gpointer data)
{
  FlowWrapLayout *self = data;
  GtkWidget *widget = served_widget (self);
  gboolean relayout = self->relayout_pending, reallocate = self->reallocate_ancestors_pending;

  cancel_relayout (self);
  if (widget == NULL)
    return;
  if (reallocate)
    for (GtkWidget *ancestor = gtk_widget_get_parent (widget); ancestor != NULL;
         ancestor = gtk_widget_get_parent (ancestor))
      gtk_widget_queue_allocate (ancestor);
  if (relayout)
    gtk_widget_queue_resize (widget);
}

/* Runs after_layout once the current layout phase's allocation is done, in the same frame: a
 * resize or an allocation queued from inside an allocation is lost (every ancestor clears its
 * flags when its own allocation returns), so they are queued from an after-handler of the frame
 * clock's "layout" signal, and GDK runs the layout phase again before painting. Without a frame
 * clock (not realized) there is nothing to paint: returns FALSE and schedules nothing. */
static gboolean
schedule_after_layout (FlowWrapLayout *self)
{
  GtkWidget *widget = served_widget (self);
  GdkFrameClock *clock = widget != NULL ? gtk_widget_get_frame_clock (widget) : NULL;

  if (clock == NULL)
    return FALSE;
  if (self->relayout_clock == NULL)
    {
      self->relayout_clock = g_object_ref (clock);
      self->relayout_handler = g_signal_connect_after (clock, "layout", G_CALLBACK (after_layout), self);
    }
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
  return TRUE;
}

void
flow_wrap_layout_relayout_after_allocation (FlowWrapLayout *self)
{
  g_return_if_fail (FLOW_IS_WRAP_LAYOUT (self));
  if (schedule_after_layout (self))
    self->relayout_pending = TRUE;
}

void
flow_wrap_layout_reallocate_ancestors_after_layout (FlowWrapLayout *self)
{
  g_return_if_fail (FLOW_IS_WRAP_LAYOUT (self));
  if (schedule_after_layout (self))
    self->reallocate_ancestors_pending = TRUE;
}

/* MARK: For the controller */

FlowWrapLayout *
flow_wrap_layout_cast (gpointer object)
{
  return FLOW_WRAP_LAYOUT (object);
}

gpointer
flow_wrap_layout_get_controller (FlowWrapLayout *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LAYOUT (self), NULL);
  return self->controller;
}

const FlowLayoutValues *
flow_wrap_layout_get_values (FlowWrapLayout *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LAYOUT (self), NULL);
  return &self->values;
}

guint
flow_wrap_layout_set_values (FlowWrapLayout *self, const FlowLayoutValues *values)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LAYOUT (self), 0);
  /* The notifications go out once the layout knows its new options, so that a handler that
   * reads them sees the new ones. */
  g_object_freeze_notify (G_OBJECT (self));
  guint changed = flow_layout_values_update (G_OBJECT (self), &self->values, values, props + PROP_LAYOUT_FIRST);
  if (changed > 0)
    options_changed (self);
  g_object_thaw_notify (G_OBJECT (self));
  return changed;
}

/* MARK: Life */

static void
flow_wrap_layout_dispose (GObject *object)
{
  FlowWrapLayout *self = FLOW_WRAP_LAYOUT (object);

  flow_dpi_watch_stop (&self->dpi_watch);
  cancel_relayout (self);
  G_OBJECT_CLASS (flow_wrap_layout_parent_class)->dispose (object);
}

static void
flow_wrap_layout_finalize (GObject *object)
{
  FlowWrapLayout *self = FLOW_WRAP_LAYOUT (object);

  /* GtkLayoutManager's finalize frees the layout children, which never call the controller
   * while they go; the controller goes last. */
  G_OBJECT_CLASS (flow_wrap_layout_parent_class)->finalize (object);
  g_clear_pointer (&self->controller, flow_controller_table ()->controller_free);
}

static void
flow_wrap_layout_class_init (FlowWrapLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  object_class->get_property = flow_wrap_layout_get_property;
  object_class->set_property = flow_wrap_layout_set_property;
  object_class->dispose = flow_wrap_layout_dispose;
  object_class->finalize = flow_wrap_layout_finalize;

  layout_class->get_request_mode = flow_wrap_layout_get_request_mode;
  layout_class->measure = flow_wrap_layout_measure;
  layout_class->allocate = flow_wrap_layout_allocate;
  layout_class->root = flow_wrap_layout_root;
  layout_class->unroot = flow_wrap_layout_unroot;
  layout_class->layout_child_type = FLOW_TYPE_WRAP_LAYOUT_CHILD;

  g_object_class_override_property (object_class, PROP_ORIENTATION, "orientation");
  props[PROP_ORIENTATION] = g_object_class_find_property (object_class, "orientation");

  /* The layout properties (documented, with their typed accessors, in flow-layout-accessors.c). */
  flow_layout_properties_install (object_class, PROP_LAYOUT_FIRST, props + PROP_LAYOUT_FIRST);
}

static void
flow_wrap_layout_init (FlowWrapLayout *self)
{
  flow_layout_values_init (&self->values);
  self->orientation = GTK_ORIENTATION_HORIZONTAL;
  /* However the layout is made (g_object_new from any language, GtkBuilder, Swift), it gets its
   * controller here. */
  self->controller = flow_controller_table ()->controller_new (FLOW_CONTROLLER_LAYOUT, self);
}

