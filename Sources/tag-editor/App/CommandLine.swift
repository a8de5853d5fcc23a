// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import FlowBridge
import Foundation
import TagData

/// What `tag-editor` was asked to do.
struct EditorArguments: Equatable {
    enum Mode: Equatable {
        /// The interactive editor.
        case interactive
        /// Lay the window out at a width and save it as PNG.
        case screenshot(path: String, width: Int, height: Int)
        /// For each width, print the real layout as a JSON line.
        case dumpLayout(widths: [Int], height: Int)
    }

    var mode: Mode = .interactive
    /// `--tags FILE`: a list of tags, one per line, edited in memory only.
    var tagList: String?
    /// Files whose `user.xdg.tags` to edit.
    var files: [String] = []
    /// Show the layout options panel (default: in the interactive editor only).
    var showsOptions: Bool?
    /// `--collection FILE`: use this collection file instead of the XDG one.
    var collection: String?
    /// `--placement fixed|direct`: how the chips are placed (WrapHStack's default: in a GtkFixed).
    var placement: WrapHStack.Placement = .fixed
    /// `--direction ltr|rtl`: the text direction, instead of the one the language gives.
    var direction: TextDirection?
    /// `--max-lines N`: show at most N lines of tags, then a "+N more" chip.
    var maxLines: Int?
    /// `--virtual` / `--no-virtual`: the chips in the virtual list, or one widget per tag
    /// (default: the list past ``ChipListChoice/threshold`` tags).
    var chipList: ChipListChoice = .automatic
    /// `--folder DIR`: the folder view of DIR (every tag under it, its files by tag).
    var folder: String?
    /// `--macos=keep|write|off`: how Finder's tags are treated in this run, over the
    /// `macos-tags` setting.
    var finder: FinderTagsMode?

    enum TextDirection: String { case ltr, rtl }

