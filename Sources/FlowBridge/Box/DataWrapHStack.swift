// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import FlowEngine
import GObjectSupport

/// A ``WrapHStack`` whose children are made from data: one widget per element, matched to its
/// element by an identifier. The box is ``box``; its properties read and write through this object
/// too (`chips.layout`, `chips.placement`, `chips.lastLayout`).
///
/// ```swift
/// let chips = try DataWrapHStack(tags, id: \.name) { tag in makeChip(tag) }
/// try chips.update(with: newTags)   // unchanged tags keep their widget
/// ```
///
/// ``update(with:)`` diffs by identifier: an element whose identifier was already shown keeps its
/// widget (the very same pointer, with its state, focus and selection), new identifiers get a
/// widget from `makeWidget`, and widgets of identifiers that are gone are removed and released.
/// The order of the children follows the data.
///
/// An element can also be shown by an object of the caller's that owns its widget (a chip with
/// its own state and signal handlers): ``init(_:id:layout:placement:makeContent:widget:)`` makes one per new
/// identifier, the container keeps it as long as its element is shown, and ``content(for:)``
/// returns it. `Content` is `Widget` for containers made with a `makeWidget` closure.
///
/// Children added with the box's inline methods (`chips.box.append(_:)`) are not tied to any
/// element: the next update replaces the content with exactly the data's widgets. Removing a data
/// child with them removes its element too.
///
/// Ownership: this object holds ``box``; while the box is inside a parent, the box keeps this
/// object alive too (as it keeps its own view), so a data-driven box placed in a window keeps its
/// elements without the caller holding on to it.
@MainActor
@dynamicMemberLookup
public final class DataWrapHStack<Element, ID: Hashable, Content> {
    /// The box that shows the elements' widgets.
    public let box: WrapHStack
    private let identifier: (Element) -> ID
    private let makeContent: (Element) -> Content
    private let widgetOf: (Content) -> Widget
    private var contentByID: [ID: Content] = [:]

    /// The elements shown, in order.
    public private(set) var elements: [Element] = []

    /// A container showing `data`, each element by an object of the caller's.
    ///
    /// - Parameters:
    ///   - id: the key path to each element's identifier; identifiers must be unique.
    ///   - placement: how the children are placed (``WrapHStack/Placement``).
    ///   - makeContent: makes what shows an element, the first time its identifier appears.
    ///   - widget: the widget that shows `content`; it must be new and without a parent.
    /// - Throws: ``WrapHStackError/duplicateIdentifier(id:firstIndex:secondIndex:)`` or
    ///   ``WrapHStackError/widgetHasParent(widget:parent:)``.
    public init<Data: Sequence>(_ data: Data, id: KeyPath<Element, ID>,
                                layout: FlowLayout = WrapHStack.defaultLayout, placement: WrapHStack.Placement = .fixed,
                                makeContent: @escaping (Element) -> Content,
                                widget: @escaping (Content) -> Widget) throws where Data.Element == Element {
        identifier = { $0[keyPath: id] }
        self.makeContent = makeContent
        widgetOf = widget
        box = WrapHStack(layout: layout, placement: placement)
        box.keepAlive(self)
        box.onChildrenRemoved = { [weak self] widgets in self?.forget(widgets) }
        try update(with: data)
    }

    /// The container widget (``WrapHStack/widget``).
    public var widget: Widget { box.widget }

