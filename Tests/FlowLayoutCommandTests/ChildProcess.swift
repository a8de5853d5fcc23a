// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program as a shell would, with its standard input and output set up as a test needs:
/// a real pipe fed by a thread, a file, a device, a closed descriptor, a pipe nobody reads. Reports
/// what it wrote, how it ended, how far it read a file given as its input, and on request its peak
/// resident memory.
struct ChildProcess {
    enum Input {
        /// A pipe the test writes these pieces to, one after the other, then closes.
        case pipe([Piece])
        /// The file (or device, or directory) opened for reading; its offset is reported.
        case file(String)
        /// The file opened for writing only.
        case writeOnly(String)
        /// A Unix stream socket (as inetd or systemd socket activation give) the test writes these
        /// bytes to, then resets once the process has written `afterLines` lines (so it has read
        /// what it answered): its next read fails with ECONNRESET.
        case socketThenReset([UInt8], afterLines: Int)
        case closed
    }

    enum Output {
        /// A pipe the test reads to its end.
        case capture
        /// The file (or device) opened for writing.
        case file(String)
        /// The file opened for reading only.
        case readOnly(String)
        /// A pipe whose reading end the test closes at once: every write is a broken pipe.
        case brokenPipe
        case closed
    }

    enum Piece {
        case bytes([UInt8])
        /// A pause before the next piece, so the process finds its input empty.
        case pause(milliseconds: Int)
        /// `count` bytes of `byte`, written a megabyte at a time (never held in memory at once).
        case repeated(UInt8, count: Int)

        static func text(_ text: String) -> Piece { .bytes(Array(text.utf8)) }
    }

    struct Outcome {
        var stdout: [UInt8]
        var stderr: String
        /// The exit status, or `nil` if a signal ended the process.
        var status: Int32?
        var signal: Int32?
        /// Peak resident set size in bytes, when `measuresPeakMemory`.
        var peakResidentBytes: Int?
        /// For `Input.file`: how many bytes of it the process had read when it ended.
        var inputOffset: Int?

        var output: String { String(decoding: stdout, as: UTF8.self) }
        var outputLines: [Substring] { output.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
    }

    var executable: String
    var arguments: [String]
    var input: Input = .pipe([])
    var output: Output = .capture
    /// Whether the pipes the test makes for input and output are non-blocking (O_NONBLOCK on the
    /// child's side too, as Node.js leaves them): reads and writes may fail with EAGAIN.
    var nonBlocking = false
    /// Whether SIGPIPE keeps its default action (end the process) or is ignored, as some parents
    /// (a Python script, a service manager) leave it for their children.
    var ignoresSIGPIPE = false
    /// Runs the program under GNU time, which reports its peak resident memory (and passes its exit
    /// status on; a signal comes back as status 128 + N). The `wait4` of a process started here
    /// cannot: posix_spawn starts it in the test process's memory, and Linux counts that memory's
    /// peak into the child's when it execs.
    var measuresPeakMemory = false

    func run() throws -> Outcome {
        // The test process itself must survive writing to a child that has gone.
        signal(SIGPIPE, SIG_IGN)
        var plumbing = Plumbing()
        defer { plumbing.closeAll() }
        try plumbing.connect(input, nonBlocking: nonBlocking)
        try plumbing.connect(output, nonBlocking: nonBlocking)
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("peak-\(UUID())").path
        defer { unlink(report) }
        let pid = try spawn(with: &plumbing.actions, report: report)
        plumbing.closeChildEnds()

        let progress = OutputProgress()
        var feeder: DispatchGroup?
        if case .pipe(let pieces) = input { feeder = Self.feed(pieces, to: plumbing.inputWriter) }
        if case .socketThenReset(let bytes, let lines) = input {
            feeder = Self.send(bytes, to: plumbing.inputWriter, resetAfter: lines, of: progress)
        }
        let (stdout, stderr) = Self.drain(plumbing.outputReader, plumbing.errorReader, progress: progress)
        plumbing.inputWriter = -1   // the feeder closes it
        plumbing.outputReader = -1   // drain closed these
        plumbing.errorReader = -1
        feeder?.wait()

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return Outcome(stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self),
                       status: exited ? (status >> 8) & 0xFF : nil, signal: exited ? nil : status & 0x7F,
                       peakResidentBytes: measuresPeakMemory ? try Self.peak(in: report) : nil,
                       inputOffset: plumbing.inputFile >= 0 ? Int(lseek(plumbing.inputFile, 0, SEEK_CUR)) : nil)
    }

