// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The state report's fields about the chips' and the entry's own features
/// (`Sources/tag-editor/Instruments/EditorStateReport+ChipsEntry.swift`).
extension EditorState {
    var direction: String { values["direction"] as? String ?? "" }
    var hidden: Int { values["hidden"] as? Int ?? 0 }
    var more: (x: Double, y: Double)? { Self.centre(values, "more") }
    var showLess: (x: Double, y: Double)? { Self.centre(values, "showLess") }
    var suggestions: [String] { values["suggestions"] as? [String] ?? [] }
    var suggestionSelected: Int? { values["suggestionSelected"] as? Int }
    var suggestionRows: [(x: Double, y: Double)?] {
        (values["suggestionRows"] as? [Any] ?? []).map { ($0 as? [String: Any]).flatMap { Self.centre($0, "") } }
    }
    var mergeInto: String? { values["mergeInto"] as? String }
    var mergeButton: (x: Double, y: Double)? { Self.centre(values, "merge") }
    var cancelMergeButton: (x: Double, y: Double)? { Self.centre(values, "cancelMerge") }
    var copied: String? { values["copied"] as? String }

    /// A chip's raw fields (`shortened`, `ellipsized`, `tooltip`, `addAllX`...), by tag.
    func chipFields(_ name: String) -> [String: Any]? {
        (values["chips"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    /// A chip's frame in the window.
    func frame(_ name: String) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let chip = chipFields(name), let x = chip["x"] as? Double, let y = chip["y"] as? Double,
              let width = chip["width"] as? Double, let height = chip["height"] as? Double else { return nil }
        return (x, y, width, height)
    }

    func addAll(_ name: String) -> (x: Double, y: Double)? { chipFields(name).flatMap { Self.centre($0, "addAll") } }

    private static func centre(_ values: [String: Any], _ name: String) -> (x: Double, y: Double)? {
        guard let x = values[name + (name.isEmpty ? "x" : "X")] as? Double,
              let y = values[name + (name.isEmpty ? "y" : "Y")] as? Double else { return nil }
        return (x, y)
    }
}
