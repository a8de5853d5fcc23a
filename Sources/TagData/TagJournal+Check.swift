// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Glibc

/// A file whose tags were lost, and what puts them back.
///
/// The rule (documented in `filetags --help`): a removal is intended when the file that carried
/// the tags still does (the same inode) without them, or still carries some of them; the tags are
/// lost when the whole attribute is gone and a new inode took the file's place, or when a file
/// without tags holds the content of a journaled file and was made after that file's tags were
/// first seen.
package struct Loss: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// Its path's tags are gone, and a new inode took the file's place (saved anew, copied
        /// over, unpacked, checked out).
        case replaced
        /// No tags, and the content of a journaled file that had tags: copied, moved, renamed.
        case sameContent(as: FilePath)
        /// The content of several journaled files that carried different tags: not restored.
        case ambiguous([FilePath])
        /// No tags, and the name, size and modification time (to the nanosecond) of a journaled
        /// file that is gone from its place: moved through a file system without attributes.
        case moved(from: FilePath)
        /// Its tags are in a sidecar of ours (`.ts/NAME.json`) though its file system takes
        /// attributes: back from a drive without them; a restore folds them into the attribute.
        case inSidecar
    }

    /// The file, as the check was given it.
    package var path: FilePath
    package var kind: Kind
    /// What a restore writes to `user.xdg.tags`, byte for byte (empty for
    /// ``Kind/ambiguous(_:)``, and for a file that carried only Finder's attribute).
    package var attribute: [UInt8]
    /// The file as the check saw it: a restore writes only while it is still this file.
    package var identity: FileIdentity?
    /// Whether the file carried `user.xdg.tags` (a restore writes ``attribute`` only then).
    package var carriesAttribute = true
    /// What a restore writes to each form of Finder's attribute the file carried, byte for byte.
    package var finder: [FinderAttribute: [UInt8]] = [:]

    package init(path: FilePath, kind: Kind, attribute: [UInt8], identity: FileIdentity?, carriesAttribute: Bool = true,
                 finder: [FinderAttribute: [UInt8]] = [:]) {
        self.path = path
        self.kind = kind
        self.attribute = attribute
        self.identity = identity
        self.carriesAttribute = carriesAttribute
        self.finder = finder
    }

    /// The tags lost, for people: “the freedesktop attribute's text”, and Finder's tags (each
    /// form's entries' names) when it carried them.
    package var tags: String {
        var parts: [String] = []
        if carriesAttribute { parts.append(tr("“\(String(decoding: attribute, as: UTF8.self))”")) }
        for (form, value) in finder.sorted(by: { $0.key < $1.key }) {
            let names = ((try? form.strings(value)) ?? []).map { FinderTagEntry(text: $0).name }
            parts.append(tr("Finder's “\(names.joined(separator: ", "))” (\(form.name))"))
        }
        return parts.joined(separator: tr(" and "))
    }

    /// The loss in a line: what happened, and the tags.
    package var explanation: String {
        let tags = self.tags
        switch kind {
        case .replaced:
            return tr("its tags are gone and another file took its place (same path, new inode: saved anew, copied over, unpacked or checked out); they were \(tags)")
        case .sameContent(let source):
            return tr("no tags, and the same content as \(source), which had \(tags) (copied, moved or renamed)")
        case .ambiguous(let sources):
            let files = sources.map(\.description).joined(separator: tr(" and "))
            return tr("no tags, and the same content as \(files), which had different tags: not restored (tag it yourself)")
        case .moved(let source):
            return tr("no tags, and the name, size and modification time of \(source), which is gone from there (moved through a file system without attributes); it had \(tags)")
        case .inSidecar:
            let sidecar = Sidecar.path(of: path, isDirectory: false)
            return tr("its tags \(tags) are in a sidecar (\(sidecar)) though its file system takes attributes: back from a drive without them; restore puts them in the attribute")
        }
    }
}

/// What a check found.
package struct CheckResult: Sendable {
    package var losses: [Loss]
    package var skipped: [WalkProblem]
    package var filesRead: Int
}

/// What became of a loss a restore was given.
package enum RestoreOutcome: Sendable, Equatable {
    case restored
    /// A dry run: it would have been restored.
    case wouldRestore
    /// Left as it is, and why.
    case skipped(String)
}

/// An untagged file that may be a copy of a journaled one (its size is one the journal knows).
struct Candidate {
    var path: FilePath
    var info: stat
    var born: Double
}

