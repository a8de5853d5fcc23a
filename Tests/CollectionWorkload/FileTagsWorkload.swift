// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization
import TagData

/// Extended attributes held in memory: what the kernel does with a 64 KB value is not TagData's
/// work, and a file system that takes one is not needed to count it.
final class MemoryAttributes: ExtendedAttributes {
    private let values = Mutex<[FilePath: [UInt8]]>([:])

    func value(of name: String, at path: FilePath) throws(FileError) -> [UInt8]? { values.withLock { $0[path] } }
    func setValue(_ value: [UInt8], of name: String, at path: FilePath) throws(FileError) { values.withLock { $0[path] = value } }
    func removeValue(of name: String, at path: FilePath) throws(FileError) { _ = values.withLock { $0.removeValue(forKey: path) } }
}

/// One file of `count` tags ("t0", ", t1", ... and "group/s0"... for a quarter of them), changed
/// as the editor's file mode and as filetags and the folder view change it.
struct FileTagsWorkload {
    let count: Int
    let path: String

    struct Failed: Error, CustomStringConvertible { var description: String }

    func run() throws {
        let attributes = MemoryAttributes()
        let tags = (0..<count).map { $0 % 4 == 0 ? "group/s\($0)" : "t\($0)" }
        try attributes.setValue(Array(tags.joined(separator: ", ").utf8), of: FileTags.attribute, at: path)

        // The editor: rename one tag, add one.
        let document = FileTagsDocument(paths: [path], attributes: attributes)
        try document.rename("t\(count / 2 + 1)", to: "renamed-in-editor")
        try document.add("added-in-editor")

        // filetags and the folder view: rename one tag, add one, rename a tag with count/4 sub-tags.
        let rename = try TagTreeChange(.rename, old: "t\(count / 2 + 3)", new: "renamed-by-filetags")
        _ = try FileTags.update(fileAt: path, attributes: attributes, rename.changes)
        _ = try FileTags.update(fileAt: path, attributes: attributes) { _ in [.add("added-by-filetags")] }
        let group = try TagTreeChange(.rename, old: "group", new: "moved")
        _ = try FileTags.update(fileAt: path, attributes: attributes, group.changes)

        let text = String(decoding: try attributes.value(of: FileTags.attribute, at: path) ?? [], as: UTF8.self)
        for expected in ["renamed-in-editor", "added-in-editor", "renamed-by-filetags", "added-by-filetags", "moved/s0"]
        where !text.contains(expected) {
            throw Failed(description: "\(expected) is not in the attribute")
        }
    }
}
