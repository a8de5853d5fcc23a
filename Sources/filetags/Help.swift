// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import TagData

/// `filetags --help`, in the user's language: one message a section, as GNU programs split
/// their help, so that a translator works on a paragraph at a time and a changed section leaves
/// the others' translations standing. Command names, options and file names stay as typed.
var helpText: String {
    [
        tr("""
            filetags: find files by their tags and keep the tags tidy across folders, with no index.

            Tags are the freedesktop file tags: the extended attribute user.xdg.tags, a comma-separated
            list (what Dolphin, Baloo and the tag editor read and write). Every command reads the files
            as they are now; the attribute is the truth. Beside it, a journal notes what each file carried
            when last seen, so that tags lost on the way (see LOST TAGS) can be found and put back.
            """),
        tr("""
            USAGE
              filetags list [--json] DIR...          every tag under the folders, with its number of files
              filetags find [-0] DIR... QUERY        the files whose tags match QUERY, one path a line
              filetags rename [-n] OLD NEW DIR...    rename a tag (and its sub-tags) on every file
              filetags merge [-n] A B DIR...         make A (and its sub-tags) B on every file
              filetags delete [-n] TAG DIR...        remove a tag (and its sub-tags) from every file
              filetags show [--json] FILE...         the tags of each file
              filetags add [-n] TAG FILE...          add a tag to each file
              filetags remove [-n] TAG FILE...       remove a tag from each file (not its sub-tags)
              filetags check DIR...                  the files under the folders that lost their tags, and why,
                                                     and those whose tags wait in a sidecar to go back
              filetags restore [-n] DIR...           put back the tags check finds lost, byte for byte
              filetags watch DIR...                  put tags back the moment they are lost, until ended
              filetags export DIR > tags.json        the tags of the files under DIR, for what keeps no attributes
              filetags import [-n] tags.json DIR     put an export's tags back, by path, else by content
              filetags interrupted                   the tree changes a crash or a kill left half-made
              filetags resume ID                     finish one of them
              filetags revert ID                     take one of them back, byte for byte
              filetags color TAG COLOR [PATH...]     a tag's colour in the collection, and in Finder's
                                                     attribute of the files under PATH that carry it
            """),
        tr("""
            TAGS
              Two names are the same tag when they are equal after NFC normalization and lower-casing
              ("Café", "café" and "cafe\\u0301" are one tag), as in the tag editor. A tag is shown in its
              most common spelling under the folders (of equally common ones, the first in code-point
              order). Each part of the attribute is trimmed: older KDE's
              ", " spacing reads the same as ",".
              A name with "/" is a sub-tag: "travel/2024" is a sub-tag of "travel", and "a/b/c" of "a/b"
              and "a". Commands that take a tag for a whole tree (find, rename, merge, delete) take its
              sub-tags with it.
            """),
        tr("""
            THE WALK
              Folders are read recursively, and the folders themselves are read as well as the files in
              them: a folder that carries tags counts like a file. Symbolic links below DIR are never
              followed (DIR itself may be one), so the walk cannot leave the folders or loop; a file or
              folder reached twice (a hard link, a bind mount) counts once, by device and inode. A folder
              that cannot be read, a file whose tags cannot be read, and a mount point (unless
              --cross-devices) are named on standard error (in "skipped" with --json) and the walk goes on.
              Devices, pipes and sockets are passed over: they cannot carry user tags.

              --cross-devices   enter folders on other file systems than DIR's
              --threads N       read with N threads (default: one a core, at most 4)
            """),
        tr("""
            LIST
              One line a tag, "FILES<TAB>TAG", parents right before their sub-tags. FILES counts the files
              that carry the tag or any of its sub-tags (the files "filetags find DIR TAG" prints). A parent
              that no file carries itself is listed too, with the files of its sub-tags.
              --json   {"tags": [{"name": TAG, "files": FILES, "own": OWN}, ...], "files": READ,
                        "skipped": [{"path": PATH, "reason": WHY}, ...]}
                       OWN counts the files that carry the tag itself (0 for a parent with only sub-tags);
                       READ is the number of files and folders read.
            """),
        tr("""
            FIND
              QUERY is one argument: tags combined with "and", "or", "not" (in any case) and parentheses;
              "not" binds tightest, then "and", then "or". A tag with spaces or parentheses goes in single
              or double quotes; a tag named "and", "or" or "not" too. A tag matches files that carry it or
              one of its sub-tags. Paths come out sorted.
                  filetags find ~/Documents "'tax 2025' or (music and not draft)"
              -0, --null   end each path with a NUL instead of a newline (for xargs -0)
              A malformed query is an error (status 2) that shows where: the column, and a caret under it.
            """),
        tr("""
            CHANGING TAGS
              rename, merge and delete change every file under the folders that carries the tag or one of
              its sub-tags: "rename travel trips" makes "travel/2024" "trips/2024". rename refuses a NEW
              name that files already carry (merge does that: where a file has both, one tag remains).
              Each file is changed as the tag editor changes one: under an exclusive flock on the file,
              read, changed, read again (and done again if another program changed it meanwhile), written
              once; each file is either changed or left as it was, never half. Every other part of the
              attribute stays byte for byte: other spellings, ", " spacing, empty parts. A file whose
              permission bits allow nobody to write it is left unchanged, even for root, as in the editor.
              A file that cannot be changed (read-only, immutable, on a read-only file system) is named
              on standard error and the others are still changed; so is a file replaced (by a link, say)
              between the walk and its change.
              -n, --dry-run   change nothing: print each file that would change with its attribute as
                              it is and as it would be written, "PATH: “OLD” -> “NEW”" ((none): no attribute)
              A summary goes to standard error.
              With the journal, a change is recorded before its first write (the change, its folders, each
              file with its attribute as read). Killed half-way (kill -9, a crash, the power), it leaves
              every file whole, some changed and some not; filetags interrupted lists it, every change
              command says so before it starts, resume ID changes the files not changed yet, and revert ID
              gives each changed file its attribute back byte for byte (a file another program changed
              since gets only this change's part taken back).
            """),
        tr("""
            PATHS
              A path is bytes, as Linux has it: a name that is not UTF-8 (an old Latin-1 "café", a name with
              a line break) is read, found, shown and changed as any other, and given on the command line as
              it is. On lines it is printed escaped as ls --quoting-style=shell-escape does ('caf'$'\\351'),
              which a shell reads back as the same bytes; find -0 prints the bytes themselves (for xargs -0);
              --json gives it escaped, with its bytes in base64 as "pathBytes". Paths longer than PATH_MAX
              (4,096 bytes) are read and changed through their folder's descriptor.
            """),
        tr("""
            WHERE ATTRIBUTES CANNOT GO
              ext4, xfs, btrfs and tmpfs keep user.xdg.tags (ext4 in one block of about 4 KB a file unless
              made with -O ea_inode; no file system takes more than 64 KiB). vfat, exFAT, ramfs, /proc and
              many network shares refuse it: there each file's tags go in TagSpaces' sidecar,
              .ts/NAME.json beside the file (.ts/tsm.json inside a folder), its "tags" array of {"title":...}
              objects, which TagSpaces reads too; every command reads and writes it as if it were the
              attribute (the exact bytes ride along in "wraphstackAttribute"), and keeps what else the file
              holds (a description, a tag's colour) as written. A sidecar TagSpaces made is never removed:
              removing every tag empties its list. When a file whose tags are in a sidecar of ours is back on
              a file system that takes attributes (a folder moved back with its .ts), list and find read the
              sidecar, check names the file, and restore (or any change to it) puts the tags in the attribute
              and removes the sidecar; a sidecar a file left behind on the drive (mv takes the file, not .ts)
              goes once its tags are restored.
            """),
        tr("""
            THE JOURNAL
              $XDG_DATA_HOME/wraphstack-tag-editor/journal.sqlite3 (~/.local/share when unset): an SQLite
              database of what each tagged file carried when filetags (or the tag editor) last read or wrote
              it: its path, device, inode, size, modification and birth time, the exact bytes of its
              user.xdg.tags and of each form of Finder's attribute it carried (a file with only Finder's tags
              is kept too; a value that is not Finder's property list is not), and a fingerprint of its
              content once one was needed (XXH3-128 of every byte, kept by identity). A journal made by an
              older filetags is brought up to date when opened; an older filetags refuses a newer one.
              list, find, show and every change keep it current; a walk reads again and records only the
              folders that changed since. It is a safety net, never the truth: a journal that cannot be
              opened is said and done without. Rows of files missing for 90 days are pruned.
              --no-journal, or FILETAGS_JOURNAL=off   neither read nor write the journal
            """),
        tr("""
            LOST TAGS
              Tags are lost when a program replaces a file without its attributes: an editor that saves by
              writing a new file (sed -i, many editors), cp without -a, rsync without -X, tar without
              --xattrs, zip, git, a trip through a file system without attributes. The rule:
                - a file at a journaled path whose tags are all gone (user.xdg.tags and Finder's
                  attribute), while a new inode took its place (same path, new inode), lost its tags;
                - a file without tags that holds the content of a journaled file (the same fingerprint) and
                  was made after that file's tags were first seen lost them too (copied, moved, renamed); when
                  its content is that of several files with different tags, it is listed and not restored;
                  empty files are never matched by content;
                - a file without tags with the name, size and modification time (to the nanosecond) of a
                  journaled file gone from its place was moved (through a drive without attributes);
                - a removal is intended, never a loss: tags removed from the file that carried them (the
                  same inode: setfattr -x, the editor, filetags remove, any other program), or some tags
                  removed while others stay.
              Content is matched with fingerprints taken while the original still had its tags: check takes
              them of the journaled files it needs that are still there (a copy's original usually is); a
              file tagged and then moved away through a file system without attributes before any check is
              found again only at its old path.
              check lists each loss, "PATH: why; they were “TAGS”" (and Finder's “NAMES” (ATTRIBUTE) for
              each form of Finder's attribute the file carried; status 1 when there is one); restore puts
              each attribute the file carried back byte for byte under the file's lock, as every write is
              made, only when the file is still the one check saw and carries no tags in either attribute.
              A value in Finder's attribute that is not its property list is named (by check among the
              problems, by restore as the reason) and never written over. -n, --dry-run shows what it would
              write.
            """),
        tr("""
            EXPORT AND IMPORT
              For what keeps no attributes (a git repository, a cloud folder, a backup): export writes
                {"format": "wraphstack-filetags-export", "version": 1, "files": [
                  {"path": PATH UNDER DIR, "size": BYTES, "fingerprint": "xxh3-128:HEX", "attribute": TAGS}, ...]}
              sorted by path (a path or attribute that is not UTF-8: escaped, with "pathBytes" or
              "attributeBytes" in base64). Finder's attribute, in either Linux form, goes with it byte for
              byte: "finder": {ATTRIBUTE NAME: BASE64} (a file with only Finder's tags has "attribute": "");
              import gives it back with the other (not with --macos=off). import tags the file at each path under DIR when it has no tags
              ("by path"), else an untagged file under DIR with the same size and fingerprint ("by content");
              a file that carries other tags, or whose content is that of entries with different tags, is
              left alone and named. Run it with -n first: it prints what it would write.
            """),
        tr("""
            WATCH
              watch brings the journal up to date for the folders, then watches each of them (and each made
              or moved in later) with inotify: a file renamed into place or written and closed (an editor's
              save, sed -i, mv or cp over it) at a journaled path, without tags while another inode took the
              journaled file's place, gets the journaled attributes back at once, "restored PATH: “TAGS”" on
              standard output; a file whose attributes another program changes while watched is recorded, so
              that a removal made then is known as intended. SIGINT or SIGTERM ends it (status 0). The user
              service filetags-watch@.service (installed with the tag editor) runs it for one folder:
                  systemctl --user enable --now "filetags-watch@$(systemd-escape --path ~/Documents).service"
            """),
        tr("""
            COLOURS
              A tag has one of Finder's seven colours, grey, green, purple, blue, yellow, red, orange (or
              Finder's numbers 1 to 7), or none. The tag collection
              ($XDG_DATA_HOME/wraphstack-tag-editor/tags.json) keeps them in its "colors" member,
              {"travel": "red", ...}, one colour a tag whatever its spelling. color TAG none takes it away.
              A tag's colour is the collection's, else the one Finder's attribute gives it on the file.
              list and show print a coloured tag in its colour when standard output is a terminal:
              --color=auto (the default; off when TERM=dumb or NO_COLOR is set), --color=always (or
              --color), --color=never. --json gives "color" for each coloured tag of list and
              "colors": {TAG: COLOR} for each file of show. In a query, color:NAME (unquoted) matches the
              files that carry a tag of that colour:
                  filetags find ~/Pictures 'color:red and travel'
            """),
        tr("""
            FINDER'S TAGS
              macOS keeps tags in com.apple.metadata:_kMDItemUserTags, a binary property list of
              strings "Name\\nN" (N the colour, 0 to 7). On Linux it is user.com.apple.metadata:
              _kMDItemUserTags (rsync -X from a Mac) or user.DosStream.com.apple.metadata:_kMDItemUserTags:$DATA
              (Samba's vfs_fruit with streams_xattr: the property list and a trailing NUL). Every command
              reads both beside user.xdg.tags; a file's tags are the union, one entry a tag whichever
              attribute carries it. Every change is made to each attribute the file carries, under the
              same lock and rules (untouched entries kept as written, in their order; a renamed entry keeps
              its colour number; an added one gets the collection's colour). A property list that is not
              Finder's is named, with what is wrong, and the file is not changed.
              --macos=keep    read Finder's attribute and keep it in step (the default)
              --macos=write   also give Samba's form to a file a change writes that has only user.xdg.tags
              --macos=off     neither read nor write Finder's attribute
              The journal keeps both forms beside user.xdg.tags whatever the mode, and check, restore and
              watch put back what a file lost in each (see LOST TAGS).
            """),
        tr("""
            EXIT STATUS
              0  done
              1  done, but a file could not be changed or read, or a folder was skipped (as find(1) does);
                 check: some files lost their tags
              2  wrong usage, a malformed query or tag name, or output that could not be written
            """),
    ].joined(separator: "\n\n")
}
