// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import TagData
import Foundation

/// The files in the repository's `Resources/` folder: the chips' CSS and the sample tags.
enum ResourceFiles {
    /// The folder, found in this order: `$TAG_EDITOR_RESOURCES`; `../share/wraphstack` beside the
    /// executable (an installed copy); the source tree this program was built from. The installed
    /// copy comes before the source tree, so that a package built on this machine reads its own
    /// files, and the executable is `/proc/self/exe`: started by name from `PATH`, as a shell or
    /// a desktop file starts it, `argv[0]` is only `tag-editor`.
    static var directory: String? {
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment["TAG_EDITOR_RESOURCES"] { candidates.append(override) }
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let executable = URL(fileURLWithPath: running).resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("../share/wraphstack").standardized.path)
        // This file is Sources/tag-editor/App/ResourceFiles.swift.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources")
        candidates.append(source.path)
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
