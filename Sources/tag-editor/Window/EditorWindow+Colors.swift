// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import TagData

// Tags' colours in the editor: each chip shows its tag's colour, which is the collection's
// (`colors`, the same in every window), else the one Finder's attribute gives it on an open file.
// The chip's menu (ChipMenu.swift) sets it: in the collection, and in file mode in Finder's
// attribute of the open files that carry it (TagData's `recolor`, as `filetags color` does), one
// undo step.

/// The collection's colours as the editor last read them.
struct CollectionColorState {
    var colors = TagColors()
    /// In file mode, the collection file as it was when read (inode, size, change time): read
    /// again only when it changed.
    var stamp: [Int]?

    /// Reads `file`'s colours again when it changed since the last read (one `stat` when it did
    /// not); a collection that cannot be read gives none. Returns whether the colours changed.
    mutating func follow(_ file: CollectionFile) -> Bool {
        var info = stat()
        let now = stat(file.path, &info) == 0
            ? [Int(info.st_ino), Int(info.st_size), Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)] : []
        guard now != stamp else { return false }
        stamp = now
        let before = colors
        colors = (try? file.colors()) ?? TagColors()
        return colors != before
    }
}

extension EditorWindow {
    /// What the chip menu's items do (through the link: the menu is made before the window).
    static func chipMenuActions(_ link: EditorLink) -> ChipMenu.Actions {
        ChipMenu.Actions(
            setColor: { tag, color in link.editor?.setColor(color, of: tag) },
            rename: { tag in
                guard let editor = link.editor, let chip = editor.chip(for: tag) else { return }
                editor.beginRename(tag, on: chip.widget)
            },
            copy: { tag in link.editor?.copyChips(tag) },
            showFiles: { tag in
                guard let editor = link.editor, let chip = editor.chip(for: tag) else { return }
                editor.showFiles(of: tag, at: chip.widget)
            })
    }

    /// Whether tags get colours here: in the collection and in file mode. A `--tags` list is
    /// kept in memory only, and a colour would be written to the collection behind its back.
    var keepsColors: Bool { document is CollectionDocument || document is FileTagsDocument }

    /// The collection the colours are kept in: the one open, or in file mode the user's.
    var colorCollection: CollectionFile {
        (document as? CollectionDocument)?.file
            ?? CollectionFile(path: CollectionFile.defaultPath(environment: ProcessInfo.processInfo.environment))
    }

    /// The colour a chip shows for `name`: the collection's, else the first open file's Finder
    /// colour for it (``TagColors/color(of:finder:)``).
    func color(of name: String) -> TagColor {
        let own = collectionColors.colors[name]
        guard own == .none, let files = (document as? FileTagsDocument)?.fileTags.files else { return own }
        for file in files where !file.finderColors.isEmpty {
            let color = file.finderColors[name]
            if color != .none { return color }
        }
        return .none
    }

    /// Reads the collection's colours again when they may have changed; in file mode they are
    /// also the colours a tag added to a file's Finder list gets. Returns whether they changed.
    @discardableResult
    func readCollectionColors() -> Bool {
        let before = collectionColors.colors
        if let collection = document as? CollectionDocument {
            collectionColors.colors = collection.colors
        } else if let files = document as? FileTagsDocument, collectionColors.follow(colorCollection) {
            files.tagColors = collectionColors.colors
        }
        return collectionColors.colors != before
    }

    /// The chips that exist show their tags' colours now.
    func showColors() {
        readCollectionColors()
        for (_, chip) in chipArea.realizedChips { chip.showColor(color(of: chip.entry.name)) }
    }

    /// The chip's menu (right-click, the Menu key, Shift+F10), its colour checked.
    func openChipMenu(_ name: String, at chip: Widget, point: (x: Double, y: Double)?) {
        guard let index = chipArea.index(of: name), index < chipArea.shownCount else { return }
        chipMenu.open(name, partial: chipArea.shownEntry(at: index).isPartial, color: keepsColors ? color(of: name) : nil,
                      at: chip, point: point)
        events.publish(.changed)
    }

