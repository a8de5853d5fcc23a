import FlowEngine

/// What one layout of a ``WrapHStack`` did.
public struct LayoutReport: Sendable, Equatable {
    /// Exactly what the container gave the engine: options, available length and one item per
    /// laid-out child, enough to reproduce the layout (`request.run()`; FlowJSON writes it as
    /// `flow-layout`'s input, as `tag-editor --dump-layout` does).
    public var request: FlowRequest
    /// The engine's result, snapped to whole pixels, as applied to the children.
    public var result: FlowResult
    /// The container's allocated size.
    public var allocatedWidth: Int
    public var allocatedHeight: Int
    /// How long the allocation took, measuring and placing included.
    public var duration: Duration

    /// The number of lines shown.
    public var lineCount: Int { result.lines.count }
    /// The content's height (its width in vertical layouts is `result.size.width`).
    public var contentHeight: Int { Int(result.size.height) }
}
