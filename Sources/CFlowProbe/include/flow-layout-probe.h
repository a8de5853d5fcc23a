/* Test-only: FlowLayoutProbe, the smallest GObject class built the way FlowWrapLayout and
 * FlowWrapHStack will be, so the tests can prove the pattern in a Swift test executable (static
 * link) and in a shared library loaded by Python.
 *
 * - It installs the shared layout properties (flow_layout_properties_install), plus item-count
 *   and item-width (a row of equal items) and a read-only natural-length.
 * - Its instance init makes its Swift controller by calling flow_layout_probe_controller_new(),
 *   a Swift @_cdecl function (FlowProbe/LayoutProbeController.swift) that this library declares
 *   extern; finalize releases it. The linker resolves the symbol wherever the C object and the
 *   Swift object are linked together: in an executable (SwiftPM links every target's objects)
 *   and in libflow-probe.so (the product holds both targets). That is why this target is used
 *   only through FlowProbe: a program that linked it alone would fail to link.
 * - natural-length is answered by the controller, from the properties, by the engine. */
#pragma once

#include <flow/flow-layout-properties.h>

G_BEGIN_DECLS

#define FLOW_TYPE_LAYOUT_PROBE (flow_layout_probe_get_type ())
G_DECLARE_FINAL_TYPE (FlowLayoutProbe, flow_layout_probe, FLOW, LAYOUT_PROBE, GObject)

/* The properties' values, for the controller (owned by the probe). */
const FlowLayoutValues *flow_layout_probe_get_values (FlowLayoutProbe *self);

/* Sets every property from @values (flow_layout_values_update): one notify per real change. */
guint flow_layout_probe_set_values (FlowLayoutProbe *self, const FlowLayoutValues *values);

int flow_layout_probe_get_item_count (FlowLayoutProbe *self);
double flow_layout_probe_get_item_width (FlowLayoutProbe *self);

/* The Swift controller the probe owns. */
gpointer flow_layout_probe_get_controller (FlowLayoutProbe *self);

/* The casts for Swift (the G_DECLARE macros' casts do not import). */
static inline FlowLayoutProbe *flow_layout_probe_cast (gpointer object) { return FLOW_LAYOUT_PROBE (object); }

G_END_DECLS