/// The walk's visitor of a check: the untagged files whose size some journaled file has, and the
/// files whose tags are in a sidecar of ours though their file system takes attributes.
final class CandidateCollector: FolderVisitor {
    let sizes: Set<Int64>
    /// Each untagged file's size and birth time are read from its descriptor.
    var needsDescriptor: Bool { true }
    var candidates: [Candidate] = []
    var inSidecars: [(path: FilePath, attribute: [UInt8], identity: FileIdentity)] = []

    init(sizes: Set<Int64>) {
        self.sizes = sizes
    }

    func visit(_ file: WalkedFile) {
        if file.sidecar == .besideAttributes(ours: true), let attribute = file.attribute {
            inSidecars.append((file.path, Array(attribute), file.identity))
        }
        guard file.attribute == nil, file.finder == nil, !file.isDirectory, !sizes.isEmpty else { return }
        var info = stat()
        guard fstat(file.descriptor, &info) == 0, sizes.contains(Int64(info.st_size)) else { return }
        // A copy is born after the original's tags were seen; without a birth time, the last
        // change of its inode (which a copy's making is) stands in.
        let born = FileSystem.birthTime(descriptor: file.descriptor)
            ?? Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9
        candidates.append(Candidate(path: file.path, info: info, born: born))
    }
}

extension TagJournal {
    /// Finds the files under `roots` that lost their tags (``Loss``), keeping the journal current
    /// as a journaled walk does: at their path (``Loss/Kind/replaced``), or by content (a file
    /// without tags whose fingerprint is a journaled file's, born after that file's tags were
    /// first seen). Files that are empty are never matched by content. Fingerprints are computed
    /// for the files that need one (an untagged file of a journaled size, and the journaled
    /// files of that size that still exist as the journal knows them) and kept by identity.
    ///
    /// - Complexity: a walk of the roots (as `list`), plus a read of the content of the files
    ///   whose size matches and have no fingerprint for their identity yet.
    package func check(_ roots: [FilePath], options: FolderWalk.Options = FolderWalk.Options(),
                       attributes: any ExtendedAttributes = SystemExtendedAttributes()) throws -> CheckResult {
        let sizes = try locked { () throws -> Set<Int64> in
            var sizes = Set<Int64>()
            let select = try database.statement("SELECT DISTINCT size FROM files WHERE size > 0")
            try select.forEachRow { sizes.insert(select.int(0)) }
            return sizes
        }
        let plan = JournalWalkPlan(journal: self, roots: roots)
        // The journal keeps Finder's attribute whatever the mode: the walk reads it (its digests
        // then match the journal's).
        var options = options
        if options.finder == .off { options.finder = .keep }
        let walk = FolderWalk.walk(roots, options: options) { JournalingVisitor(CandidateCollector(sizes: sizes), plan: plan) }
        try sync(walk.visitors, attributes: attributes)
        var losses = try replacedFiles(plan)
        let candidates = walk.visitors.flatMap(\.inner.candidates)
        losses += try copies(candidates, excluding: Set(losses.map(\.path)))
        losses += walk.visitors.flatMap(\.inner.inSidecars).map {
            Loss(path: $0.path, kind: .inSidecar, attribute: $0.attribute, identity: $0.identity)
        }
        losses.sort { $0.path < $1.path }
        return CheckResult(losses: losses, skipped: walk.skipped, filesRead: walk.filesRead)
    }

    /// The rows under the roots marked lost, as losses at their paths as given.
    private func replacedFiles(_ plan: JournalWalkPlan) throws -> [Loss] {
        try locked {
            var losses: [Loss] = []
            for root in plan.roots {
                let select = try database.statement("""
                    SELECT d.path, f.name, f.attribute, f.carries_xdg, f.finder_rsync, f.finder_samba
                    FROM files f JOIN folders d ON d.id = f.folder
                    WHERE f.lost != 0 AND (d.path = ?1 OR (d.path >= ?2 AND d.path < ?3) OR (d.path = ?4 AND f.name = ?5))
                    """)
                let (low, high) = Self.range(under: root.canonical)
                select.bind(1, bytes: root.canonical.bytes)
                select.bind(2, bytes: low)
                select.bind(3, bytes: high)
                select.bind(4, bytes: root.canonical.parent.bytes)
                select.bind(5, bytes: root.canonical.lastComponent)
                try select.forEachRow {
                    let canonical = FilePath(bytes: select.bytes(0)).appending(select.bytes(1))
                    let given = FilePath(bytes: root.given.bytes + canonical.bytes[root.canonical.bytes.count...])
                    losses.append(Loss(path: given, kind: .replaced, attribute: select.bytes(2),
                                       identity: try? FileIdentity(of: given), carriesAttribute: select.int(3) != 0,
                                       finder: Self.finder(select, rsync: 4, samba: 5)))
                }
            }
            return losses
        }
    }

