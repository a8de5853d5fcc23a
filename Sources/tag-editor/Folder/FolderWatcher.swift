// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Glibc
import GObjectSupport
import TagData

/// Watches the folders of the folder view with inotify: a file's tags set by another program
/// (`IN_ATTRIB`), a file created, removed or moved in or out. One watch a folder, at most
/// ``limit`` of them (and never more than the system gives: `fs.inotify.max_user_watches`, which
/// every program of the user shares). Past the limit the folders beyond it are not watched: the
/// view says so and offers Reload, which reads the whole tree again.
///
/// The descriptor is read from the main loop every ``pollMilliseconds``; the paths changed in that
/// time are handed to `onChange` together, each once.
@MainActor
final class FolderWatcher {
    /// The most folders watched. A watch costs the kernel about a kilobyte; a tree with more
    /// folders than this is better reloaded by hand than watched partly without saying so.
    static let limit = 8192
    static let pollMilliseconds = 100

    private let fd: Int32
    private var folderOfWatch: [Int32: String] = [:]
    private var timer: guint = 0
    private let onChange: @MainActor (_ paths: [String], _ newFolders: [String]) -> Void
    /// Folders not watched: past ``limit``, or refused by the system (and why).
    private(set) var unwatched = 0
    private(set) var limitReason: String?
    /// Files renamed into place or written and closed (`IN_MOVED_TO`, `IN_CLOSE_WRITE`: another
    /// program's save), as bytes; called before `onChange` with the same batch.
    var onReplaced: (@MainActor ([FilePath]) -> Void)?

    var watchedCount: Int { folderOfWatch.count }

    /// - Parameter onChange: the files whose tags may have changed (created, removed, their
    ///   attributes set), and the folders created (to be read and watched).
    init?(onChange: @escaping @MainActor (_ paths: [String], _ newFolders: [String]) -> Void) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.onChange = onChange
        schedule()
    }

    /// Watches `folders` too (each at most once).
    func watch(_ folders: [String]) {
        let mask = UInt32(IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ONLYDIR)
        for folder in folders {
            if folderOfWatch.count >= Self.limit {
                unwatched += 1
                limitReason = limitReason ?? tr("the view watches at most \(Self.limit) folders")
                continue
            }
            let watch = inotify_add_watch(fd, folder, mask)
            if watch < 0 {
                let code = errno
                unwatched += 1
                if code == ENOSPC {
                    limitReason = tr("the system's limit of inotify watches (fs.inotify.max_user_watches) is reached")
                } else if limitReason == nil {
                    limitReason = tr("\(folder) cannot be watched: \(String(cString: strerror(code)))")
                }
                continue
            }
            folderOfWatch[watch] = folder
        }
    }

    /// Stops every watch (the window closes, or the tree is read again).
    func stop() {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        close(fd)
    }

    /// Forgets the watches, to watch a tree read again.
    func reset() {
        for watch in folderOfWatch.keys { inotify_rm_watch(fd, watch) }
        folderOfWatch = [:]
        unwatched = 0
        limitReason = nil
    }

    private func schedule() {
        timer = runAfter(milliseconds: Self.pollMilliseconds) { [weak self] in
            guard let self else { return }
            self.readEvents()
            self.schedule()
        }
    }

    private func readEvents() {
        var changed: [String] = [], seen = Set<String>(), newFolders: [String] = [], replaced: [FilePath] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            var offset = 0
            buffer.withUnsafeBytes { bytes in
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = bytes[nameStart..<(nameStart + Int(event.len))].prefix { $0 != 0 }
                    offset = nameStart + Int(event.len)
                    if event.mask & UInt32(IN_IGNORED) != 0 { folderOfWatch[event.wd] = nil; continue }
                    guard let folder = folderOfWatch[event.wd], !nameBytes.isEmpty else { continue }
                    let path = (folder == "/" ? "/" : folder + "/") + String(decoding: nameBytes, as: UTF8.self)
                    if event.mask & UInt32(IN_ISDIR) != 0 {
                        if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { newFolders.append(path) }
                        continue
                    }
                    if seen.insert(path).inserted { changed.append(path) }
                    if event.mask & UInt32(IN_MOVED_TO | IN_CLOSE_WRITE) != 0 { replaced.append(FilePath(folder).appending(Array(nameBytes))) }
                }
            }
        }
        if !replaced.isEmpty { onReplaced?(replaced) }
        if !changed.isEmpty || !newFolders.isEmpty { onChange(changed, newFolders) }
    }
}
