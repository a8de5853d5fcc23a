/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowWrapListView: the virtualized wrapping list. Its items' sizes, lines, widgets and keys are
 * its Swift controller's (FlowBridge/List/WrapListViewController.swift and its WrapListViewController+ files); this
 * file is the GObject side: GtkScrollable, the model and layout properties, the factory signals. */
#include "flow-private/flow-wrap-list-view-private.h"
#include "flow-private/flow-dpi-watch.h"
#include "flow-private/flow-interaction.h"

#include <string.h>

/**
 * FlowWrapListView:
 *
 * A virtualized wrapping list: the items of a [iface@Gio.ListModel] in lines that wrap like
 * words, laid out exactly as [class@Flow.WrapHStack] lays out the same widgets, but with
 * widgets only for the items on screen and a small margin around them. A widget that scrolls
 * away is given to another item, as [class@Gtk.ListView] does for uniform rows: a list of a
 * million tags opens at once.
 *
 * <picture>
 *   <source srcset="wrap-list-view-dark.png" media="(prefers-color-scheme: dark)">
 *   <img src="wrap-list-view.png" alt="A FlowWrapListView of 2,000 tag buttons in a scrolled window 360 pixels wide, showing the first five lines">
 * </picture>
 *
 * # Examples
 *
 * A list of the strings in `tags` (a %NULL-terminated array of strings), each shown by a label,
 * in a scrolled window.
 *
 * In C:
 *
 * ```c
 * static GtkWidget *
 * setup (FlowWrapListView *view, gpointer data)
 * {
 *   return gtk_label_new (NULL);
 * }
 *
 * static void
 * bind (FlowWrapListView *view, GtkWidget *label, guint position, GObject *item, gpointer data)
 * {
 *   gtk_label_set_label (GTK_LABEL (label), gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
 * }
 *
 *   GtkStringList *strings = gtk_string_list_new (tags);
 *   GtkWidget *view = flow_wrap_list_view_new (G_LIST_MODEL (strings));
 *   g_object_unref (strings);
 *   flow_wrap_list_view_set_item_spacing (FLOW_WRAP_LIST_VIEW (view), 6);
 *   flow_wrap_list_view_set_line_spacing (FLOW_WRAP_LIST_VIEW (view), 6);
 *   g_signal_connect (view, "setup", G_CALLBACK (setup), NULL);
 *   g_signal_connect (view, "bind", G_CALLBACK (bind), NULL);
 *   GtkWidget *scrolled = gtk_scrolled_window_new ();
 *   gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
 *   gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
 * ```
 *
 * In Python:
 *
 * ```python
 * view = Flow.WrapListView(model=Gtk.StringList.new(tags), item_spacing=6, line_spacing=6)
 * view.connect("setup", lambda view: Gtk.Label())
 * view.connect("bind", lambda view, label, position, item: label.set_label(item.get_string()))
 * scrolled = Gtk.ScrolledWindow(hscrollbar_policy=Gtk.PolicyType.NEVER, child=view)
 * ```
 *
 * In JavaScript (GJS):
 *
 * ```js
 * const view = new Flow.WrapListView({model: Gtk.StringList.new(tags), item_spacing: 6, line_spacing: 6});
 * view.connect('setup', () => new Gtk.Label());
 * view.connect('bind', (view, label, position, item) => label.set_label(item.get_string()));
 * const scrolled = new Gtk.ScrolledWindow({hscrollbar_policy: Gtk.PolicyType.NEVER, child: view});
 * ```
 *
 * In Vala:
 *
 * ```vala
 * var view = new Flow.WrapListView (new Gtk.StringList (tags));
 * view.item_spacing = 6;
 * view.line_spacing = 6;
 * view.setup.connect (() => new Gtk.Label (null));
 * view.bind.connect ((label, position, item) => {
 *     ((Gtk.Label) label).label = ((Gtk.StringObject) item).string;
 * });
 * var scrolled = new Gtk.ScrolledWindow () { hscrollbar_policy = Gtk.PolicyType.NEVER, child = view };
 * ```
 *
 * It implements [iface@Gtk.Scrollable]: put it straight into a [class@Gtk.ScrolledWindow]
 * (with the horizontal policy %GTK_POLICY_NEVER for horizontal lines), whose scrollbar is then
 * exact for the whole list.
 *
 * # The factory
 *
 * The item widgets come from four signals, as [class@Gtk.SignalListItemFactory]'s:
 * [signal@Flow.WrapListView::setup] makes an empty item widget (its handler returns it),
 * [signal@Flow.WrapListView::bind] shows an item in it, [signal@Flow.WrapListView::unbind]
 * before it shows another, and [signal@Flow.WrapListView::teardown] when the view gives it up.
 * Connect at least `setup` and `bind` before the view is first shown: until a `setup` handler is
 * connected, the view makes no widget and shows nothing (a model may be set first; connected
 * later, call gtk_widget_queue_resize() once). A `setup` handler must return a new widget
 * without a parent; returning none, or one that has a parent, ends the program with a message
 * saying so, as a programming error.
 *
 * Every item's size is known to the layout, so that lines break exactly where they would with
 * all widgets present. With a size func (flow_wrap_list_view_set_size_func()) the app gives each
 * size, and every line is exact before the first frame. Without one, the view measures each item
 * by binding it to one off-screen widget of the factory's, a few milliseconds per main-loop turn,
 * and lays out the items not measured yet at the mean of the measured sizes (the first item on
 * screen stays put when those estimates are replaced). So `bind` and `unbind` are also called on
 * that off-screen widget: a handler must only show the item, never assume the widget is on
 * screen.
 *
 * Instead of the signals, [property@Flow.WrapListView:factory] takes a
 * [class@Gtk.BuilderListItemFactory]: a template written for GtkListView works unchanged (see
 * [class@Flow.ListItem]). GTK 4.8 lets no widget outside GTK drive another kind of
 * [class@Gtk.ListItemFactory] (their setup and bind are private to GTK), so a
 * [class@Gtk.SignalListItemFactory] is refused; these signals do its work.
 *
 * # Selection and activation
 *
 * A [iface@Gtk.SelectionModel] as the model is the list's selection, as in GtkGridView: clicks
 * (with Ctrl, Shift), the arrows with Shift across wrapped lines, Space and Ctrl+A change it
 * through the model's own API (see [property@Flow.WrapListView:model]); the selected items' widgets
 * are in the CSS state `:selected` and have the accessible state selected.
 * [signal@Flow.WrapListView::activate] reports a double click (one click with
 * [property@Flow.WrapListView:single-click-activate]) or Enter. An item's widget is the app's own
 * (GtkGridView wraps each in a focusable widget of its own): for the keys to select items, the
 * widgets must take the focus, and a click a widget handles itself (a button's) stays its own.
 *
 * # Where it differs from the Swift `WrapListView`
 *
 * The Swift class (FlowBridge) is the same widget with a Swift API: its factory is Swift
 * closures given the item's position, and it also takes the app's own collection
 * (`setItemCount`, `itemsChanged`) instead of a model, the layout as one `FlowLayout` value,
 * and its insets (which have no property here: use CSS padding). Its `layout` and this class's
 * properties are the same values: setting one notifies the other. Its size provider returns a
 * whole `FlowItem` (minimum sizes, a baseline, grow and break-before); the size func gives a width
 * and a height only. Its `reorderable`, `shouldMoveItem`, `onItemMoved` and `moveItem(from:to:)`
 * are [property@Flow.WrapListView:reorderable], [signal@Flow.WrapListView::move-item],
 * [signal@Flow.WrapListView::item-moved] and [method@Flow.WrapListView.move_item]: a move is
 * offered to the Swift closure and to the signal, and reported to both.
 *
 * # What holds of WrapHStack's guarantees
 *
 * The layout properties, the text direction, balanced line breaking and
 * [property@Flow.WrapListView:max-lines] work as for [class@Flow.WrapHStack], with the same
 * results; the view never locks its parent's width. The content changes of far-away items are
 * not animated, and there is no "+N more" indicator.
 *
 * # Reordering by the user
 *
 * With [property@Flow.WrapListView:reorderable] on, the user drags an item to another place, or
 * moves the focused one with Alt+Shift and the arrow keys, Home or End. Each move is first
 * offered to [signal@Flow.WrapListView::move-item], which may refuse it; then the item is moved
 * in the model, and [signal@Flow.WrapListView::item-moved] reports it:
 *
 * - a [class@Gio.ListStore] or a [class@Gtk.StringList] is moved by the view itself (a removal
 *   then an insertion, two [signal@Gio.ListModel::items-changed]), before `item-moved`;
 * - any other model is the app's to move, in its `item-moved` handler (the view follows the
 *   model's `items-changed`).
 *
 * ```python
 * view = Flow.WrapListView(model=store, reorderable=True)
 * view.connect("move-item", lambda view, old, new: new != 0)   # nothing goes before the first
 * view.connect("item-moved", lambda view, old, new: print("moved", old, "to", new))
 * ```
 *
 * A drag of an item whose model item is a [class@Gtk.StringObject] also carries its string as
 * text, so that dropped in another program (an entry, a text editor) it is copied there as text.
 *
 * # Keyboard and accessibility
 *
 * The arrow keys, Home/End and Page Up/Down move the focus by geometry across items that have
 * no widget (the target is realized and scrolled into view); the focused item keeps its widget
 * while it is scrolled away. The view has the %GTK_ACCESSIBLE_ROLE_LIST role; an item widget
 * whose own role says nothing (a box, a frame: group, generic, widget) is given
 * %GTK_ACCESSIBLE_ROLE_LIST_ITEM when it is made (a button, a label keep theirs); each reports
 * its position and the item count (and, while the view is reorderable, in its
 * description, the keys that move it).
 *
 * # CSS nodes
 *
 * The node is `wraplistview`; the item widgets are its children, in item order.
 */

