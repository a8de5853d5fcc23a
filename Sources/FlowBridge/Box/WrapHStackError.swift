// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// What went wrong when changing a ``WrapHStack``'s content. Nothing is changed when one is
/// thrown.
public enum WrapHStackError: Error, Equatable, CustomStringConvertible {
    /// The widget is already inside another container; GTK allows one parent.
    case widgetHasParent(widget: String, parent: String)
    /// The widget is already a child of this container.
    case alreadyAChild(widget: String)
    /// The widget is not a child of this container.
    case notAChild(widget: String)
    /// An index outside the children.
    case indexOutOfRange(index: Int, count: Int)
    /// Two elements of a data-driven container have the same identifier.
    case duplicateIdentifier(id: String, firstIndex: Int, secondIndex: Int)

    public var description: String {
        switch self {
        case let .widgetHasParent(widget, parent):
            return "the \(widget) already has a parent (\(parent)); remove it from there before adding it to a WrapHStack"
        case let .alreadyAChild(widget):
            return "the \(widget) is already a child of this WrapHStack"
        case let .notAChild(widget):
            return "the \(widget) is not a child of this WrapHStack"
        case let .indexOutOfRange(index, count):
            return "index \(index) is outside the WrapHStack's \(count) children"
        case let .duplicateIdentifier(id, first, second):
            return "elements \(first) and \(second) have the same identifier \(id); identifiers must be unique"
        }
    }
}
