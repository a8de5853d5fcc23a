// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Foundation
import Glibc
import Synchronization
// Reading the tags of every file under some folders, with no index: `openat`/`fdopendir` from each
// folder's own descriptor, `fgetxattr` on each file's, on several threads at once.

/// One file (or folder) the walk read, as given to a visitor: valid during that call only.
package struct WalkedFile {
    /// The folder it is in (as given, then the names found below it), or for a root the root.
    package var folder: FilePath
    /// Its name in that folder, as bytes; empty for a root. The walk's buffer: valid during the visit.
    package var name: UnsafeRawBufferPointer
    package var identity: FileIdentity
    package var isDirectory: Bool
    /// The bytes of its `user.xdg.tags`, or `nil` when it has none. They are the walk's buffer,
    /// read again for the next file: copy what must outlive the visit.
    package var attribute: UnsafeRawBufferPointer?
    /// The file, open for reading (closed after the visit), for a visitor that needs more of it
    /// (`fstat`, its content) and says so (``FolderVisitor/needsDescriptor``); -1 otherwise.
    package var descriptor: Int32
    /// Where `attribute` came from when it is not the attribute: TagSpaces' sidecar.
    package var sidecar: SidecarOrigin = .none
    /// Finder's tags of the file (``FinderAttribute``), when the walk reads them
    /// (``FolderWalk/Options/finder``) and it carries them; a malformed value is named in the
    /// walk's problems and left out.
    package var finder: FinderTags?

    /// Its path: the root as given, then the names found below it.
    package var path: FilePath {
        name.isEmpty ? folder : folder.appending(name)
    }
}

/// Where a file's tags were read.
package enum SidecarOrigin: Sendable, Equatable {
    /// From its attribute (or it has none).
    case none
    /// From TagSpaces' sidecar, its file system refusing attributes.
    case withoutAttributes
    /// From a sidecar beside a file whose file system takes attributes but that has none (it came
    /// back from a drive without them with its folder); `ours`: a sidecar this project wrote.
    case besideAttributes(ours: Bool)
}

/// A folder (or file) the walk could not read, and why.
package struct WalkProblem: Sendable, Equatable {
    package var filePath: FilePath
    package var reason: String

    /// The path for people (``FilePath/description``).
    package var path: String { filePath.description }

    package init(path: FilePath, reason: String) {
        self.filePath = path
        self.reason = reason
    }

    package init(path: String, reason: String) {
        self.init(path: FilePath(path), reason: reason)
    }
}

/// What receives the files of a walk. Each thread of the walk has its own visitor, so a visitor
/// needs no lock; the caller merges them at the end.
package protocol FolderVisitor: AnyObject {
    /// Whether the visitor uses ``WalkedFile/descriptor`` of regular files; when none does, the
    /// walk reads each file's tags with one `getxattrat` (where the kernel has it) instead of
    /// opening it.
    var needsDescriptor: Bool { get }
    func visit(_ file: WalkedFile)
    /// Every entry of `folder` was given to ``visit(_:)`` (`complete`), or its listing stopped
    /// (an error, a cancel): called by the thread that listed it, after its last file.
    func finished(folder: FilePath, identity: FileIdentity, complete: Bool)
}

extension FolderVisitor {
    package var needsDescriptor: Bool { false }
    package func finished(folder: FilePath, identity: FileIdentity, complete: Bool) {}
}

