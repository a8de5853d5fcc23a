/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowListItem: the object a GtkBuilderListItemFactory's template is built against in a
 * FlowWrapListView, with GtkListItem's properties. GTK 4.8 gives no way to drive a
 * GtkListItemFactory from outside GTK (its setup and bind are private, and a GtkListItem's item
 * and position are set only by GTK's own list item widget), so the list builds the factory's
 * template itself, with GtkBuilder, against this object. */
#include "flow/flow-list-item.h"

#include "flow-private/flow-list-item-private.h"

#include <string.h>

/**
 * FlowListItem:
 *
 * What a [class@Gtk.BuilderListItemFactory]'s template is built against when the factory is a
 * [class@Flow.WrapListView]'s ([property@Flow.WrapListView:factory]): an object with the
 * properties of [class@Gtk.ListItem] that a template binds to (`item`, `position`, `selected`,
 * `child`; `activatable` and `selectable` are accepted and not used).
 *
 * A template written for GtkListView works unchanged: the list reads the factory's `.ui` text,
 * builds it with the factory's scope, and the template's `GtkListItem` (its class, and the name
 * its expressions look up) stands for this class. So
 *
 * ```xml
 * <template class="GtkListItem">
 *   <property name="child">
 *     <object class="GtkLabel">
 *       <binding name="label">
 *         <lookup name="string" type="GtkStringObject">
 *           <lookup name="item">GtkListItem</lookup>
 *         </lookup>
 *       </binding>
 *     </object>
 *   </property>
 * </template>
 * ```
 *
 * shows each GtkStringObject's string. Why not a GtkListItem: GTK 4.8 keeps a
 * [class@Gtk.ListItemFactory]'s setup and bind private and sets a GtkListItem's item and
 * position only from its own list item widget, so no widget outside GTK can drive a factory;
 * a [class@Gtk.SignalListItemFactory] is therefore refused by the list (its own
 * [signal@Flow.WrapListView::setup] and [signal@Flow.WrapListView::bind] signals do the same
 * work).
 */

struct _FlowListItem
{
  GObject parent_instance;

  GObject *item;
  guint position;
  gboolean selected;
  gboolean activatable;
  gboolean selectable;
  GtkWidget *child;
};

G_DEFINE_FINAL_TYPE (FlowListItem, flow_list_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ITEM,
  PROP_POSITION,
  PROP_SELECTED,
  PROP_CHILD,
  PROP_ACTIVATABLE,
  PROP_SELECTABLE,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

/**
 * flow_list_item_get_item:
 * @self: a list item
 *
 * The model's item this list item shows now.
 *
 * Returns: (transfer none) (type GObject) (nullable): the item, or %NULL while it shows none
 */
gpointer
flow_list_item_get_item (FlowListItem *self)
{
  g_return_val_if_fail (FLOW_IS_LIST_ITEM (self), NULL);
  return self->item;
}

/**
 * flow_list_item_get_position:
 * @self: a list item
 *
 * The position of the item it shows.
 *
 * Returns: the position, or %GTK_INVALID_LIST_POSITION while it shows none
 */
guint
flow_list_item_get_position (FlowListItem *self)
{
  g_return_val_if_fail (FLOW_IS_LIST_ITEM (self), GTK_INVALID_LIST_POSITION);
  return self->position;
}

/**
 * flow_list_item_get_selected:
 * @self: a list item
 *
 * Whether the list's selection model has the item it shows selected.
 *
 * Returns: whether its item is selected
 */
gboolean
flow_list_item_get_selected (FlowListItem *self)
{
  g_return_val_if_fail (FLOW_IS_LIST_ITEM (self), FALSE);
  return self->selected;
}

/**
 * flow_list_item_get_child:
 * @self: a list item
 *
 * The widget the template made to show items.
 *
 * Returns: (transfer none) (nullable): the child
 */
GtkWidget *
flow_list_item_get_child (FlowListItem *self)
{
  g_return_val_if_fail (FLOW_IS_LIST_ITEM (self), NULL);
  return self->child;
}

/**
 * flow_list_item_set_child:
 * @self: a list item
 * @child: (nullable): the widget that shows the items
 *
 * Sets the widget that shows the items (what a template's `child` property does).
 */
void
flow_list_item_set_child (FlowListItem *self,
                          GtkWidget    *child)
{
  g_return_if_fail (FLOW_IS_LIST_ITEM (self));
  g_return_if_fail (child == NULL || GTK_IS_WIDGET (child));
  if (self->child == child)
    return;
  if (child != NULL)
    g_object_ref_sink (child);
  g_clear_object (&self->child);
  self->child = child;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CHILD]);
}

void
flow_list_item_update (FlowListItem *self, gpointer item, guint position, gboolean selected)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (self->item != item)
    {
      g_set_object (&self->item, item);
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ITEM]);
    }
  if (self->position != position)
    {
      self->position = position;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_POSITION]);
    }
  if (self->selected != !!selected)
    {
      self->selected = !!selected;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SELECTED]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* The template with every "GtkListItem" (its class, and the name its expressions look its object
 * up by) as "FlowListItem"; a longer name that starts so (GtkListItemFactory) is left alone. */
