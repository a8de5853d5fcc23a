/* The Flow library's C API (namespace Flow, version 1.0): include this header. */
#pragma once

#include "flow-enums.h"
#include "flow-length-unit.h"