    /// Starts the program (under GNU time when measuring) with every signal at its default action
    /// (the test runner may ignore some), SIGPIPE as asked.
    func spawn(with actions: inout posix_spawn_file_actions_t, report: String) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        if ignoresSIGPIPE { sigdelset(&defaults, SIGPIPE) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let command = measuresPeakMemory ? ["/usr/bin/time", "-q", "-f", "%M", "-o", report, executable] + arguments
                                         : [executable] + arguments
        let argv = command.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv + [nil], environ)
        guard spawned == 0 else { throw SpawnError(message: "posix_spawn \(command[0]): \(String(cString: strerror(spawned)))") }
        return pid
    }

    /// GNU time's report: its last line is the peak in kilobytes.
    static func peak(in report: String) throws -> Int {
        let kilobytes = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").last.flatMap { Int($0) }
        return try #require(kilobytes, "no peak memory reported") * 1024
    }

    /// The descriptors of one run: what the child is given (by `actions`) and the test's own ends.
    struct Plumbing {
        var actions = posix_spawn_file_actions_t()
        /// Closed in the test once the child has them.
        var childEnds: [Int32] = []
        var inputWriter: Int32 = -1, inputFile: Int32 = -1, outputReader: Int32 = -1, errorReader: Int32 = -1

        init() { posix_spawn_file_actions_init(&actions) }

        mutating func give(_ descriptor: Int32, as target: Int32) {
            posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            childEnds.append(descriptor)
        }

        mutating func connect(_ input: Input, nonBlocking: Bool) throws {
            switch input {
            case .pipe:
                let (read, write) = try ChildProcess.pipe()
                if nonBlocking { _ = fcntl(read, F_SETFL, O_NONBLOCK) }
                give(read, as: 0)
                inputWriter = write
            case .file(let path):
                // Kept open here (not a child end), so that its offset can be read afterwards.
                inputFile = try ChildProcess.open(path, O_RDONLY)
                posix_spawn_file_actions_adddup2(&actions, inputFile, 0)
            case .writeOnly(let path):
                give(try ChildProcess.open(path, O_WRONLY), as: 0)
            case .socketThenReset:
                let (near, far) = try ChildProcess.resettableSocket()
                give(far, as: 0)
                inputWriter = near
            case .closed:
                posix_spawn_file_actions_addclose(&actions, 0)
            }
        }

        /// Connects standard output as asked, and standard error to a pipe.
        mutating func connect(_ output: Output, nonBlocking: Bool) throws {
            switch output {
            case .capture, .brokenPipe:
                let (read, write) = try ChildProcess.pipe()
                if nonBlocking { _ = fcntl(write, F_SETFL, O_NONBLOCK) }
                give(write, as: 1)
                if case .brokenPipe = output { close(read) } else { outputReader = read }
            case .file(let path):
                give(try ChildProcess.open(path, O_WRONLY), as: 1)
            case .readOnly(let path):
                give(try ChildProcess.open(path, O_RDONLY), as: 1)
            case .closed:
                posix_spawn_file_actions_addclose(&actions, 1)
            }
            let (read, write) = try ChildProcess.pipe()
            give(write, as: 2)
            errorReader = read
        }

        mutating func closeChildEnds() {
            childEnds.forEach { close($0) }
            childEnds = []
        }

        mutating func closeAll() {
            closeChildEnds()
            for descriptor in [inputWriter, inputFile, outputReader, errorReader] where descriptor >= 0 { close(descriptor) }
            posix_spawn_file_actions_destroy(&actions)
        }
    }

    struct SpawnError: Error { var message: String }

    static func pipe() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { throw SpawnError(message: "pipe: \(String(cString: strerror(errno)))") }
        // Only the descriptors the child is given (dup2) must reach it, not other tests' pipes.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// A connected pair of Unix stream sockets, the far end for the process. A byte sent from the
    /// far end waits unread at the near end, so that closing the near end resets the connection
    /// (Linux gives the peer of a socket closed with unread data ECONNRESET).
    static func resettableSocket() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else {
            throw SpawnError(message: "socketpair: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var unread: UInt8 = 0
        guard write(ends[1], &unread, 1) == 1 else { throw SpawnError(message: "socket: \(String(cString: strerror(errno)))") }
        return (ends[0], ends[1])
    }

    /// Lines of output read so far, for a thread that waits for them.
    final class OutputProgress: @unchecked Sendable {
        private let condition = NSCondition()
        private var lines = 0

        func add(_ bytes: ArraySlice<UInt8>) {
            condition.lock()
            lines += bytes.filter { $0 == 0x0A }.count
            condition.broadcast()
            condition.unlock()
        }

        /// Waits (a minute at most, so a broken command fails the test instead of hanging it).
        func wait(forLines count: Int) {
            condition.lock()
            let deadline = Date().addingTimeInterval(60)
            while lines < count && condition.wait(until: deadline) {}
            condition.unlock()
        }
    }

    /// Sends `bytes`, waits for `lines` lines of output, then closes the socket: a reset.
    static func send(_ bytes: [UInt8], to socket: Int32, resetAfter lines: Int, of progress: OutputProgress) -> DispatchGroup {
        let group = DispatchGroup()
        group.enter()
        Thread {
            defer { close(socket); group.leave() }
            _ = bytes.withUnsafeBytes { writeAll(socket, $0) }
            progress.wait(forLines: lines)
        }.start()
        return group
    }

    static func open(_ path: String, _ flags: Int32) throws -> Int32 {
        let descriptor = Glibc.open(path, flags | O_CLOEXEC)
        guard descriptor >= 0 else { throw SpawnError(message: "open \(path): \(String(cString: strerror(errno)))") }
        return descriptor
    }

    /// Writes the input on another thread, so that a child blocked on a full output pipe cannot
    /// deadlock against the test; stops early when the child closes its end.
    static func feed(_ pieces: [Piece], to descriptor: Int32) -> DispatchGroup {
        let group = DispatchGroup()
        group.enter()
        Thread {
            defer { close(descriptor); group.leave() }
            for piece in pieces {
                switch piece {
                case .bytes(let bytes):
                    guard bytes.withUnsafeBytes({ writeAll(descriptor, $0) }) else { return }
                case .pause(let milliseconds):
                    usleep(useconds_t(milliseconds * 1000))
                case .repeated(let byte, let count):
                    let block = [UInt8](repeating: byte, count: 1 << 20)
                    var left = count
                    while left > 0 {
                        let size = min(left, block.count)
                        guard block.withUnsafeBytes({ writeAll(descriptor, UnsafeRawBufferPointer(rebasing: $0[..<size])) }) else { return }
                        left -= size
                    }
                }
            }
        }.start()
        return group
    }

    @discardableResult
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 { if errno == EINTR { continue }; return false }
            offset += written
        }
        return true
    }

    /// Reads both pipes to their ends (either may be -1: nothing to read).
    static func drain(_ out: Int32, _ err: Int32, progress: OutputProgress) -> ([UInt8], [UInt8]) {
        var collected: [[UInt8]] = [[], []]
        var open = [out, err].enumerated().filter { $0.element >= 0 }.map { (index: $0.offset, fd: $0.element) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !open.isEmpty {
            var polled = open.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            if poll(&polled, nfds_t(polled.count), -1) < 0 { if errno == EINTR { continue }; break }
            for (slot, entry) in polled.enumerated().reversed() where entry.revents != 0 {
                let count = read(entry.fd, &buffer, buffer.count)
                if count > 0 {
                    collected[open[slot].index] += buffer[..<count]
                    if open[slot].index == 0 { progress.add(buffer[..<count]) }
                } else {
                    close(entry.fd)
                    open.remove(at: slot)
                }
            }
        }
        return (collected[0], collected[1])
    }
}
