// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// One layout to compute: the options, the available main-axis length and the items. It is what
/// the engine takes, so a caller can keep it to reproduce a layout exactly (`flow-layout` reads and
/// writes it as JSON; `WrapHStack` reports the one each layout ran with).
public struct FlowRequest: Sendable, Equatable {
    public var layout: FlowLayout
    /// Main-axis length including insets: width for horizontal layouts, height for vertical.
    public var available: Double
    public var items: [FlowItem]

    /// - Complexity: O(1).
    public init(layout: FlowLayout, available: Double, items: [FlowItem]) {
        self.layout = layout
        self.available = available
        self.items = items
    }

    /// Runs the engine.
    ///
    /// - Complexity: as ``FlowLayout/layout(_:in:)``.
    public func run() -> FlowResult { layout.layout(items, in: available) }

    /// Runs the engine into `result`, reusing its arrays (see ``FlowLayout/layout(_:in:into:)``).
    ///
    /// - Complexity: as ``FlowLayout/layout(_:in:)``.
    public func run(into result: inout FlowResult) { layout.layout(items, in: available, into: &result) }
}
