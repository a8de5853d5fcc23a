// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import FlowTestSupport
import Foundation
import Glibc
import Testing

/// Runs the built `filetags` binary (beside the test runner in the build directory), optionally
/// as the unprivileged user `nobody` (through setpriv), for what root's permissions would hide.
enum Filetags {
    static var binary: String {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return runner.deletingLastPathComponent().appendingPathComponent("filetags").path
    }

    /// `$XDG_DATA_HOME` of the runs that do not name one (their journal's folder).
    static let dataHome: String = {
        let path = "/tmp/filetags-test-data-\(getpid())"
        mkdir(path, 0o700)
        // Removed when the test process ends.
        atexit { try? FileManager.default.removeItem(atPath: "/tmp/filetags-test-data-\(getpid())") }
        return path
    }()

    struct Run {
        var stdout: [UInt8]
        var stderr: String
        var status: Int32
        var output: String { String(decoding: stdout, as: UTF8.self) }
        var lines: [String] { output.split(separator: "\n").map(String.init) }
        /// The output read as JSON.
        func json() throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: Data(stdout)) as? [String: Any])
        }
    }

    static func run(_ arguments: [String], asNobody: Bool = false, environment: [String: String] = [:]) throws -> Run {
        let command = asNobody ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments
                               : [binary] + arguments
        return try spawn(command.map { Array($0.utf8) }, environment: environment)
    }

    /// `filetags` with arguments given as bytes (file names that are not UTF-8).
    static func run(bytes arguments: [[UInt8]], environment: [String: String] = [:]) throws -> Run {
        try spawn([Array(binary.utf8)] + arguments, environment: environment)
    }

    /// Runs a program to its end, with its output and error captured.
    static func spawn(_ command: [String]) throws -> Run {
        try spawn(command.map { Array($0.utf8) })
    }

    /// Runs a program (its arguments as bytes) to its end, `input` on its standard input, its
    /// output and error captured; `environment` adds to or replaces this process's variables.
    static func spawn(_ command: [[UInt8]], input: [UInt8]? = nil, environment: [String: String] = [:]) throws -> Run {
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw Failure("pipe: \(String(cString: strerror(errno)))") }
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var inputFile: String?
        if let input {
            let path = "/tmp/filetags-test-input-\(UUID().uuidString)"
            guard FileManager.default.createFile(atPath: path, contents: Data(input)) else { throw Failure("cannot write \(path)") }
            inputFile = path
        }
        defer { if let inputFile { unlink(inputFile) } }
        posix_spawn_file_actions_addopen(&actions, 0, inputFile ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { word in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: word.count + 1)
            for (index, byte) in word.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[word.count] = 0
            return copy
        }
        defer { argv.forEach { $0?.deallocate() } }
        var variables = ProcessInfo.processInfo.environment
        // The journal of each run goes to this test process's own folder unless a test names one.
        variables["XDG_DATA_HOME"] = Self.dataHome
        for (name, value) in environment { variables[name] = value }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") }
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0]!, &actions, nil, argv + [nil], envp + [nil])
        close(out[1])
        close(err[1])
        defer { close(out[0]); close(err[0]) }
        let program = String(decoding: command[0], as: UTF8.self)
        guard spawned == 0 else { throw Failure("posix_spawn \(program): \(String(cString: strerror(spawned)))") }
        let (stdout, stderr) = drain(out[0], err[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return Run(stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self), status: exited ? (status >> 8) & 0xFF : -1)
    }

    private static func drain(_ out: Int32, _ err: Int32) -> ([UInt8], [UInt8]) {
        var collected: [[UInt8]] = [[], []]
        var open = [(0, out), (1, err)]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !open.isEmpty {
            var polled = open.map { pollfd(fd: $0.1, events: Int16(POLLIN), revents: 0) }
            if poll(&polled, nfds_t(polled.count), -1) < 0 { if errno == EINTR { continue }; break }
            for (slot, entry) in polled.enumerated().reversed() where entry.revents != 0 {
                let count = read(entry.fd, &buffer, buffer.count)
                if count > 0 { collected[open[slot].0] += buffer[..<count] } else { open.remove(at: slot) }
            }
        }
        return (collected[0], collected[1])
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Extended attributes, read and written by the test itself

let tagsAttribute = "user.xdg.tags"

/// The attribute's bytes (getxattr, without following a link), or `nil` when absent.
func attribute(_ path: String) -> [UInt8]? {
    let size = lgetxattr(path, tagsAttribute, nil, 0)
    guard size >= 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: size)
    let read = bytes.withUnsafeMutableBytes { lgetxattr(path, tagsAttribute, $0.baseAddress, size) }
    return read >= 0 ? Array(bytes[..<read]) : nil
}

