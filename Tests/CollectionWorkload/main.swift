// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the tag editor does with the user's collection, without GTK, for counting the
// instructions it takes at several sizes (Tests/TagDataTests/GrowthTests.swift): open the
// collection, add, remove, rename and move a tag, undo a change, and read the file again.
// With `--in-background`, the changes are saved by the document's writer thread, as the editor
// saves them, each write waited for.
// With `--file-tags N FILE`, what the editor, the folder view and filetags do to one file that
// carries N tags (its attribute kept in memory, so that only TagData's work is counted): rename
// one, add one, rename a tag with N/4 sub-tags, in the editor's file mode and through
// FileTags.update (OneFileGrowthTests).
//
// usage: collection-workload [--in-background] TAGS.json
//        collection-workload --file-tags N FILE
import Glibc
import TagData

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--file-tags" {
    guard arguments.count == 3, let count = Int(arguments[1]) else {
        print("usage: collection-workload --file-tags N FILE")
        exit(64)
    }
    do {
        try FileTagsWorkload(count: count, path: arguments[2]).run()
    } catch {
        print("collection-workload: \(error)")
        exit(1)
    }
    exit(0)
}
let inBackground = arguments.first == "--in-background"
if inBackground { arguments.removeFirst() }
guard arguments.count == 1 else {
    print("usage: collection-workload [--in-background] TAGS.json")
    exit(64)
}
do {
    let document = try CollectionDocument(file: CollectionFile(path: arguments[0]), sample: [])
    if inBackground { document.saveInBackground {} }
    // In the background, each change's write is waited for before the next change: how many
    // changes one write takes in depends on when the writer's thread runs, so a burst would make
    // the number of writes, and with it the count, differ from run to run.
    func saved() { if inBackground { document.finishSaving() } }
    let middle = document.names[document.names.count / 2]
    try document.add("workload-added")
    saved()
    let removal = try document.remove(middle)
    saved()
    try document.rename(document.names[1], to: "workload-renamed")
    saved()
    let move = try document.apply(.move(document.names[2], after: document.names[document.names.count / 3]))
    saved()
    for undo in removal.undo + move.undo {
        _ = try document.apply(undo.change)
        saved()
    }
    _ = document.reload()
    guard document.names.contains(middle), document.names.last == "workload-added", !document.hasUnsavedChanges else {
        print("collection-workload: the changes did not come out as expected")
        exit(1)
    }
} catch {
    print("collection-workload: \(error)")
    exit(1)
}
