/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* FlowWrapHStack as GtkBuilder reads it (GtkBuildable): its <child> elements, and the <options>
 * element inside a <child> that gives the child's grow and break-before (the class's
 * documentation shows it), parsed as GtkBuilder parses properties, so a bad value is
 * GtkBuilder's error with its line. */
#include "flow/flow-wrap-hstack.h"

#include "flow-private/flow-classes-private.h"

#include <string.h>

static GtkBuildableIface *parent_buildable_iface;

static void
flow_wrap_hstack_buildable_add_child (GtkBuildable *buildable, GtkBuilder *builder, GObject *child,
                                      const char *type)
{
  if (!GTK_IS_WIDGET (child))
    {
      /* An event controller, say: GtkWidget's own handling. */
      parent_buildable_iface->add_child (buildable, builder, child, type);
      return;
    }
  if (type != NULL)
    GTK_BUILDER_WARN_INVALID_CHILD_TYPE (buildable, type);
  /* A child's `<layout>` element sets properties of the layout child that its parent's layout
   * manager makes, once the whole file is read (GtkWidget's custom_finished): while GtkBuilder
   * builds the box, its layout is its layout manager, so that `<layout>` works on the box's own
   * children, and flow_wrap_hstack_buildable_parser_finished takes it off again. */
  if (gtk_widget_get_layout_manager (GTK_WIDGET (buildable)) == NULL)
    gtk_widget_set_layout_manager (GTK_WIDGET (buildable),
                                   g_object_ref (GTK_LAYOUT_MANAGER (flow_wrap_hstack_get_layout (FLOW_WRAP_HSTACK (buildable)))));
  flow_wrap_hstack_append (FLOW_WRAP_HSTACK (buildable), GTK_WIDGET (child));
}

static void
flow_wrap_hstack_buildable_parser_finished (GtkBuildable *buildable, GtkBuilder *builder)
{
  FlowWrapHStack *self = FLOW_WRAP_HSTACK (buildable);

  if (parent_buildable_iface->parser_finished != NULL)
    parent_buildable_iface->parser_finished (buildable, builder);
  if (gtk_widget_get_layout_manager (GTK_WIDGET (self)) == GTK_LAYOUT_MANAGER (flow_wrap_hstack_get_layout (self)))
    gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
}

/* What an <options> element gives, while it is read. */
typedef struct {
  FlowWrapHStack *self;
  GtkBuilder *builder;
  GObject *child;
  char *property;
  GString *text;
  gboolean has_grow;
  double grow;
  gboolean has_break_before;
  gboolean break_before;
} OptionsParser;

static const char options_tag[] = "options";

static void
free_options_parser (OptionsParser *data)
{
  g_free (data->property);
  g_string_free (data->text, TRUE);
  g_free (data);
}

/* Every error ends the parse: GtkBuilder calls nothing of this element's after it (not its
 * custom_tag_end either), so the parser's data goes here. */
static void
fail (OptionsParser *data, GtkBuildableParseContext *context, GError **error)
{
  int line = 0, column = 0;

  gtk_buildable_parse_context_get_position (context, &line, &column);
  g_prefix_error (error, "%d:%d ", line, column);
  free_options_parser (data);
}

static void
options_start_element (GtkBuildableParseContext *context, const char *element_name, const char **names,
                       const char **values, gpointer user_data, GError **error)
{
  OptionsParser *data = user_data;
  const char *name = NULL;

  if (strcmp (element_name, options_tag) == 0)
    {
      if (!g_markup_collect_attributes (element_name, names, values, error, G_MARKUP_COLLECT_INVALID, NULL))
        fail (data, context, error);
      return;
    }
  if (strcmp (element_name, "property") != 0 || data->property != NULL)
    {
      g_set_error (error, GTK_BUILDER_ERROR, GTK_BUILDER_ERROR_INVALID_TAG,
                   "<%s> is not valid in FlowWrapHStack's <options>: give each option as "
                   "<property name=\"grow\">1</property>", element_name);
      fail (data, context, error);
      return;
    }
  if (!g_markup_collect_attributes (element_name, names, values, error,
                                    G_MARKUP_COLLECT_STRING, "name", &name, G_MARKUP_COLLECT_INVALID))
    {
      fail (data, context, error);
      return;
    }
  data->property = g_strdup (name);
  g_string_truncate (data->text, 0);
}