func setAttribute(_ path: String, _ text: String) throws {
    let bytes = Array(text.utf8)
    guard bytes.withUnsafeBytes({ lsetxattr(path, tagsAttribute, $0.baseAddress, $0.count, 0) }) == 0 else {
        throw Failure("setxattr \(path): \(String(cString: strerror(errno)))")
    }
}

/// The tags of an attribute as the freedesktop convention and the editor read them: split at
/// commas, each part trimmed and NFC-normalized, empty ones dropped, each tag once (lower-cased
/// key), its first spelling kept.
func tags(of bytes: [UInt8]?) -> [String] {
    guard let bytes else { return [] }
    var seen = Set<String>()
    var result: [String] = []
    for part in String(decoding: bytes, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false) {
        let tag = part.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        if !tag.isEmpty && seen.insert(tag.lowercased()).inserted { result.append(tag) }
    }
    return result
}

/// A tag's key with the keys of its parents ("a/b/c": "a", "a/b", "a/b/c").
func keysWithParents(_ tag: String) -> [String] {
    let key = tag.lowercased()
    var keys = [key]
    var index = key.startIndex
    while let slash = key[index...].firstIndex(of: "/") {
        if slash > key.startIndex { keys.append(String(key[..<slash])) }
        index = key.index(after: slash)
    }
    return keys
}

// MARK: - Generated trees

/// A fresh directory under /tmp (ext4 here, with user extended attributes), removed afterwards
/// (immutable files are made mutable first).
final class TreeDirectory {
    let path: String
    var immutable: [String] = []

    init() throws {
        path = "/tmp/filetags-test-\(UUID().uuidString)"
        guard mkdir(path, 0o755) == 0 else { throw Failure("mkdir \(path): \(String(cString: strerror(errno)))") }
    }

    deinit {
        for file in outsideFiles { unlink(file) }
        for file in immutable { _ = try? Filetags.spawn(["/usr/bin/chattr", "-i", file]) }
        _ = try? Filetags.spawn(["/bin/rm", "-rf", path])
    }