struct _FlowWrapListView
{
  GtkWidget parent_instance;

  GtkAdjustment *adjustments[2];   /* indexed by GtkOrientation */
  GtkScrollablePolicy policies[2];
  /* Set while the view configures an adjustment itself, so that it is not reported as a scroll. */
  gboolean configuring;

  FlowLayoutValues values;
  GtkOrientation orientation;

  /* The text scale the pt and sp units follow, while the widget is rooted. */
  FlowDpiWatch dpi_watch;

  /* The app's size func, if any (flow_wrap_list_view_set_size_func). */
  FlowWrapListViewSizeFunc size_func;
  gpointer size_data;
  GDestroyNotify size_destroy;

  gpointer controller;
};

G_DEFINE_FINAL_TYPE_WITH_CODE (FlowWrapListView, flow_wrap_list_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, NULL)
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_ORIENTABLE, NULL))

enum {
  PROP_0,
  PROP_HADJUSTMENT,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
  PROP_ORIENTATION,
  PROP_MODEL,
  PROP_FACTORY,
  PROP_INTERACTION_FIRST,
  PROP_LAYOUT_FIRST = PROP_INTERACTION_FIRST + FLOW_INTERACTION_N_PROPS,
  N_PROPS = PROP_LAYOUT_FIRST + FLOW_LAYOUT_N_PROPS
};

