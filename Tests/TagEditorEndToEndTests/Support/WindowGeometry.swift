// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension EditorProcess {
    // Resizing the window through the window manager: `resize(width:height:)` in ShellSupport.swift.

    /// The window's size as X has it.
    func geometry() throws -> (width: Int, height: Int) {
        let fields = try display.geometryFields(of: window)
        return (fields["WIDTH"] ?? 0, fields["HEIGHT"] ?? 0)
    }

    /// The clipboard's text, as another program reads it (`xclip -o`).
    func clipboard() throws -> String {
        try Command.run("xclip", ["-o", "-selection", "clipboard"], environment: display.environment).stdout
    }
}

extension VirtualDisplay {
    /// A window's place and size as X has them (`X`, `Y`, `WIDTH`, `HEIGHT`, ...).
    func geometryFields(of window: String) throws -> [String: Int] {
        var fields: [String: Int] = [:]
        for line in try xdotool(["getwindowgeometry", "--shell", window]).split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        return fields
    }
}
