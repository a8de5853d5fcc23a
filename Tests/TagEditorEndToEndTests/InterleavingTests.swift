// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import FlowTestSupport
import Foundation
import Testing

extension EndToEnd {
    /// Two real editors and a third writer changing the same data at once, 200 random operations
    /// in all, one editor killed with SIGKILL mid-stream and started again: the data on disk ends
    /// equal to every operation applied, nothing lost, no partial or temporary file. The figures
    /// of each run are printed and kept in docs/reliability.md.
    ///
    /// The seeds are fixed, so a failure replays the same operations; `INTERLEAVING_SEED=N` runs
    /// others (the interleaving itself differs from run to run anyway: it is real timing).
    @Suite struct Interleaving {
        static let seed = ProcessInfo.processInfo.environment["INTERLEAVING_SEED"].flatMap(UInt64.init)

        @Test func aCollectionEditedByThreeWriters() throws {
            let run = try InterleavingRun(mode: .collection, seed: Self.seed ?? 13)
            try run.run()
        }

        @Test func fileTagsEditedByThreeWritersAndSetfattr() throws {
            let run = try InterleavingRun(mode: .fileTags, seed: Self.seed ?? 31)
            try run.run()
        }
    }
}

/// One interleaving run. Each actor adds, removes and renames only tags of its own (`a-7`,
/// `b-12`, `p-3`, `s-1`), so what the data must end as is known whatever the order in which
/// the writes landed: the tags nobody touched, plus each actor's own tags after its operations.
final class InterleavingRun {
    enum Mode { case collection, fileTags }

    static let totalOperations = 200
    static let editorOperations = 140
    /// File tags only: changes made by `setfattr`, which takes no lock (see ``unsynchronizedRun(_:)``).
    static let setfattrRuns = 3
    static let killAt = 90
    static let base = ["base-1", "base-2", "base-3"]

    let mode: Mode
    let scratch: Scratch
    let display: VirtualDisplay
    /// The collection, or the tagged files.
    let targets: [String]
    private var rng: SplitMix64
    private var editors: [EditorProcess] = []
    /// Per editor: its own tags now, and how many edits it was sent since it started.
    private var own: [[String]] = [[], []]
    private var sent: [Int] = [0, 0]
    /// What each editor's last edit was, to check it did that one.
    private var expectedLast: [(kind: String, name: String)?] = [nil, nil]
    private var counter = 0
    /// Per target: the base tags `setfattr` removed, and the tags it added.
    private var setfattrRemoved: [String: Set<String>] = [:]
    private var setfattrAdded: [String: Set<String>] = [:]
    /// The tag an editor was adding when it was killed: it may or may not have been saved.
    private var inFlight: String?
    private var tally = ["add": 0, "remove": 0, "rename": 0]

    init(mode: Mode, seed: UInt64) throws {
        self.mode = mode
        rng = SplitMix64(seed: seed)
        let scratch = try Scratch()
        self.scratch = scratch
        display = try VirtualDisplay()
        switch mode {
        case .collection:
            let path = scratch.path + "/tags.json"
            try OnDisk.writeCollection(Self.base, at: path)
            targets = [path]
        case .fileTags:
            targets = ["one.jpg", "two.jpg", "three.pdf"].map { scratch.file($0, tags: Self.base.joined(separator: ",")) }
        }
    }

    /// What every cooperating writer locks: the collection's lock file, or each file.
    var lockPaths: [String] { mode == .collection ? [targets[0] + ".lock"] : targets }

    func run() throws {
        let started = Date()
        editors = [try startEditor(0), try startEditor(1)]
        let writerOperations = Self.totalOperations - Self.editorOperations - (mode == .fileTags ? Self.setfattrRuns : 0)
        let (writer, log) = try startThirdWriter(count: writerOperations)
        defer { if writer.isRunning { writer.terminate() } }
        for step in 0..<Self.editorOperations {
            let editor = Int(rng.next() % 2)
            if step == Self.killAt {
                try killMidStream(1)
            } else {
                try randomEdit(by: editor)
            }
            if mode == .fileTags && step % (Self.editorOperations / Self.setfattrRuns) == 20 {
                try unsynchronizedRun(step / (Self.editorOperations / Self.setfattrRuns))
            }
        }
        try waitUntil("the third writer to finish", timeout: 120) { writer.isRunning ? nil : true }
        #expect(writer.terminationStatus == 0)
        for index in editors.indices { try waitForEdits(of: index) }
        let writerLog = try Self.readLog(log)
        try check(writerLog: writerLog)
        let reloads = editors.map { $0.currentState?.reloads ?? 0 }
        print("interleaving \(mode): \(Self.editorOperations) editor operations (\(tally)), "
              + "\(writerLog.count) by the third writer, \(mode == .fileTags ? Self.setfattrRuns : 0) by setfattr; "
              + "1 editor killed with SIGKILL and restarted; reloads seen by the editors at the end \(reloads); "
              + "\(Int(Date().timeIntervalSince(started))) s")
    }

