// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import TagData

/// The editor's undo and redo: every change the user makes (add, remove, rename, paste, "add to
/// all files") is one step, kept as the changes that take it back on disk (``PlacedChange``, from
/// the change's ``ChangeReport/undo``). Undoing applies those to what is stored *then*, so a tag
/// another program added or removed in between stays as that program left it.
///
/// How a change joins the history: ``EditorWindow/perform(_:_:label:_:)`` records every edit it
/// runs, so code that edits through it has nothing more to do. What the user does as one action
/// (a pasted list, the chips selected) is one change (``TagChange/all(_:)``), so one step.
///
/// Code that applies a change without `perform` calls ``record(_:_:)`` with its report.
@MainActor
final class EditHistory {
    /// One thing the user did, and what takes it back (or, on the redo side, does it again).
    struct Step: Equatable {
        /// What the user did, for messages ("add “x”").
        var label: String
        /// What takes it back: for each place it changed, the change that undoes it there.
        var changes: [PlacedChange]
        /// For a colour given to a tag: the colours that take it back (``changes`` is then empty).
        var recolor: Recolor? = nil
        /// The write still making the change on the writer's thread
        /// (``ChangeReport/pendingWrite``): ``changes`` are then worked out from the tags shown,
        /// until ``EditHistory/settle(write:undo:)`` puts the write's exact ones in their place.
        var pendingWrite: Int? = nil
        /// Where the tags of a move's ``changes`` were once it was made (hints, checked): the
        /// moved tag and the one it goes back after, which a search may hide from the window.
        var places: [String: Int] = [:]
    }

    /// A tag's colours to set, where: in the collection, and in Finder's attribute of files.
    /// A colour change is no ``TagChange`` (the tags stay as they are), so its step holds the
    /// colours each place had, and undoing it gives them back.
    struct Recolor: Equatable {
        var tag: String
        /// The collection's colour for the tag, or `nil` to leave the collection alone.
        var collection: TagColor?
        /// Files and the colour of the tag's entries in their Finder attribute.
        var files: [FileColor] = []
    }

    struct FileColor: Equatable {
        var path: String
        var color: TagColor
    }

    /// Sets the colours a ``Recolor`` step names and returns those it replaced (set by the window).
    var applyRecolor: (@MainActor (Recolor) throws -> Recolor)?

    /// How many steps are kept; older ones are forgotten (memory stays bounded in a long session).
    static let limit = 500

    private(set) var undoSteps: [Step] = []
    private(set) var redoSteps: [Step] = []
    /// Called after the history changed (the window enables or disables Undo and Redo).
    var onChange: (@MainActor () -> Void)?

    var canUndo: Bool { !undoSteps.isEmpty }
    var canRedo: Bool { !redoSteps.isEmpty }

    /// Records a change the user made; a new change forgets what could be redone. A change that
    /// changed nothing (its tag was already there) is not a step.
    ///
    /// - Parameter places: for a move, where its tag and the one it followed are now
    ///   (``Step/places``).
    func record(_ label: String, _ report: ChangeReport, places: [String: Int] = [:]) {
        guard !report.undo.isEmpty else { return }
        push(Step(label: label, changes: report.undo, pendingWrite: report.pendingWrite, places: places), onto: &undoSteps)
        redoSteps = []
        onChange?()
    }

    /// Records a colour the user gave a tag, with the colours that take it back.
    func record(_ label: String, recolor: Recolor) {
        guard recolor.collection != nil || !recolor.files.isEmpty else { return }
        push(Step(label: label, changes: [], recolor: recolor), onto: &undoSteps)
        redoSteps = []
        onChange?()
    }

    /// Takes back the latest step in `document`; returns what was undone and the report, or `nil`
    /// when there is nothing to undo. When the undo changed nothing (another program already took
    /// the change back), nothing goes onto the redo side.
    ///
    /// - Parameter placeOf: where the window shows a tag, when it knows without reading its whole
    ///   list (``ChipArea/index(of:)``): a hint for the change, checked before it is used.
    func undo(in document: TagDocument, placeOf: (String) -> Int? = { _ in nil }) throws -> (step: Step, report: ChangeReport)? {
        try move(from: \.undoSteps, to: \.redoSteps, in: document, placeOf: placeOf)
    }

    /// Makes again the latest undone step.
    func redo(in document: TagDocument, placeOf: (String) -> Int? = { _ in nil }) throws -> (step: Step, report: ChangeReport)? {
        try move(from: \.redoSteps, to: \.undoSteps, in: document, placeOf: placeOf)
    }