static GParamSpec *props[N_PROPS];

enum {
  SIGNAL_SETUP,
  SIGNAL_BIND,
  SIGNAL_UNBIND,
  SIGNAL_TEARDOWN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The properties and signals the list shares with the box, named after its items. */
static FlowInteractionClass interaction = { .item = "item", .items = "items", .passes_widget = FALSE, .names = 1 };

/**
 * flow_wrap_list_view_new:
 * @model: (nullable) (transfer none): the items to show, or %NULL
 *
 * A new list with every layout property at its default, showing @model (the view takes its own
 * reference). Connect [signal@Flow.WrapListView::setup] and [signal@Flow.WrapListView::bind]
 * before showing it.
 *
 * Returns: the new list, a floating reference as for every new widget
 */
GtkWidget *
flow_wrap_list_view_new (GListModel *model)
{
  g_return_val_if_fail (model == NULL || G_IS_LIST_MODEL (model), NULL);
  return g_object_new (FLOW_TYPE_WRAP_LIST_VIEW, "model", model, NULL);
}

/* MARK: Model */

/**
 * flow_wrap_list_view_get_model:
 * @self: a list
 *
 * The items the list shows.
 *
 * Returns: (transfer none) (nullable): the model, or %NULL
 */
GListModel *
flow_wrap_list_view_get_model (FlowWrapListView *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LIST_VIEW (self), NULL);
  return flow_controller_table ()->list_get_model (self->controller);
}

/**
 * flow_wrap_list_view_set_model:
 * @self: a list
 * @model: (nullable): the items to show, or %NULL for none
 *
 * Shows the items of @model, and follows its [signal@Gio.ListModel::items-changed] (lines are
 * broken again from the first line a change can affect). The widgets of the old items are
 * unbound; with %NULL they are all torn down.
 */
void
flow_wrap_list_view_set_model (FlowWrapListView *self,
                               GListModel       *model)
{
  g_return_if_fail (FLOW_IS_WRAP_LIST_VIEW (self));
  g_return_if_fail (model == NULL || G_IS_LIST_MODEL (model));
  flow_controller_table ()->list_set_model (self->controller, model);
}

/**
 * flow_wrap_list_view_get_n_realized:
 * @self: a list
 *
 * How many items have a widget now (those on screen and a small margin, and the focused one):
 * a handful however long the list is.
 *
 * Returns: the number of items bound to a widget, as of the last allocation
 */
guint
flow_wrap_list_view_get_n_realized (FlowWrapListView *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LIST_VIEW (self), 0);
  return flow_controller_table ()->list_get_n_realized (self->controller);
}

/**
 * flow_wrap_list_view_get_position:
 * @self: a list
 * @widget: an item widget of @self
 *
 * The position of the item @widget shows now. A widget is not bound again when an
 * [signal@Gio.ListModel::items-changed] before its item moves it: the position
 * [signal@Flow.WrapListView::bind] gave may be out of date, this one is not (the item object
 * `bind` gave stays right too).
 *
 * Returns: the item's position in the model, or %GTK_INVALID_LIST_POSITION when @widget shows
 *   no item (a spare widget, or not one of the list's)
 */
guint
flow_wrap_list_view_get_position (FlowWrapListView *self,
                                  GtkWidget        *widget)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LIST_VIEW (self), GTK_INVALID_LIST_POSITION);
  g_return_val_if_fail (GTK_IS_WIDGET (widget), GTK_INVALID_LIST_POSITION);
  return flow_controller_table ()->list_get_position (self->controller, widget);
}

/**
 * flow_wrap_list_view_scroll_to:
 * @self: a list
 * @position: an item's position in the model
 *
 * Scrolls so that the item at @position is on screen, at the next allocation (the least
 * scrolling that shows its whole line). A position past the end means the last item.
 */
void
flow_wrap_list_view_scroll_to (FlowWrapListView *self,
                               guint             position)
{
  g_return_if_fail (FLOW_IS_WRAP_LIST_VIEW (self));
  flow_controller_table ()->list_scroll_to (self->controller, position);
}