    // MARK: Actors

    private func startEditor(_ index: Int) throws -> EditorProcess {
        let arguments = mode == .collection ? ["--collection", targets[0]] : targets
        return try EditorProcess(arguments, on: display, dataHome: scratch.path, position: (0, index * 600))
    }

    private func startThirdWriter(count: Int) throws -> (Process, String) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("third_writer.py").path
        let log = scratch.path + "/writer.log"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, mode == .collection ? "collection" : "xattr"] + targets
            + ["--count", "\(count)", "--seed", "\(rng.next() % 1_000_000)", "--prefix", "p", "--log", log, "--pause", "0.5"]
        try process.launchWithSignalsUnblocked()
        return (process, log)
    }

    private func nextName(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)-\(counter)"
    }

    /// One random edit through the editor's window: add (type, Enter), remove (click the
    /// chip's remove button), or rename (double-click the chip, type, Enter).
    private func randomEdit(by index: Int) throws {
        let editor = editors[index], prefix = index == 0 ? "a" : "b"
        try waitForEdits(of: index)
        let roll = rng.next() % 4
        if own[index].isEmpty || roll < 2 {
            let name = nextName(prefix)
            try editor.addTag(name)
            own[index].append(name)
            record(index, "add", name)
            return
        }
        let name = own[index][Int(rng.next() % UInt64(own[index].count))]
        if roll == 2 {
            try holdingStill(editor, showing: name) { chip in try editor.click(x: chip.remove!.x, y: chip.remove!.y) }
            own[index].removeAll { $0 == name }
            record(index, "remove", name)
        } else {
            let new = nextName(prefix)
            try holdingStill(editor, showing: name) { chip in
                try editor.click(x: chip.centre!.x, y: chip.centre!.y, count: 2)
                // The rename popover that has just closed (this editor's last edit) may still
                // hold X's pointer grab and take the first click, as EditorProcess.clickEntry
                // says: the double-click is given once more if no popover came.
                if (try? editor.state("the rename popover of \(name)", timeout: 4) { $0.renaming == name }) == nil {
                    try editor.click(x: chip.centre!.x, y: chip.centre!.y, count: 2)
                    try editor.state("the rename popover of \(name)") { $0.renaming == name }
                }
            }
            try editor.key("ctrl+a")
            try editor.type(new)
            try editor.key("Return")
            // An open popover holds the pointer and keyboard grabbed (as GTK's popovers do): keys
            // and clicks meant for the other editor would go to it.
            try editor.state("the rename popover of \(name) closed") { $0.renaming == nil }
            own[index] = own[index].map { $0 == name ? new : $0 }
            record(index, "rename", name)
        }
    }

    private func record(_ index: Int, _ kind: String, _ name: String) {
        sent[index] += 1
        expectedLast[index] = (kind, name)
        tally[kind, default: 0] += 1
    }

    /// A click must land on the chip the state report places: while the other writers wait
    /// (their locks held), wait until the window shows what is on disk, laid out and still, then
    /// click. The edit itself is saved after the locks are let go, among the others' writes.
    private func holdingStill(_ editor: EditorProcess, showing name: String,
                              _ act: (EditorState.Chip) throws -> Void) throws {
        // The editor writes its files on a thread of its own, under the same locks: its last
        // edit is written before they are taken (held up behind them, the write would fail after
        // its wait, and its message would come over the chips as the click is made).
        try editor.state("the editor's writes done") { _ in true }
        let locks = try OnDisk.Locks(lockPaths)
        defer { locks.release() }
        let expected = shownView()
        func still() throws -> EditorState {
            try editor.state("\(expected.count) tags, still, with “\(name)”") { state in
                state.settled && state.names == expected && state.chip(name)?.remove != nil
            }
        }
        var shown = try still()
        // A message the last edit left (“Renamed “a” to “b” on 2 files.”, with Undo) lies over
        // the window's bottom, over chips there: closed first, as a user closes it to reach them.
        if shown.message != nil, shown.widget("toastClose") != nil {
            try editor.click(widget: "toastClose")
            try editor.state("the message closed") { $0.message == nil }
            shown = try still()
        }
        try act(shown.chip(name)!)
    }

    /// What a window should show for the data on disk now: the collection's tags, or every
    /// file's tags in first-seen order.
    private func shownView() -> [String] {
        var names: [String] = []
        for tags in targets.map(tagsOnDisk) {
            for tag in tags where !names.contains(tag) { names.append(tag) }
        }
        return names
    }

    private func tagsOnDisk(_ target: String) -> [String] {
        mode == .collection ? OnDisk.collection(at: target) ?? [] : OnDisk.tags(of: target)
    }

    /// Waits until the editor has handled every edit it was sent, and checks the last one was
    /// the edit meant (a click landed on the right chip) and was not refused.
    private func waitForEdits(of index: Int) throws {
        let count = sent[index]
        let state = try editors[index].state("\(count) edits done", timeout: 20) { $0.actions >= count }
        #expect(state.actions == count)
        #expect(state.lastActionError == nil, "\(state.lastActionError ?? "")")
        if let last = expectedLast[index], let action = state.values["lastAction"] as? [String: Any] {
            #expect(action["kind"] as? String == last.kind && action["name"] as? String == last.name,
                    "editor \(index) did \(action), not \(last)")
        }
    }

    /// `kill -9` an editor right after it was sent an edit (Enter pressed, perhaps not handled),
    /// then start it again, as a user would.
    private func killMidStream(_ index: Int) throws {
        try waitForEdits(of: index)
        let name = nextName(index == 0 ? "a" : "b")
        try editors[index].addTag(name)
        editors[index].killHard()
        inFlight = name
        editors[index] = try startEditor(index)
        sent[index] = 0
        expectedLast[index] = nil
        try editors[index].state("the restarted editor") { $0.seq > 0 }
    }

    /// `setfattr`, which takes no lock, changes one file while the editors' views of it are
    /// stale; the editors' next writes must keep that change. It runs while no cooperating writer
    /// is half-way (their locks are held): a program that takes no lock can otherwise lose its
    /// own write to a reader-writer that took the lock, which no editor can prevent.
    private func unsynchronizedRun(_ number: Int) throws {
        let target = targets[number % targets.count]
        let locks = try OnDisk.Locks(lockPaths)
        defer { locks.release() }
        let current = try Command.run("getfattr", ["--only-values", "-n", OnDisk.attribute, target])
        var tags = current.stdout.split(separator: ",").map(String.init)
        let added = "s-\(number)"
        tags.append(added)
        setfattrAdded[target, default: []].insert(added)
        if number == 1 {
            tags.removeAll { $0 == "base-3" }
            setfattrRemoved[target, default: []].insert("base-3")
        }
        let result = try Command.run("setfattr", ["-n", OnDisk.attribute, "-v", tags.joined(separator: ","), target])
        #expect(result.status == 0, "\(result.stderr)")
    }

    // MARK: The end

    private static func readLog(_ path: String) throws -> [[String: String?]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw EndToEndError(description: "bad writer log line \(line)")
            }
            return object.mapValues { $0 as? String }
        }
    }

    private func check(writerLog: [[String: String?]]) throws {
        var writerTags: [String: [String]] = [:]
        for entry in writerLog {
            guard let target = entry["target"] ?? nil, let kind = entry["kind"] ?? nil,
                  let name = entry["name"] ?? nil else { continue }
            var tags = writerTags[target] ?? []
            switch kind {
            case "add": tags.append(name)
            case "remove": tags.removeAll { $0 == name }
            default: tags = tags.map { $0 == name ? (entry["new"] ?? nil) ?? $0 : $0 }
            }
            writerTags[target] = tags
        }
        for target in targets {
            let onDisk = tagsOnDisk(target)
            var expected = Set(Self.base).subtracting(setfattrRemoved[target] ?? [])
            expected.formUnion(own[0])
            expected.formUnion(own[1])
            expected.formUnion(writerTags[target] ?? [])
            expected.formUnion(setfattrAdded[target] ?? [])
            let withInFlight = inFlight.map { expected.union([$0]) } ?? expected
            #expect(onDisk.count == Set(onDisk).count, "a tag twice in \(target): \(onDisk)")
            #expect(Set(onDisk) == expected || Set(onDisk) == withInFlight,
                    "\(target): missing \(expected.subtracting(onDisk).sorted()), unexpected \(Set(onDisk).subtracting(withInFlight).sorted())")
        }
        // Both windows end showing what is on disk (live view), and nothing half-written is left.
        let final = shownView()
        for editor in editors {
            try editor.state("the final data (\(final.count) tags)") { Set($0.names) == Set(final) }
        }
        let names = targets.map { ($0 as NSString).lastPathComponent }
        let leftovers = scratch.entries.filter { entry in
            names.contains { entry.hasPrefix(".\($0).tmp-") || entry.hasPrefix("\($0).writer-") }
        }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
        if mode == .collection { #expect(OnDisk.collection(at: targets[0]) != nil, "the collection is not whole") }
    }
}
