/* SPDX-FileCopyrightText: 2026 The WrapHStack authors
 * SPDX-License-Identifier: LGPL-2.1-or-later */
/* The one definition of the pt and sp units: the classes, their Swift side and the typelib's
 * users all convert through these functions. */
#include "flow/flow-length-unit.h"

#include <math.h>

/* The dpi GTK draws text at when nothing sets it (and CSS's pixels per inch). */
#define FLOW_DEFAULT_DPI 96.0

static double
sane_dpi (double dpi)
{
  /* `dpi > 0` is false for NaN. */
  return dpi > 0 && isfinite (dpi) ? dpi : FLOW_DEFAULT_DPI;
}

/**
 * flow_length_unit_to_pixels:
 * @unit: the unit @value is in
 * @value: a length in @unit
 * @dpi: the text's dots per inch (see flow_length_unit_get_dpi()); 96 is used instead of a
 *   value that is not a positive number
 *
 * Converts a length to pixels: @value itself for %FLOW_LENGTH_UNIT_PX, @value × @dpi / 72 for
 * %FLOW_LENGTH_UNIT_PT and @value × @dpi / 96 for %FLOW_LENGTH_UNIT_SP.
 *
 * Returns: the length in pixels
 */
double
flow_length_unit_to_pixels (FlowLengthUnit unit,
                            double         value,
                            double         dpi)
{
  switch (unit)
    {
    case FLOW_LENGTH_UNIT_PX:
      return value;
    case FLOW_LENGTH_UNIT_PT:
      return value * sane_dpi (dpi) / 72.0;
    case FLOW_LENGTH_UNIT_SP:
      return value * sane_dpi (dpi) / 96.0;
    default:
      g_return_val_if_reached (value);
    }
}

/**
 * flow_length_unit_from_pixels:
 * @unit: the unit to convert to
 * @pixels: a length in pixels
 * @dpi: the text's dots per inch, as for flow_length_unit_to_pixels()
 *
 * Converts a length in pixels to @unit: the inverse of flow_length_unit_to_pixels().
 *
 * Returns: the length in @unit
 */
double
flow_length_unit_from_pixels (FlowLengthUnit unit,
                              double         pixels,
                              double         dpi)
{
  switch (unit)
    {
    case FLOW_LENGTH_UNIT_PX:
      return pixels;
    case FLOW_LENGTH_UNIT_PT:
      return pixels * 72.0 / sane_dpi (dpi);
    case FLOW_LENGTH_UNIT_SP:
      return pixels * 96.0 / sane_dpi (dpi);
    default:
      g_return_val_if_reached (pixels);
    }
}

/**
 * flow_length_unit_dpi_from_xft_dpi:
 * @xft_dpi: a value of GtkSettings:gtk-xft-dpi (1024 × dots per inch, -1 for the default)
 *
 * The dots per inch a GtkSettings:gtk-xft-dpi value stands for: @xft_dpi / 1024, not rounded,
 * or 96 when it is not positive (unset).
 *
 * Returns: the dots per inch
 */
double
flow_length_unit_dpi_from_xft_dpi (int xft_dpi)
{
  return xft_dpi > 0 ? xft_dpi / 1024.0 : FLOW_DEFAULT_DPI;
}

/**
 * flow_length_unit_get_dpi:
 * @settings: (nullable): the settings of the widget's display, or %NULL for the default display's
 *
 * The dots per inch text is drawn at, which the pt and sp units follow: GtkSettings:gtk-xft-dpi
 * / 1024 (96 when it is unset, or when there is no display). It changes with the desktop's text
 * scale; a widget that uses these units lays out again on `notify::gtk-xft-dpi`.
 *
 * Returns: the dots per inch
 */
double
flow_length_unit_get_dpi (GtkSettings *settings)
{
  int xft_dpi = -1;

  g_return_val_if_fail (settings == NULL || GTK_IS_SETTINGS (settings), FLOW_DEFAULT_DPI);

  if (settings == NULL)
    settings = gtk_settings_get_default ();
  if (settings == NULL)
    return FLOW_DEFAULT_DPI;

  g_object_get (settings, "gtk-xft-dpi", &xft_dpi, NULL);
  return flow_length_unit_dpi_from_xft_dpi (xft_dpi);
}
