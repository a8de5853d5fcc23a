/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowWrapHStack: the container. Its children, their placement (in a GtkFixed or its own), the
 * stylesheet probes, the "+N more" indicator and the keyboard focus are its Swift controller's
 * (FlowBridge/WrapHStackController.swift); its layout is a FlowWrapLayout, whose properties it
 * shows as its own and which computes for it without being its layout manager (see the measure
 * and size_allocate vfuncs). This file is the GObject side: properties, methods (its GtkBuildable
 * is flow-wrap-hstack-buildable.c; the properties and signals it shares with the list are made by
 * flow-interaction.c). */
#include "flow/flow-wrap-hstack.h"

#include "flow-private/flow-classes-private.h"

#include <math.h>

/**
 * FlowWrapHStack:
 *
 * A container that places its children in lines, one after another, starting a new line when
 * the next child does not fit: a row of tags, chips, filter tokens or badges that wraps as the
 * window gets narrower, for any GTK program (libadwaita's AdwWrapBox, which GTK 4.8 does not
 * have, is the model).
 *
 * <picture>
 *   <source srcset="wrap-hstack-dark.png" media="(prefers-color-scheme: dark)">
 *   <img src="wrap-hstack.png" alt="Twelve tag buttons in a FlowWrapHStack 360 pixels wide: four lines, each as full as the next button allows">
 * </picture>
 *
 * # Examples
 *
 * Twelve labels in a box, with 6 pixels between labels and 4 between lines (the whole programs,
 * which show the box in a window, are `Resources/examples/c/labels.c`, `python/labels.py`,
 * `gjs/labels.js` and `vala/labels.vala` in the source).
 *
 * In C:
 *
 * ```c
 * GtkWidget *box = flow_wrap_hstack_new ();
 * flow_wrap_hstack_set_item_spacing (FLOW_WRAP_HSTACK (box), 6);
 * flow_wrap_hstack_set_line_spacing (FLOW_WRAP_HSTACK (box), 4);
 * for (int i = 1; i <= 12; i++)
 *   {
 *     char text[16];
 *     g_snprintf (text, sizeof text, "tag %d", i);
 *     flow_wrap_hstack_append (FLOW_WRAP_HSTACK (box), gtk_label_new (text));
 *   }
 * ```
 *
 * In Python:
 *
 * ```python
 * box = Flow.WrapHStack(item_spacing=6, line_spacing=4)
 * for i in range(1, 13):
 *     box.append(Gtk.Label(label=f"tag {i}"))
 * ```
 *
 * In JavaScript (GJS):
 *
 * ```js
 * const box = new Flow.WrapHStack({item_spacing: 6, line_spacing: 4});
 * for (let i = 1; i <= 12; i++)
 *     box.append(new Gtk.Label({label: `tag ${i}`}));
 * ```
 *
 * In Vala:
 *
 * ```vala
 * var box = new Flow.WrapHStack ();
 * box.item_spacing = 6;
 * box.line_spacing = 4;
 * for (int i = 1; i <= 12; i++)
 *     box.append (new Gtk.Label ("tag %d".printf (i)));
 * ```
 *
 * The main options are drawn on [class@Flow.WrapLayout]'s page.
 *
 * Its layout is a [class@Flow.WrapLayout] ([method@Flow.WrapHStack.get_layout]), and its
 * layout properties are that layout's: setting one on the box sets it on the layout, and both
 * notify. The box measures and allocates itself with that layout's arithmetic; it has no
 * [property@Gtk.Widget:layout-manager], so no allocation pays GtkLayoutManager's look at
 * every child. The children are measured when GTK reports that one may have changed, never
 * for a resize; every allocation places each child at the engine's frame for the new width
 * before it returns, so no frame is drawn with an old layout; the box's height for a width is
 * exactly what its lines need, and [property@Flow.WrapHStack:content-height] says it.
 *
 * # Placement
 *
 * By default (%FLOW_PLACEMENT_FIXED) the children are children of a [class@Gtk.Fixed]
 * inside the box ([method@Flow.WrapHStack.get_fixed]), moved to where the layout puts them; a
 * program can put widgets of its own in that GtkFixed, over the children, where it likes (a
 * drop marker, a badge). With %FLOW_PLACEMENT_DIRECT they are the box's own children,
 * allocated by the box at the frames its layout computes: cheaper per layout, for very many
 * children. Both give the same layout, computed by the same code.
 *
 * # Per-child options
 *
 * [method@Flow.WrapHStack.set_child_grow] and [method@Flow.WrapHStack.set_child_break_before]
 * work in either placement, and so does the child's [class@Flow.WrapLayoutChild]
 * ([method@Flow.WrapHStack.get_layout_child]). In a `.ui` file, give them in an `<options>`
 * element inside the `<child>`:
 *
 * ```xml
 * <object class="FlowWrapHStack">
 *   <property name="item-spacing">6</property>
 *   <property name="justify">space-between</property>
 *   <child>
 *     <object class="GtkLabel"><property name="label">first</property></object>
 *   </child>
 *   <child>
 *     <object class="GtkEntry"/>
 *     <options>
 *       <property name="grow">1</property>
 *       <property name="break-before">true</property>
 *     </options>
 *   </child>
 * </object>
 * ```
 *
 * A child's `grow` set above 0 is its weight; otherwise a child that expands along the lines
 * ([property@Gtk.Widget:hexpand] in a horizontal box, [property@Gtk.Widget:vexpand] in a vertical
 * one, as gtk_widget_compute_expand() reads them) grows with weight 1, as in a GtkBox.
 *
 * With `<property name="placement">direct</property>` the layout's own `<layout>` element
 * works too (see [class@Flow.WrapLayoutChild]). A value that does not parse is GtkBuilder's
 * error, with its line.
 *
 * # The app's children
 *
 * The box's widget tree holds widgets of its own besides the app's children (the GtkFixed, the
 * stylesheet probes, a resize watch), which gtk_widget_get_first_child(),
 * gtk_widget_observe_children() and a language's iteration over the tree return too: list the
 * app's children with [method@Flow.WrapHStack.get_n_children] and
 * [method@Flow.WrapHStack.get_child_at_index].
 *
 * # From Swift
 *
 * The Swift `WrapHStack` is a view of this class (`WrapHStack.view(of:)` gives a box made
 * elsewhere its view). It takes the layout properties as one `FlowLayout` value, whose fields
 * are these properties under Swift's names; its `reorderable`, `shouldMoveChild` and
 * `onChildMoved` are [property@Flow.WrapHStack:reorderable],
 * [signal@Flow.WrapHStack::move-child] and [signal@Flow.WrapHStack::child-moved].
 *
 * | property | `FlowLayout` |
 * |---|---|
 * | `orientation` | `axis` (`.horizontal`, `.vertical`) |
 * | `item-spacing`, `line-spacing` (and their units) | `itemSpacing`, `lineSpacing`, in pixels |
 * | `justify` ([enum@Flow.Justify]) | `justification` (`Justification`, the same cases in camel case) |
 * | `justify-last-line` | `justifyLastLine` |
 * | `align` ([enum@Flow.Align]) | `alignment` (`CrossAlignment`; `first-baseline` is `.firstBaseline`) |
 * | `wrap-reverse`, `line-breaking`, `line-homogeneous` | `wrapReverse`, `lineBreaking`, `lineHomogeneous` |
 * | `wrap-policy` ([enum@Flow.WrapPolicy]), `pack-direction` ([enum@Flow.PackDirection]) | `wrapPolicy`, `packDirection` (`.natural`/`.minimum`, `.startToEnd`/`.endToStart`) |
 * | `max-items-per-line`, `max-lines` (0: no limit) | `maxItemsPerLine`, `maxLines` (`nil`: no limit) |
 * | `natural-line-length` (-1: none) | `naturalLineLength` (`nil`: none) |
 * | the widget's text direction | `direction` |
 * | CSS padding | `insets` |
 *
 * Every default is the same but the spacing: a box made here, from any language or by
 * GtkBuilder, starts with item and line spacing 0, as GtkBox and GtkFlowBox do; Swift's
 * `WrapHStack()` starts with `WrapHStack.defaultLayout`, 6 pixels each (its tag chips' look).
 * Both are kept so that neither API changes under its users.
 *
 * # Selection and activation
 *
 * As in [class@Gtk.FlowBox]: [property@Flow.WrapHStack:selection-mode] (none by default,
 * single, browse, multiple) lets the user select children with clicks (Ctrl, Shift) and keys (the
 * arrows with Shift across wrapped lines, Space, Ctrl+A), and the app with
 * [method@Flow.WrapHStack.select_child] and its kin; selected children are in the CSS state
 * `:selected`, and [signal@Flow.WrapHStack::selected-children-changed] reports each change.
 * [signal@Flow.WrapHStack::child-activated] reports a click (two, with
 * [property@Flow.WrapHStack:activate-on-single-click] off) or Enter. The children are the app's
 * own widgets (GtkFlowBox wraps each in a focusable GtkFlowBoxChild): a child the keys select
 * must take the focus, and a click a child handles itself (a button's) stays its own.
 *
 * # CSS nodes
 *
 * ```
 * wraphstack
 * ├── widget           (the GtkFixed, with the default placement)
 * │   ╰── [children]
 * ├── [children]       (with placement direct)
 * ╰── box, flowresizewatch   (never drawn: stylesheet probes, a resize watch)
 * ```
 *
 * The node is `wraphstack`. Its `border-spacing` sets the spacing too, as for a GtkBox
 * (`wraphstack { border-spacing: 8px 12px; }`: between children, between lines); the larger of
 * the stylesheet's and the property's is used. Its margin, border, padding, `min-width` and
 * `min-height` work as for any widget.
 *
 * # Accessibility
 *
 * The box has the %GTK_ACCESSIBLE_ROLE_GROUP role. Its children are in reading order in the
 * widget tree (the order of [method@Flow.WrapHStack.append] and friends), which is also the
 * order Tab follows; the arrow keys move to the nearest child in that direction, Home and End
 * to the first and last. Children that [property@Flow.WrapLayout:max-lines] leaves out are
 * unmapped ([method@Gtk.Widget.set_child_visible]): neither drawn nor focused, and not
 * "showing" to a screen reader, and mapped again when they fit. Their
 * [property@Gtk.Widget:visible] is the app's and the box never changes it: a child the app hid
 * stays hidden when max-lines is cleared. The same holds for the "+N more" indicator.
 */

