import Foundation
import Testing

/// Stores and inputs the store and CLI tests both build.
enum StoreFixtures {
    /// Long format: series s0 … s(n−1), `days` daily points each, v = 10·k + day.
    static func fleet(_ dir: TemporaryDirectory, _ name: String, series n: Int, days: ClosedRange<Int>, shift: Int = 0) throws -> String {
        var text = "s,date,v\n"
        for k in 0 ..< n {
            for d in days { text += "s\(k),2024-01-\(d < 10 ? "0" : "")\(d),\(10 * k + d + shift)\n" }
        }
        return try dir.write(name, text)
    }

    /// Restores the version 2 fixture (the old binary's store) at `path`, in WAL mode as it left it.
    static func restoreVersion2(_ path: String) throws {
        let dump = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/store-v2.sql"), encoding: .utf8)
        // The old binary's page size; a first argument starting with "-" would be an option to sqlite3.
        _ = try sqlite3(path, "PRAGMA page_size = 65536;\n" + dump + "PRAGMA journal_mode = WAL;")
        #expect(try sqlite3(path, "PRAGMA user_version") == ["2"])
    }

    /// Restores the version 3 fixture (the binary before the first field
    /// moved into the series row) at `path`, in WAL mode as it left it.
    static func restoreVersion3(_ path: String) throws {
        let dump = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/store-v3.sql"), encoding: .utf8)
        _ = try sqlite3(path, "PRAGMA page_size = 65536;\n" + dump + "PRAGMA journal_mode = WAL;")
        #expect(try sqlite3(path, "PRAGMA user_version") == ["3"])
    }

    /// Turns a version 2 store (`restoreVersion2`, the old binary's) back
    /// into the version 1 layout.
    static func makeVersion1(_ store: String) throws {
        _ = try sqlite3(store, """
            DROP INDEX series_changed;
            ALTER TABLE series DROP COLUMN changed_generation;
            ALTER TABLE series DROP COLUMN content_hash;
            DELETE FROM meta WHERE key IN ('generation', 'store_id');
            PRAGMA user_version = 1;
            """)
    }
}
