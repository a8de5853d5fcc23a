/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* The Flow library's C API (namespace Flow, version 1.0): include this header.
 *
 * Every header included below is public and introspected (Resources/scripts/gir.sh reads this
 * list); the *-private.h headers are the library's own plumbing. */
#pragma once

#include <flow/flow-enums.h>
#include <flow/flow-length-unit.h>
#include <flow/flow-init.h>
#include <flow/flow-wrap-layout.h>
#include <flow/flow-wrap-layout-child.h>
#include <flow/flow-wrap-hstack.h>
#include <flow/flow-wrap-list-view.h>
#include <flow/flow-list-item.h>
#include <flow/flow-layout-accessors.h>
