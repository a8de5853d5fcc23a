/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include <stdlib.h>
#include "system_calls.h"

int system_mkostemp(char *path_template, int flags) { return mkostemp(path_template, flags); }