/// A walk of folder trees.
///
/// - Symbolic links are never followed below a root (a root given as a link is followed: the
///   user named it), so the walk cannot leave the trees or loop.
/// - A file or folder reached twice (a hard link, a bind mount) is read once: device and inode.
/// - A folder that cannot be opened or read is named in ``Result/skipped`` and the walk goes on.
/// - Unless ``Options/crossesDevices``, a folder on another file system than its root (a mount
///   point) is not entered, and is named in ``Result/skipped`` with the reason.
/// - Folders are read by several threads; each folder's files by the thread that lists it. Memory:
///   the paths of the folders still to read, and one identity (16 bytes and the set's overhead)
///   for each file read.
package enum FolderWalk {
    package struct Options: Sendable {
        package var crossesDevices = false
        /// How many threads read folders (at least 1).
        package var threads = 2
        /// Once set, the walk reads no further folder or file and returns what it has.
        package var cancel: CancelFlag?
        /// Whether each regular file's Finder attribute is read too (two more reads a file):
        /// not unless asked (``FinderTagsMode/off``), since walks that keep the journal need none.
        package var finder: FinderTagsMode = .off

        package init(crossesDevices: Bool = false, threads: Int = 2, cancel: CancelFlag? = nil, finder: FinderTagsMode = .off) {
            self.crossesDevices = crossesDevices
            self.threads = max(1, threads)
            self.cancel = cancel
            self.finder = finder
        }
    }

    package struct Result<Visitor> {
        /// One visitor per thread.
        package var visitors: [Visitor]
        /// How many files and folders were read.
        package var filesRead: Int
        /// What could not be read, sorted by path.
        package var skipped: [WalkProblem]
    }

    /// Walks `roots` (folders, or single files), giving each file and folder read, with its
    /// tags attribute, to one of the visitors `makeVisitor` makes (one per thread).
    ///
    /// - Complexity: O(*n*) system calls for *n* entries under the roots.
    package static func walk<Visitor: FolderVisitor>(_ roots: [String], options: Options = Options(),
                                                    makeVisitor: () -> Visitor) -> Result<Visitor> {
        walk(roots.map { FilePath($0) }, options: options, makeVisitor: makeVisitor)
    }

    /// ``walk(_:options:makeVisitor:)`` of paths as bytes.
    package static func walk<Visitor: FolderVisitor>(_ roots: [FilePath], options: Options = Options(),
                                                    makeVisitor: () -> Visitor) -> Result<Visitor> {
        let shared = SharedState(crossesDevices: options.crossesDevices, cancel: options.cancel, readsFinder: options.finder != .off)
        let workers = (0..<options.threads).map { _ in Worker(visitor: makeVisitor(), shared: shared) }
        for root in roots { workers[0].start(root) }
        let box = UncheckedBox(workers.map { $0 as any WalkThread })
        DispatchQueue.concurrentPerform(iterations: workers.count) { index in box.value[index].run() }
        var skipped = workers.flatMap(\.problems)
        skipped.sort { $0.filePath < $1.filePath }
        return Result(visitors: workers.map(\.visitor), filesRead: workers.reduce(0) { $0 + $1.filesRead },
                      skipped: skipped)
    }

    /// The bytes Finder's shorter attribute name takes in a listing of names (with its NUL).
    static let shortestFinderListing = FinderAttribute.allCases.map { $0.name.utf8.count + 1 }.min() ?? 0

    /// Whether the kernel has getxattrat (Linux 6.13); set false at its first ENOSYS.
    static let hasGetxattrat = Atomic<Bool>(true)

    /// A folder still to read: its path, what it was when found, the device of its root.
    struct PendingFolder {
        var path: FilePath
        var identity: FileIdentity
        var rootDevice: UInt64
        /// A folder the user named, which may be reached through a link (only links below it are
        /// not followed).
        var isRoot = false
    }

    /// What the threads share: the folders still to read, and the identities already read.
    final class SharedState: @unchecked Sendable {
        let crossesDevices: Bool
        let cancel: CancelFlag?
        let readsFinder: Bool
        private let condition = NSCondition()
        private var pending: [PendingFolder] = []
        private var busy = 0
        private var seenFolders = Set<FileIdentity>()
        private let filesLock = NSLock()
        private var seenFiles = IdentitySet()

        init(crossesDevices: Bool, cancel: CancelFlag?, readsFinder: Bool = false) {
            self.crossesDevices = crossesDevices
            self.cancel = cancel
            self.readsFinder = readsFinder
        }

        var isCancelled: Bool { cancel?.isSet ?? false }

        /// Adds a folder to read unless it was found before.
        func add(_ folder: PendingFolder) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            guard seenFolders.insert(folder.identity).inserted else { return false }
            pending.append(folder)
            condition.signal()
            return true
        }

        /// Whether a file is read for the first time.
        func firstVisit(of file: FileIdentity) -> Bool {
            filesLock.lock()
            defer { filesLock.unlock() }
            return seenFiles.insert(file)
        }

        /// The next folder to read, waiting while another thread may still find some; `nil`
        /// once every folder was read.
        func next() -> PendingFolder? {
            condition.lock()
            defer { condition.unlock() }
            while pending.isEmpty && busy > 0 { condition.wait() }
            guard let folder = pending.popLast() else {
                condition.broadcast()
                return nil
            }
            busy += 1
            return folder
        }

        func finished() {
            condition.lock()
            busy -= 1
            if busy == 0 && pending.isEmpty { condition.broadcast() }
            condition.unlock()
        }
    }

    /// What each thread runs (not generic, so the threads' closure captures no visitor type).
    protocol WalkThread: AnyObject {
        func run()
    }

    /// One thread of the walk.
    final class Worker<Visitor: FolderVisitor>: WalkThread {
        let visitor: Visitor
        let shared: SharedState
        let needsDescriptor: Bool
        var problems: [WalkProblem] = []
        var filesRead = 0
        /// Reused for every attribute read; grown when one is larger.
        private var buffer = [UInt8](repeating: 0, count: 4096)
        /// The attribute's name as a C string, made once (a Swift string passed to C is copied
        /// into a new C string at every call: an allocation a file).
        private let attributeName = UnsafeMutablePointer<CChar>(mutating: strdup(FileTags.attribute)!)
        /// Finder's attribute names, when the walk reads them (``FinderAttribute/allCases``' order).
        private let finderNames: [UnsafeMutablePointer<CChar>]
        private var finderBuffer = [UInt8](repeating: 0, count: 1024)
        private var listBuffer = [CChar](repeating: 0, count: 1024)

        /// Whether the first `count` bytes of ``listBuffer``, a listing of attribute names
        /// (each ending with a NUL), hold one of Finder's. No allocation: it runs for every file.
        private func listsFinder(_ count: Int) -> Bool {
            listBuffer.withUnsafeBufferPointer { listing in
                guard let base = listing.baseAddress else { return false }
                var start = 0
                while start < count {
                    let name = base + start
                    if finderNames.contains(where: { strcmp(name, $0) == 0 }) { return true }
                    start += strnlen(name, count - start) + 1
                }
                return false
            }
        }

        init(visitor: Visitor, shared: SharedState) {
            self.visitor = visitor
            self.shared = shared
            needsDescriptor = visitor.needsDescriptor
            finderNames = shared.readsFinder ? FinderAttribute.allCases.map { strdup($0.name)! } : []
        }

        deinit {
            free(attributeName)
            for name in finderNames { free(name) }
        }

        /// Finder's tags of a regular file, read by `get` (a getxattr of some kind: name, buffer,
        /// size), or `nil` when the walk does not read them or the file has none. A value that
        /// is not Finder's property list is named in ``problems`` and left out.
        ///
        /// - Parameter length: the length of the file's listing of attribute names (`list`, a
        ///   listxattr of some kind, asked for no names), or -1 when it could not be had. A
        ///   listing shorter than Finder's shorter name holds neither (most files: none, or
        ///   `user.xdg.tags` alone), and asking for its length costs far less than the two reads
        ///   that would find nothing; only a longer one is read, to see whether it names either.
        private func readFinder(_ path: @autoclosure () -> FilePath, length: Int,
                                list: (UnsafeMutablePointer<CChar>?, Int) -> Int,
                                _ get: (UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int) -> FinderTags? {
            guard !finderNames.isEmpty, length < 0 || length >= FolderWalk.shortestFinderListing else { return nil }
            var listed = -1
            while true {
                listed = listBuffer.withUnsafeMutableBufferPointer { list($0.baseAddress, $0.count) }
                if listed >= 0 || errno != ERANGE { break }
                let needed = list(nil, 0)
                if needed < 0 { break }
                if needed > listBuffer.count { listBuffer = [CChar](repeating: 0, count: needed) }
            }
            // A listing that failed (ENOSYS: no listxattrat) says nothing: the reads tell.
            if listed >= 0 && !listsFinder(listed) { return nil }
            var forms: [FinderTags.Carried] = []
            for (index, attribute) in FinderAttribute.allCases.enumerated() {
                var size = -1
                while true {
                    size = finderBuffer.withUnsafeMutableBytes { get(finderNames[index], $0.baseAddress, $0.count) }
                    if size >= 0 || errno != ERANGE { break }
                    let needed = get(finderNames[index], nil, 0)
                    if needed < 0 { break }
                    if needed > finderBuffer.count { finderBuffer = [UInt8](repeating: 0, count: needed) }
                }
                guard size >= 0 else { continue }
                do {
                    forms.append(try FinderTags.decode(Array(finderBuffer[..<size]), of: attribute, at: path()))
                } catch {
                    problems.append(WalkProblem(path: path(), reason: error.description))
                }
            }
            return forms.isEmpty ? nil : FinderTags(forms: forms)
        }

        func run() {
            while let folder = shared.next() {
                // Cancelled: the folders still queued are taken off without being read.
                if !shared.isCancelled { read(folder) }
                shared.finished()
            }
        }

        /// Reads a root: a folder is queued, a file read at once.
        func start(_ given: FilePath) {
            var bytes = given.bytes
            while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
            let path = FilePath(bytes: bytes)
            var info = stat()
            guard path.withKernelPath({ $0.map { stat($0, &info) } ?? -1 }) == 0 else { return fail(path, errno) }
            let identity = FileIdentity(info)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                _ = shared.add(PendingFolder(path: path, identity: identity, rootDevice: identity.device, isRoot: true))
            case S_IFREG:
                guard shared.firstVisit(of: identity) else { return }
                let fd = path.openPieceByPiece(O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
                guard fd >= 0 else { return fail(path, errno) }
                defer { close(fd) }
                readAttribute(fd, folder: path, name: UnsafeRawBufferPointer(start: nil, count: 0), identity: identity,
                              isDirectory: false, folderFD: -1, hasSidecars: true)
            default:
                problems.append(WalkProblem(path: path, reason: tr("is neither a folder nor a regular file")))
            }
        }

        /// Notes `path`'s problem: the system's reason, in `what` ("cannot be opened: {reason}").
        private func fail(_ path: FilePath, _ code: Int32, _ what: (String) -> String = { $0 }) {
            problems.append(WalkProblem(path: path, reason: what(String(cString: strerror(code)))))
        }

        private func read(_ folder: PendingFolder) {
            // Opened a piece at a time when its path is longer than the kernel takes.
            let fd = folder.path.openPieceByPiece(O_RDONLY | O_DIRECTORY | (folder.isRoot ? 0 : O_NOFOLLOW) | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { return fail(folder.path, errno) { tr("cannot be opened: \($0)") } }
            var info = stat()
            guard fstat(fd, &info) == 0, FileIdentity(info) == folder.identity else {
                // Replaced (by a link, say) between being found and being opened.
                close(fd)
                problems.append(WalkProblem(path: folder.path, reason: tr("changed while the walk read it")))
                return
            }
            // TagSpaces' sidecars are looked for only in folders that have their `.ts`.
            var sidecarFolder = stat()
            let hasSidecars = fstatat(fd, Sidecar.folderName, &sidecarFolder, AT_SYMLINK_NOFOLLOW) == 0
                && sidecarFolder.st_mode & S_IFMT == S_IFDIR
            readAttribute(fd, folder: folder.path, name: UnsafeRawBufferPointer(start: nil, count: 0), identity: folder.identity,
                          isDirectory: true, folderFD: -1, hasSidecars: hasSidecars)
            guard let stream = fdopendir(fd) else {
                let code = errno
                close(fd)
                return fail(folder.path, code) { tr("cannot be listed: \($0)") }
            }
            defer { closedir(stream) }
            var complete = false
            defer { visitor.finished(folder: folder.path, identity: folder.identity, complete: complete) }
            while !shared.isCancelled {
                errno = 0
                guard let entry = readdir(stream) else {
                    if errno != 0 { fail(folder.path, errno) { tr("could not be listed to its end: \($0)") } } else { complete = true }
                    return
                }
                visitEntry(entry, in: fd, folder: folder, hasSidecars: hasSidecars)
            }
        }

        private func visitEntry(_ entry: UnsafeMutablePointer<dirent>, in fd: Int32, folder: PendingFolder, hasSidecars: Bool) {
            let inode = UInt64(entry.pointee.d_ino)
            var type = entry.pointee.d_type
            withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: 256) { name in
                    if name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0)) { return }   // . and ..
                    let nameBytes = UnsafeRawBufferPointer(start: name, count: strlen(name))
                    var info = stat()
                    if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_DIR) {
                        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                            let code = errno
                            return fail(folder.path.appending(nameBytes), code)
                        }
                        type = Self.type(of: info.st_mode)
                    }
                    if type == UInt8(DT_DIR) {
                        let path = folder.path.appending(nameBytes)
                        let identity = FileIdentity(info)
                        if identity.device != folder.rootDevice && !shared.crossesDevices {
                            problems.append(WalkProblem(path: path, reason: tr("is on another file system (--cross-devices enters it)")))
                            return
                        }
                        _ = shared.add(PendingFolder(path: path, identity: identity, rootDevice: folder.rootDevice))
                    } else if type == UInt8(DT_REG) {
                        // A regular file is on its folder's device (only a mount makes another).
                        let identity = info.st_ino != 0 ? FileIdentity(info) : FileIdentity(device: folder.identity.device, inode: inode)
                        guard shared.firstVisit(of: identity) else { return }
                        if !needsDescriptor && FolderWalk.hasGetxattrat.load(ordering: .relaxed),
                           readAttribute(at: name, in: fd, folder: folder.path, nameBytes: nameBytes, identity: identity,
                                         hasSidecars: hasSidecars) {
                            return
                        }
                        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
                        guard file >= 0 else {
                            // A link put in its place meanwhile is not followed.
                            let code = errno
                            if code != ELOOP && code != ENOENT {
                                fail(folder.path.appending(nameBytes), code) { tr("its tags cannot be read: \($0)") }
                            }
                            return
                        }
                        defer { close(file) }
                        readAttribute(file, folder: folder.path, name: nameBytes, identity: identity, isDirectory: false,
                                      folderFD: fd, hasSidecars: hasSidecars)
                    }
                    // Links are not followed; devices, pipes and sockets cannot carry user tags.
                }
            }
        }

        private static func type(of mode: mode_t) -> UInt8 {
            switch mode & S_IFMT {
            case S_IFDIR: return UInt8(DT_DIR)
            case S_IFREG: return UInt8(DT_REG)
            default: return UInt8(DT_UNKNOWN)
            }
        }

        /// Reads the tags of the file `name` in the folder open at `fd` with one getxattrat (not
        /// following a link) and gives them to the visitor; `false` when that cannot be done (the
        /// kernel has no getxattrat, or the file system refuses attributes: the caller opens the
        /// file and reads it so, with its sidecar).
        private func readAttribute(at name: UnsafePointer<CChar>, in fd: Int32, folder: FilePath, nameBytes: UnsafeRawBufferPointer,
                                   identity: FileIdentity, hasSidecars: Bool) -> Bool {
            // Where Finder's attribute is read, the length of the file's listing of attribute
            // names comes first (a look-up by name either way): a file with none, as many are,
            // then needs no read at all, so reading both attributes costs little more than one.
            let length = finderNames.isEmpty ? -1 : system_listxattrat(fd, name, AT_SYMLINK_NOFOLLOW, nil, 0)
            if length == 0 {
                // Its sidecar, if any, is read from the file opened.
                guard !hasSidecars else { return false }
                filesRead += 1
                visitor.visit(WalkedFile(folder: folder, name: nameBytes, identity: identity, isDirectory: false,
                                         attribute: nil, descriptor: -1))
                return true
            }
            var size = -1
            while true {
                size = buffer.withUnsafeMutableBytes { system_getxattrat(fd, name, attributeName, $0.baseAddress, $0.count) }
                if size >= 0 { break }
                let code = errno
                if code == ENODATA && !hasSidecars { break }
                if code == ERANGE {
                    let needed = system_getxattrat(fd, name, attributeName, nil, 0)
                    if needed > buffer.count { buffer = [UInt8](repeating: 0, count: needed) }
                    if needed >= 0 { continue }
                }
                if code == ENOSYS { FolderWalk.hasGetxattrat.store(false, ordering: .relaxed) }
                // The file opened and read as before: what it says is said from there.
                return false
            }
            filesRead += 1
            // A second look-up by name (the listing), not one O_PATH descriptor for all: opening
            // and closing one cost more than the look-up in filetags.
            let finder = readFinder(folder.appending(nameBytes), length: length, list: { system_listxattrat(fd, name, AT_SYMLINK_NOFOLLOW, $0, $1) }) {
                system_getxattrat(fd, name, $0, $1, $2)
            }
            buffer.withUnsafeBytes { all in
                let value = size >= 0 ? UnsafeRawBufferPointer(rebasing: all[0..<size]) : nil
                visitor.visit(WalkedFile(folder: folder, name: nameBytes, identity: identity, isDirectory: false,
                                         attribute: value, descriptor: -1, finder: finder))
            }
            return true
        }

        /// Reads the tags attribute of an open file and gives it to the visitor: from TagSpaces'
        /// sidecar when its file system refuses attributes, or when it has none and its folder
        /// has sidecars.
        ///
        /// - Parameter folderFD: the folder it was opened from (-1 for a folder or a root).
        private func readAttribute(_ fd: Int32, folder: FilePath, name: UnsafeRawBufferPointer, identity: FileIdentity,
                                   isDirectory: Bool, folderFD: Int32, hasSidecars: Bool) {
            var size = -1
            var code: Int32 = 0
            while true {
                size = buffer.withUnsafeMutableBytes { fgetxattr(fd, attributeName, $0.baseAddress, $0.count) }
                if size >= 0 { break }
                code = errno
                if code == ENODATA || code == ENOTSUP { break }
                if code == ERANGE {
                    let needed = fgetxattr(fd, attributeName, nil, 0)
                    if needed > buffer.count { buffer = [UInt8](repeating: 0, count: needed) }
                    if needed >= 0 { continue }
                }
                return fail(name.isEmpty ? folder : folder.appending(name), code) { tr("its tags cannot be read: \($0)") }
            }
            filesRead += 1
            if size < 0 && (code == ENOTSUP || hasSidecars) {
                let found: Sidecar.Found
                if isDirectory {
                    found = Sidecar.read(in: fd, sidecarName: Array("tsm.json".utf8))
                } else if folderFD >= 0 {
                    found = Sidecar.read(in: folderFD, sidecarName: Array(name) + Array(".json".utf8))
                } else {
                    found = Sidecar.read(at: Sidecar.path(of: folder, isDirectory: false))
                }
                switch found {
                case .sidecar(let sidecar) where !sidecar.tags.isEmpty:
                    let origin: SidecarOrigin = code == ENOTSUP ? .withoutAttributes : .besideAttributes(ours: sidecar.isOurs)
                    return sidecar.attribute.withUnsafeBytes { value in
                        visitor.visit(WalkedFile(folder: folder, name: name, identity: identity, isDirectory: isDirectory,
                                                 attribute: value, descriptor: fd, sidecar: origin))
                    }
                case .unreadable where code == ENOTSUP:
                    let path = name.isEmpty ? folder : folder.appending(name)
                    let sidecar = Sidecar.path(of: path, isDirectory: isDirectory)
                    problems.append(WalkProblem(path: path, reason: tr("its tags are kept in \(sidecar), which is not a sidecar (a JSON object)")))
                default:
                    break
                }
            }
            let finder = isDirectory || code == ENOTSUP ? nil
                : readFinder(name.isEmpty ? folder : folder.appending(name), length: finderNames.isEmpty ? -1 : flistxattr(fd, nil, 0),
                             list: { flistxattr(fd, $0, $1) }) { fgetxattr(fd, $0, $1, $2) }
            buffer.withUnsafeBytes { all in
                let value = size >= 0 ? UnsafeRawBufferPointer(rebasing: all[0..<size]) : nil
                visitor.visit(WalkedFile(folder: folder, name: name, identity: identity, isDirectory: isDirectory,
                                         attribute: value, descriptor: fd, finder: finder))
            }
        }
    }
}

