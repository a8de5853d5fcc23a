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

#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

/* getxattrat(2), Linux 6.13: one call for the attribute of a name in a folder, where open,
 * fgetxattr and close took three. glibc 2.36 has no wrapper; its number is the same on every
 * architecture but alpha. */
#ifndef SYS_getxattrat
#define SYS_getxattrat 464
#endif

struct system_xattr_args
{
  uint64_t value;
  uint32_t size;
  uint32_t flags;
};

long system_getxattrat(int dirfd, const char *name, const char *attribute, void *value, size_t size)
{
  return system_getxattrat_flags (dirfd, name, AT_SYMLINK_NOFOLLOW, attribute, value, size);
}

long system_getxattrat_flags(int dirfd, const char *name, int flags, const char *attribute, void *value, size_t size)
{
  struct system_xattr_args args = { (uint64_t) (uintptr_t) value, (uint32_t) size, 0 };
  return syscall (SYS_getxattrat, dirfd, name, flags, attribute, &args, sizeof args);
}

/* listxattrat(2), Linux 6.13: the names of the attributes of a name in a folder. */
#ifndef SYS_listxattrat
#define SYS_listxattrat 465
#endif

long system_listxattrat(int dirfd, const char *name, int flags, char *list, size_t size)
{
  return syscall (SYS_listxattrat, dirfd, name, flags, list, size);
}

#include <libintl.h>
#include <locale.h>

const char *system_dgettext(const char *domain, const char *message) { return dgettext (domain, message); }

const char *system_dngettext(const char *domain, const char *singular, const char *plural, unsigned long count)
{
  return dngettext (domain, singular, plural, count);
}

void system_bind_text_domain(const char *domain, const char *folder)
{
  bindtextdomain (domain, folder);
  bind_textdomain_codeset (domain, "UTF-8");
}

void system_set_locale_from_environment(void) { setlocale (LC_ALL, ""); }