    /// The box's properties, read and set through this object.
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<WrapHStack, Value>) -> Value {
        get { box[keyPath: keyPath] }
        set { box[keyPath: keyPath] = newValue }
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<WrapHStack, Value>) -> Value {
        box[keyPath: keyPath]
    }

    /// A scrolled window holding the box (``WrapHStack/makeScrolledWindow()``).
    public func makeScrolledWindow() -> Widget { box.makeScrolledWindow() }

    /// Shows `data` instead of the current elements, reusing the widgets of identifiers that stay.
    ///
    /// Nothing changes when it throws: duplicates are found before any widget is touched, and
    /// widgets made for this update are released if one of them cannot be used.
    ///
    /// - Throws: ``WrapHStackError/duplicateIdentifier(id:firstIndex:secondIndex:)`` when two
    ///   elements share an identifier; ``WrapHStackError/widgetHasParent(widget:parent:)`` when
    ///   a new widget already has a parent.
    /// - Complexity: O(n + m) identifier look-ups for n new and m old elements, plus the widgets
    ///   made and removed.
    public func update<Data: Sequence>(with data: Data) throws where Data.Element == Element {
        let newElements = Array(data)
        let ids = newElements.map(identifier)
        _ = try Self.positions(of: ids)   // refuses duplicate identifiers before anything changes
        let made = try makeNewContent(for: newElements, ids: ids)
        var shown: [ID: Content] = [:]
        shown.reserveCapacity(ids.count)
        var widgets: [Widget] = []
        widgets.reserveCapacity(ids.count)
        for id in ids {
            guard let content = contentByID[id] ?? made[id] else { continue }
            shown[id] = content
            widgets.append(widgetOf(content))
        }
        contentByID = shown
        elements = newElements
        box.replaceChildren(with: widgets)
    }

    /// Each identifier's position in the data.
    ///
    /// - Throws: ``WrapHStackError/duplicateIdentifier(id:firstIndex:secondIndex:)``.
    private static func positions(of ids: [ID]) throws -> [ID: Int] {
        var positions: [ID: Int] = [:]
        positions.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() {
            if let first = positions[id] {
                throw WrapHStackError.duplicateIdentifier(id: String(describing: id), firstIndex: first,
                                                          secondIndex: index)
            }
            positions[id] = index
        }
        return positions
    }

    /// The content of the identifiers not shown yet, made first, so that a bad widget leaves the
    /// container untouched (the ones made are released).
    private func makeNewContent(for elements: [Element], ids: [ID]) throws -> [ID: Content] {
        var made: [ID: Content] = [:]
        for (element, id) in zip(elements, ids) where contentByID[id] == nil {
            let content = makeContent(element)
            let child = widgetOf(content)
            if let parent = gtk_widget_get_parent(child) {
                let error = WrapHStackError.widgetHasParent(widget: typeName(of: child), parent: typeName(of: parent))
                for content in made.values { releaseWidget(retainWidget(widgetOf(content))) }
                throw error
            }
            made[id] = content
        }
        return made
    }

    /// Children went out of the box by other means (the box's inline methods, the C API): their
    /// elements go too.
    private func forget(_ widgets: [Widget]) {
        let removed = Set(widgets)
        let ids = Set(contentByID.filter { removed.contains(widgetOf($0.value)) }.map(\.key))
        guard !ids.isEmpty else { return }
        for id in ids { contentByID[id] = nil }
        elements.removeAll { ids.contains(identifier($0)) }
    }

    /// The widget showing the element with identifier `id`.
    public func widget(for id: ID) -> Widget? { contentByID[id].map(widgetOf) }

    /// What shows the element with identifier `id`: the object `makeContent` made for it (the
    /// widget itself for a container made with `makeWidget`).
    public func content(for id: ID) -> Content? { contentByID[id] }
}

extension DataWrapHStack where Content == Widget {
    /// A container showing `data`.
    ///
    /// - Parameters:
    ///   - id: the key path to each element's identifier; identifiers must be unique.
    ///   - placement: how the children are placed (``WrapHStack/Placement``).
    ///   - makeWidget: makes the widget for an element the first time its identifier appears. It
    ///     must return a new widget without a parent.
    /// - Throws: ``WrapHStackError/duplicateIdentifier(id:firstIndex:secondIndex:)`` or
    ///   ``WrapHStackError/widgetHasParent(widget:parent:)``.
    public convenience init<Data: Sequence>(_ data: Data, id: KeyPath<Element, ID>,
                                            layout: FlowLayout = WrapHStack.defaultLayout,
                                            placement: WrapHStack.Placement = .fixed,
                                            makeWidget: @escaping (Element) -> Widget) throws
    where Data.Element == Element {
        try self.init(data, id: id, layout: layout, placement: placement, makeContent: makeWidget, widget: { $0 })
    }
}