/// A set of file identities: open addressing with a cheap hash (Swift's hashing of a set this
/// size, once per file, was a tenth of a walk's time).
struct IdentitySet {
    private var devices = [UInt64](repeating: 0, count: 4096)
    private var inodes = [UInt64](repeating: 0, count: 4096)
    private var used = [Bool](repeating: false, count: 4096)
    private var count = 0

    /// Adds an identity; whether it was not there yet.
    mutating func insert(_ identity: FileIdentity) -> Bool {
        var slot = Self.slot(identity, mask: used.count - 1)
        while used[slot] {
            if inodes[slot] == identity.inode && devices[slot] == identity.device { return false }
            slot = (slot + 1) & (used.count - 1)
        }
        used[slot] = true
        devices[slot] = identity.device
        inodes[slot] = identity.inode
        count += 1
        if count * 2 > used.count { grow() }
        return true
    }

    private static func slot(_ identity: FileIdentity, mask: Int) -> Int {
        let mixed = (identity.inode ^ (identity.device &* 0x9E37_79B9_7F4A_7C15)) &* 0xFF51_AFD7_ED55_8CCD
        return Int(truncatingIfNeeded: mixed >> 29) & mask
    }

    private mutating func grow() {
        let old = (devices, inodes, used)
        let capacity = used.count * 2
        devices = [UInt64](repeating: 0, count: capacity)
        inodes = [UInt64](repeating: 0, count: capacity)
        used = [Bool](repeating: false, count: capacity)
        for index in old.2.indices where old.2[index] {
            var slot = Self.slot(FileIdentity(device: old.0[index], inode: old.1[index]), mask: capacity - 1)
            while used[slot] { slot = (slot + 1) & (capacity - 1) }
            used[slot] = true
            devices[slot] = old.0[index]
            inodes[slot] = old.1[index]
        }
    }
}

extension FileIdentity {
    init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// A value handed to the walk's threads, each of which uses only its own element.
struct UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
