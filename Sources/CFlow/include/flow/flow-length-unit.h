/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* Length units that follow the text scale: the conversion to pixels, and the dpi it uses. */
#pragma once

#include <gtk/gtk.h>

#include "flow-enums.h"

G_BEGIN_DECLS

double flow_length_unit_to_pixels (FlowLengthUnit unit,
                                   double         value,
                                   double         dpi);

double flow_length_unit_from_pixels (FlowLengthUnit unit,
                                     double         pixels,
                                     double         dpi);

double flow_length_unit_dpi_from_xft_dpi (int xft_dpi);

double flow_length_unit_get_dpi (GtkSettings *settings);

G_END_DECLS
