// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import JSON

/// The tags of a tree in a file, for what no attribute survives (a git repository, a cloud
/// folder, a backup): each tagged file's path under the tree, its size, its content's
/// ``Fingerprint`` and its attribute's exact bytes.
///
///     {"format": "wraphstack-filetags-export", "version": 1, "files": [
///       {"path": "photos/a.jpg", "size": 1234, "fingerprint": "xxh3-128:…", "attribute": "sea, sun"}, …]}
///
/// A path or an attribute that is not UTF-8 is written escaped (`path`) with its bytes in base64
/// (`pathBytes`, `attributeBytes`). Finder's attribute, when the file carries it (either Linux
/// form, ``FinderAttribute``), is kept byte for byte in base64 under its attribute's name
/// (`"finder": {"user.com.apple.metadata:_kMDItemUserTags": "YnBsaXN0…"}`); a file that carries
/// only Finder's has an empty `attribute`. ``TagImport`` puts them back: by path, else by content.
package enum TagExport {
    package static let format = "wraphstack-filetags-export"

    /// One tagged file.
    package struct Entry: Sendable, Equatable {
        /// Under the exported folder.
        package var path: FilePath
        package var size: Int64
        package var fingerprint: Fingerprint?
        package var attribute: [UInt8]
        /// Finder's attribute as the file carries it, by form: its exact bytes.
        package var finder: [FinderAttribute: [UInt8]] = [:]
    }

    /// The tagged files under `root`, sorted by path, each fingerprinted (through the journal's
    /// fingerprints kept by identity when there is a journal, so that a file is read once while it
    /// does not change).
    ///
    /// - Complexity: a walk of the tree, and a read of each tagged file without a kept fingerprint.
    package static func entries(under root: FilePath, journal: TagJournal?, options: FolderWalk.Options = FolderWalk.Options())
        -> (entries: [Entry], skipped: [WalkProblem]) {
        let walk = FolderWalk.walk([root], options: options) { ExportCollector(root: root) }
        var entries = walk.visitors.flatMap(\.entries)
        for index in entries.indices where entries[index].fingerprint == nil && entries[index].size > 0 {
            let path = FilePath(bytes: root.bytes + [UInt8(ascii: "/")] + entries[index].path.bytes)
            var info = stat()
            guard path.withKernelPath({ $0.map { stat($0, &info) } ?? -1 }) == 0 else { continue }
            entries[index].fingerprint = journal.flatMap { try? $0.fingerprint(of: path, info: info) } ?? Fingerprint.of(path)?.fingerprint
        }
        entries.sort { $0.path < $1.path }
        return (entries, walk.skipped + walk.visitors.flatMap(\.unreadable))
    }

    /// The export's text, a piece at a time.
    package static func encode(_ entries: [Entry], _ emit: ([UInt8]) -> Void) {
        var writer = JSONWriter(reservingCapacity: 1 << 16)
        writer.write(raw: "{\"format\":\"wraphstack-filetags-export\",\"version\":1,\"files\":[")
        for (index, entry) in entries.enumerated() {
            writer.write(raw: index == 0 ? "\n{\"path\":" : ",\n{\"path\":")
            writer.writeString(entry.path.description)
            if entry.path.string == nil {
                writer.write(raw: ",\"pathBytes\":")
                writer.writeString(FilePath.base64(entry.path.bytes))
            }
            writer.write(raw: ",\"size\":")
            writer.writeInteger(entry.size)
            if let fingerprint = entry.fingerprint {
                writer.write(raw: ",\"fingerprint\":")
                writer.writeString(fingerprint.description)
            }
            if let text = String(validating: entry.attribute, as: UTF8.self) {
                writer.write(raw: ",\"attribute\":")
                writer.writeString(text)
            } else {
                writer.write(raw: ",\"attributeBytes\":")
                writer.writeString(FilePath.base64(entry.attribute))
            }
            if !entry.finder.isEmpty {
                writer.write(raw: ",\"finder\":{")
                for (number, (form, value)) in entry.finder.sorted(by: { $0.key < $1.key }).enumerated() {
                    if number > 0 { writer.write(raw: ",") }
                    writer.writeString(form.rawValue)
                    writer.write(raw: ":")
                    writer.writeString(FilePath.base64(value))
                }
                writer.write(raw: "}")
            }
            writer.write(raw: "}")
            if writer.bytes.count > 1 << 16 {
                emit(writer.bytes)
                writer.bytes.removeAll(keepingCapacity: true)
            }
        }
        writer.write(raw: "\n]}\n")
        emit(writer.bytes)
    }

    /// Reads an export.
    ///
    /// - Throws: ``ExportError`` naming what is wrong.
    package static func decode(_ bytes: [UInt8]) throws(ExportError) -> [Entry] {
        let value: JSONValue
        do {
            value = try JSONValue.parse(utf8: bytes)
        } catch {
            throw ExportError(description: tr("it is not JSON: \(error.worded)"))
        }
        guard case .string(format)? = value["format"] else {
            throw ExportError(description: tr("it is not an export of filetags (no \"format\": \"\(format)\")"))
        }
        guard case .number(1)? = value["version"] else { throw ExportError(description: tr("it has an unknown version")) }
        guard case .array(let files)? = value["files"] else { throw ExportError(description: tr("it has no \"files\" list")) }
        var entries: [Entry] = []
        for (number, file) in files.enumerated() {
            func fail(_ what: String) -> ExportError { ExportError(description: tr("file \(number + 1) \(what)")) }
            let path: FilePath
            if case .string(let encoded)? = file["pathBytes"] {
                guard let bytes = FilePath.bytes(base64: encoded) else { throw fail(tr("has a pathBytes that is not base64")) }
                path = FilePath(bytes: bytes)
            } else if case .string(let text)? = file["path"] {
                path = FilePath(text)
            } else {
                throw fail(tr("has no path"))
            }
            if path.isEmpty || path.bytes.first == UInt8(ascii: "/") || path.bytes.contains(0)
                || path.bytes.split(separator: UInt8(ascii: "/")).contains(where: { $0.elementsEqual("..".utf8) }) {
                throw fail(tr("has a path that leads out of the folder: \(path)"))
            }
            let attribute: [UInt8]
            if case .string(let encoded)? = file["attributeBytes"] {
                guard let bytes = FilePath.bytes(base64: encoded) else { throw fail(tr("has attributeBytes that are not base64")) }
                attribute = bytes
            } else if case .string(let text)? = file["attribute"] {
                attribute = Array(text.utf8)
            } else {
                throw fail(tr("has no attribute"))
            }
            var size: Int64 = -1
            if case .number(let number)? = file["size"] { size = Int64(number) }
            var fingerprint: Fingerprint?
            if case .string(let text)? = file["fingerprint"] {
                guard let read = Fingerprint(text: text) else { throw fail(tr("has a fingerprint that is not xxh3-128:HEX")) }
                fingerprint = read
            }
            var finder: [FinderAttribute: [UInt8]] = [:]
            if let member = file["finder"] {
                guard case .object(let forms) = member else { throw fail(tr("has a \"finder\" that is not an object")) }
                for (name, value) in forms {
                    guard let form = FinderAttribute(rawValue: name) else {
                        throw fail(tr("has a Finder attribute of an unknown name: \(name) (known: \(FinderAttribute.allCases.map(\.rawValue).joined(separator: ", ")))"))
                    }
                    guard case .string(let encoded) = value, let bytes = FilePath.bytes(base64: encoded) else {
                        throw fail(tr("has a Finder attribute \(name) that is not base64"))
                    }
                    finder[form] = bytes
                }
            }
            entries.append(Entry(path: path, size: size, fingerprint: fingerprint, attribute: attribute, finder: finder))
        }
        return entries
    }
}

