/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
// C library calls the Swift Glibc module does not bring in: extended attributes (sys/xattr.h)
// and mkostemp (a GNU extension, declared here without _GNU_SOURCE, which would make the system
// headers disagree with the Glibc module Swift already has).
#ifndef SYSTEM_CALLS_H
#define SYSTEM_CALLS_H

#include <sys/types.h>
#include <sys/xattr.h>

int system_mkostemp(char *path_template, int flags);

/* The birth time of a file (statx's STATX_BTIME): 0 and the time, 1 when the file system does
 * not keep one, -1 with errno. `flags` as statx's (AT_EMPTY_PATH with "" for `dirfd` itself). */
int system_birth_time(int dirfd, const char *path, int flags, long long *seconds, unsigned int *nanoseconds);

/* The value of `attribute` of the file `name` in the folder open at `dirfd`, not following a link
 * (getxattrat(2), Linux 6.13): its size, or -1 with errno (ENOSYS on older kernels). */
long system_getxattrat(int dirfd, const char *name, const char *attribute, void *value, size_t size);
/* The same with getxattrat's flags (SYSTEM_AT_EMPTY_PATH with "" for `dirfd` itself). */
long system_getxattrat_flags(int dirfd, const char *name, int flags, const char *attribute, void *value, size_t size);

/* The names of the attributes of the file `name` in the folder open at `dirfd` (listxattrat(2),
 * Linux 6.13; `flags` as getxattrat's), NUL-separated: their size, or -1 with errno. */
long system_listxattrat(int dirfd, const char *name, int flags, char *list, size_t size);

/* AT_EMPTY_PATH, which fcntl.h defines only with _GNU_SOURCE. */
#define SYSTEM_AT_EMPTY_PATH 0x1000

/* O_PATH (Linux), which fcntl.h defines only with _GNU_SOURCE: a descriptor that names a folder
 * without opening it for reading, to reach paths longer than PATH_MAX a piece at a time. */
#define SYSTEM_O_PATH 010000000

/* GNU gettext (libintl.h, in glibc), which the Swift Glibc module does not bring in: the
 * translation of `message` in `domain` (the message itself when there is none), of the form for
 * `count` of `singular`/`plural`, and the binding of `domain` to the catalogues under `folder`
 * (bind_textdomain_codeset UTF-8 too). */
const char *system_dgettext(const char *domain, const char *message);
const char *system_dngettext(const char *domain, const char *singular, const char *plural, unsigned long count);
void system_bind_text_domain(const char *domain, const char *folder);
/* setlocale (LC_ALL, ""): the locale from the environment, as every gettext program sets it. */
void system_set_locale_from_environment(void);

#endif
