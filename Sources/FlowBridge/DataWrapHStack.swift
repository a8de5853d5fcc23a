import CGtk
import FlowEngine
import GObjectSupport

/// A ``WrapHStack`` whose children are made from data: one widget per element, matched to its
/// element by an identifier.
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
/// Children added with the inline methods (``WrapHStack/append(_:)``) are not tied to any element:
/// the next update replaces the content with exactly the data's widgets. Removing a data child
/// with the inline methods removes its element too.
@MainActor
public final class DataWrapHStack<Element, ID: Hashable>: WrapHStack {
    private let identifier: (Element) -> ID
    private let makeWidget: (Element) -> Widget
    private var widgetsByID: [ID: Widget] = [:]

    /// The elements shown, in order.
    public private(set) var elements: [Element] = []

    /// A container showing `data`.
    ///
    /// - Parameters:
    ///   - id: the key path to each element's identifier; identifiers must be unique.
    ///   - makeWidget: makes the widget for an element the first time its identifier appears. It
    ///     must return a new widget without a parent.
    /// - Throws: ``WrapHStackError/duplicateIdentifier(id:firstIndex:secondIndex:)`` or
    ///   ``WrapHStackError/widgetHasParent(widget:parent:)``.
    public init<Data: Sequence>(_ data: Data, id: KeyPath<Element, ID>,
                                layout: FlowLayout = WrapHStack.defaultLayout,
                                makeWidget: @escaping (Element) -> Widget) throws where Data.Element == Element {
        identifier = { $0[keyPath: id] }
        self.makeWidget = makeWidget
        super.init(layout: layout)
        try update(with: data)
    }

    /// Shows `data` instead of the current elements, reusing the widgets of identifiers that stay.
    ///
    /// Nothing changes when it throws: duplicates are found before any widget is touched, and
    /// widgets made for this update are released if one of them cannot be used.
    ///
    /// - Throws: ``WrapHStackError/duplicateIdentifier(id:firstIndex:secondIndex:)`` when two
    ///   elements share an identifier; ``WrapHStackError/widgetHasParent(widget:parent:)`` when
    ///   `makeWidget` returns a widget that already has a parent.
    /// - Complexity: O(n + m) identifier look-ups for n new and m old elements, plus the widgets
    ///   made and removed.
    public func update<Data: Sequence>(with data: Data) throws where Data.Element == Element {
        let newElements = Array(data)
        var firstIndex: [ID: Int] = [:]
        firstIndex.reserveCapacity(newElements.count)
        let ids = newElements.map(identifier)
        for (index, id) in ids.enumerated() {
            if let first = firstIndex[id] {
                throw WrapHStackError.duplicateIdentifier(id: String(describing: id), firstIndex: first,
                                                          secondIndex: index)
            }
            firstIndex[id] = index
        }

        // Make the new widgets first, so a bad one leaves the container untouched.
        var made: [ID: Widget] = [:]
        for (element, id) in zip(newElements, ids) where widgetsByID[id] == nil {
            let child = makeWidget(element)
            if let parent = gtk_widget_get_parent(child) {
                let error = WrapHStackError.widgetHasParent(widget: typeName(of: child), parent: typeName(of: parent))
                for widget in made.values { releaseWidget(retainWidget(widget)) }
                throw error
            }
            made[id] = child
        }

        // Release the widgets of identifiers that are gone.
        var kept: [ID: Widget] = [:]
        kept.reserveCapacity(ids.count)
        for (id, child) in widgetsByID {
            if firstIndex[id] != nil { kept[id] = child }
        }
        let keptWidgets = Set(kept.values)
        var newEntries: [Entry] = []
        newEntries.reserveCapacity(ids.count)
        var oldByWidget: [Widget: Entry] = [:]
        for entry in entries {
            if keptWidgets.contains(entry.widget) {
                oldByWidget[entry.widget] = entry
            } else {
                disown(entry)
            }
        }
        for id in ids {
            if let child = kept[id], let entry = oldByWidget[child] {
                newEntries.append(entry)
            } else if let child = made[id] {
                adopt(child, before: nil)
                kept[id] = child
                newEntries.append(Entry(widget: child))
            }
        }
        let reordered = newEntries.map(\.widget) != entries.map(\.widget)
        entries = newEntries
        if reordered {
            contentChanged = true
            syncChildOrder()
        }
        widgetsByID = kept
        elements = newElements
        childrenChanged()
    }

    override func didRemove(_ widgets: [Widget]) {
        let removed = Set(widgets)
        let ids = Set(widgetsByID.filter { removed.contains($0.value) }.map(\.key))
        guard !ids.isEmpty else { return }
        for id in ids { widgetsByID[id] = nil }
        elements.removeAll { ids.contains(identifier($0)) }
    }

    /// The widget showing the element with identifier `id`.
    public func widget(for id: ID) -> Widget? { widgetsByID[id] }
}