    func folder(_ relative: String) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        return full
    }

    @discardableResult
    func file(_ relative: String, tags: String?) throws -> String {
        let full = path + "/" + relative
        guard FileManager.default.createFile(atPath: full, contents: Data()) else { throw Failure("cannot create \(full)") }
        if let tags { try setAttribute(full, tags) }
        return full
    }

    /// Makes a file immutable (chattr +i): not even root can change its attributes.
    func makeImmutable(_ path: String) throws {
        let run = try Filetags.spawn(["/usr/bin/chattr", "+i", path])
        guard run.status == 0 else { throw Failure("chattr +i \(path): \(run.stderr)") }
        immutable.append(path)
    }

    /// A random tree: nested folders, files with random tags in several spellings and layouts
    /// (", " spacing, empty parts, decomposed accents, sub-tags), some folders tagged too, a
    /// symbolic-link loop, a link out of the tree, and a hard link.
    func generate(seed: UInt64, folders: Int = 12, filesPerFolder: Int = 8) throws {
        var random = SplitMix64(seed: seed)
        let vocabulary = ["music", "Music", "MUSIC", "draft", "tax 2025", "Tax 2025", "travel/2024", "Travel/2025",
                          "travel/2025/rome", "café", "cafe\u{301}", "photo", "music/rock", "work", "invoice"]
        var made = ["."]
        for index in 0..<folders {
            let parent = made.randomElement(using: &random)!
            let relative = parent == "." ? "d\(index)" : "\(parent)/d\(index)"
            _ = try folder(relative)
            made.append(relative)
            if random.next() % 4 == 0 { try setAttribute(path + "/" + relative, randomTags(vocabulary, &random)) }
        }
        for (folderIndex, folder) in made.enumerated() {
            for index in 0..<filesPerFolder {
                let tagged = random.next() % 5 != 0
                try file("\(folder)/f\(folderIndex)-\(index)", tags: tagged ? randomTags(vocabulary, &random) : nil)
            }
        }
        // Links the walk must not follow: a loop, and a way out of the tree to a tagged file.
        symlink("..", path + "/" + made.last! + "/loop")
        symlink("/", path + "/d0/root")
        let outside = "/tmp/filetags-outside-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: outside, contents: Data())
        try setAttribute(outside, "outside-the-tree")
        outsideFiles.append(outside)
        symlink(outside, path + "/outside")
        link(path + "/" + made[1] + "/f1-0", path + "/hard-link")
    }

    var outsideFiles: [String] = []

    private func randomTags(_ vocabulary: [String], _ random: inout SplitMix64) -> String {
        let count = Int(random.next() % 4) + 1
        var parts = (0..<count).map { _ in vocabulary.randomElement(using: &random)! }
        switch random.next() % 4 {
        case 0: return parts.joined(separator: ", ")   // older KDE's spacing
        case 1: parts.insert("", at: Int(random.next() % UInt64(parts.count + 1))); return parts.joined(separator: ",")
        default: return parts.joined(separator: ",")
        }
    }

    /// Every file and folder under the tree, as the test reads it: no link followed, each inode
    /// once (`lstat`), with its attribute's bytes; `skipped` folders are left out with all
    /// they hold.
    func ownReading(skipping skipped: Set<String> = []) -> [(path: String, bytes: [UInt8]?)] {
        var seen = Set<[UInt64]>()
        var result: [(String, [UInt8]?)] = []
        func visit(_ path: String) {
            var info = stat()
            guard !skipped.contains(path), lstat(path, &info) == 0 else { return }
            let kind = info.st_mode & S_IFMT
            guard kind == S_IFDIR || kind == S_IFREG else { return }
            guard seen.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { return }
            result.append((path, attribute(path)))
            if kind == S_IFDIR {
                for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() { visit(path + "/" + name) }
            }
        }
        visit(path)
        return result
    }
}

/// A file's device and inode (a hard link's two names are one file).
func identity(_ path: String) -> [UInt64] {
    var info = stat()
    guard lstat(path, &info) == 0 else { return [] }
    return [UInt64(info.st_dev), UInt64(info.st_ino)]
}


/// `filetags` in the background, its output and errors in files.
final class BackgroundRun {
    let pid: pid_t
    let out: String, err: String

    init(_ arguments: [String], environment: [String: String]) throws {
        out = "/tmp/filetags-watch-\(UUID().uuidString).out"
        err = out.replacingOccurrences(of: ".out", with: ".err")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([Filetags.binary] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") }
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, Filetags.binary, &actions, nil, argv + [nil], envp + [nil]) == 0 else {
            throw Failure("cannot start filetags watch")
        }
        self.pid = pid
    }

    var output: String { (try? String(contentsOfFile: out, encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOfFile: err, encoding: .utf8)) ?? "" }

    /// Waits (up to 10 s, polling) until `condition` holds; whether it did.
    func wait(_ condition: () -> Bool) -> Bool {
        for _ in 0..<200 {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    /// Ends it with `signal` (SIGTERM, as a user or systemd ends it): its exit status, -1 when the
    /// signal killed it.
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        unlink(out)
        unlink(err)
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}
