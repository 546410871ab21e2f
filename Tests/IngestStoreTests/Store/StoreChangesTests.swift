import Foundation
import Testing
@testable import RangePipeKit

/// Schema version 2's history (README, "The store"): a content hash per
/// series, the write that last changed it, and the migration of a version 1
/// store, read with the `sqlite3` CLI.
@Suite("The store's content hashes and generations")
struct StoreChangesTests {
    func ingest(_ args: [String]) throws {
        let r = try runRangepipe(["ingest"] + args + ["--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test("the hash is the content's: equal across stores and names, any NaN alike; one changed bit, label or field name changes it")
    func hashIsContent() throws {
        var rng = SeededGenerator(seed: 11)
        let x = (0 ..< 300).map { Double($0) * 60 }
        let v = x.map { _ in rng.double(in: -1e6 ... 1e6) }
        let base = Series(name: "a", axis: .time, x: x, fields: [.init(name: "v", values: v)])
        var renamed = base
        renamed.name = "b"
        #expect(base.contentHash == renamed.contentHash)
        #expect(base.contentHash.count == 32 && base.contentHash.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        // Missing values: a quiet NaN and one with a payload are one value.
        var nanA = base, nanB = base
        nanA.fields[0].values[7] = .nan
        nanB.fields[0].values[7] = Double(bitPattern: 0x7FF0_0000_0000_0001)
        #expect(nanA.contentHash == nanB.contentHash && nanA.contentHash != base.contentHash)
        // Every single-bit flip of a random value or x changes it.
        var seen: Set<String> = [base.contentHash]
        var flips: Set<[Int]> = []
        for _ in 0 ..< 200 {
            var s = base
            let i = rng.int(in: 0 ..< x.count), bit = UInt64(rng.int(in: 0 ..< 52)), inX = rng.bool()
            // A flip drawn twice would give the same content twice.
            guard flips.insert([i, Int(bit), inX ? 1 : 0]).inserted else { continue }
            if inX { s.x[i] = Double(bitPattern: x[i].bitPattern ^ (1 << bit)) }
            else { s.fields[0].values[i] = Double(bitPattern: v[i].bitPattern ^ (1 << bit)) }
            #expect(seen.insert(s.contentHash).inserted, "flip of bit \(bit) at \(i) collided")
        }
        var field = base
        field.fields[0].name = "w"
        var axis = base
        axis.axis = .number
        let c1 = Series(name: "c", axis: .category, x: [0, 1], fields: [.init(name: "v", values: [1, 2])], categories: ["ab", "c"])
        let c2 = Series(name: "c", axis: .category, x: [0, 1], fields: [.init(name: "v", values: [1, 2])], categories: ["a", "bc"])
        #expect(Set([base.contentHash, field.contentHash, axis.contentHash]).count == 3)
        #expect(c1.contentHash != c2.contentHash)

        // Through the binary: two stores of the same file agree, and equal the model's hash.
        let dir = try TemporaryDirectory()
        let csv = try StoreFixtures.fleet(dir, "f.csv", series: 3, days: 1 ... 5)
        try ingest([csv, "--series-column", "s", "--store", dir.path("a.sqlite")])
        try ingest([csv, "--series-column", "s", "--store", dir.path("b.sqlite")])
        let query = "SELECT name, content_hash FROM series ORDER BY name"
        let a = try sqlite3(dir.path("a.sqlite"), query)
        #expect(a == (try sqlite3(dir.path("b.sqlite"), query)) && a.count == 3)
        let s1 = try #require(try loadStored(dir.path("a.sqlite"), "s1"))
        #expect(a[1] == "s1|\(s1.contentHash)")
    }

    @Test("generations: each write is one; an append changes only its series; the same content written again keeps its generation")
    func generations() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let first = try StoreFixtures.fleet(dir, "f.csv", series: 5, days: 1 ... 5)
        try ingest([first, "--series-column", "s", "--store", store])
        let meta = "SELECT value FROM meta WHERE key = 'generation'"
        let changed = "SELECT name, changed_generation FROM series ORDER BY name"
        #expect(try sqlite3(store, meta) == ["1"])
        #expect(try sqlite3(store, changed) == (0 ..< 5).map { "s\($0)|1" })
        let id = try sqlite3(store, "SELECT value FROM meta WHERE key = 'store_id'")
        #expect(id.count == 1 && id[0].count >= 3)
        // Two series get day 6 (append).
        let more = try dir.write("more.csv", "s,date,v\ns1,2024-01-06,1\ns3,2024-01-06,3\n")
        try ingest([more, "--series-column", "s", "--store", store, "--mode", "append"])
        #expect(try sqlite3(store, meta) == ["2"])
        #expect(try sqlite3(store, changed) == ["s0|1", "s1|2", "s2|1", "s3|2", "s4|1"])
        // The first file again, replacing: s0, s2, s4 are as they were; s1 and s3 lose day 6.
        try ingest([first, "--series-column", "s", "--store", store, "--mode", "replace"])
        #expect(try sqlite3(store, meta) == ["3"])
        #expect(try sqlite3(store, changed) == ["s0|1", "s1|3", "s2|1", "s3|3", "s4|1"])
        #expect(try sqlite3(store, "SELECT value FROM meta WHERE key = 'store_id'") == id)
        // The reader's view.
        let reader = try SeriesStore.openForReading(path: store)
        defer { reader.close() }
        #expect(try reader.changeMark() == .init(storeID: id[0], generation: 3))
        #expect(try reader.seriesChanged(after: 1) == ["s1", "s3"])
        #expect(try reader.seriesChanged(after: 3) == [])
        #expect(try reader.seriesChanged(after: 0) == (0 ..< 5).map { "s\($0)" })
    }

    @Test("a version 1 store is read as it is and migrated by its next write: hashes from its content, generation 0 for the old series")
    func migration() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("old.sqlite"), fresh = dir.path("new.sqlite")
        // The fixture holds this fleet (and big and cat).
        let csv = try StoreFixtures.fleet(dir, "f.csv", series: 4, days: 1 ... 3)
        try StoreFixtures.restoreVersion2(store)
        try StoreFixtures.makeVersion1(store)
        #expect(try sqlite3(store, "PRAGMA user_version") == ["1"])
        // Reading does not migrate.
        let listed = try runRangepipe(["series", "--store", store])
        #expect(listed.status == 0 && listed.out.contains("s3"), "\(listed.stderr)")
        #expect(try sqlite3(store, "PRAGMA user_version") == ["1"])
        let reader = try SeriesStore.openForReading(path: store)
        #expect(try reader.changeMark() == nil)
        #expect(try sqlite3(store, "SELECT count(*) FROM pragma_table_info('series') WHERE name = 'content_hash'") == ["0"])
        reader.close()
        // A write migrates: the old series keep their content and get its hash.
        let extra = try dir.write("x.csv", "s,date,v\nnew,2024-01-01,1\nnew,2024-01-02,2\n")
        try ingest([extra, "--series-column", "s", "--store", store, "--mode", "append"])
        try ingest([csv, "--series-column", "s", "--store", fresh])
        #expect(try sqlite3(store, "PRAGMA user_version") == ["4"])
        #expect(try sqlite3(store, "SELECT name, content_hash FROM series WHERE name LIKE 's_' ORDER BY name")
            == (try sqlite3(fresh, "SELECT name, content_hash FROM series ORDER BY name")))
        #expect(try sqlite3(store, "SELECT name, changed_generation FROM series ORDER BY name")
            == ["big|0", "cat|0", "new|1", "s0|0", "s1|0", "s2|0", "s3|0"])
        #expect(try sqlite3(store, "SELECT count(*) FROM sqlite_master WHERE name = 'series_changed'") == ["1"])
    }

    @Test("a migration that fails (a damaged series) fails the write and leaves the version 1 store byte for byte")
    func failedMigration() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("old.sqlite")
        try StoreFixtures.restoreVersion2(store)
        try StoreFixtures.makeVersion1(store)
        // s1's x chunk loses a value: its points no longer match.
        _ = try sqlite3(store, "UPDATE chunk SET data = substr(data, 1, 16) WHERE column_index = -1 AND series_id = (SELECT id FROM series WHERE name = 's1'); PRAGMA wal_checkpoint(TRUNCATE);")
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let extra = try dir.write("x.csv", "s,date,v\nnew,2024-01-01,1\nnew,2024-01-02,2\n")
        let r = try runRangepipe(["ingest", extra, "--series-column", "s", "--store", store, "--mode", "append", "--quiet"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("s1"))
        _ = try sqlite3(store, "PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        #expect(try sqlite3(store, "PRAGMA user_version") == ["1"])
    }
}
