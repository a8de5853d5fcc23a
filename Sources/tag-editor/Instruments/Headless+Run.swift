// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import TagData

extension Headless {
    /// The checking modes (`--screenshot`, `--dump-layout`): the window made for the arguments'
    /// document, laid out at the given sizes, then saved as PNG or printed.
    static func run(_ arguments: EditorArguments) {
        // The checking modes only look: they never write, move or remove anything (not even the
        // settings, which they do not read either: what they show depends on their arguments only).
        let document: TagDocument
        do {
            document = try arguments.document(mayWrite: false)
        } catch {
            fail("\(error)")
        }
        for notice in document.notices {
            FileHandle.standardError.write(Data("tag-editor: \(notice)\n".utf8))
        }

        let editor: EditorWindow
        do {
            editor = try EditorWindow(document: document, showsOptions: arguments.showsOptions ?? false,
                                      chipList: arguments.chipList)
        } catch {
            fail("\(error)")
        }
        editor.options.placement = arguments.placement
        if let maxLines = arguments.maxLines { editor.setMaxLines(maxLines) }

        switch arguments.mode {
        case .interactive:
            break
        case .screenshot(let path, let width, let height):
            screenshot(editor, to: path, width: width, height: height)
        case .dumpLayout(let widths, let height):
            for width in widths {
                Headless.settle(editor, width: width, height: height)
                print(Headless.layoutLine(editor, requestedWidth: width).text)
                fflush(nil)
            }
        }
    }

    /// `--screenshot`: the window laid out at `width` × `height`, saved as PNG.
    private static func screenshot(_ editor: EditorWindow, to path: String, width: Int, height: Int) {
        Headless.settle(editor, width: width, height: height)
        do {
            let content = gtk_window_get_child(cgtk_window(editor.window))!
            if editor.chipArea.usesVirtualList {
                try Headless.saveScreenshotAfterNextFrame(of: content, to: path)
            } else {
                try Headless.saveScreenshot(of: content, to: path)
            }
        } catch {
            fail("\(error)")
        }
        print("saved \(path) (\(gtk_widget_get_width(editor.window))×\(gtk_widget_get_height(editor.window)))")
    }
}
