// Changes the chips offer besides add, remove and rename.

extension TagDocument {
    /// Adds a tag some files have to all of them (file mode: each file that lacks it).
    @discardableResult
    public func addToAll(_ name: String) throws -> ChangeReport {
        guard entries.contains(where: { $0.name == name }) else { throw TagError.notFound(name) }
        return try apply(.add(name))
    }

    /// Renames `old` to `existing`, another tag's name: where a file (or the collection) has
    /// both, `old` goes; where it has only `old`, it becomes `existing`.
    @discardableResult
    public func merge(_ old: String, into existing: String) throws -> ChangeReport {
        for name in [old, existing] where !entries.contains(where: { $0.name == name }) {
            throw TagError.notFound(name)
        }
        return try apply(.rename(old, to: existing))
    }
}