    /// The menu closed: the focus goes back to its chip, unless an item opened something that
    /// took it (the rename popover, the file list).
    func chipMenuClosed(_ tag: String) {
        runWhenIdle { [weak self] in
            guard let self, !self.isDestroyed, !self.renamer.isOpen, !self.partialFiles.isOpen,
                  let chip = self.chip(for: tag) else { return }
            gtk_widget_grab_focus(chip.widget)
        }
        events.publish(.changed)
    }

    /// Gives `tag` the colour `color` (none: takes it away), from the chip's menu: in the
    /// collection, and in file mode in Finder's attribute of every open file that carries it
    /// there; one undo step.
    func setColor(_ color: TagColor, of tag: String) {
        guard keepsColors else { return }
        if let reason = document.whyNotEditable {
            show(reason, isError: true, seconds: nil)
            return
        }
        var files: [EditHistory.FileColor] = []
        if let document = document as? FileTagsDocument {
            files = document.fileTags.files.filter(\.isWritable).map { EditHistory.FileColor(path: $0.path, color: color) }
        }
        do {
            let back = try applyRecolor(EditHistory.Recolor(tag: tag, collection: color, files: files))
            // The colour it already had everywhere (its item picked again) is no undo step.
            if back.collection != color || !back.files.isEmpty { history.record(tr("colour “\(tag)”"), recolor: back) }
            events.publish(.edited(kind: "color", name: tag, error: nil))
        } catch {
            show("\(error)", isError: true)
            events.publish(.edited(kind: "color", name: tag, error: "\(error)"))
        }
    }

    /// Sets the colours `recolor` names and returns those they replaced (what takes it back):
    /// the collection's under its lock (``CollectionFile/setColor(_:of:)``), the files' through
    /// ``FileTagsDocument/recolor(_:to:only:)``. Files skipped (read-only) are named in a message.
    func applyRecolor(_ recolor: EditHistory.Recolor) throws -> EditHistory.Recolor {
        var back = EditHistory.Recolor(tag: recolor.tag, collection: nil)
        if let color = recolor.collection {
            if let collection = document as? CollectionDocument {
                guard collection.mayWrite else { throw CheckingModeError() }
                // Changes still being written go first, so that the colour lands after them.
                finishSaving()
            }
            back.collection = try colorCollection.setColor(color, of: recolor.tag)
        }
        var skipped: [(path: String, reason: String)] = []
        if let document = document as? FileTagsDocument {
            for color in TagColor.allCases {
                let paths = Set(recolor.files.filter { $0.color == color }.map(\.path))
                guard !paths.isEmpty else { continue }
                let report = try document.recolor(recolor.tag, to: color, only: paths)
                back.files += report.previous.map { EditHistory.FileColor(path: $0.path, color: $0.color) }
                skipped += report.skipped
            }
        }
        if !skipped.isEmpty {
            let files = skipped.map { "\($0.path) \($0.reason)" }.joined(separator: "; ")
            show(tr("Not coloured: \(files)."), isError: true, seconds: 12)
        }
        if document is CollectionDocument { reloadFromDisk() } else { showColors() }
        events.publish(.changed)
        return back
    }
}

extension EditorWindow {
    /// Finder's tags are treated as `mode` from now on (the `macos-tags` setting changed): the
    /// next write follows it; going to or from `off` reads the files again, which shows or hides
    /// the tags only Finder's attribute gives.
    func follow(finder mode: FinderTagsMode) {
        guard let files = document as? FileTagsDocument, files.finderMode != mode else { return }
        let rereads = files.finderMode == .off || mode == .off
        files.finderMode = mode
        if rereads { reloadFromDisk() }
        events.publish(.changed)
    }
}
