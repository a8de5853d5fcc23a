// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Plain geometry value types. The engine has no Foundation, so no CGRect: these are its own.

/// A width and a height, in points.
public struct FlowSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    /// A size.
    ///
    /// - Complexity: O(1).
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = FlowSize(width: 0, height: 0)

    public var description: String { "\(width)×\(height)" }
}

/// A rectangle with its origin at the top-left corner; x grows to the right and y downward,
/// whatever the layout direction.
public struct FlowRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// A rectangle.
    ///
    /// - Complexity: O(1).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = FlowRect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// Whether the two rectangles share interior area (touching edges do not count).
    ///
    /// - Complexity: O(1).
    public func overlaps(_ other: FlowRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}

/// Space kept free inside the container's edges.
///
/// `leading` and `trailing` follow the layout direction: in right-to-left layouts `leading` is the
/// right edge. `top` and `bottom` are always physical. This is CSS padding with logical
/// inline-start/inline-end.
///
/// Every value is sanitized on assignment like any other length (see ``FlowLimits``).
public struct FlowInsets: Sendable, Hashable {
    private var storage: (top: Double, leading: Double, bottom: Double, trailing: Double)

    public var top: Double {
        get { storage.top }
        set { storage.top = FlowLimits.length(newValue) }
    }
    public var leading: Double {
        get { storage.leading }
        set { storage.leading = FlowLimits.length(newValue) }
    }
    public var bottom: Double {
        get { storage.bottom }
        set { storage.bottom = FlowLimits.length(newValue) }
    }
    public var trailing: Double {
        get { storage.trailing }
        set { storage.trailing = FlowLimits.length(newValue) }
    }

    /// Insets, each sanitized as a length.
    ///
    /// - Complexity: O(1).
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        storage = (FlowLimits.length(top), FlowLimits.length(leading),
                   FlowLimits.length(bottom), FlowLimits.length(trailing))
    }

    /// The same inset on all four edges.
    ///
    /// - Complexity: O(1).
    public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    public static let zero = FlowInsets()

    /// - Complexity: O(1).
    public static func == (a: FlowInsets, b: FlowInsets) -> Bool {
        a.storage == b.storage
    }

    /// - Complexity: O(1).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.top)
        hasher.combine(storage.leading)
        hasher.combine(storage.bottom)
        hasher.combine(storage.trailing)
    }
}