/// An export that cannot be read, and why.
package struct ExportError: Error, CustomStringConvertible {
    package var description: String
}

/// The walk's visitor of an export: each tagged file's path under the root, size and attribute,
/// fingerprinted later.
final class ExportCollector: FolderVisitor {
    let root: FilePath
    /// Each tagged file's size is read from its descriptor.
    var needsDescriptor: Bool { true }
    var entries: [TagExport.Entry] = []
    var unreadable: [WalkProblem] = []

    init(root: FilePath) {
        var bytes = root.bytes
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        self.root = FilePath(bytes: bytes)
    }

    func visit(_ file: WalkedFile) {
        let attribute = file.attribute.map(Array.init) ?? []
        var finder: [FinderAttribute: [UInt8]] = [:]
        for form in file.finder?.forms ?? [] { if let value = form.value { finder[form.attribute] = value } }
        guard !attribute.isEmpty || !finder.isEmpty else { return }
        let path = file.path
        guard path.bytes.count > root.bytes.count, path.isWithin(root) else { return }
        var info = stat()
        guard fstat(file.descriptor, &info) == 0 else { return }
        let relative = FilePath(bytes: path.bytes[(root.bytes.count + 1)...])
        entries.append(TagExport.Entry(path: relative, size: file.isDirectory ? -1 : Int64(info.st_size), fingerprint: nil,
                                       attribute: attribute, finder: finder))
    }
}

