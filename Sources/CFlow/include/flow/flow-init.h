/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* Registering the library's types before a GtkBuilder file names them. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

void flow_init (void);

G_END_DECLS