struct _FlowWrapHStack
{
  GtkWidget parent_instance;

  /* Its layout: the properties and the arithmetic, not its layout manager (GtkLayoutManager's
   * allocation looks at every child first: a sixth of a relayout of 1,000 children), except
   * while GtkBuilder builds the box (flow_wrap_hstack_buildable_add_child says why). */
  FlowWrapLayout *layout;
  gulong layout_notify;
  gpointer controller;
};

G_DEFINE_FINAL_TYPE_WITH_CODE (FlowWrapHStack, flow_wrap_hstack, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_ORIENTABLE, NULL)
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, flow_wrap_hstack_buildable_init))

enum {
  PROP_0,
  PROP_ORIENTATION,
  PROP_PLACEMENT,
  PROP_CONTENT_HEIGHT,
  PROP_INTERACTION_FIRST,
  PROP_LAYOUT_FIRST = PROP_INTERACTION_FIRST + FLOW_INTERACTION_N_PROPS,
  N_PROPS = PROP_LAYOUT_FIRST + FLOW_LAYOUT_N_PROPS
};

static GParamSpec *props[N_PROPS];

/* The properties and signals the box shares with the list, named after its children. */
static FlowInteractionClass interaction = { .item = "child", .items = "children", .passes_widget = TRUE };

/**
 * flow_wrap_hstack_new:
 *
 * A new, empty box with every property at its default (a horizontal box, children in a
 * GtkFixed, no spacing).
 *
 * Returns: the new box, a floating reference as for every new widget
 */