/// Putting an export's tags back under a folder.
package enum TagImport {
    /// What an import does to one file.
    package struct Item: Sendable, Equatable {
        package enum Match: Sendable, Equatable {
            case byPath
            /// By content: the export's path it had.
            case byContent(FilePath)
        }
        package var path: FilePath
        package var attribute: [UInt8]
        /// Finder's attribute to give it, by form (``TagExport/Entry/finder``).
        package var finder: [FinderAttribute: [UInt8]] = [:]
        package var match: Match
        package var identity: FileIdentity?
    }

    /// What an import found: the files to tag, and the entries it leaves and why.
    package struct Plan: Sendable {
        package var items: [Item] = []
        package var leftAlone: [(path: FilePath, reason: String)] = []
    }

    /// The files under `root` each export entry goes to: the file at its path, when there is one
    /// (an entry whose file carries these tags already is done, one whose file carries other tags
    /// is left alone); else the untagged files under `root` with its size and fingerprint (by
    /// content). A file found by content for entries of different tags is left alone.
    ///
    /// - Complexity: one stat an entry, a walk of the tree when some entries' paths are gone, and
    ///   a read of each untagged file of a size they have.
    package static func plan(_ entries: [TagExport.Entry], under root: FilePath,
                             attributes: any ExtendedAttributes = SystemExtendedAttributes()) -> Plan {
        var plan = Plan()
        var byContent: [TagExport.Entry] = []
        for entry in entries {
            let path = FilePath(bytes: root.bytes + [UInt8(ascii: "/")] + entry.path.bytes)
            var info = stat()
            guard path.withKernelPath({ $0.map { lstat($0, &info) } ?? -1 }) == 0 else {
                if entry.fingerprint != nil && entry.size > 0 { byContent.append(entry) } else {
                    plan.leftAlone.append((path, tr("is not there, and cannot be found by content (no fingerprint, or empty)")))
                }
                continue
            }
            let current = try? attributes.value(of: FileTags.attribute, at: path)
            switch current ?? nil {
            case nil, []?:
                if !entry.finder.isEmpty && entry.finder.allSatisfy({ (try? attributes.value(of: $0.key.rawValue, at: path)) == $0.value }) {
                    continue  // Only Finder's, which it carries already.
                }
                plan.items.append(Item(path: path, attribute: entry.attribute, finder: entry.finder, match: .byPath,
                                       identity: FileIdentity(info)))
            case entry.attribute? where !entry.attribute.isEmpty:
                continue
            default:
                plan.leftAlone.append((path, tr("carries other tags; they were left as they are")))
            }
        }
        guard !byContent.isEmpty else { return plan }
        let sizes = Set(byContent.map(\.size))
        let walk = FolderWalk.walk([root]) { CandidateCollector(sizes: sizes) }
        var found: [Fingerprint: [TagExport.Entry]] = [:]
        for entry in byContent { found[entry.fingerprint!, default: []].append(entry) }
        var matched = Set<FilePath>()
        for candidate in walk.visitors.flatMap(\.candidates).sorted(by: { $0.path < $1.path }) {
            guard let (fingerprint, info) = Fingerprint.of(candidate.path), let sources = found[fingerprint] else { continue }
            guard sources.allSatisfy({ $0.attribute == sources[0].attribute && $0.finder == sources[0].finder }) else {
                plan.leftAlone.append((candidate.path, tr("has the content of several exported files with different tags")))
                continue
            }
            plan.items.append(Item(path: candidate.path, attribute: sources[0].attribute, finder: sources[0].finder,
                                   match: .byContent(sources[0].path), identity: FileIdentity(info)))
            for source in sources { matched.insert(source.path) }
        }
        for entry in byContent where !matched.contains(entry.path) {
            plan.leftAlone.append((FilePath(bytes: root.bytes + [UInt8(ascii: "/")] + entry.path.bytes),
                                   tr("is not there, and no file under the folder has its content")))
        }
        return plan
    }
}
