/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* flow_init(): the library's types registered up front, for GtkBuilder. */
#include "flow/flow-init.h"

#include "flow/flow.h"
#include "flow-private/flow-i18n.h"

/**
 * flow_init:
 *
 * Registers every type of the library, so that a GtkBuilder file can name them
 * (`<object class="FlowWrapHStack">`) before the program has used them: GtkBuilder finds a
 * class by its registered name, or by a `_get_type` function of the program's own, which a
 * library loaded by a language binding is not. Call it once, after gtk_init() (as
 * `adw_init()`); calling it again does nothing. Creating any of the types first works too.
 *
 * It also binds the library's gettext domain, `flow-1`, to PREFIX/share/locale beside the
 * library (the first translated string does so too): the library's own strings, such as the
 * reordering hint screen readers read, follow the user's language apart from the app's domain.
 */
void
flow_init (void)
{
  g_type_ensure (FLOW_TYPE_JUSTIFY);
  g_type_ensure (FLOW_TYPE_ALIGN);
  g_type_ensure (FLOW_TYPE_LINE_BREAKING);
  g_type_ensure (FLOW_TYPE_PLACEMENT);
  g_type_ensure (FLOW_TYPE_LENGTH_UNIT);
  g_type_ensure (FLOW_TYPE_WRAP_POLICY);
  g_type_ensure (FLOW_TYPE_PACK_DIRECTION);
  flow_i18n_init ();
  g_type_ensure (FLOW_TYPE_WRAP_LAYOUT);
  g_type_ensure (FLOW_TYPE_WRAP_LAYOUT_CHILD);
  g_type_ensure (FLOW_TYPE_WRAP_HSTACK);
  g_type_ensure (FLOW_TYPE_WRAP_LIST_VIEW);
}
