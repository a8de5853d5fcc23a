/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* The table through which the C classes reach their Swift controllers
 * (flow-private/flow-controller-table.h). */
#include "flow-private/flow-controller-table.h"

static FlowControllerTable controllers;
static gboolean registered;

void
flow_controller_table_register (const FlowControllerTable *table)
{
  g_return_if_fail (table != NULL);

  controllers = *table;
  registered = TRUE;
}

const FlowControllerTable *
flow_controller_table (void)
{
  if (G_UNLIKELY (!registered))
    g_error ("Flow: no controllers are registered: the library was linked without FlowBridge, "
             "which registers them when it is loaded");
  return &controllers;
}