/**
 * flow_wrap_list_view_set_size_func:
 * @self: a list
 * @func: (nullable) (scope notified) (closure user_data) (destroy destroy): gives each item's size,
 *   or %NULL to measure the items from widgets again
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data when @func is replaced or the list finalized
 *
 * Has the list ask @func for each item's size instead of measuring a bound widget: every line is
 * then exact before the first frame, however long the model (a million items), and no widget is
 * bound in idle time. @func is called once per item now, and once per new item of each
 * [signal@Gio.ListModel::items-changed]; it must give what the item's widget would measure (for
 * text, one shared [class@Pango.Layout] and the widget's fixed padding), or lines break
 * elsewhere than they would with the widgets. A negative size counts as 0; the minimum width is
 * the width.
 *
 * ```python
 * layout = view.create_pango_layout(None)
 * def size(view, position, item):
 *     layout.set_text(item.get_string(), -1)
 *     width, height = layout.get_pixel_size()
 *     return width + 12, height + 8
 * view.set_size_func(size)
 * ```
 */
void
flow_wrap_list_view_set_size_func (FlowWrapListView         *self,
                                   FlowWrapListViewSizeFunc  func,
                                   gpointer                  user_data,
                                   GDestroyNotify            destroy)
{
  g_return_if_fail (FLOW_IS_WRAP_LIST_VIEW (self));
  GDestroyNotify old_destroy = self->size_destroy;
  gpointer old_data = self->size_data;

  self->size_func = func;
  self->size_data = user_data;
  self->size_destroy = destroy;
  if (old_destroy != NULL)
    old_destroy (old_data);
  if (self->controller != NULL)
    flow_controller_table ()->list_size_func_changed (self->controller, func != NULL);
}

/* MARK: Reordering by the user */

/**
 * flow_wrap_list_view_get_reorderable:
 * @self: a list
 *
 * Whether the user can reorder the items.
 *
 * Returns: whether the items can be dragged and moved with the keys (see
 *   [property@Flow.WrapListView:reorderable])
 */
gboolean
flow_wrap_list_view_get_reorderable (FlowWrapListView *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LIST_VIEW (self), FALSE);
  return flow_interaction_get_boolean (G_OBJECT (self), self->controller, FLOW_INTERACTION_PROP_REORDERABLE);
}

/**
 * flow_wrap_list_view_set_reorderable:
 * @self: a list
 * @reorderable: whether the user can reorder the items
 *
 * Lets the user drag the items to new places and move them with the keys, or stops it (see
 * [property@Flow.WrapListView:reorderable]).
 */
void
flow_wrap_list_view_set_reorderable (FlowWrapListView *self,
                                     gboolean          reorderable)
{
  g_return_if_fail (FLOW_IS_WRAP_LIST_VIEW (self));
  flow_interaction_set_boolean (G_OBJECT (self), self->controller, FLOW_INTERACTION_PROP_REORDERABLE, reorderable);
}

/**
 * flow_wrap_list_view_move_item:
 * @self: a list
 * @old_position: the item's position now
 * @new_position: the position it is to have, counted after the move
 *
 * Moves an item as the user's move does, whether or not [property@Flow.WrapListView:reorderable]
 * is on (for a menu's "Move to Front", say): [signal@Flow.WrapListView::move-item] may refuse it,
 * a [class@Gio.ListStore] or [class@Gtk.StringList] model is moved by the view, and
 * [signal@Flow.WrapListView::item-moved] is emitted (where the app moves the item in any other
 * model). The focused item keeps the focus at its new place, and the list its scroll offset;
 * moving the item in a store directly gives the focus to the item after it instead.
 *
 * Returns: whether the item moved: %FALSE when a handler refused it, or the positions are equal
 *   or past the last item
 */
gboolean
flow_wrap_list_view_move_item (FlowWrapListView *self,
                               guint             old_position,
                               guint             new_position)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LIST_VIEW (self), FALSE);
  return flow_controller_table ()->interaction_move (self->controller, old_position, new_position);
}

/* MARK: For the controller */

void
flow_wrap_list_view_call_size_func (FlowWrapListView *self, guint position, GObject *item,
                                    int *width, int *height)
{
  *width = 0;
  *height = 0;
  if (self->size_func != NULL)
    self->size_func (self, position, item, width, height, self->size_data);
}

gpointer
flow_wrap_list_view_get_controller (FlowWrapListView *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LIST_VIEW (self), NULL);
  return self->controller;
}

void
flow_wrap_list_view_notify_model (FlowWrapListView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_MODEL]);
}

void
flow_wrap_list_view_notify_factory (FlowWrapListView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FACTORY]);
}

const FlowLayoutValues *
flow_wrap_list_view_get_values (FlowWrapListView *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LIST_VIEW (self), NULL);
  return &self->values;
}

