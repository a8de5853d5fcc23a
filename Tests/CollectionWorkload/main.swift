// What the tag editor does with the user's collection, without GTK, for counting the
// instructions it takes at several sizes (Tests/TagDataTests/GrowthTests.swift): open the
// collection, add, remove and rename a tag, undo a change, and read the file again.
//
// usage: collection-workload TAGS.json
import Glibc
import TagData

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    print("usage: collection-workload TAGS.json")
    exit(64)
}
do {
    let document = try CollectionDocument(file: CollectionFile(path: arguments[1]), sample: [])
    let middle = document.names[document.names.count / 2]
    try document.add("workload-added")
    let removal = try document.remove(middle)
    try document.rename(document.names[1], to: "workload-renamed")
    for undo in removal.undo { _ = try document.apply(undo.change) }
    _ = document.reload()
    guard document.names.contains(middle), document.names.last == "workload-added" else {
        print("collection-workload: the changes did not come out as expected")
        exit(1)
    }
} catch {
    print("collection-workload: \(error)")
    exit(1)
}
