/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* Reading a widget's accessible description, which GTK 4.8 has no getter for (GtkAccessible's
 * getters came in 4.10+): the library adds its reordering hint to the app's text and must give
 * that text back exactly. gtk_test_accessible_check_property() is public, exported API whose
 * answer, when the value differs from the one asked about, is the value itself. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#pragma GCC visibility push(hidden)

/* A value no description is: the check then always differs and returns the real one. */
#define FLOW_ACCESSIBLE_TEXT_PROBE "\x01flow-probe\x01"

/* @widget's accessible description, or NULL when none is set. Free with g_free(). */
static inline char *
flow_accessible_dup_description (GtkWidget *widget)
{
  if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION))
    return NULL;
  char *text = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                   FLOW_ACCESSIBLE_TEXT_PROBE);
  return text != NULL ? text : g_strdup (FLOW_ACCESSIBLE_TEXT_PROBE);
}

#pragma GCC visibility pop

G_END_DECLS
