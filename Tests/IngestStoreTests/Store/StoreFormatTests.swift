import Foundation
import Testing
@testable import RangePipeKit

/// The store as the README documents it, read with the `sqlite3` CLI only.
@Suite("The store's format, read with sqlite3")
struct StoreFormatTests {
    @Test("WAL mode, schema version 4 (the first field in the series row), and 65,536-value chunks with min/max over non-missing values")
    func layout() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        // 70 000 points: x = i, v = i mod 1000 (NaN at every 7th point), w missing everywhere but row 3.
        let n = 70_000
        var text = "x,v,w\n"
        for i in 0 ..< n { text += "\(i),\(i % 7 == 0 ? "NA" : String(i % 1000)),\(i == 3 ? "2.5" : "")\n" }
        let csv = try dir.write("big.csv", text)
        #expect(try runRangepipe(["ingest", csv, "--store", store, "--y", "v,w", "--quiet"]).status == 0)
        #expect(try sqlite3(store, "PRAGMA journal_mode") == ["wal"])
        #expect(try sqlite3(store, "PRAGMA user_version") == ["4"])
        #expect(try sqlite3(store, "SELECT name, axis, points, x_min, x_max, chunk_size FROM series") == ["big|number|70000|0.0|69999.0|65536"])
        // v = 0 at i = 1000 (not a multiple of 7).
        #expect(try sqlite3(store, "SELECT field_name, field_min, field_max, field_missing FROM series") == ["v|0.0|999.0|\((n + 6) / 7)"])
        #expect(try sqlite3(store, "SELECT ordinal, name, min, max, missing FROM field ORDER BY ordinal") == ["1|w|2.5|2.5|\(n - 1)"])
        let chunks = try sqlite3(store, "SELECT column_index, seq, first_index, count, ifnull(min, 'NULL'), ifnull(max, 'NULL'), length(data) FROM chunk ORDER BY column_index, seq")
        // Brute force over each chunk's index range.
        var expected: [String] = []
        for column in [-1, 0, 1] {
            for (seq, start) in [0, 65_536].enumerated() {
                let count = min(65_536, n - start)
                let values = (start ..< start + count).map { i -> Double in
                    switch column {
                    case -1: return Double(i)
                    case 0: return i % 7 == 0 ? .nan : Double(i % 1000)
                    default: return i == 3 ? 2.5 : .nan
                    }
                }.filter { !$0.isNaN }
                let lo = values.min().map { "\($0)" } ?? "NULL", hi = values.max().map { "\($0)" } ?? "NULL"
                expected.append("\(column)|\(seq)|\(start)|\(count)|\(lo)|\(hi)|\(count * 8)")
            }
        }
        #expect(chunks == expected)
        // The blob is little-endian Float64: the x chunk's value 65 537 at offset 8.
        let hex = try sqlite3(store, "SELECT hex(substr(data, 9, 8)) FROM chunk WHERE column_index = -1 AND seq = 1")
        #expect(float64s(hex: hex[0]) == [65_537])
    }

    @Test("time and category series store seconds since the epoch and first-appearance ordinals with labels")
    func xEncodings() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let times = try dir.write("t.csv", "t,v\n2004-01-02T03:04:05.250+02:00,1\n1970-01-01,2\n")
        let labels = try dir.write("c.csv", "k,v\nb,1\na,2\nb,3\n")
        #expect(try runRangepipe(["ingest", times, labels, "--store", store, "--quiet", "--duplicates", "keep"]).status == 0)
        let t = try #require(try loadStored(store, "t"))
        // 2004-01-02 01:04:05.25 UTC: 12 419 days and 3845.25 s after the epoch.
        #expect(t.axis == .time && t.x == [0, 12_419 * 86_400 + 3_845.25])
        #expect(try sqlite3(store, "SELECT c.ordinal, c.label FROM category c JOIN series s ON s.id = c.series_id WHERE s.name = 'c' ORDER BY c.ordinal")
            == ["0|b", "1|a"])
        #expect(try loadStored(store, "c")?.x == [0, 0, 1])
    }

    @Test("an empty SQLite file (schema version 0) is made version 4 on the first ingest")
    func migrateFromEmpty() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("old.sqlite")
        #expect(try sqlite3(store, "PRAGMA page_size = 4096; VACUUM; PRAGMA user_version") == ["0"])
        let csv = try dir.write("a.csv", "x,v\n1,1\n2,4\n")
        let r = try runRangepipe(["ingest", csv, "--store", store, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try sqlite3(store, "PRAGMA user_version") == ["4"])
        #expect(try sqlite3(store, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") == ["category", "chunk", "field", "meta", "pack", "series", "source"])
        #expect(try sqlite3(store, "PRAGMA journal_mode") == ["wal"])
        #expect(try loadStored(store, "a")?.fields[0].values == [1, 4])
        // The listing reads it back the same way.
        #expect(try runRangepipe(["series", "--store", store, "--json"]).out.contains(#""name":"a","axis":"number","points":2"#))
    }

    @Test("a failed ingest leaves the sqlite3 view of the store unchanged")
    func failedIngestUnchanged() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", try dir.write("a.csv", "x,v\n1,1\n2,2\n"), "--store", store, "--quiet"]).status == 0)
        let before = try storeContents(store)
        let bad = try dir.write("b.csv", "x,v\n" + (0 ..< 5000).map { "\($0),\($0)" }.joined(separator: "\n") + "\n5000,oops\n")
        #expect(try runRangepipe(["ingest", bad, "--store", store, "--series", "a"]).status == 65)
        #expect(try storeContents(store) == before)
    }
}