GtkWidget *
flow_wrap_hstack_new (void)
{
  return g_object_new (FLOW_TYPE_WRAP_HSTACK, NULL);
}

/* MARK: Children */

gboolean
flow_wrap_hstack_has_child (FlowWrapHStack *self, GtkWidget *child)
{
  return flow_controller_table ()->hstack_has_child (self->controller, child);
}

static gboolean
can_adopt (FlowWrapHStack *self, GtkWidget *child)
{
  g_return_val_if_fail (GTK_IS_WIDGET (child), FALSE);
  g_return_val_if_fail (child != GTK_WIDGET (self), FALSE);
  g_return_val_if_fail (gtk_widget_get_parent (child) == NULL, FALSE);
  return TRUE;
}

/**
 * flow_wrap_hstack_append:
 * @self: a box
 * @child: the widget to add, which must not have a parent
 *
 * Adds @child after the other children.
 */
void
flow_wrap_hstack_append (FlowWrapHStack *self,
                         GtkWidget      *child)
{
  const FlowControllerTable *controllers = flow_controller_table ();

  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  if (!can_adopt (self, child))
    return;
  controllers->hstack_insert_after (self->controller, child,
                                    controllers->hstack_get_last_child (self->controller));
}

/**
 * flow_wrap_hstack_prepend:
 * @self: a box
 * @child: the widget to add, which must not have a parent
 *
 * Adds @child before the other children.
 */
void
flow_wrap_hstack_prepend (FlowWrapHStack *self,
                          GtkWidget      *child)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  if (!can_adopt (self, child))
    return;
  flow_controller_table ()->hstack_insert_after (self->controller, child, NULL);
}

/**
 * flow_wrap_hstack_insert_child_after:
 * @self: a box
 * @child: the widget to add, which must not have a parent
 * @sibling: (nullable): a child of @self, or %NULL
 *
 * Adds @child right after @sibling, or first when @sibling is %NULL.
 */