    private func move(from source: ReferenceWritableKeyPath<EditHistory, [Step]>,
                      to target: ReferenceWritableKeyPath<EditHistory, [Step]>,
                      in document: TagDocument, placeOf: (String) -> Int?) throws -> (step: Step, report: ChangeReport)? {
        guard let step = self[keyPath: source].last else { return nil }
        if let recolor = step.recolor, let applyRecolor {
            let back = try applyRecolor(recolor)
            self[keyPath: source].removeLast()
            push(Step(label: step.label, changes: [], recolor: back), onto: &self[keyPath: target])
            onChange?()
            return (step, ChangeReport(name: recolor.tag))
        }
        let report: ChangeReport
        lastMove = nil
        var movedPlaces: [String: Int] = [:]
        // One change to a list, about a tag the window shows: applied where the window shows it
        // (the undo of a rename otherwise looked for the new name through a million tags).
        if document is TagListDocument, step.changes.count == 1,
           let tag = Self.tagLookedFor(by: step.changes[0].change), let place = placeOf(tag) {
            report = try document.apply(step.changes[0].change, at: place)
        } else if let list = document as? TagListDocument, step.changes.count == 1,
                  case .move(let name, after: let anchor) = step.changes[0].change,
                  let from = Self.place(of: name, in: list, hint: step.places[name]) ?? placeOf(name),
                  let to = anchor.map({ Self.place(of: $0, in: list, hint: step.places[$0]) ?? placeOf($0) }) ?? from {
            // A drag undone: the tag and the one it goes after, where the window shows them (or,
            // hidden by a search, where they were when the step was made).
            var places = [name: from]
            if let anchor { places[anchor] = to }
            report = try document.apply(step.changes[0].change, places: places)
            let target = anchor == nil ? 0 : to < from ? to + 1 : to
            lastMove = (from, target)
            movedPlaces = Self.placesToMoveBack(report.undo, from: from, to: target)
        } else {
            report = try document.apply(step.changes)
        }
        // Only once it was applied: a failed undo stays, to be tried again.
        self[keyPath: source].removeLast()
        if !report.undo.isEmpty {
            push(Step(label: step.label, changes: report.undo, pendingWrite: report.pendingWrite, places: movedPlaces),
                 onto: &self[keyPath: target])
        }
        onChange?()
        return (step, report)
    }

    /// Whether the step the next undo or redo would take is still being written.
    var nextStepIsBeingWritten: Bool {
        undoSteps.last?.pendingWrite != nil || redoSteps.last?.pendingWrite != nil
    }

    /// A write finished: its step takes the exact changes that take it back (every spelling and
    /// space the files held), or goes when the write failed or changed nothing (`undo` `nil` or
    /// empty).
    func settle(write number: Int, undo: [PlacedChange]?) {
        for steps in [\EditHistory.undoSteps, \EditHistory.redoSteps] as [ReferenceWritableKeyPath<EditHistory, [Step]>] {
            guard let index = self[keyPath: steps].lastIndex(where: { $0.pendingWrite == number }) else { continue }
            if let undo, !undo.isEmpty {
                self[keyPath: steps][index].changes = undo
                self[keyPath: steps][index].pendingWrite = nil
            } else {
                self[keyPath: steps].remove(at: index)
            }
            onChange?()
        }
    }

    /// The tag a change must find in the list before it can be applied (an add says where it goes).
    /// The last undo or redo that moved a tag at known places: from where to where (the place
    /// after the move), for the search's filter to follow without folding names again.
    private(set) var lastMove: (from: Int, to: Int)?

    /// `hint` when `tag` is there in `list` (one name read and compared), else `nil`.
    private static func place(of tag: String, in list: TagListDocument, hint: Int?) -> Int? {
        guard let hint, list.tags.indices.contains(hint), TagRules.key(tag) == TagRules.key(list.tags[hint]) else { return nil }
        return hint
    }

    /// Where the tags of `undo` (a move's, taking back the move of a tag from `from` to `to`)
    /// are once that move is made: the moved tag at `to`, the one it goes back after one place
    /// further when the move passed it.
    static func placesToMoveBack(_ undo: [PlacedChange], from: Int, to: Int) -> [String: Int] {
        guard undo.count == 1, case .move(let name, after: let anchor) = undo[0].change else { return [:] }
        var places = [name: to]
        if let anchor, from > 0 {
            let before = from - 1
            places[anchor] = to <= before ? before + 1 : before
        }
        return places
    }

    private static func tagLookedFor(by change: TagChange) -> String? {
        switch change {
        case .remove(let name), .rename(let name, to: _, _): name
        default: nil
        }
    }

    private func push(_ step: Step, onto steps: inout [Step]) {
        steps.append(step)
        if steps.count > Self.limit { steps.removeFirst(steps.count - Self.limit) }
    }
}
