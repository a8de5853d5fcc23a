// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import TagData
import Foundation

/// The files in the repository's `Resources/` folder: the chips' CSS and the sample tags.
enum ResourceFiles {
    /// The folder, found in this order: `$TAG_EDITOR_RESOURCES`; the source tree this program was
    /// built from; `../share/wraphstack` beside the executable (an installed copy).
    static var directory: String? {
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment["TAG_EDITOR_RESOURCES"] { candidates.append(override) }
        // This file is Sources/tag-editor/App/ResourceFiles.swift.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources")
        candidates.append(source.path)
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("../share/wraphstack").standardized.path)
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/tag-editor.css") }
    }

    static func path(_ name: String) -> String? {
        directory.map { $0 + "/" + name }
    }

    /// The sample list a new collection starts from.
    static var sampleTags: TagNames {
        guard let path = path("sample-tags.txt"), let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return []
        }
        return TagNames(text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty })
    }
}
