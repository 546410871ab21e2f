import Foundation
import Testing
@testable import RangePipeKit

/// Schema version 3 (README, "The store"): small series packed into shared
/// `pack` rows, read back with the `sqlite3` CLI (`loadStored`), and
/// stores written by the binary before packs (Tests/Fixtures/store-v2.sql).
@Suite("Packed small series (schema version 3)")
struct PackedStoreTests {
    /// The fixture's inputs (its header says how it was made): s0…s3, big, cat.
    static func fixtureInputs(_ dir: TemporaryDirectory) throws -> [[String]] {
        let fleet = try StoreFixtures.fleet(dir, "f.csv", series: 4, days: 1 ... 3)
        let big = try dir.write("big.csv", "x,v,w\n" + (0 ..< 100).map { "\($0),\($0 % 13),\($0 % 5 == 0 ? String(Double($0) / 2) : "")\n" }.joined())
        let cat = try dir.write("cat.csv", "quarter,v\nQ1,1\nQ2,2\nQ1,3\n")
        return [[fleet, "--series-column", "s"], [big], [cat, "--duplicates", "keep"]]
    }

    func ingest(_ args: [String]) throws {
        let r = try runRangepipe(["ingest"] + args + ["--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    static let script = #"{"fps": 10, "duration": 0.1, "window": {"initial": "all"}, "events": []}"#

    @Test("a series of at most 1 KiB of columns is packed, a larger one chunked; packs hold at most 16 KiB and their slices do not overlap")
    func layout() throws {
        let dir = try TemporaryDirectory()
        // k one-point series; then one field: 64 points (1,024 B) and 65; three fields: 32 points (1,024 B) and 33.
        var one = "x,s,v\n"
        for k in 0 ..< 2_500 { one += "\(k),o\(k),\(Double(k) / 4)\n" }
        var oneField = "x,s,v\n", threeFields = "x,s,v,w,u\n"
        for (name, points) in [("a64", 64), ("b65", 65)] { for i in 0 ..< points { oneField += "\(i),\(name),\(i * 2)\n" } }
        for (name, points) in [("c32", 32), ("d33", 33)] { for i in 0 ..< points { threeFields += "\(i),\(name),\(i * 2),\(i * 3),\(i * 5)\n" } }
        for (k, store) in [dir.path("built.sqlite"), dir.path("grown.sqlite")].enumerated() {
            // The second store already exists when the fleet goes in: the write path of an open store.
            if k == 1 { try ingest([try dir.write("seed.csv", "x,v\n1,1\n"), "--store", store]) }
            try ingest([try dir.write("one.csv", one), "--series-column", "s", "--store", store])
            try ingest([try dir.write("one-field.csv", oneField), "--series-column", "s", "--store", store])
            try ingest([try dir.write("three-fields.csv", threeFields), "--series-column", "s", "--store", store])
            #expect(try sqlite3(store, "PRAGMA user_version") == ["4"])
            let packed = try sqlite3(store, "SELECT name FROM series WHERE pack_id IS NOT NULL AND name NOT LIKE 'o%' ORDER BY name")
            #expect(packed == ["a64", "c32"] + (k == 1 ? ["seed"] : []))
            #expect(try sqlite3(store, "SELECT count(*) FROM series WHERE name LIKE 'o%' AND pack_id IS NOT NULL") == ["2500"])
            #expect(try sqlite3(store, "SELECT count(DISTINCT series_id) FROM chunk") == ["2"])
            // 2,500 one-point series of 16 B: 1,024 to a 16 KiB pack.
            #expect(try sqlite3(store, "SELECT max(length(data)) <= 16384, count(*) FROM pack")[0].hasPrefix("1|"))
            let slices = try sqlite3(store, """
                SELECT s.pack_id, s.pack_offset, s.points * ((SELECT count(*) FROM \(fieldRows(version: 4)) f WHERE f.series_id = s.id) + 1) * 8, length(p.data)
                  FROM series s JOIN pack p ON p.id = s.pack_id ORDER BY s.pack_id, s.pack_offset
                """).map { $0.split(separator: "|").map { Int($0)! } }
            for (a, b) in zip(slices, slices.dropFirst()) where a[0] == b[0] { #expect(a[1] + a[2] <= b[1], "\(a) overlaps \(b)") }
            #expect(slices.allSatisfy { $0[1] + $0[2] <= $0[3] })
            for k in [0, 1023, 1024, 2499] {
                let s = try #require(try loadStored(store, "o\(k)"))
                #expect(s.x == [Double(k)] && s.fields.map(\.values) == [[Double(k) / 4]])
            }
            let c32 = try #require(try loadStored(store, "c32"))
            #expect(c32.x == (0 ..< 32).map(Double.init) && c32.fields.map(\.values) == [2, 3, 5].map { m in (0 ..< 32).map { Double($0 * m) } })
            #expect(try loadStored(store, "a64")?.fields[0].values == (0 ..< 64).map { Double($0 * 2) })
        }
    }

    @Test("replacing a packed series leaves a hole in its pack; growing past 1 KiB moves it to chunks; every reader agrees with sqlite3")
    func replaceAndGrow() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        try ingest([try dir.write("a.csv", "x,s,v\n1,p,1\n2,p,2\n1,q,5\n"), "--series-column", "s", "--store", store])
        let firstPack = try sqlite3(store, "SELECT pack_id FROM series WHERE name = 'p'")
        try ingest([try dir.write("b.csv", "x,s,v\n3,p,3\n"), "--series-column", "s", "--store", store, "--mode", "append"])
        #expect(try sqlite3(store, "SELECT pack_id != \(firstPack[0]), pack_offset FROM series WHERE name = 'p'") == ["1|0"])
        // The old slice is still in the first pack (a hole), which q still uses.
        #expect(try sqlite3(store, "SELECT length(data) FROM pack WHERE id = \(firstPack[0])") == ["48"])
        #expect(try loadStored(store, "p")?.x == [1, 2, 3])
        #expect(try loadStored(store, "q")?.fields[0].values == [5])
        let more = "x,s,v\n" + (4 ..< 70).map { "\($0),p,\($0)\n" }.joined()
        try ingest([try dir.write("c.csv", more), "--series-column", "s", "--store", store, "--mode", "append"])
        #expect(try sqlite3(store, "SELECT pack_id IS NULL, points FROM series WHERE name = 'p'") == ["1|69"])
        #expect(try loadStored(store, "p")?.fields[0].values == [1, 2, 3] + (4 ..< 70).map(Double.init))
        // play --all (one scan) and play --series (one load each) give the same bytes.
        let script = try dir.write("s.json", Self.script)
        let all = try runRangepipe(["play", script, "--store", store, "--all", "--on-series-error", "skip"])
        let each = try ["p", "q"].map { try runRangepipe(["play", script, "--store", store, "--series", $0]) }
        #expect(all.status == 3 && each[0].status == 0, "\(all.stderr)")
        #expect(all.out == each[0].out)
    }

    @Test("a damaged pack or slice is a located error naming the series, from one load and from play --all alike", arguments: [
        ("update series set pack_offset = 1048576 where name = 'p'", "series 'p': its packed columns (pack 1, byte 1048576) are not in the pack"),
        ("update series set pack_offset = -8 where name = 'p'", "series 'p': its packed columns (pack 1, byte -8) are not in the pack"),
        ("update series set pack_offset = 4 where name = 'p'", "series 'p': its packed columns (pack 1, byte 4) are not in the pack"),
        ("update series set points = 4 where name = 'q'", "series 'q': its packed columns (pack 1, byte 48) are not in the pack"),
        ("delete from pack", "series 'p': its packed columns (pack 1, byte 0) are not in the pack"),
        ("update pack set data = substr(data, 1, 47)", "series 'q': its packed columns (pack 1, byte 48) are not in the pack"),
        ("update pack set data = x'000000000000F87F' || substr(data, 9)", "series 'p': x at point 1 is not a finite number"),
        ("update pack set data = substr(data, 1, 24) || x'000000000000F07F' || substr(data, 33)", "series 'p': field 'v' at point 1 is infinite"),
    ])
    func damaged(sql: String, message: String) throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        // p: 3 points (48 B at 0), q: 3 points (48 B at 48).
        try ingest([try dir.write("a.csv", "x,s,v\n1,p,1\n2,p,2\n3,p,3\n1,q,4\n2,q,5\n3,q,6\n"), "--series-column", "s", "--store", store])
        _ = try sqlite3(store, sql)
        let name = message.contains("'p'") ? "p" : "q"
        let script = try dir.write("s.json", Self.script)
        let one = try runRangepipe(["play", script, "--store", store, "--series", name])
        let all = try runRangepipe(["play", script, "--store", store, "--all", "--on-series-error", "skip"])
        #expect(one.status == 65 && one.stderr.contains(message), "\(one.stderr)")
        #expect(all.status != 0 && all.stderr.contains(message), "\(all.stderr)")
    }

    @Test("a version 2 store made by the binary before packs is read as it is (no write), and reads as a new store of the same inputs")
    func readsVersion2() throws {
        let dir = try TemporaryDirectory()
        let old = dir.path("old.sqlite"), fresh = dir.path("fresh.sqlite")
        try StoreFixtures.restoreVersion2(old)
        for args in try Self.fixtureInputs(dir) { try ingest(args + ["--store", fresh]) }
        let before = try Data(contentsOf: URL(fileURLWithPath: old))
        let script = try dir.write("s.json", Self.script)
        for args in [["series", "--json"], ["play", script, "--all", "--on-series-error", "skip"], ["play", script, "--series", "big"],
                     ["play", script, "--series", "s2"]] {
            let a = try runRangepipe(args + ["--store", old]), b = try runRangepipe(args + ["--store", fresh])
            #expect(a.status == b.status && a.out == b.out && !a.out.isEmpty, "\(args): \(a.stderr)")
        }
        #expect(try sqlite3(old, "PRAGMA user_version") == ["2"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: old)) == before)
        for name in ["s0", "big", "cat"] { #expect(try loadStored(old, name) == loadStored(fresh, name)) }
    }

    @Test("the first write migrates a version 2 (or 1) store in place: old series stay in chunks, new ones are packed, hashes and generations as a new store's")
    func migratesOnWrite() throws {
        for version in [2, 1] {
            let dir = try TemporaryDirectory()
            let old = dir.path("old.sqlite"), fresh = dir.path("fresh.sqlite")
            try StoreFixtures.restoreVersion2(old)
            if version == 1 { try StoreFixtures.makeVersion1(old) }
            for args in try Self.fixtureInputs(dir) { try ingest(args + ["--store", fresh]) }
            let day = try dir.write("d.csv", "s,date,v\ns1,2024-01-04,7\nnew,2024-01-01,1\nnew,2024-01-02,2\n")
            for store in [old, fresh] { try ingest([day, "--series-column", "s", "--store", store, "--mode", "append"]) }
            #expect(try sqlite3(old, "PRAGMA user_version") == ["4"])
            #expect(try sqlite3(old, "SELECT count(*) FROM pack") == ["1"])
            #expect(try sqlite3(old, "SELECT name FROM series WHERE pack_id IS NOT NULL ORDER BY name") == ["new", "s1"])
            #expect(try sqlite3(fresh, "SELECT count(*) FROM series WHERE pack_id IS NULL") == ["1"]) // big
            let names = try sqlite3(fresh, "SELECT name FROM series ORDER BY name")
            #expect(try sqlite3(old, "SELECT name FROM series ORDER BY name") == names)
            for name in names { #expect(try loadStored(old, name) == loadStored(fresh, name), "v\(version): \(name)") }
            #expect(try sqlite3(old, "SELECT name, content_hash FROM series ORDER BY name") == sqlite3(fresh, "SELECT name, content_hash FROM series ORDER BY name"))
            // The fixture's three ingests were generations 1 to 3 (version 1 had none: 0); this write is the next.
            let write = version == 2 ? 4 : 1
            let kept = version == 2 ? ["2", "3", "1", "1", "1"] : ["0", "0", "0", "0", "0"]
            #expect(try sqlite3(old, "SELECT name, changed_generation FROM series ORDER BY name")
                == (zip(["big", "cat", "s0", "s2", "s3"], kept).map { "\($0)|\($1)" } + ["new|\(write)", "s1|\(write)"]).sorted())
            #expect(try sqlite3(old, "PRAGMA integrity_check") == ["ok"])
        }
    }
}
