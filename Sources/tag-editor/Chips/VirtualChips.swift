import CGtk
import FlowBridge
import FlowEngine
import GObjectSupport
import TagData

// The virtual chip list: past `VirtualChips.threshold` tags (or with --virtual) the editor shows
// its chips in a WrapListView, which makes Chip widgets only for the tags on screen and recycles
// them as the list scrolls, instead of one Chip per tag in the WrapHStack. The chips are the
// editor's own (same CSS, buttons, keys and accessible names); every edit still goes through
// `perform` and TagData, and the list is told only what changed (one `items-changed` per refresh).
// Not available in the list: maxLines ("+N more") and the chips' glide animation.

/// Whether the editor shows its chips in the virtual list.
enum ChipListChoice: Equatable {
    /// Past ``VirtualChips/threshold`` tags (when the window opens).
    case automatic
    /// `--virtual`.
    case virtual
    /// `--no-virtual`: always one widget per tag.
    case allWidgets

    /// Whether a window opened on `count` tags uses the virtual list.
    func usesVirtualList(forTagCount count: Int) -> Bool {
        switch self {
        case .automatic: return count > VirtualChips.threshold
        case .virtual: return true
        case .allWidgets: return false
        }
    }
}

/// The chips of a window in virtual mode: the WrapListView, the tags it shows, and the Chip of
/// each item widget it made.
@MainActor
final class VirtualChips {
    /// More tags than this open in the virtual list (measured: BENCHMARKS.md, "Tag editor: the
    /// virtual list's threshold").
    nonisolated static let threshold = 1_000

    let list: WrapListView
    /// The tags the list shows, in order (the document's entries as of the last refresh).
    private(set) var shown: TagEntries = []
    /// The Chip behind each item widget the list's factory made.
    private var chips: [Widget: Chip] = [:]
    /// Called when a chip is unbound (it scrolled away, or its tag went): the editor closes a
    /// rename popover that points at it.
    var onUnbind: ((Chip) -> Void)?

    init(layout: FlowLayout, actions: Chip.Actions) {
        var options = layout
        options.maxLines = nil
        // The factory reaches the chips through this box: the list is made before `self` exists.
        final class Chips { weak var owner: VirtualChips? }
        let box = Chips()
        list = WrapListView(layout: options, factory: WrapListItemFactory(
            setup: {
                let chip = Chip(TagEntry(name: " "), actions: actions)
                box.owner?.chips[chip.widget] = chip
                return chip.widget
            },
            bind: { widget, index in
                guard let owner = box.owner, let chip = owner.chips[widget], owner.shown.indices.contains(index) else { return }
                chip.update(owner.shown[index])
            },
            unbind: { widget, _ in
                guard let owner = box.owner, let chip = owner.chips[widget] else { return }
                owner.onUnbind?(chip)
            },
            teardown: { widget in
                box.owner?.chips[widget] = nil
            }))
        box.owner = self
        gtk_widget_add_css_class(list.widget, "chips")
    }

    /// Shows `entries`: the list is told of the one run that changed between what it showed and
    /// these (found from both ends, O(n) comparisons), so its lines are broken again from there
    /// only; the realized chips outside that run get their entries again (a count may change).
    func show(_ entries: TagEntries) {
        // The new entries first: the list binds chips to them while it is told.
        let old = shown
        shown = entries
        list.replaceItems(oldCount: old.count, newCount: entries.count, commonEnds: old.commonEnds(with: entries))
        for (index, chip) in realizedChips where chip.entry != entries[index] { chip.update(entries[index]) }
    }

    /// The realized chips, in order, with their tags' indices.
    var realizedChips: [(index: Int, chip: Chip)] {
        list.realizedItems.compactMap { item in
            chips[item.widget].flatMap { shown.indices.contains(item.index) ? (item.index, $0) : nil }
        }
    }

    /// The realized chip showing `name`, if it has one now.
    func chip(named name: String) -> Chip? {
        realizedChips.first { $0.chip.entry.name == name }?.chip
    }

    /// Where `name` is in the list.
    func index(of name: String) -> Int? { shown.firstIndex { $0.name == name } }
}

extension EditorWindow {
    /// The tags as the chips show them now (the list's, or the WrapHStack's).
    var shownEntries: TagEntries { virtualChips?.shown ?? TagEntries(stack.elements) }

    /// The scrolled window holding the chips: the virtual list's, or the WrapHStack's.
    static func makeChipsArea(stack: WrapHStack, virtual: VirtualChips?) -> (area: Widget, scrolled: Widget, content: Widget) {
        if let virtual {
            let scrolled = virtual.list.makeScrolledWindow()
            return (scrolled, scrolled, virtual.list.widget)
        }
        let area = stack.makeScrolledWindow()
        return (area, stack.scrolledWindow!, stack.widget)
    }

    /// The options panel changed the WrapHStack's layout: the list takes the same options
    /// (without maxLines, which it does not have) and text direction.
    func layoutOptionsChanged() {
        guard let virtualChips else { return }
        var options = stack.layout
        options.maxLines = nil
        virtualChips.list.layout = options
        gtk_widget_set_direction(virtualChips.list.widget, gtk_widget_get_direction(stack.widget))
    }

    /// Puts the focus on the chip of the tag at `index` (realizing it and scrolling it into
    /// view), or on the entry when there is none.
    func focusVirtualChip(at index: Int) {
        guard let virtualChips, virtualChips.shown.indices.contains(index), virtualChips.list.focus(item: index) else {
            gtk_widget_grab_focus(entry)
            return
        }
    }

    /// The chip that holds the focus in the list, and its tag's index.
    var focusedVirtualChip: (name: String, index: Int)? {
        guard let virtualChips, let index = virtualChips.list.focusedItem,
              virtualChips.shown.indices.contains(index) else { return nil }
        return (virtualChips.shown[index].name, index)
    }

    /// `--max-lines`: the WrapHStack's maxLines; the virtual list shows every line, and says so.
    func setMaxLines(_ maxLines: Int) {
        guard virtualChips == nil else {
            show("--max-lines \(maxLines) is not available in the virtual list of \(shownEntries.count) tags: every line is shown.",
                 isError: false, seconds: 12)
            return
        }
        stack.layout.maxLines = maxLines
    }

    /// A rename popover pointing at a chip that is given to another tag closes first.
    func chipUnbound(_ chip: Chip) {
        if let popover = renamePopover, popover.tag == chip.entry.name { popover.close() }
    }
}