static void
options_text (GtkBuildableParseContext *context, const char *text, gsize text_len, gpointer user_data,
              GError **error)
{
  OptionsParser *data = user_data;

  if (data->property != NULL)
    g_string_append_len (data->text, text, text_len);
}

/* A <property> of <options> read: its value parsed as GtkBuilder parses any property's (the
 * child options are FlowWrapLayoutChild's properties), so a bad value is GtkBuilder's error. */
static void
options_end_element (GtkBuildableParseContext *context, const char *element_name, gpointer user_data,
                     GError **error)
{
  OptionsParser *data = user_data;
  GValue value = G_VALUE_INIT;

  if (strcmp (element_name, "property") != 0 || data->property == NULL)
    return;
  GObjectClass *child_class = g_type_class_ref (FLOW_TYPE_WRAP_LAYOUT_CHILD);
  GParamSpec *pspec = g_object_class_find_property (child_class, data->property);
  g_type_class_unref (child_class);
  if (pspec == NULL)
    {
      g_set_error (error, GTK_BUILDER_ERROR, GTK_BUILDER_ERROR_INVALID_PROPERTY,
                   "FlowWrapHStack's <options> has no property '%s' (it has grow and break-before)",
                   data->property);
      fail (data, context, error);
      return;
    }
  if (!gtk_builder_value_from_string (data->builder, pspec, data->text->str, &value, error))
    {
      g_prefix_error (error, "FlowWrapHStack's <options> %s: ", data->property);
      fail (data, context, error);
      return;
    }
  if (G_VALUE_HOLDS_DOUBLE (&value))
    {
      data->has_grow = TRUE;
      data->grow = g_value_get_double (&value);
    }
  else
    {
      data->has_break_before = TRUE;
      data->break_before = g_value_get_boolean (&value);
    }
  g_value_unset (&value);
  g_clear_pointer (&data->property, g_free);
}

static const GtkBuildableParser options_parser = {
  options_start_element,
  options_end_element,
  options_text,
  NULL,
};

static gboolean
flow_wrap_hstack_buildable_custom_tag_start (GtkBuildable *buildable, GtkBuilder *builder, GObject *child,
                                             const char *tagname, GtkBuildableParser *parser, gpointer *parser_data)
{
  FlowWrapHStack *self = FLOW_WRAP_HSTACK (buildable);

  if (child != NULL && strcmp (tagname, options_tag) == 0 && GTK_IS_WIDGET (child)
      && flow_wrap_hstack_has_child (self, GTK_WIDGET (child)))
    {
      OptionsParser *data = g_new0 (OptionsParser, 1);
      data->self = self;
      data->builder = builder;
      data->child = child;
      data->text = g_string_new (NULL);
      *parser = options_parser;
      *parser_data = data;
      return TRUE;
    }
  return parent_buildable_iface->custom_tag_start (buildable, builder, child, tagname, parser, parser_data);
}

static void
flow_wrap_hstack_buildable_custom_tag_end (GtkBuildable *buildable, GtkBuilder *builder, GObject *child,
                                           const char *tagname, gpointer data)
{
  FlowWrapHStack *self = FLOW_WRAP_HSTACK (buildable);

  if (child == NULL || strcmp (tagname, options_tag) != 0)
    {
      parent_buildable_iface->custom_tag_end (buildable, builder, child, tagname, data);
      return;
    }
  OptionsParser *options = data;
  if (options->has_grow)
    flow_wrap_hstack_set_child_grow (self, GTK_WIDGET (child), options->grow);
  if (options->has_break_before)
    flow_wrap_hstack_set_child_break_before (self, GTK_WIDGET (child), options->break_before);
  free_options_parser (options);
}

static void
flow_wrap_hstack_buildable_custom_finished (GtkBuildable *buildable, GtkBuilder *builder, GObject *child,
                                            const char *tagname, gpointer data)
{
  /* <options> was applied at its end tag (its data is gone). */
  if (child != NULL && strcmp (tagname, options_tag) == 0)
    return;
  parent_buildable_iface->custom_finished (buildable, builder, child, tagname, data);
}

void
flow_wrap_hstack_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = flow_wrap_hstack_buildable_add_child;
  iface->custom_tag_start = flow_wrap_hstack_buildable_custom_tag_start;
  iface->custom_tag_end = flow_wrap_hstack_buildable_custom_tag_end;
  iface->custom_finished = flow_wrap_hstack_buildable_custom_finished;
  iface->parser_finished = flow_wrap_hstack_buildable_parser_finished;
}