void
flow_wrap_hstack_insert_child_after (FlowWrapHStack *self,
                                     GtkWidget      *child,
                                     GtkWidget      *sibling)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  g_return_if_fail (sibling == NULL || flow_wrap_hstack_has_child (self, sibling));
  if (!can_adopt (self, child))
    return;
  flow_controller_table ()->hstack_insert_after (self->controller, child, sibling);
}

/**
 * flow_wrap_hstack_reorder_child_after:
 * @self: a box
 * @child: a child of @self
 * @sibling: (nullable): another child of @self, or %NULL
 *
 * Moves @child right after @sibling, or first when @sibling is %NULL.
 */
void
flow_wrap_hstack_reorder_child_after (FlowWrapHStack *self,
                                      GtkWidget      *child,
                                      GtkWidget      *sibling)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  g_return_if_fail (GTK_IS_WIDGET (child) && flow_wrap_hstack_has_child (self, child));
  g_return_if_fail (sibling == NULL || flow_wrap_hstack_has_child (self, sibling));
  g_return_if_fail (child != sibling);
  flow_controller_table ()->hstack_reorder_after (self->controller, child, sibling);
}

/**
 * flow_wrap_hstack_remove:
 * @self: a box
 * @child: a child of @self
 *
 * Removes @child; the box gives up its reference, so a widget nobody else holds is freed.
 */
void
flow_wrap_hstack_remove (FlowWrapHStack *self,
                         GtkWidget      *child)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  g_return_if_fail (GTK_IS_WIDGET (child) && flow_wrap_hstack_has_child (self, child));
  flow_controller_table ()->hstack_remove (self->controller, child);
}

/**
 * flow_wrap_hstack_remove_all:
 * @self: a box
 *
 * Removes every child.
 */
void
flow_wrap_hstack_remove_all (FlowWrapHStack *self)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  flow_controller_table ()->hstack_remove_all (self->controller);
}

/**
 * flow_wrap_hstack_get_n_children:
 * @self: a box
 *
 * How many children the app gave the box. The box's own widgets (its GtkFixed, its stylesheet
 * probes, its resize watch), which [method@Gtk.Widget.get_first_child],
 * [method@Gtk.Widget.observe_children] and a language's iteration over the widget tree also
 * return, are never counted: list the app's children with this and
 * [method@Flow.WrapHStack.get_child_at_index], as with GtkFlowBox.
 *
 * ```c
 * for (guint i = 0; i < flow_wrap_hstack_get_n_children (box); i++)
 *   do_something (flow_wrap_hstack_get_child_at_index (box, i));
 * ```
 *
 * Returns: the number of children, in either placement
 */
guint
flow_wrap_hstack_get_n_children (FlowWrapHStack *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), 0);
  return flow_controller_table ()->hstack_get_n_children (self->controller);
}

/**
 * flow_wrap_hstack_get_child_at_index:
 * @self: a box
 * @index: a position, from 0
 *
 * The app's child at @index, in the order the box lays them out (that of
 * [method@Flow.WrapHStack.append] and friends, and of the user's reordering); see
 * [method@Flow.WrapHStack.get_n_children]. Takes constant time.
 *
 * Returns: (transfer none) (nullable): the child, or %NULL when @index is past the last
 */
GtkWidget *
flow_wrap_hstack_get_child_at_index (FlowWrapHStack *self,
                                     guint           index)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), NULL);
  return flow_controller_table ()->hstack_get_child_at_index (self->controller, index);
}

/* MARK: Per-child options */

/**
 * flow_wrap_hstack_get_child_grow:
 * @self: a box
 * @child: a child of @self
 *
 * The share of its line's free space that @child takes, in either placement.
 *
 * Returns: @child's grow weight, 0 unless set (see [property@Flow.WrapLayoutChild:grow])
 */
double
flow_wrap_hstack_get_child_grow (FlowWrapHStack *self,
                                 GtkWidget      *child)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), 0);
  g_return_val_if_fail (GTK_IS_WIDGET (child) && flow_wrap_hstack_has_child (self, child), 0);
  return flow_controller_table ()->hstack_get_child_options (self->controller, child).grow;
}

/**
 * flow_wrap_hstack_set_child_grow:
 * @self: a box
 * @child: a child of @self
 * @grow: the weight: 0 or more (NaN is 0)
 *
 * Sets @child's share of its line's free space, in proportion to the other growing children of
 * the line (CSS `flex-grow`), in either placement.
 */
void
flow_wrap_hstack_set_child_grow (FlowWrapHStack *self,
                                 GtkWidget      *child,
                                 double          grow)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  g_return_if_fail (GTK_IS_WIDGET (child) && flow_wrap_hstack_has_child (self, child));
  FlowChildOptions options = flow_controller_table ()->hstack_get_child_options (self->controller, child);
  grow = isnan (grow) || grow < 0 ? 0 : MIN (grow, FLOW_MAXIMUM_LENGTH);
  if (options.grow == grow)
    return;
  options.grow = grow;
  flow_controller_table ()->hstack_set_child_options (self->controller, child, &options);
}

