// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The state report's fields of the folder view (`Sources/tag-editor/Instruments/FolderStateReport.swift`).
extension EditorState {
    struct FolderChip {
        var key: String
        var name: String
        var files: Int
        var own: Int
        var choice: String
        var choose: (x: Double, y: Double)?
        var exclude: (x: Double, y: Double)?
        var actions: (x: Double, y: Double)?
    }

    struct FolderJob {
        var kind: String
        var done: Int
        var total: Int
        var cancelRequested: Bool
    }

    struct FolderOperation {
        var kind: String
        var total: Int
        var changed: Int
        var failed: Int
        var cancelled: Bool
    }

    var isFolderView: Bool { values["view"] as? String == "folder" }
    var reading: Bool { values["reading"] as? Bool ?? true }
    var filesRead: Int { values["filesRead"] as? Int ?? -1 }
    var taggedFiles: Int { values["taggedFiles"] as? Int ?? -1 }
    var tagCount: Int { values["tagCount"] as? Int ?? -1 }
    var shownFiles: Int { values["shownFiles"] as? Int ?? -1 }
    var shownPaths: [String] { values["shownPaths"] as? [String] ?? [] }
    var skippedPaths: [String] { (values["skipped"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String } }

    /// The folder view is done reading and shows its chips where they can be clicked.
    var folderSettled: Bool { isFolderView && !reading && folderJob == nil && settled }

    var folderChips: [FolderChip] {
        (values["chips"] as? [[String: Any]] ?? []).map { chip in
            FolderChip(key: chip["key"] as? String ?? "", name: chip["name"] as? String ?? "",
                       files: chip["files"] as? Int ?? -1, own: chip["own"] as? Int ?? -1,
                       choice: chip["choice"] as? String ?? "",
                       choose: Self.folderPoint(chip, "chooseX", "chooseY"), exclude: Self.folderPoint(chip, "notX", "notY"),
                       actions: Self.folderPoint(chip, "actionsX", "actionsY"))
        }
    }

    func folderChip(_ key: String) -> FolderChip? { folderChips.first { $0.key == key } }

    var folderJob: FolderJob? {
        guard let job = values["job"] as? [String: Any] else { return nil }
        return FolderJob(kind: job["kind"] as? String ?? "", done: job["done"] as? Int ?? -1,
                         total: job["total"] as? Int ?? -1, cancelRequested: job["cancelRequested"] as? Bool ?? false)
    }

    var lastOperation: FolderOperation? {
        guard let last = values["lastOperation"] as? [String: Any] else { return nil }
        return FolderOperation(kind: last["kind"] as? String ?? "", total: last["total"] as? Int ?? -1,
                               changed: last["changed"] as? Int ?? -1, failed: (last["failed"] as? [Any])?.count ?? -1,
                               cancelled: last["cancelled"] as? Bool ?? false)
    }

    /// The action bar: its mode, text, and the centre of a widget of it (`confirm`, `rename`, ...).
    var barMode: String { (values["bar"] as? [String: Any])?["mode"] as? String ?? "" }
    var barText: String { (values["bar"] as? [String: Any])?["text"] as? String ?? "" }
    func barWidget(_ name: String) -> (x: Double, y: Double)? {
        ((values["bar"] as? [String: Any])?[name] as? [String: Any]).flatMap { Self.folderPoint($0, "x", "y") }
    }

    /// The centre of one of the folder view's buttons (`cancel`, `undo`, `clear`, `reload`...).
    func folderWidget(_ name: String) -> (x: Double, y: Double)? {
        ((values["widgets"] as? [String: Any])?[name] as? [String: Any]).flatMap { Self.folderPoint($0, "x", "y") }
    }

    private static func folderPoint(_ values: [String: Any], _ x: String, _ y: String) -> (x: Double, y: Double)? {
        guard let x = values[x] as? Double, let y = values[y] as? Double else { return nil }
        return (x, y)
    }
}
