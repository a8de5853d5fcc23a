// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow

// The C classes reach their Swift controllers through one table of function pointers
// (flow-private/flow-controller-table.h), so the C library has no link-time dependency on Swift.
// FlowBridge registers the table when it is loaded, as an ELF initializer: in a Swift program that
// links FlowBridge and in libflow-1.so alike, the table is there before any language can make a
// first object, and nobody has to call anything first.

#if os(Linux)
@used @section(".init_array")
private let registerControllerTable: @convention(c) () -> Void = {
    var table = FlowControllerTable()
    table.setSharedEntries()
    table.setWrapLayoutEntries()
    table.setWrapHStackEntries()
    table.setWrapHStackSelectionEntries()
    table.setWrapListViewEntries()
    table.setWrapListViewFactoryEntries()
    flow_controller_table_register(&table)
}
#else
#error("FlowBridge registers its controller table through an ELF initializer (.init_array): Linux only")
#endif