/**
 * flow_wrap_hstack_get_child_break_before:
 * @self: a box
 * @child: a child of @self
 *
 * Whether @child always starts a new line, in either placement.
 *
 * Returns: whether @child starts a new line, %FALSE unless set
 */
gboolean
flow_wrap_hstack_get_child_break_before (FlowWrapHStack *self,
                                         GtkWidget      *child)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), FALSE);
  g_return_val_if_fail (GTK_IS_WIDGET (child) && flow_wrap_hstack_has_child (self, child), FALSE);
  return flow_controller_table ()->hstack_get_child_options (self->controller, child).break_before;
}

/**
 * flow_wrap_hstack_set_child_break_before:
 * @self: a box
 * @child: a child of @self
 * @break_before: whether @child starts a new line
 *
 * Makes @child start a new line (or not), in either placement.
 */
void
flow_wrap_hstack_set_child_break_before (FlowWrapHStack *self,
                                         GtkWidget      *child,
                                         gboolean        break_before)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  g_return_if_fail (GTK_IS_WIDGET (child) && flow_wrap_hstack_has_child (self, child));
  FlowChildOptions options = flow_controller_table ()->hstack_get_child_options (self->controller, child);
  if (options.break_before == !!break_before)
    return;
  options.break_before = !!break_before;
  flow_controller_table ()->hstack_set_child_options (self->controller, child, &options);
}

/* Where a child keeps the layout child flow_wrap_hstack_get_layout_child made for it. */
static GQuark
layout_child_quark (void)
{
  static GQuark quark;

  if (G_UNLIKELY (quark == 0))
    quark = g_quark_from_static_string ("flow-wrap-hstack-layout-child");
  return quark;
}

/* The layout child made for @child in this box, if one was. */
static GObject *
made_layout_child (FlowWrapHStack *self, GtkWidget *child)
{
  GtkLayoutChild *layout_child = g_object_get_qdata (G_OBJECT (child), layout_child_quark ());

  if (layout_child == NULL || gtk_layout_child_get_layout_manager (layout_child) != GTK_LAYOUT_MANAGER (self->layout))
    return NULL;
  return G_OBJECT (layout_child);
}

/**
 * flow_wrap_hstack_get_layout_child:
 * @self: a box
 * @child: a child of @self
 *
 * @child's options as an object, in either placement: the [property@Flow.WrapLayoutChild:grow]
 * and [property@Flow.WrapLayoutChild:break-before] that [method@Flow.WrapHStack.set_child_grow]
 * and [method@Flow.WrapHStack.set_child_break_before] set, notified when they change. (The box
 * has no layout manager, so [method@Gtk.LayoutManager.get_layout_child] does not apply to it.)
 *
 * Returns: (transfer none): @child's layout child, which lives as long as @child
 */
FlowWrapLayoutChild *
flow_wrap_hstack_get_layout_child (FlowWrapHStack *self,
                                   GtkWidget      *child)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), NULL);
  g_return_val_if_fail (GTK_IS_WIDGET (child) && flow_wrap_hstack_has_child (self, child), NULL);
  GObject *layout_child = made_layout_child (self, child);
  if (layout_child == NULL)
    {
      layout_child = g_object_new (FLOW_TYPE_WRAP_LAYOUT_CHILD, "layout-manager", self->layout, "child-widget", child,
                                   NULL);
      /* GtkLayoutChild does not hold its layout, and this one may outlive the box. */
      g_object_set_data_full (layout_child, "flow-layout", g_object_ref (self->layout), g_object_unref);
      g_object_set_qdata_full (G_OBJECT (child), layout_child_quark (), layout_child, g_object_unref);
    }
  return FLOW_WRAP_LAYOUT_CHILD (layout_child);
}

/* MARK: Placement and height */

/**
 * flow_wrap_hstack_get_placement:
 * @self: a box
 *
 * Where the children live: in the box's GtkFixed or in the box itself.
 *
 * Returns: where the children live (see [property@Flow.WrapHStack:placement])
 */
FlowPlacement
flow_wrap_hstack_get_placement (FlowWrapHStack *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), FLOW_PLACEMENT_FIXED);
  return flow_controller_table ()->hstack_get_placement (self->controller);
}

/**
 * flow_wrap_hstack_set_placement:
 * @self: a box
 * @placement: where the children are to live
 *
 * Moves the children (the very same widgets, with their state and the focus) to the GtkFixed
 * or into the box, and lays them out again.
 */
