import TagData

/// The editor's undo and redo: every change the user makes (add, remove, rename, paste, "add to
/// all files") is one step, kept as the changes that take it back on disk (``PlacedChange``, from
/// the change's ``ChangeReport/undo``). Undoing applies those to what is stored *then*, so a tag
/// another program added or removed in between stays as that program left it.
///
/// How a change joins the history: ``EditorWindow/perform(_:_:_:)`` records every edit it runs,
/// so code that edits through it has nothing more to do. Several edits that the user sees as one
/// (a pasted list, say) become one step inside ``asOneStep(_:_:)``:
///
///     editor.history.asOneStep("paste 3 tags") {
///         for tag in tags { editor.perform("add", tag) { try editor.document.add(tag) } }
///     }
///
/// Code that applies a change without `perform` calls ``record(_:_:)`` with its report.
@MainActor
final class EditHistory {
    /// One thing the user did, and what takes it back (or, on the redo side, does it again).
    struct Step: Equatable {
        /// What the user did, for messages ("add “x”").
        var label: String
        /// What takes it back, in the order to apply: one part for each change the step gathered
        /// (a pasted list's tags). Each part is applied on its own, as its change was: a part
        /// changes each place at most once, which several changes to one file would not.
        var parts: [[PlacedChange]]

        var isEmpty: Bool { parts.allSatisfy(\.isEmpty) }
    }

    /// How many steps are kept; older ones are forgotten (memory stays bounded in a long session).
    static let limit = 500

    private(set) var undoSteps: [Step] = []
    private(set) var redoSteps: [Step] = []
    /// Set while ``asOneStep(_:_:)`` gathers several changes into one step.
    private var gathering: Step?
    /// Called after the history changed (the window enables or disables Undo and Redo).
    var onChange: (@MainActor () -> Void)?

    var canUndo: Bool { !undoSteps.isEmpty }
    var canRedo: Bool { !redoSteps.isEmpty }

    /// Records a change the user made; a new change forgets what could be redone. A change that
    /// changed nothing (its tag was already there) is not a step.
    func record(_ label: String, _ report: ChangeReport) {
        guard !report.undo.isEmpty else { return }
        if gathering != nil {
            // Taken back newest first: the later change's undo comes first.
            gathering!.parts.insert(report.undo, at: 0)
            return
        }
        push(Step(label: label, parts: [report.undo]), onto: &undoSteps)
        redoSteps = []
        onChange?()
    }

    /// Runs `body`, recording every change it makes as one step named `label`.
    func asOneStep(_ label: String, _ body: () -> Void) {
        guard gathering == nil else { return body() }
        gathering = Step(label: label, parts: [])
        body()
        let step = gathering!
        gathering = nil
        if !step.isEmpty {
            push(step, onto: &undoSteps)
            redoSteps = []
        }
        onChange?()
    }

    /// Takes back the latest step in `document`; returns what was undone and the report, or `nil`
    /// when there is nothing to undo. When the undo changed nothing (another program already took
    /// the change back), nothing goes onto the redo side.
    func undo(in document: TagDocument) throws -> (step: Step, report: ChangeReport)? {
        try move(from: \.undoSteps, to: \.redoSteps, in: document)
    }

    /// Makes again the latest undone step.
    func redo(in document: TagDocument) throws -> (step: Step, report: ChangeReport)? {
        try move(from: \.redoSteps, to: \.undoSteps, in: document)
    }

    private func move(from source: ReferenceWritableKeyPath<EditHistory, [Step]>,
                      to target: ReferenceWritableKeyPath<EditHistory, [Step]>,
                      in document: TagDocument) throws -> (step: Step, report: ChangeReport)? {
        guard let step = self[keyPath: source].last else { return nil }
        var report = ChangeReport(name: step.parts.first?.first?.change.name ?? "")
        // What takes each part back again, newest first: the opposite step's order.
        var opposite: [[PlacedChange]] = []
        for part in step.parts where !part.isEmpty {
            let one = try document.apply(part)
            report.changedFiles += one.changedFiles
            report.skipped += one.skipped
            if let conflict = one.conflict {
                report.conflict = conflict
                report.conflicts += one.conflicts
            }
            report.undo += one.undo
            if !one.undo.isEmpty { opposite.insert(one.undo, at: 0) }
        }
        // Only once it was applied: a failed undo stays, to be tried again (a step of several
        // parts that failed midway applies its first parts again then, finding them done).
        self[keyPath: source].removeLast()
        if !opposite.isEmpty { push(Step(label: step.label, parts: opposite), onto: &self[keyPath: target]) }
        onChange?()
        return (step, report)
    }

    private func push(_ step: Step, onto steps: inout [Step]) {
        steps.append(step)
        if steps.count > Self.limit { steps.removeFirst(steps.count - Self.limit) }
    }
}