void
flow_wrap_list_view_set_options (FlowWrapListView *self, const FlowLayoutValues *values,
                                 GtkOrientation orientation)
{
  g_return_if_fail (FLOW_IS_WRAP_LIST_VIEW (self));
  g_object_freeze_notify (G_OBJECT (self));
  flow_layout_values_update (G_OBJECT (self), &self->values, values, props + PROP_LAYOUT_FIRST);
  if (self->orientation != orientation)
    {
      self->orientation = orientation;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ORIENTATION]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

GtkWidget *
flow_wrap_list_view_emit_setup (FlowWrapListView *self)
{
  GtkWidget *widget = NULL;

  g_signal_emit (self, signals[SIGNAL_SETUP], 0, &widget);
  /* The return value's reference is ours (g_value_take_object in the marshaller, or a language
   * binding's g_value_set_object); a C handler's floating widget keeps its floating flag. */
  if (widget != NULL && g_object_is_floating (widget))
    g_object_ref_sink (widget);
  return widget;
}

void
flow_wrap_list_view_emit_bind (FlowWrapListView *self, GtkWidget *widget, guint position, GObject *item)
{
  g_signal_emit (self, signals[SIGNAL_BIND], 0, widget, position, item);
}

void
flow_wrap_list_view_emit_unbind (FlowWrapListView *self, GtkWidget *widget, guint position, GObject *item)
{
  g_signal_emit (self, signals[SIGNAL_UNBIND], 0, widget, position, item);
}

void
flow_wrap_list_view_emit_teardown (FlowWrapListView *self, GtkWidget *widget)
{
  g_signal_emit (self, signals[SIGNAL_TEARDOWN], 0, widget);
}

gboolean
flow_wrap_list_view_has_setup_handler (FlowWrapListView *self)
{
  return g_signal_has_handler_pending (self, signals[SIGNAL_SETUP], 0, FALSE);
}

GtkAdjustment *
flow_wrap_list_view_get_adjustment (FlowWrapListView *self, GtkOrientation orientation)
{
  g_return_val_if_fail (FLOW_IS_WRAP_LIST_VIEW (self), NULL);
  g_return_val_if_fail (orientation <= GTK_ORIENTATION_VERTICAL, NULL);
  return self->adjustments[orientation];
}

void
flow_wrap_list_view_configure (FlowWrapListView *self, GtkOrientation orientation,
                               double value, double upper, double page_size)
{
  g_return_if_fail (FLOW_IS_WRAP_LIST_VIEW (self));
  g_return_if_fail (orientation <= GTK_ORIENTATION_VERTICAL);
  GtkAdjustment *adjustment = self->adjustments[orientation];
  if (adjustment == NULL)
    return;
  self->configuring = TRUE;
  gtk_adjustment_configure (adjustment, value, 0, upper, page_size * 0.1, page_size * 0.9, page_size);
  self->configuring = FALSE;
}

/* MARK: Scrolling */

static void
value_changed (GtkAdjustment *adjustment, gpointer data)
{
  FlowWrapListView *self = FLOW_WRAP_LIST_VIEW (data);

  if (self->configuring)
    return;
  flow_controller_table ()->list_scrolled (self->controller);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
set_adjustment (FlowWrapListView *self, GtkOrientation orientation, GtkAdjustment *adjustment)
{
  GtkAdjustment **slot = &self->adjustments[orientation];

  if (adjustment != NULL && adjustment == *slot)
    return;
  if (*slot != NULL)
    {
      g_signal_handlers_disconnect_by_func (*slot, value_changed, self);
      g_clear_object (slot);
    }
  /* GtkScrollable: a NULL adjustment means the view makes its own. */
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  *slot = g_object_ref_sink (adjustment);
  g_signal_connect (adjustment, "value-changed", G_CALLBACK (value_changed), self);
  g_object_notify_by_pspec (G_OBJECT (self),
                            props[orientation == GTK_ORIENTATION_HORIZONTAL ? PROP_HADJUSTMENT : PROP_VADJUSTMENT]);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* MARK: Properties */

static void
options_changed (FlowWrapListView *self)
{
  flow_controller_table ()->options_changed (self->controller);
}

static void
set_policy (FlowWrapListView *self, GtkOrientation orientation, GtkScrollablePolicy policy, GParamSpec *pspec)
{
  if (self->policies[orientation] == policy)
    return;
  self->policies[orientation] = policy;
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
set_orientation (FlowWrapListView *self, GtkOrientation orientation)
{
  if (self->orientation == orientation)
    return;
  self->orientation = orientation;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ORIENTATION]);
  options_changed (self);
}

static void
flow_wrap_list_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FlowWrapListView *self = FLOW_WRAP_LIST_VIEW (object);

  if (flow_interaction_set_property (object, self->controller, prop_id, value))
    return;
  if (prop_id >= PROP_LAYOUT_FIRST && prop_id < N_PROPS)
    {
      if (flow_layout_values_set_and_notify (object, &self->values, prop_id - PROP_LAYOUT_FIRST, value, pspec))
        options_changed (self);
      return;
    }
  switch (prop_id)
    {
    case PROP_HADJUSTMENT: set_adjustment (self, GTK_ORIENTATION_HORIZONTAL, g_value_get_object (value)); break;
    case PROP_VADJUSTMENT: set_adjustment (self, GTK_ORIENTATION_VERTICAL, g_value_get_object (value)); break;
    case PROP_HSCROLL_POLICY:
      set_policy (self, GTK_ORIENTATION_HORIZONTAL, g_value_get_enum (value), pspec);
      break;
    case PROP_VSCROLL_POLICY:
      set_policy (self, GTK_ORIENTATION_VERTICAL, g_value_get_enum (value), pspec);
      break;
    case PROP_ORIENTATION: set_orientation (self, g_value_get_enum (value)); break;
    case PROP_MODEL: flow_wrap_list_view_set_model (self, g_value_get_object (value)); break;
    case PROP_FACTORY: flow_wrap_list_view_set_factory (self, g_value_get_object (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flow_wrap_list_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FlowWrapListView *self = FLOW_WRAP_LIST_VIEW (object);

  if (flow_interaction_get_property (object, self->controller, prop_id, value))
    return;
  if (prop_id >= PROP_LAYOUT_FIRST && prop_id < N_PROPS)
    {
      flow_layout_values_get (&self->values, prop_id - PROP_LAYOUT_FIRST, value);
      return;
    }
  switch (prop_id)
    {
    case PROP_HADJUSTMENT: g_value_set_object (value, self->adjustments[GTK_ORIENTATION_HORIZONTAL]); break;
    case PROP_VADJUSTMENT: g_value_set_object (value, self->adjustments[GTK_ORIENTATION_VERTICAL]); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum (value, self->policies[GTK_ORIENTATION_HORIZONTAL]); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum (value, self->policies[GTK_ORIENTATION_VERTICAL]); break;
    case PROP_ORIENTATION: g_value_set_enum (value, self->orientation); break;
    case PROP_MODEL: g_value_set_object (value, flow_wrap_list_view_get_model (self)); break;
    case PROP_FACTORY: g_value_set_object (value, flow_wrap_list_view_get_factory (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* MARK: Widget */

static void
flow_wrap_list_view_root (GtkWidget *widget)
{
  FlowWrapListView *self = FLOW_WRAP_LIST_VIEW (widget);

  GTK_WIDGET_CLASS (flow_wrap_list_view_parent_class)->root (widget);
  flow_dpi_watch_start (&self->dpi_watch, widget, &self->values, (FlowDpiChangedFunc) options_changed, self);
}

static void
flow_wrap_list_view_unroot (GtkWidget *widget)
{
  flow_dpi_watch_stop (&FLOW_WRAP_LIST_VIEW (widget)->dpi_watch);
  GTK_WIDGET_CLASS (flow_wrap_list_view_parent_class)->unroot (widget);
}

static GtkSizeRequestMode
flow_wrap_list_view_get_request_mode (GtkWidget *widget)
{
  return FLOW_WRAP_LIST_VIEW (widget)->orientation == GTK_ORIENTATION_HORIZONTAL
         ? GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH : GTK_SIZE_REQUEST_WIDTH_FOR_HEIGHT;
}

static void
flow_wrap_list_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                             int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  FlowWrapListView *self = FLOW_WRAP_LIST_VIEW (widget);

  *minimum = 0;
  *natural = 0;
  *minimum_baseline = -1;
  *natural_baseline = -1;
  if (self->controller != NULL)
    flow_controller_table ()->container_measure (self->controller, orientation, for_size, minimum, natural);
}

static void
flow_wrap_list_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  FlowWrapListView *self = FLOW_WRAP_LIST_VIEW (widget);

  if (self->controller != NULL)
    flow_controller_table ()->container_allocate (self->controller, width, height);
}

/* MARK: Life */

static void
flow_wrap_list_view_dispose (GObject *object)
{
  FlowWrapListView *self = FLOW_WRAP_LIST_VIEW (object);
  GtkWidget *child;

  /* The factory's teardown runs for every item widget, while the view is still whole. */
  if (self->controller != NULL)
    flow_controller_table ()->container_dispose (self->controller);
  flow_dpi_watch_stop (&self->dpi_watch);
  for (int orientation = 0; orientation < 2; orientation++)
    if (self->adjustments[orientation] != NULL)
      {
        g_signal_handlers_disconnect_by_func (self->adjustments[orientation], value_changed, self);
        g_clear_object (&self->adjustments[orientation]);
      }
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (flow_wrap_list_view_parent_class)->dispose (object);
}

static void
flow_wrap_list_view_finalize (GObject *object)
{
  FlowWrapListView *self = FLOW_WRAP_LIST_VIEW (object);

  g_clear_pointer (&self->controller, flow_controller_table ()->controller_free);
  if (self->size_destroy != NULL)
    self->size_destroy (self->size_data);
  G_OBJECT_CLASS (flow_wrap_list_view_parent_class)->finalize (object);
}

/* "setup": the first handler that returns a widget gives it. */
static gboolean
first_widget_wins (GSignalInvocationHint *hint, GValue *accumulated, const GValue *returned, gpointer data)
{
  GObject *widget = g_value_get_object (returned);

  if (widget == NULL)
    return TRUE;
  g_value_set_object (accumulated, widget);
  return FALSE;
}

static void
install_signals (GObjectClass *object_class)
{
  GType type = G_TYPE_FROM_CLASS (object_class);

  /**
   * FlowWrapListView::setup:
   * @self: the list
   *
   * Makes an empty item widget: return a new widget without a parent (the list makes as many as
   * the items on screen, and gives them to other items as they scroll away). The first handler
   * that returns a widget gives it. Connect it before the list is first shown: without a `setup`
   * handler the list makes no widget.
   *
   * Returns: (transfer full) (nullable): a new widget, which the list keeps until
   *   [signal@Flow.WrapListView::teardown]
   */
  signals[SIGNAL_SETUP] =
    g_signal_new ("setup", type, G_SIGNAL_RUN_LAST, 0, first_widget_wins, NULL, NULL,
                  GTK_TYPE_WIDGET, 0);

  /**
   * FlowWrapListView::bind:
   * @self: the list
   * @widget: an item widget from [signal@Flow.WrapListView::setup], showing nothing
   * @position: the item's position in the model
   * @item: (type GObject) (nullable): the model's item at @position
   *
   * Shows @item in @widget (set a label's text, an icon). The widget is not bound again when
   * items before it are added or removed: keep @item rather than @position, or ask
   * flow_wrap_list_view_get_position(). Also called on an off-screen widget
   * the list measures unmeasured items with, immediately followed by
   * [signal@Flow.WrapListView::unbind].
   */
  signals[SIGNAL_BIND] =
    g_signal_new ("bind", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, GTK_TYPE_WIDGET, G_TYPE_UINT, G_TYPE_OBJECT);

  /**
   * FlowWrapListView::unbind:
   * @self: the list
   * @widget: the item widget
   * @position: @item's position now (an item that was just removed from the model: the position
   *   it had)
   * @item: (type GObject) (nullable): the item @widget showed, the very object `bind` got
   *
   * @widget stops showing @item: disconnect what `bind` connected. It then waits, hidden, for
   * another item, or is torn down.
   */
  signals[SIGNAL_UNBIND] =
    g_signal_new ("unbind", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, GTK_TYPE_WIDGET, G_TYPE_UINT, G_TYPE_OBJECT);

  /**
   * FlowWrapListView::teardown:
   * @self: the list
   * @widget: an unbound item widget
   *
   * The list gives @widget up (it had more spare widgets than it needs, the model was set to
   * %NULL, or the list is being destroyed); it takes it out of the list and drops its reference
   * after this.
   */
  signals[SIGNAL_TEARDOWN] =
    g_signal_new ("teardown", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, GTK_TYPE_WIDGET);
}

/* The shared signals (flow-interaction.c makes them), documented here for the list. */

/**
 * FlowWrapListView::move-item:
 * @self: the list
 * @old_position: the item's position now
 * @new_position: the position it would get, counted after the move
 *
 * Asked before a move of an item (the user's drop or key, with
 * [property@Flow.WrapListView:reorderable] on, or [method@Flow.WrapListView.move_item]), so that
 * the app can refuse it: return %TRUE to allow the move, %FALSE to refuse it, and then nothing
 * moves and [signal@Flow.WrapListView::item-moved] is not emitted. The first handler that
 * returns %FALSE ends the emission; with no handler the move is allowed. The model has not
 * changed yet.
 *
 * Returns: %TRUE to allow the move, %FALSE to refuse it
 */

/**
 * FlowWrapListView::item-moved:
 * @self: the list
 * @old_position: the item's position before the move
 * @new_position: its position now
 *
 * Emitted after a move of an item that [signal@Flow.WrapListView::move-item] allowed. With a
 * [class@Gio.ListStore] or a [class@Gtk.StringList] as the model, the view has already moved
 * the item there (the store's very object; the string list's string, as a new
 * [class@Gtk.StringObject]). With any other model, this handler moves it in the model: the view
 * cannot, and follows the model's [signal@Gio.ListModel::items-changed]. To refuse a move,
 * return %FALSE from `move-item` rather than moving the item back here.
 */

static void
flow_wrap_list_view_class_init (FlowWrapListViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = flow_wrap_list_view_dispose;
  object_class->finalize = flow_wrap_list_view_finalize;
  object_class->set_property = flow_wrap_list_view_set_property;
  object_class->get_property = flow_wrap_list_view_get_property;
  widget_class->root = flow_wrap_list_view_root;
  widget_class->unroot = flow_wrap_list_view_unroot;
  widget_class->get_request_mode = flow_wrap_list_view_get_request_mode;
  widget_class->measure = flow_wrap_list_view_measure;
  widget_class->size_allocate = flow_wrap_list_view_size_allocate;

  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");
  g_object_class_override_property (object_class, PROP_ORIENTATION, "orientation");
  props[PROP_HADJUSTMENT] = g_object_class_find_property (object_class, "hadjustment");
  props[PROP_VADJUSTMENT] = g_object_class_find_property (object_class, "vadjustment");
  props[PROP_ORIENTATION] = g_object_class_find_property (object_class, "orientation");

  /**
   * FlowWrapListView:model:
   *
   * The items shown, a [iface@Gio.ListModel] of any item type (the
   * [signal@Flow.WrapListView::bind] handler reads them), or %NULL for none (the default). The
   * list follows its [signal@Gio.ListModel::items-changed].
   *
   * A [iface@Gtk.SelectionModel] (a [class@Gtk.SingleSelection], [class@Gtk.MultiSelection],
   * [class@Gtk.NoSelection], or one of the app's) is the list's selection too, as
   * [property@Gtk.GridView:model] is: a click on an item selects it alone, Ctrl+click toggles it,
   * Shift+click selects the range from the last item chosen; with an item focused, the arrow keys,
   * Home and End move the focus and select the item they reach (Ctrl with them moves the focus
   * only), Shift with them extends the selection across wrapped lines, Space toggles the focused
   * item, Ctrl+A selects all and Ctrl+Shift+A none. Each goes to the model through
   * [method@Gtk.SelectionModel.select_item], [method@Gtk.SelectionModel.select_range] and their
   * kin (with `unselect_rest` as GtkGridView passes it), so the model's own rules hold (a
   * GtkSingleSelection selects one; its `can-unselect`). The item widgets of selected items are in
   * the CSS state `:selected` and have the accessible state %GTK_ACCESSIBLE_STATE_SELECTED. A
   * plain GListModel is shown as before, with no selection. A reorder moves the item in the store
   * a GtkSingleSelection, GtkMultiSelection or GtkNoSelection wraps (a GListStore or a
   * GtkStringList).
   */
  props[PROP_MODEL] =
    g_param_spec_object ("model", "Model", "The items shown (a GListModel), or NULL for none.",
                         G_TYPE_LIST_MODEL, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_property (object_class, PROP_MODEL, props[PROP_MODEL]);

  /**
   * FlowWrapListView:factory:
   *
   * The factory that makes and fills the item widgets, as [property@Gtk.GridView:factory]: a
   * [class@Gtk.BuilderListItemFactory] (from a `.ui` template written for GtkListView or
   * GtkGridView, which works unchanged: see [class@Flow.ListItem]), or %NULL (the default) for
   * the list's own [signal@Flow.WrapListView::setup], [signal@Flow.WrapListView::bind],
   * [signal@Flow.WrapListView::unbind] and [signal@Flow.WrapListView::teardown] signals.
   *
   * GTK 4.8 lets no widget outside GTK drive any other [class@Gtk.ListItemFactory]: a factory's
   * setup, bind and unbind are private to GTK, and a [class@Gtk.ListItem]'s item and position are
   * set only by GTK's own list item widget (a GtkListItem made elsewhere always has no item). A
   * [class@Gtk.SignalListItemFactory] is therefore refused with a warning saying so; connect the
   * list's own signals of the same names instead (they give the widget, the position and the
   * item directly).
   */
  props[PROP_FACTORY] =
    g_param_spec_object ("factory", "Factory",
                         "The factory that makes the item widgets (a GtkBuilderListItemFactory), or NULL for the "
                         "list's own setup and bind signals.", GTK_TYPE_LIST_ITEM_FACTORY,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_property (object_class, PROP_FACTORY, props[PROP_FACTORY]);

  /**
   * FlowWrapListView:reorderable:
   *
   * Whether the user can reorder the items. Default %FALSE.
   *
   * When on, an item's widget can be dragged with the pointer (its picture is the drag icon) and
   * dropped between any two items on the lines on screen, at a line's start or end, or after the
   * last item; a marker (CSS node `marker`, class `insertion-marker`) shows where it will land,
   * and with the pointer near the top or bottom edge (the left or right for vertical lines) the
   * list scrolls, so every place can be reached. The other items do not make room while it
   * hovers. Escape or a drop outside the list changes nothing. With an item focused,
   * Alt+Shift+Left/Right move it one place (mirrored in right-to-left), Alt+Shift+Up/Down to the
   * nearest place on the line above or below, Alt+Shift+Home/End to the first or last place; the
   * focus stays on it. Each such move is first offered to [signal@Flow.WrapListView::move-item],
   * then made in the model (by the view in a [class@Gio.ListStore] or a [class@Gtk.StringList],
   * by the app's [signal@Flow.WrapListView::item-moved] handler in any other model) and reported
   * by `item-moved`. Each item widget's accessible description says how to move it with the keys.
   */

  /* The layout properties (documented, with their typed accessors, in flow-layout-accessors.c). */
  flow_layout_properties_install (object_class, PROP_LAYOUT_FIRST, props + PROP_LAYOUT_FIRST);

  install_signals (object_class);
  flow_interaction_install (object_class, PROP_INTERACTION_FIRST, &interaction);

  gtk_widget_class_set_css_name (widget_class, "wraplistview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LIST);
}

static void
flow_wrap_list_view_init (FlowWrapListView *self)
{
  flow_layout_values_init (&self->values);
  self->orientation = GTK_ORIENTATION_HORIZONTAL;
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);
  self->controller = flow_controller_table ()->controller_new (FLOW_CONTROLLER_LIST_VIEW, self);
}
