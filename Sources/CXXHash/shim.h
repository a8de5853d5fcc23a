/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
// xxHash's C API for Swift (Debian: libxxhash-dev): XXH3, for the journal's content fingerprints
// (128 bits) and its folder digests (64 bits).
#ifndef CXXHASH_SHIM_H
#define CXXHASH_SHIM_H

#include <xxhash.h>

#endif
