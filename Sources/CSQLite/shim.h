/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
// SQLite's C API for Swift (Debian: libsqlite3-dev). SQLITE_TRANSIENT is a macro casting -1 to
// a function pointer, which does not import: a static inline function stands in for it.
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
