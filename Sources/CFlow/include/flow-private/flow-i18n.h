/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* The library's gettext domain, `flow-1`: every string it shows a user (the reordering hint read
 * out by screen readers) is translated through it, apart from the app's own domain. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#pragma GCC visibility push(hidden)

#define FLOW_GETTEXT_DOMAIN "flow-1"

/* Binds the domain to the locale folder beside the library, once (flow_init calls it; so does
 * the first translation). */
void        flow_i18n_init (void);
/* Binds the domain to @folder instead (a test's catalogues; the Swift side cannot call libintl). */
void        flow_i18n_set_folder (const char *folder);
/* @msgid translated in the `flow-1` domain (the text itself when there is no translation). */
const char *flow_gettext   (const char *msgid);

#pragma GCC visibility pop

G_END_DECLS