void
flow_wrap_hstack_set_placement (FlowWrapHStack *self,
                                FlowPlacement   placement)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  g_return_if_fail (placement == FLOW_PLACEMENT_FIXED || placement == FLOW_PLACEMENT_DIRECT);
  if (flow_controller_table ()->hstack_get_placement (self->controller) == placement)
    return;
  flow_controller_table ()->hstack_set_placement (self->controller, placement);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PLACEMENT]);
}

/**
 * flow_wrap_hstack_get_fixed:
 * @self: a box
 *
 * The GtkFixed that holds the children with the default placement, to put widgets of your own
 * over them at positions of your choosing (gtk_fixed_put()): the box leaves them where you put
 * them, does not count them in its size and lays out only its own children. They stay in the
 * GtkFixed while the placement is direct (not shown then) and come back with it.
 *
 * Returns: (transfer none) (nullable) (type Gtk.Fixed): the GtkFixed, or %NULL with
 *   %FLOW_PLACEMENT_DIRECT
 */
GtkWidget *
flow_wrap_hstack_get_fixed (FlowWrapHStack *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), NULL);
  return flow_controller_table ()->hstack_get_fixed (self->controller);
}

/**
 * flow_wrap_hstack_get_content_height:
 * @self: a box
 *
 * The height the children need, as [property@Flow.WrapHStack:content-height] reports it.
 *
 * Returns: the height the children need at the current width, from the last layout (see
 *   [property@Flow.WrapHStack:content-height])
 */
int
flow_wrap_hstack_get_content_height (FlowWrapHStack *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), 0);
  return flow_controller_table ()->hstack_get_content_height (self->controller);
}

/* MARK: Reordering by the user */

/**
 * flow_wrap_hstack_get_reorderable:
 * @self: a box
 *
 * Whether the user can reorder the children.
 *
 * Returns: whether the children can be dragged and moved with the keys (see
 *   [property@Flow.WrapHStack:reorderable])
 */
gboolean
flow_wrap_hstack_get_reorderable (FlowWrapHStack *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), FALSE);
  return flow_interaction_get_boolean (G_OBJECT (self), self->controller, FLOW_INTERACTION_PROP_REORDERABLE);
}

/**
 * flow_wrap_hstack_set_reorderable:
 * @self: a box
 * @reorderable: whether the user can reorder the children
 *
 * Lets the user drag the children to new places and move them with the keys, or stops it (see
 * [property@Flow.WrapHStack:reorderable]).
 */
void
flow_wrap_hstack_set_reorderable (FlowWrapHStack *self,
                                  gboolean        reorderable)
{
  g_return_if_fail (FLOW_IS_WRAP_HSTACK (self));
  flow_interaction_set_boolean (G_OBJECT (self), self->controller, FLOW_INTERACTION_PROP_REORDERABLE, reorderable);
}

/**
 * flow_wrap_hstack_get_layout:
 * @self: a box
 *
 * The layout the box computes with: its layout properties are this object's (setting one on
 * either sets it on both, and both notify). It is not the box's layout manager and must not be
 * made any widget's.
 *
 * Returns: (transfer none): the box's layout
 */
FlowWrapLayout *
flow_wrap_hstack_get_layout (FlowWrapHStack *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), NULL);
  return self->layout;
}

/* MARK: For the controller */

FlowWrapHStack *
flow_wrap_hstack_cast (gpointer object)
{
  return FLOW_WRAP_HSTACK (object);
}

gpointer
flow_wrap_hstack_get_controller (FlowWrapHStack *self)
{
  g_return_val_if_fail (FLOW_IS_WRAP_HSTACK (self), NULL);
  return self->controller;
}

void
flow_wrap_hstack_notify_child_options (FlowWrapHStack *self, GtkWidget *child, gboolean grow, gboolean break_before)
{
  GObject *layout_child = made_layout_child (self, child);

  if (layout_child == NULL)
    return;
  if (grow)
    g_object_notify (layout_child, "grow");
  if (break_before)
    g_object_notify (layout_child, "break-before");
}

void
flow_wrap_hstack_notify_content_height (FlowWrapHStack *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CONTENT_HEIGHT]);
}

/* MARK: Properties: the layout's are forwarded to it */

