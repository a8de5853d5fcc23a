/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include <stdlib.h>
#include "system_calls.h"

int system_mkostemp(char *path_template, int flags) { return mkostemp(path_template, flags); }

#include <fcntl.h>
#include <sys/stat.h>

int system_birth_time(int dirfd, const char *path, int flags, long long *seconds, unsigned int *nanoseconds)
{
  struct statx info;
  if (statx (dirfd, path, flags, STATX_BTIME, &info) != 0)
    return -1;
  if (!(info.stx_mask & STATX_BTIME))
    return 1;
  *seconds = info.stx_btime.tv_sec;
  *nanoseconds = info.stx_btime.tv_nsec;
  return 0;
}
