/* Registering the library's types before a GtkBuilder file names them. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

void flow_init (void);

G_END_DECLS