static void
flow_wrap_hstack_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FlowWrapHStack *self = FLOW_WRAP_HSTACK (object);

  if (flow_interaction_get_property (object, self->controller, prop_id, value))
    return;
  switch (prop_id)
    {
    case PROP_PLACEMENT: g_value_set_enum (value, flow_wrap_hstack_get_placement (self)); break;
    case PROP_CONTENT_HEIGHT: g_value_set_int (value, flow_wrap_hstack_get_content_height (self)); break;
    case PROP_ORIENTATION:
    default:
      if (prop_id == PROP_ORIENTATION || (prop_id >= PROP_LAYOUT_FIRST && prop_id < N_PROPS))
        g_object_get_property (G_OBJECT (self->layout), pspec->name, value);
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flow_wrap_hstack_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FlowWrapHStack *self = FLOW_WRAP_HSTACK (object);

  if (flow_interaction_set_property (object, self->controller, prop_id, value))
    return;
  switch (prop_id)
    {
    case PROP_PLACEMENT: flow_wrap_hstack_set_placement (self, g_value_get_enum (value)); break;
    case PROP_ORIENTATION:
    default:
      if (prop_id == PROP_ORIENTATION || (prop_id >= PROP_LAYOUT_FIRST && prop_id < N_PROPS))
        g_object_set_property (G_OBJECT (self->layout), pspec->name, value);
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The layout notifies only on a real change, so the box does too. */
static void
on_layout_notify (GObject *layout, GParamSpec *pspec, gpointer data)
{
  FlowWrapHStack *self = data;
  GParamSpec *own = g_object_class_find_property (G_OBJECT_GET_CLASS (self), pspec->name);

  if (own != NULL)
    g_object_notify_by_pspec (G_OBJECT (self), own);
}

/* MARK: Widget: measured and allocated by the controller, with the layout's arithmetic */

static GtkSizeRequestMode
flow_wrap_hstack_get_request_mode (GtkWidget *widget)
{
  return gtk_orientable_get_orientation (GTK_ORIENTABLE (FLOW_WRAP_HSTACK (widget)->layout)) == GTK_ORIENTATION_HORIZONTAL
         ? GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH : GTK_SIZE_REQUEST_WIDTH_FOR_HEIGHT;
}

static void
flow_wrap_hstack_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                          int *natural, int *minimum_baseline, int *natural_baseline)
{
  flow_controller_table ()->container_measure (FLOW_WRAP_HSTACK (widget)->controller, orientation, for_size,
                                               minimum, natural);
  *minimum_baseline = -1;
  *natural_baseline = -1;
}

static void
flow_wrap_hstack_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  flow_controller_table ()->container_allocate (FLOW_WRAP_HSTACK (widget)->controller, width, height);
}

static void
flow_wrap_hstack_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (flow_wrap_hstack_parent_class)->root (widget);
  flow_wrap_layout_box_rooted (FLOW_WRAP_HSTACK (widget)->layout);
}

static void
flow_wrap_hstack_unroot (GtkWidget *widget)
{
  flow_wrap_layout_box_unrooted (FLOW_WRAP_HSTACK (widget)->layout);
  GTK_WIDGET_CLASS (flow_wrap_hstack_parent_class)->unroot (widget);
}

static gboolean
flow_wrap_hstack_focus (GtkWidget *widget, GtkDirectionType direction)
{
  FlowWrapHStack *self = FLOW_WRAP_HSTACK (widget);
  gboolean handled = FALSE;
  gboolean result = flow_controller_table ()->hstack_focus (self->controller, direction, &handled);

  if (handled)
    return result;
  return GTK_WIDGET_CLASS (flow_wrap_hstack_parent_class)->focus (widget, direction);
}

static void
flow_wrap_hstack_dispose (GObject *object)
{
  FlowWrapHStack *self = FLOW_WRAP_HSTACK (object);
  GtkWidget *child;

  if (self->controller != NULL)
    flow_controller_table ()->container_dispose (self->controller);
  if (self->layout != NULL)
    g_clear_signal_handler (&self->layout_notify, self->layout);
  /* Whatever is left: the GtkFixed, the stylesheet probes, the resize watch. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (flow_wrap_hstack_parent_class)->dispose (object);
}

static void
flow_wrap_hstack_finalize (GObject *object)
{
  FlowWrapHStack *self = FLOW_WRAP_HSTACK (object);

  g_clear_pointer (&self->controller, flow_controller_table ()->controller_free);
  /* The layout may outlive the box (a language's reference to it). */
  flow_wrap_layout_serve_box (self->layout, NULL);
  g_clear_object (&self->layout);
  G_OBJECT_CLASS (flow_wrap_hstack_parent_class)->finalize (object);
}

/* The shared signals (flow-interaction.c makes them), documented here for the box. */

/**
 * FlowWrapHStack::move-child:
 * @self: the box
 * @child: the child the user is moving
 * @old_index: its index now
 * @new_index: the index it would get
 *
 * Asked before the user's move of a child (a drop or a key, with
 * [property@Flow.WrapHStack:reorderable] on), so that the app can refuse it: return %TRUE to
 * allow the move, %FALSE to refuse it, and then nothing moves and
 * [signal@Flow.WrapHStack::child-moved] is not emitted. The first handler that returns %FALSE
 * ends the emission; with no handler the move is allowed. The app's own
 * [method@Flow.WrapHStack.reorder_child_after] does not emit it.
 *
 * Returns: %TRUE to allow the move, %FALSE to refuse it
 */

