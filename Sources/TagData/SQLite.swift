// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSQLite

/// An SQLite failure, with SQLite's own message.
package struct SQLiteError: Error, CustomStringConvertible {
    package var code: Int32
    package var message: String
    package var description: String { message }
}

/// One connection to an SQLite database (Debian's libsqlite3), used by one thread at a time
/// (its owner serializes): prepared statements, binding and reading by column.
final class SQLiteDatabase {
    private(set) var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]

    init(path: FilePath) throws(SQLiteError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let result = path.withCString { sqlite3_open_v2($0, &handle, flags, nil) }
        self.handle = handle
        guard result == SQLITE_OK else {
            let error = SQLiteError(code: result, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? tr("cannot open"))
            sqlite3_close_v2(handle)
            self.handle = nil
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        close()
    }

    /// Finalizes the statements and closes the connection; nothing may use it after.
    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements = [:]
        sqlite3_close_v2(handle)
        handle = nil
    }

    func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs statements with no result rows.
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        if result != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(code: result, message: text)
        }
    }

    /// A statement, prepared once and kept for the connection's life.
    func statement(_ sql: String) throws(SQLiteError) -> Statement {
        if let known = statements[sql] {
            sqlite3_reset(known)
            sqlite3_clear_bindings(known)
            return Statement(handle: known, database: self)
        }
        var prepared: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard result == SQLITE_OK, let prepared else { throw error(result) }
        statements[sql] = prepared
        return Statement(handle: prepared, database: self)
    }

    /// Runs `body` in one transaction (`BEGIN IMMEDIATE`: the write lock taken at once, so two
    /// writers take turns instead of failing midway); rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    var changes: Int { Int(sqlite3_changes(handle)) }
    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

    /// A prepared statement's use: bind by position (from 1), step, read columns (from 0).
    struct Statement {
        let handle: OpaquePointer
        unowned let database: SQLiteDatabase

        func bind(_ index: Int32, _ value: Int64?) {
            if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
        }

        func bind(_ index: Int32, _ value: Double?) {
            if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
        }

        func bind(_ index: Int32, _ value: String) {
            sqlite3_bind_text(handle, index, value, -1, csqlite_transient())
        }

        func bind<Bytes: Collection<UInt8>>(_ index: Int32, bytes: Bytes?) {
            guard let bytes else {
                sqlite3_bind_null(handle, index)
                return
            }
            let array = Array(bytes)
            _ = array.withUnsafeBytes { raw in
                // An empty blob is bound as zero-length, not NULL.
                sqlite3_bind_blob(handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count), csqlite_transient())
            }
        }

        /// Makes it ready to be bound and stepped again.
        func reset() {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }

        /// Steps once: whether a row came.
        @discardableResult
        func step() throws(SQLiteError) -> Bool {
            let result = sqlite3_step(handle)
            if result == SQLITE_ROW { return true }
            if result == SQLITE_DONE { return false }
            throw database.error(result)
        }

        /// Steps to the end, calling `row` for each row.
        func forEachRow(_ row: () throws -> Void) throws {
            while try step() { try row() }
        }

        func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
        func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
        func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
        func optionalBytes(_ column: Int32) -> [UInt8]? { isNull(column) ? nil : bytes(column) }
        func text(_ column: Int32) -> String {
            sqlite3_column_text(handle, column).map { String(cString: $0) } ?? ""
        }
        func bytes(_ column: Int32) -> [UInt8] {
            let count = Int(sqlite3_column_bytes(handle, column))
            guard count > 0, let blob = sqlite3_column_blob(handle, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: blob, count: count))
        }
    }
}