    /// A journaled file that may be the source of a copy.
    private struct Source {
        var path: FilePath
        var attribute: [UInt8]
        var carriesAttribute: Bool
        var finder: [FinderAttribute: [UInt8]]
        var firstSeen: Double
        var fingerprint: Fingerprint?
        var modified: Int64
        /// Gone from its place (noticed so, or not there now).
        var isGone: Bool

        /// Whether it carried the same tags as `other`, in both attributes.
        func hasTags(of other: Source) -> Bool {
            attribute == other.attribute && carriesAttribute == other.carriesAttribute && finder == other.finder
        }
    }

    /// The candidates whose content is a journaled file's, born after its tags were first seen.
    private func copies(_ candidates: [Candidate], excluding: Set<FilePath>) throws -> [Loss] {
        var losses: [Loss] = []
        var sourcesOfSize: [Int64: [Source]] = [:]
        for candidate in candidates where !excluding.contains(candidate.path) {
            let size = Int64(candidate.info.st_size)
            if sourcesOfSize[size] == nil { sourcesOfSize[size] = try sources(ofSize: size) }
            let born = candidate.born
            let identity = FileIdentity(candidate.info)
            let eligible = sourcesOfSize[size]!.filter { $0.fingerprint != nil && $0.firstSeen < born }
            let fingerprint = eligible.isEmpty ? nil : try fingerprint(of: candidate.path, info: candidate.info)
            let matches = fingerprint.map { print in eligible.filter { $0.fingerprint == print } } ?? []
            guard let first = matches.first else {
                // A file moved through a drive without attributes keeps its name, size and time.
                let modified = Int64(candidate.info.st_mtim.tv_sec) * 1_000_000_000 + Int64(candidate.info.st_mtim.tv_nsec)
                let moved = sourcesOfSize[size]!.filter {
                    $0.isGone && $0.modified == modified && $0.path.lastComponent.elementsEqual(candidate.path.lastComponent)
                }
                if let source = moved.first, moved.allSatisfy({ $0.hasTags(of: source) }) {
                    losses.append(Loss(path: candidate.path, kind: .moved(from: source.path), attribute: source.attribute, identity: identity,
                                       carriesAttribute: source.carriesAttribute, finder: source.finder))
                }
                continue
            }
            if matches.allSatisfy({ $0.hasTags(of: first) }) {
                losses.append(Loss(path: candidate.path, kind: .sameContent(as: first.path), attribute: first.attribute, identity: identity,
                                   carriesAttribute: first.carriesAttribute, finder: first.finder))
            } else {
                losses.append(Loss(path: candidate.path, kind: .ambiguous(matches.map(\.path)), attribute: [], identity: identity))
            }
        }
        return losses
    }