static GString *
retargeted (const char *text, gsize length)
{
  static const char from[] = "GtkListItem";
  GString *out = g_string_sized_new (length + 64);
  gsize i = 0;

  while (i < length)
    {
      if (length - i >= sizeof from - 1 && memcmp (text + i, from, sizeof from - 1) == 0
          && (i + sizeof from - 1 == length || !(g_ascii_isalnum (text[i + sizeof from - 1]) || text[i + sizeof from - 1] == '_'))
          && (i == 0 || !(g_ascii_isalnum (text[i - 1]) || text[i - 1] == '_')))
        {
          g_string_append (out, "FlowListItem");
          i += sizeof from - 1;
        }
      else
        g_string_append_c (out, text[i++]);
    }
  return out;
}

FlowListItem *
flow_list_item_new_from_template (GtkBuilderListItemFactory *factory, GError **error)
{
  GBytes *bytes = gtk_builder_list_item_factory_get_bytes (factory);
  GtkBuilderScope *scope = gtk_builder_list_item_factory_get_scope (factory);
  FlowListItem *self = g_object_new (FLOW_TYPE_LIST_ITEM, NULL);
  GtkBuilder *builder = gtk_builder_new ();
  gsize length = 0;
  const char *text = bytes != NULL ? g_bytes_get_data (bytes, &length) : NULL;
  GString *template = retargeted (text != NULL ? text : "", length);
  gboolean built;

  if (scope != NULL)
    gtk_builder_set_scope (builder, scope);
  built = gtk_builder_extend_with_template (builder, G_OBJECT (self), FLOW_TYPE_LIST_ITEM, template->str,
                                            template->len, error);
  g_string_free (template, TRUE);
  g_object_unref (builder);
  if (built && self->child == NULL)
    {
      built = FALSE;
      g_set_error_literal (error, GTK_BUILDER_ERROR, GTK_BUILDER_ERROR_MISSING_PROPERTY_VALUE,
                           "the factory's template sets no \"child\" property, so there is no widget to show items");
    }
  if (!built)
    g_clear_object (&self);
  return self;
}

static void
flow_list_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FlowListItem *self = FLOW_LIST_ITEM (object);

  switch (prop_id)
    {
    case PROP_ITEM: g_value_set_object (value, self->item); break;
    case PROP_POSITION: g_value_set_uint (value, self->position); break;
    case PROP_SELECTED: g_value_set_boolean (value, self->selected); break;
    case PROP_CHILD: g_value_set_object (value, self->child); break;
    case PROP_ACTIVATABLE: g_value_set_boolean (value, self->activatable); break;
    case PROP_SELECTABLE: g_value_set_boolean (value, self->selectable); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flow_list_item_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FlowListItem *self = FLOW_LIST_ITEM (object);

  switch (prop_id)
    {
    case PROP_CHILD: flow_list_item_set_child (self, g_value_get_object (value)); break;
    case PROP_ACTIVATABLE: self->activatable = g_value_get_boolean (value); break;
    case PROP_SELECTABLE: self->selectable = g_value_get_boolean (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flow_list_item_dispose (GObject *object)
{
  FlowListItem *self = FLOW_LIST_ITEM (object);

  g_clear_object (&self->item);
  g_clear_object (&self->child);
  G_OBJECT_CLASS (flow_list_item_parent_class)->dispose (object);
}

static void
flow_list_item_class_init (FlowListItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags read = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  GParamFlags readwrite = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = flow_list_item_get_property;
  object_class->set_property = flow_list_item_set_property;
  object_class->dispose = flow_list_item_dispose;

  /**
   * FlowListItem:item:
   *
   * The model's item shown now, %NULL while none is.
   */
  props[PROP_ITEM] = g_param_spec_object ("item", "Item", "The model's item shown now", G_TYPE_OBJECT, read);
  /**
   * FlowListItem:position:
   *
   * The position of the item shown, %GTK_INVALID_LIST_POSITION while none is.
   */
  props[PROP_POSITION] = g_param_spec_uint ("position", "Position", "The position of the item shown", 0, G_MAXUINT,
                                            GTK_INVALID_LIST_POSITION, read);
  /**
   * FlowListItem:selected:
   *
   * Whether the list's selection model has the item shown selected.
   */
  props[PROP_SELECTED] = g_param_spec_boolean ("selected", "Selected", "Whether the item shown is selected", FALSE, read);
  /**
   * FlowListItem:child:
   *
   * The widget that shows the items, set by the template. Default %NULL.
   */
  props[PROP_CHILD] = g_param_spec_object ("child", "Child", "The widget that shows the items", GTK_TYPE_WIDGET,
                                           readwrite);
  /**
   * FlowListItem:activatable:
   *
   * Accepted for GtkListItem's templates; not used. Default %TRUE.
   */
  props[PROP_ACTIVATABLE] = g_param_spec_boolean ("activatable", "Activatable", "Accepted; not used", TRUE, readwrite);
  /**
   * FlowListItem:selectable:
   *
   * Accepted for GtkListItem's templates; not used. Default %TRUE.
   */
  props[PROP_SELECTABLE] = g_param_spec_boolean ("selectable", "Selectable", "Accepted; not used", TRUE, readwrite);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
flow_list_item_init (FlowListItem *self)
{
  self->position = GTK_INVALID_LIST_POSITION;
  self->activatable = TRUE;
  self->selectable = TRUE;
}
