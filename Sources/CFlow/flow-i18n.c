/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* The `flow-1` gettext domain (flow-private/flow-i18n.h). The catalogues are looked for where
 * an installed library finds them: PREFIX/share/locale, from the library's own folder (PREFIX/lib,
 * or a multiarch PREFIX/lib/TRIPLET), so that a library installed anywhere finds its own; when
 * neither exists, gettext's default folder. */
#define _GNU_SOURCE
#include "flow-private/flow-i18n.h"

#include <dlfcn.h>
#include <libintl.h>

static char *
locale_folder (void)
{
  Dl_info info;

  if (dladdr ((void *) flow_i18n_init, &info) == 0 || info.dli_fname == NULL)
    return NULL;
  g_autofree char *library_folder = g_path_get_dirname (info.dli_fname);
  const char *candidates[] = { "../share/locale", "../../share/locale" };
  for (gsize i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      char *folder = g_build_filename (library_folder, candidates[i], NULL);
      char *canonical = g_canonicalize_filename (folder, NULL);
      g_free (folder);
      if (g_file_test (canonical, G_FILE_TEST_IS_DIR))
        return canonical;
      g_free (canonical);
    }
  return NULL;
}

void
flow_i18n_init (void)
{
  static gsize done;

  if (!g_once_init_enter (&done))
    return;
  g_autofree char *folder = locale_folder ();
  if (folder != NULL)
    bindtextdomain (FLOW_GETTEXT_DOMAIN, folder);
  bind_textdomain_codeset (FLOW_GETTEXT_DOMAIN, "UTF-8");
  g_once_init_leave (&done, 1);
}

void
flow_i18n_set_folder (const char *folder)
{
  flow_i18n_init ();
  bindtextdomain (FLOW_GETTEXT_DOMAIN, folder);
}

const char *
flow_gettext (const char *msgid)
{
  flow_i18n_init ();
  return g_dgettext (FLOW_GETTEXT_DOMAIN, msgid);
}