    /// The journaled files of a size, each with its fingerprint: kept for its identity, or
    /// computed now when the file is still there as the journal knows it.
    private func sources(ofSize size: Int64) throws -> [Source] {
        var rows: [(source: Source, device: Int64, inode: Int64, mtime: Int64, present: Bool)] = []
        try locked {
            let select = try database.statement("""
                SELECT d.path, f.name, f.attribute, f.first_seen, f.device, f.inode, f.mtime, f.lost, f.missing_since,
                       p.hash, f.carries_xdg, f.finder_rsync, f.finder_samba FROM files f JOIN folders d ON d.id = f.folder
                LEFT JOIN fingerprints p ON p.device = f.device AND p.inode = f.inode AND p.size = f.size AND p.mtime = f.mtime
                WHERE f.size = ?
                """)
            select.bind(1, size)
            try select.forEachRow {
                let path = FilePath(bytes: select.bytes(0)).appending(select.bytes(1))
                let hash = select.isNull(9) ? nil : Fingerprint(bytes: select.bytes(9))
                let missing = !select.isNull(8)
                rows.append((Source(path: path, attribute: select.bytes(2), carriesAttribute: select.int(10) != 0,
                                    finder: Self.finder(select, rsync: 11, samba: 12), firstSeen: select.double(3), fingerprint: hash,
                                    modified: select.int(6), isGone: missing),
                             select.int(4), select.int(5), select.int(6), select.int(7) == 0 && !missing))
            }
        }
        var sources: [Source] = []
        for var row in rows {
            if !row.source.isGone {
                var info = stat()
                row.source.isGone = row.source.path.withKernelPath({ $0.map { lstat($0, &info) } ?? -1 }) != 0 && errno == ENOENT
                if row.source.isGone { row.present = false }
            }
            if row.source.fingerprint == nil && row.present, let (fingerprint, info) = Fingerprint.of(row.source.path),
               Int64(bitPattern: UInt64(info.st_dev)) == row.device, Int64(bitPattern: UInt64(info.st_ino)) == row.inode,
               Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec) == row.mtime {
                row.source.fingerprint = fingerprint
                try store(fingerprint, info: info)
            }
            sources.append(row.source)
        }
        return sources
    }

    /// The fingerprint of a file: kept for its identity, or read now and kept.
    func fingerprint(of path: FilePath, info: stat) throws -> Fingerprint? {
        let known = try locked { () throws -> Fingerprint? in
            let select = try database.statement("""
                SELECT hash FROM fingerprints WHERE device = ?1 AND inode = ?2 AND size = ?3 AND mtime = ?4
                """)
            Self.bindIdentity(select, info)
            return try select.step() ? Fingerprint(bytes: select.bytes(0)) : nil
        }
        if let known { return known }
        guard let (fingerprint, read) = Fingerprint.of(path), read.st_ino == info.st_ino, read.st_size == info.st_size else { return nil }
        try store(fingerprint, info: read)
        return fingerprint
    }

    /// Keeps a fingerprint for the identity it was read at.
    func store(_ fingerprint: Fingerprint, info: stat) throws {
        try locked {
            let insert = try database.statement("""
                INSERT OR REPLACE INTO fingerprints (device, inode, size, mtime, hash, used) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """)
            Self.bindIdentity(insert, info)
            insert.bind(5, bytes: fingerprint.bytes)
            insert.bind(6, FileSystem.now())
            try insert.step()
        }
    }

    static func bindIdentity(_ statement: SQLiteDatabase.Statement, _ info: stat) {
        statement.bind(1, Int64(bitPattern: UInt64(info.st_dev)))
        statement.bind(2, Int64(bitPattern: UInt64(info.st_ino)))
        statement.bind(3, Int64(info.st_size))
        statement.bind(4, Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    // MARK: Restoring

    /// Puts each loss's tags back, byte for byte, as every write is made: under the file's lock,
    /// only when the file is still the one the check saw and still has no tags (another program
    /// may have tagged it since), and only where it can be written. Records what it wrote.
    /// An ambiguous loss is never restored.
    package func restore(_ losses: [Loss], dryRun: Bool = false,
                         attributes: any ExtendedAttributes = SystemExtendedAttributes()) -> [RestoreOutcome] {
        var outcomes: [RestoreOutcome] = []
        var written: [Sighting] = []
        for loss in losses {
            let outcome: RestoreOutcome
            if case .ambiguous = loss.kind {
                outcome = .skipped(tr("its content is that of files with different tags"))
            } else {
                outcome = FileTags.writeIfUntagged(loss.carriesAttribute ? loss.attribute : nil, finder: loss.finder, at: loss.path,
                                                   identity: loss.identity, dryRun: dryRun,
                                                   ignoringSidecar: loss.kind == .inSidecar, attributes: attributes)
            }
            if outcome == .restored, let sighting = Sighting(of: loss.path, attributes: attributes) {
                written.append(sighting)
                retireSidecarsLeftBehind(by: sighting)
            }
            outcomes.append(outcome)
        }
        try? record(written)
        return outcomes
    }


    /// A file that came back with its tags from a drive without attributes left its sidecar of
    /// ours there (mv takes the file, not `.ts`): once the tags are back, a sidecar of ours at a
    /// journaled path that is gone, for a file of the same name, size, time and tags, goes too.
    private func retireSidecarsLeftBehind(by sighting: Sighting) {
        guard let attribute = sighting.attribute, let canonical = Self.canonical(sighting.path) else { return }
        var orphans: [FilePath] = []
        locked {
            guard let select = try? database.statement("""
                SELECT d.path, f.name FROM files f JOIN folders d ON d.id = f.folder
                WHERE f.size = ?1 AND f.mtime = ?2 AND f.name = ?3 AND f.attribute = ?4
                """) else { return }
            select.bind(1, sighting.size)
            select.bind(2, sighting.modified)
            select.bind(3, bytes: canonical.lastComponent)
            select.bind(4, bytes: attribute)
            try? select.forEachRow {
                let path = FilePath(bytes: select.bytes(0)).appending(select.bytes(1))
                if path != canonical { orphans.append(path) }
            }
        }
        for orphan in orphans {
            var info = stat()
            guard orphan.withKernelPath({ $0.map { lstat($0, &info) } ?? -1 }) != 0, errno == ENOENT else { continue }
            let sidecar = Sidecar.path(of: orphan, isDirectory: false)
            if case .sidecar(let found) = Sidecar.read(at: sidecar), found.isOurs, found.attribute == attribute {
                Sidecar.retire(of: orphan, isDirectory: false, emptyOthers: false)
            }
        }
    }
}

extension FileTags {
    /// Writes `attribute` (byte for byte; `nil`: none) and each form of Finder's attribute in
    /// `finder` to a file that has no tags, as every write is made: under the file's lock, only
    /// while it is still the file `identity` names (when given), has no tags in either attribute,
    /// and can be written. A file whose Finder attribute holds a value that is not Finder's
    /// property list is left as it is, and the reason names it. How restore and import write.
    ///
    /// - Parameter ignoringSidecar: tags in a sidecar beside the file do not count (they are the
    ///   ones being folded into the attribute).
    package static func writeIfUntagged(_ attribute: [UInt8]?, finder: [FinderAttribute: [UInt8]] = [:], at path: FilePath,
                                        identity: FileIdentity?, dryRun: Bool, ignoringSidecar: Bool = false,
                                        attributes: any ExtendedAttributes = SystemExtendedAttributes()) -> RestoreOutcome {
        do {
            return try FileSystem.withExclusiveLockIfPossible(onFile: path) { _ -> RestoreOutcome in
                if let identity, (try? FileIdentity(of: path)) != identity {
                    return .skipped(tr("it was replaced since it was read"))
                }
                let now = ignoringSidecar ? try rawAttribute(path) : try attributes.value(of: FileTags.attribute, at: path)
                if let now, !now.isEmpty { return .skipped(tr("it carries tags now; they were left as they are")) }
                if let reason = finderNow(at: path, attributes) { return .skipped(reason) }
                if let problem = FileSystem.writeProblem(path) { return .skipped(problem.shortReason) }
                if dryRun { return .wouldRestore }
                if let attribute { try attributes.setValue(attribute, of: FileTags.attribute, at: path) }
                for (form, value) in finder.sorted(by: { $0.key < $1.key }) {
                    try attributes.setValue(value, of: form.name, at: path)
                }
                return .restored
            }
        } catch {
            return .skipped("\(error)")
        }
    }

    /// Why a restore leaves the file alone for its Finder attribute (`nil`: it carries none): it
    /// carries Finder's tags now, or a value that is not Finder's property list (never written
    /// over: it may be another program's, and nothing of it is known).
    static func finderNow(at path: FilePath, _ attributes: any ExtendedAttributes) -> String? {
        for form in FinderAttribute.allCases {
            let read: [UInt8]?
            do {
                read = try attributes.value(of: form.name, at: path)
            } catch {
                if error.code == ENOTSUP { return nil }
                return tr("\(form.name) cannot be read: \(error)")
            }
            guard let value = read else { continue }
            do {
                _ = try FinderTags.decode(value, of: form, at: path)
            } catch {
                return error.detail ?? "\(error)"
            }
            return tr("it carries Finder's tags now (\(form.name)); they were left as they are")
        }
        return nil
    }

    /// The attribute itself, without looking at a sidecar.
    static func rawAttribute(_ path: FilePath) throws(FileError) -> [UInt8]? {
        let size = path.withKernelPath { $0.map { getxattr($0, FileTags.attribute, nil, 0) } ?? -1 }
        if size < 0 {
            if errno == ENODATA { return nil }
            throw FileError(path: path, operation: "read the tags of", code: errno)
        }
        return try SystemExtendedAttributes().value(of: FileTags.attribute, at: path)
    }
}