/**
 * FlowWrapHStack::child-moved:
 * @self: the box
 * @child: the child the user moved
 * @old_index: its index before the move
 * @new_index: its index now
 *
 * Emitted after the user moved a child (a drop or a key, with
 * [property@Flow.WrapHStack:reorderable] on); the children are already in the new order. To
 * refuse a move, return %FALSE from [signal@Flow.WrapHStack::move-child] rather than moving the
 * child back here. The app's own [method@Flow.WrapHStack.reorder_child_after] does not emit it.
 */

static void
flow_wrap_hstack_class_init (FlowWrapHStackClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = flow_wrap_hstack_get_property;
  object_class->set_property = flow_wrap_hstack_set_property;
  object_class->dispose = flow_wrap_hstack_dispose;
  object_class->finalize = flow_wrap_hstack_finalize;
  widget_class->focus = flow_wrap_hstack_focus;
  widget_class->get_request_mode = flow_wrap_hstack_get_request_mode;
  widget_class->measure = flow_wrap_hstack_measure;
  widget_class->size_allocate = flow_wrap_hstack_size_allocate;
  widget_class->root = flow_wrap_hstack_root;
  widget_class->unroot = flow_wrap_hstack_unroot;

  g_object_class_override_property (object_class, PROP_ORIENTATION, "orientation");
  props[PROP_ORIENTATION] = g_object_class_find_property (object_class, "orientation");

  /**
   * FlowWrapHStack:placement:
   *
   * Where the children live: in a GtkFixed inside the box (%FLOW_PLACEMENT_FIXED, the
   * default), or in the box itself (%FLOW_PLACEMENT_DIRECT, cheaper per layout, for very
   * many children). Changing it moves the same widgets, with their state and the focus.
   */
  props[PROP_PLACEMENT] =
    g_param_spec_enum ("placement", "Placement",
                       "Where the children live: in a GtkFixed inside the box (fixed) or in the box (direct). "
                       "Default fixed.", FLOW_TYPE_PLACEMENT, FLOW_PLACEMENT_FIXED,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * FlowWrapHStack:content-height:
   *
   * The height the children need at the current width (the width, in a vertical box), from the
   * last layout; 0 before the first. Notified once each time a layout changes it (a resize, a
   * child added or resized), from inside GTK's allocation: read it there, and change widgets
   * from an idle callback.
   */
  props[PROP_CONTENT_HEIGHT] =
    g_param_spec_int ("content-height", "Content height",
                      "The height the children need at the current width, from the last layout. Read-only; 0 "
                      "before the first layout.", 0, G_MAXINT, 0,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_property (object_class, PROP_PLACEMENT, props[PROP_PLACEMENT]);
  g_object_class_install_property (object_class, PROP_CONTENT_HEIGHT, props[PROP_CONTENT_HEIGHT]);
  /**
   * FlowWrapHStack:reorderable:
   *
   * Whether the user can reorder the children. Default %FALSE.
   *
   * When on, a child can be dragged with the pointer and dropped between any two children, at
   * a line's start or end, or after the last; while it hovers, a marker shows where it will land
   * and the others make room. With a child focused, Alt+Shift+Left/Right move it one place
   * (mirrored in right-to-left), Alt+Shift+Up/Down to the nearest place on the line above or
   * below, Alt+Shift+Home/End to the first or last place; the focus stays on it. Each such move
   * is first offered to [signal@Flow.WrapHStack::move-child], then made by the box and reported
   * by [signal@Flow.WrapHStack::child-moved]. Each child's accessible description says how to
   * move it with the keys.
   */
  flow_interaction_install (object_class, PROP_INTERACTION_FIRST, &interaction);

  /* The layout properties (documented, with their typed accessors, in flow-layout-accessors.c). */
  flow_layout_properties_install (object_class, PROP_LAYOUT_FIRST, props + PROP_LAYOUT_FIRST);

  gtk_widget_class_set_css_name (widget_class, "wraphstack");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
flow_wrap_hstack_init (FlowWrapHStack *self)
{
  self->layout = FLOW_WRAP_LAYOUT (flow_wrap_layout_new ());
  flow_wrap_layout_serve_box (self->layout, GTK_WIDGET (self));
  self->layout_notify = g_signal_connect (self->layout, "notify", G_CALLBACK (on_layout_notify), self);
  /* However the box is made (g_object_new from any language, GtkBuilder, Swift's WrapHStack),
   * it gets its controller here, and with it a working container. */
  self->controller = flow_controller_table ()->controller_new (FLOW_CONTROLLER_HSTACK, self);
}
