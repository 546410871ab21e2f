import Foundation
import Testing
@testable import RangePipeKit

/// Schema version 4 (docs/store.md): a series' first field in its own row,
/// the `field` table holding ordinals 1 on; stores written by the binary
/// before it (Tests/Fixtures/store-v3.sql) read as they are and migrated
/// by their first write. Everything is checked against the `sqlite3` CLI
/// or a store built from the same inputs by this binary.
@Suite("The first field in the series row (schema version 4)")
struct FirstFieldStoreTests {
    /// The version 3 fixture's inputs (its header says how it was made).
    static func fixtureInputs(_ dir: TemporaryDirectory) throws -> [[String]] {
        try PackedStoreTests.fixtureInputs(dir) + [[try dir.write("two.csv", "x,v,w\n1,1.5,\n2,2,5\n3,,6\n")]]
    }

    func ingest(_ args: [String]) throws {
        let r = try runRangepipe(["ingest"] + args + ["--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// Every field of every series by name, from the fixture's version 3
    /// rows as the `sqlite3` CLI reads them: the expected version 4 view.
    static let v3Fields = [
        "big|0|v|0.0|12.0|0", "big|1|w|0.0|47.5|80", "cat|0|v|1.0|3.0|0", "s0|0|v|1.0|3.0|0", "s1|0|v|11.0|13.0|0",
        "s2|0|v|21.0|23.0|0", "s3|0|v|31.0|33.0|0", "two|0|v|1.5|2.0|1", "two|1|w|5.0|6.0|1",
    ]

    static func fields(_ store: String) throws -> [String] {
        try sqlite3(store, "SELECT s.name, f.ordinal, f.name, f.min, f.max, f.missing FROM \(fieldRows(version: storeVersion(store))) f JOIN series s ON s.id = f.series_id ORDER BY s.name, f.ordinal")
    }

    @Test("a new store keeps each series' first field in its row and only the others in the field table, written one by one or batched")
    func layout() throws {
        let dir = try TemporaryDirectory()
        for (k, store) in [dir.path("built.sqlite"), dir.path("grown.sqlite")].enumerated() {
            // The second store exists first: every series goes through the one-by-one write.
            if k == 1 { try ingest([try dir.write("seed.csv", "x,v\n1,1\n"), "--store", store]) }
            for args in try Self.fixtureInputs(dir) { try ingest(args + ["--store", store]) }
            #expect(try sqlite3(store, "PRAGMA user_version") == ["4"])
            #expect(try sqlite3(store, "SELECT count(*) FROM field WHERE ordinal = 0") == ["0"])
            #expect(try sqlite3(store, "SELECT s.name, f.ordinal, f.name FROM field f JOIN series s ON s.id = f.series_id ORDER BY s.name") == ["big|1|w", "two|1|w"])
            #expect(try Self.fields(store).filter { !$0.hasPrefix("seed|") } == Self.v3Fields)
            #expect(try loadStored(store, "two")?.fields.map(\.name) == ["v", "w"])
        }
    }

    @Test("a version 3 store made by the binary before is read as it is (no write), and reads as a new store of the same inputs")
    func readsVersion3() throws {
        let dir = try TemporaryDirectory()
        let old = dir.path("old.sqlite"), fresh = dir.path("fresh.sqlite")
        try StoreFixtures.restoreVersion3(old)
        #expect(try Self.fields(old) == Self.v3Fields)
        for args in try Self.fixtureInputs(dir) { try ingest(args + ["--store", fresh]) }
        let before = try Data(contentsOf: URL(fileURLWithPath: old))
        let script = try dir.write("s.json", PackedStoreTests.script)
        for args in [["series", "--json"], ["play", script, "--all", "--on-series-error", "skip"], ["play", script, "--series", "big"],
                     ["play", script, "--series", "two"], ["play", script, "--all", "--jobs", "2", "--on-series-error", "skip"]] {
            let a = try runRangepipe(args + ["--store", old]), b = try runRangepipe(args + ["--store", fresh])
            #expect(a.status == b.status && a.out == b.out && !a.out.isEmpty, "\(args): \(a.stderr)")
        }
        #expect(try sqlite3(old, "PRAGMA user_version") == ["3"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: old)) == before)
        for name in ["s0", "big", "cat", "two"] { #expect(try loadStored(old, name) == loadStored(fresh, name)) }
    }

    @Test("the first write migrates a version 3, 2 or 1 store in place: every first field moves into its series row, the series read as a new store's", arguments: [3, 2, 1])
    func migratesOnWrite(version: Int) throws {
        let dir = try TemporaryDirectory()
        let old = dir.path("old.sqlite"), fresh = dir.path("fresh.sqlite")
        var inputs = try Self.fixtureInputs(dir)
        if version == 3 {
            try StoreFixtures.restoreVersion3(old)
        } else {
            try StoreFixtures.restoreVersion2(old)
            if version == 1 { try StoreFixtures.makeVersion1(old) }
            inputs.removeLast() // the version 2 fixture has no `two`
        }
        let oldFields = try Self.fields(old)
        for args in inputs { try ingest(args + ["--store", fresh]) }
        // An append to one series, then a new series with two fields, neither an old one's.
        let day = try dir.write("d.csv", "s,date,v\ns1,2024-01-04,7\n")
        let new = try dir.write("new.csv", "x,a,b\n1,1,\n2,2,3\n")
        for store in [old, fresh] {
            try ingest([day, "--series-column", "s", "--store", store, "--mode", "append"])
            try ingest([new, "--store", store])
        }
        #expect(try sqlite3(old, "PRAGMA user_version") == ["4"])
        #expect(try sqlite3(old, "SELECT count(*) FROM field WHERE ordinal = 0") == ["0"])
        // The series the write left alone keep the fields the old layout held.
        let untouched = { (rows: [String]) in rows.filter { !$0.hasPrefix("s1|") && !$0.hasPrefix("new|") } }
        #expect(untouched(try Self.fields(old)) == untouched(oldFields))
        #expect(try Self.fields(old) == Self.fields(fresh))
        let names = try sqlite3(fresh, "SELECT name FROM series ORDER BY name")
        #expect(try sqlite3(old, "SELECT name FROM series ORDER BY name") == names)
        for name in names { #expect(try loadStored(old, name) == loadStored(fresh, name), "v\(version): \(name)") }
        #expect(try sqlite3(old, "SELECT name, content_hash FROM series ORDER BY name") == sqlite3(fresh, "SELECT name, content_hash FROM series ORDER BY name"))
        let script = try dir.write("s.json", PackedStoreTests.script)
        for args in [["series", "--json"], ["play", script, "--all", "--on-series-error", "skip"]] {
            let a = try runRangepipe(args + ["--store", old]), b = try runRangepipe(args + ["--store", fresh])
            #expect(a.status == b.status && a.out == b.out && !a.out.isEmpty, "\(args): \(a.stderr)")
        }
        #expect(try sqlite3(old, "PRAGMA integrity_check") == ["ok"])
    }

    @Test("a migration whose write fails (a bad row) leaves the version 3 store byte for byte")
    func failedWriteKeepsVersion3() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("old.sqlite")
        try StoreFixtures.restoreVersion3(store)
        _ = try sqlite3(store, "PRAGMA wal_checkpoint(TRUNCATE)")
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let bad = try dir.write("bad.csv", "x,v\n1,1\n2,oops\n")
        let r = try runRangepipe(["ingest", bad, "--store", store, "--series", "n"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(try sqlite3(store, "PRAGMA user_version") == ["3"])
        _ = try sqlite3(store, "PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test("a hand-edited version 3 store whose field ordinals start below 0 (or skip 0) reads the same before and after the write that migrates it")
    func oddOrdinalsMigrate() throws {
        let dir = try TemporaryDirectory()
        let script = try dir.write("s.json", PackedStoreTests.script)
        for edit in ["UPDATE field SET ordinal = -1 WHERE series_id = 7 AND ordinal = 1", "UPDATE field SET ordinal = ordinal + 5 WHERE series_id = 5"] {
            let store = dir.path("odd.sqlite")
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
            try StoreFixtures.restoreVersion3(store)
            _ = try sqlite3(store, edit)
            let reads = { () throws -> [String] in
                try [["series", "--json"], ["play", script, "--series", "two"], ["play", script, "--series", "big"]].map { args in
                    let r = try runRangepipe(args + ["--store", store])
                    return "\(r.status)\n\(r.out)\(r.stderr)"
                }
            }
            let before = try reads()
            try ingest([try dir.write("n.csv", "x,v\n1,2\n2,3\n"), "--store", store])
            #expect(try sqlite3(store, "PRAGMA user_version") == ["4"])
            let after = try reads()
            // The new series aside, every read is the same.
            #expect(after[1 ... 2] == before[1 ... 2], "\(edit)")
            #expect(after[0].split(separator: "\n").filter { !$0.contains(#""name":"n""#) } == before[0].split(separator: "\n"), "\(edit)")
        }
    }
}
