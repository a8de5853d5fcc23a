// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// libflow-1.so, the Flow GObject library for every language: the C classes (CFlow), their Swift
// controllers (FlowBridge) and the engine, in one shared object. This target holds no code of its
// own; it carries the shared object's link options (Package.swift): the Swift runtime linked in
// statically, the SONAME, and flow-1.map, which exports the C API's flow_* symbols alone.
@_exported import FlowBridge
