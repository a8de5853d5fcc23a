// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The state report's fields of the virtual chip list (`Sources/tag-editor/Instruments/VirtualChips+StateReport.swift`).
extension EditorState {
    /// One realized chip of the virtual list.
    struct RealizedChip {
        var index: Int
        var name: String
        var frame: (x: Double, y: Double, width: Double, height: Double)?
        var remove: (x: Double, y: Double)?
        var onScreen: Bool
        var centre: (x: Double, y: Double)? { frame.map { ($0.x + min($0.width / 3, 20), $0.y + $0.height / 2) } }
    }

    var isVirtual: Bool { values["virtual"] as? Bool ?? false }
    var modelItems: Int { values["modelItems"] as? Int ?? -1 }
    var realizedItems: Int { values["realizedItems"] as? Int ?? -1 }
    var scrollOffset: Double { values["scrollOffset"] as? Double ?? -1 }
    var firstTag: String? { values["firstTag"] as? String }
    var lastTag: String? { values["lastTag"] as? String }
    /// The kind of the last edit ("add", "remove", ...).
    var lastAction: String? { (values["lastAction"] as? [String: Any])?["kind"] as? String }

    var realizedChips: [RealizedChip] {
        (values["chips"] as? [[String: Any]] ?? []).compactMap { chip in
            guard let index = chip["index"] as? Int, let name = chip["name"] as? String else { return nil }
            var frame: (x: Double, y: Double, width: Double, height: Double)?
            if let x = chip["x"] as? Double, let y = chip["y"] as? Double,
               let width = chip["width"] as? Double, let height = chip["height"] as? Double {
                frame = (x, y, width, height)
            }
            var remove: (x: Double, y: Double)?
            if let x = chip["removeX"] as? Double, let y = chip["removeY"] as? Double { remove = (x, y) }
            return RealizedChip(index: index, name: name, frame: frame, remove: remove,
                                onScreen: chip["onScreen"] as? Bool ?? false)
        }
    }

    /// The realized chips inside the list's viewport.
    var chipsOnScreen: [RealizedChip] { realizedChips.filter(\.onScreen) }
}