    /// `tag-editor --help`, in the user's language: one message a section, as GNU programs split
    /// their help; option names stay as typed.
    static var usage: String {
        [
            tr("""
                usage: tag-editor [FILE...]
                       tag-editor --tags LIST
                       tag-editor --folder DIR
                       tag-editor --screenshot OUT.png --width W [--height H] [--tags LIST] [FILE...]
                       tag-editor --dump-layout --widths W1,W2,... [--height H] [--tags LIST] [FILE...]
                """),
            tr("""
                Edits tags shown as chips that wrap (a WrapHStack).

                With no FILE, edits your tag collection, kept in $XDG_DATA_HOME/wraphstack-tag-editor/tags.json
                (~/.local/share/... by default) and created from a sample list the first time.
                With FILEs, edits their freedesktop tags (the user.xdg.tags extended attribute, as KDE's
                Dolphin reads it): tags every file has are shown plain, tags only some have are dashed.
                Every edit is applied to what is on disk when it is written, so what other programs and other
                tag editors change meanwhile is kept, and shown as it happens. Files that cannot be written
                are listed as read-only and skipped.
                """),
            tr("""
                  --tags LIST          read tags from LIST, one per line; edits stay in memory, nothing is written
                  --collection FILE    use FILE as the tag collection instead of the XDG one
                  --options / --no-options   show or hide the layout options panel (the editor otherwise
                                       remembers your choice: GSettings key show-layout-options)
                  --placement fixed|direct   place the chips in a GtkFixed (the default) or have the container
                                       allocate them itself (faster with very many tags)
                  --direction ltr|rtl  lay the window out left to right or right to left (default: what the
                                       language asks for, as LANGUAGE=he or ar gives right to left)
                  --max-lines N        show at most N lines of tags; a "+N more" chip shows the rest
                                       (not in the virtual list, which shows every line)
                  --virtual            show the tags in the virtual list: chips are made only for the tags on
                                       screen and reused as it scrolls, so a million tags open in seconds; it
                                       is used by itself when a window opens on more than \(ChipListChoice.threshold) tags.
                                       The list has no --max-lines and no glide animation of moved chips
                  --no-virtual         one chip widget per tag however many there are
                  --screenshot OUT.png lay the window out at --width W (and --height H, default 600), save it
                                       as PNG, and exit
                  --dump-layout        for each width of --widths, resize the window, let GTK finish the frame,
                                       and print a JSON line with the chips' real positions and the engine's input
                                       (these two modes write nothing: not even a missing or corrupt collection)
                  --folder DIR         the tags of every file under DIR as chips with their counts; choose
                                       chips to list the files that carry them, rename, merge or delete a tag
                                       on every file (Open Folder… in the editor's menu does the same; a
                                       folder dropped on the view is shown instead)
                  --macos=keep|write|off   Finder's tags (com.apple.metadata:_kMDItemUserTags): read and
                                       keep them in step where files carry them (keep), also write them on
                                       files that have only user.xdg.tags (write), or leave them alone (off);
                                       for this run, over the Finder Tags setting of the main menu
                  --help               show this help
                """),
            tr("""
                A tag has at most 200 characters; a comma separates tags wherever it is typed or pasted (a
                pasted list is split at commas and line breaks). Typing a tag only some files have adds it to
                the rest. A chip shows a name of up to 40 characters whole while there is room; a longer one
                as its first and last words around "…" (about 32 characters, cut at words); any name longer
                than 10 characters is cut in the middle when the window is too narrow for it. The whole name
                is in the tooltip.
                """),
            tr("""
                Keys: Enter adds the typed tag (a pasted list adds every tag in it); a comma makes a chip of
                what was typed; Backspace in the empty entry selects the last tag and a second removes it;
                Ctrl+C there copies every tag. While suggestions show, Up and Down choose
                one, Enter or Tab adds it, Escape closes them. On a focused tag: Delete or Backspace removes it,
                F2 renames it (so does a double-click), Ctrl+C copies it. Escape cancels a rename. Ctrl+Z and
                Ctrl+Shift+Z undo and redo (on disk); Ctrl+O opens files (or drop them on the window); Ctrl+?
                lists every shortcut.
                """),
        ].joined(separator: "\n\n")
    }

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ arguments: [String]) throws -> EditorArguments {
        var result = EditorArguments()
        var screenshot: String?
        var width: Int?
        var height: Int?
        var widths: [Int]?
        var dump = false
        var index = 0
        func value(_ option: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(description: tr("\(option) needs a value")) }
            return arguments[index]
        }
        func number(_ option: String, _ text: String) throws -> Int {
            guard let n = Int(text), n > 0 else { throw UsageError(description: tr("\(option): “\(text)” is not a positive whole number")) }
            return n
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--tags": result.tagList = try value(argument)
            case "--collection": result.collection = try value(argument)
            case "--screenshot": screenshot = try value(argument)
            case "--width": width = try number(argument, try value(argument))
            case "--height": height = try number(argument, try value(argument))
            case "--widths":
                let list = try value(argument)
                widths = try list.split(separator: ",").map { try number(argument, String($0)) }
                if widths!.isEmpty { throw UsageError(description: tr("--widths needs at least one width")) }
            case "--dump-layout": dump = true
            case "--placement":
                let name = try value(argument)
                guard let placement = WrapHStack.Placement(rawValue: name) else {
                    throw UsageError(description: tr("--placement: “\(name)” is not fixed or direct"))
                }
                result.placement = placement
            case "--direction":
                let name = try value(argument)
                guard let direction = TextDirection(rawValue: name) else {
                    throw UsageError(description: tr("--direction: “\(name)” is not ltr or rtl"))
                }
                result.direction = direction
            case "--max-lines": result.maxLines = try number(argument, try value(argument))
            case "--virtual": result.chipList = .virtual
            case "--no-virtual": result.chipList = .allWidgets
            case "--folder": result.folder = try value(argument)
            case "--options": result.showsOptions = true
            case "--no-options": result.showsOptions = false
            case let option where option.hasPrefix("--macos="):
                let name = String(option.dropFirst("--macos=".count))
                guard let mode = FinderTagsMode(rawValue: name) else {
                    throw UsageError(description: tr("--macos: \"\(name)\" is not keep, write or off"))
                }
                result.finder = mode
            case "--": result.files += arguments[(index + 1)...]; index = arguments.count
            default:
                if argument.hasPrefix("-") { throw UsageError(description: tr("unknown option \(argument)")) }
                result.files.append(argument)
            }
            index += 1
        }
        if result.tagList != nil && !result.files.isEmpty {
            throw UsageError(description: tr("give either --tags LIST or FILEs, not both"))
        }
        if result.folder != nil && (result.tagList != nil || !result.files.isEmpty || screenshot != nil || dump) {
            throw UsageError(description: tr("--folder DIR opens the folder view by itself: give no FILE, --tags, --screenshot or --dump-layout with it"))
        }
        if let screenshot {
            if dump { throw UsageError(description: tr("--screenshot and --dump-layout cannot be combined")) }
            guard let width else { throw UsageError(description: tr("--screenshot needs --width W")) }
            result.mode = .screenshot(path: screenshot, width: width, height: height ?? 600)
        } else if dump {
            guard let widths else { throw UsageError(description: tr("--dump-layout needs --widths W1,W2,...")) }
            result.mode = .dumpLayout(widths: widths, height: height ?? 600)
        } else if width != nil || widths != nil {
            throw UsageError(description: tr("--width and --widths go with --screenshot or --dump-layout"))
        }
        return result
    }
}

extension EditorArguments {
    /// The document the arguments name: the files (the checking modes; the application gets them
    /// through GApplication's `open`), the `--tags` list, or the collection (`--collection`, else
    /// the user's), which the checking modes never write (`mayWrite: false`).
    func document(mayWrite: Bool) throws -> TagDocument {
        if !files.isEmpty { return FileTagsDocument(paths: files) }
        if let tagList { return try ListFileDocument(path: tagList) }
        let path = collection ?? CollectionFile.defaultPath(environment: ProcessInfo.processInfo.environment)
        return try CollectionDocument(file: CollectionFile(path: path), sample: ResourceFiles.sampleTags, mayWrite: mayWrite)
    }
}
