import Foundation
import Testing
@testable import RangePipeKit

/// A file that lists an hour twice with the same numbers and another
/// description (hourly_traffic_volume's shape, issue 29): the repeats are
/// one observation, not a long-format series, so no message offers the
/// description as a series column, and the flag that is offered works.
@Suite("rows that repeat an x with the same numbers are one point, not series")
struct RepeatedObservationTests {
    /// 40 hours; every fourth is listed again with another description and the same numbers.
    static func file(_ dir: TemporaryDirectory) throws -> String {
        var text = "weather,date_time,temp,volume\n"
        for h in 0 ..< 40 {
            let stamp = "2020-01-0\(1 + h / 24) \(h % 24 < 10 ? "0" : "")\(h % 24):00:00"
            text += "clear,\(stamp),\(h % 7),\(100 + h)\n"
            if h % 4 == 0 { text += "mist,\(stamp),\(h % 7),\(100 + h)\n" }
        }
        return try dir.write("hourly.csv", text)
    }

    @Test("ingest warns without a series column, inspect suggests none, and --duplicates keep keeps all 50 rows")
    func observations() throws {
        let dir = try TemporaryDirectory()
        let file = try Self.file(dir)
        let r = try runRangepipe(["ingest", file, "--store", dir.path("a.sqlite"), "--quiet"])
        #expect(r.status == 0)
        #expect(r.stderr == "rangepipe: warning: \(file): 10 of 50 rows repeat an x ('date_time') and were dropped (--duplicates last); "
            + "in the sample, rows that repeat an x repeat its numbers too (they differ only in text), so each x is one point; "
            + "--duplicates keep keeps every row\n")
        let stored = try #require(try SeriesStore.openForReading(path: dir.path("a.sqlite")).loadSeries(named: "hourly"))
        #expect(stored.count == 40)
        let inspect = try runRangepipe(["inspect", file])
        #expect(inspect.out.contains("note: 10 of 50 rows repeat an x, 10 of them with the numbers of an earlier row with that x"), "\(inspect.out)")
        #expect(inspect.out.contains("command: rangepipe ingest \(file)\n"), "\(inspect.out)")
        #expect(!inspect.out.contains("--series-column"))
        let keep = try runRangepipe(["ingest", file, "--store", dir.path("k.sqlite"), "--duplicates", "keep", "--quiet"])
        #expect(keep.status == 0 && keep.stderr.isEmpty, "\(keep.stderr)")
        #expect(try SeriesStore.openForReading(path: dir.path("k.sqlite")).loadSeries(named: "hourly")?.count == 50)
    }

    @Test("the same hours with different numbers on the repeated rows: the description is the series column, split by")
    func series() throws {
        let dir = try TemporaryDirectory()
        var text = "weather,date_time,temp\n"
        for h in 0 ..< 20 {
            let stamp = "2020-01-01 \(h < 10 ? "0" : "")\(h):00:00"
            text += "clear,\(stamp),\(h)\nmist,\(stamp),\(100 + h)\n"
        }
        let file = try dir.write("two.csv", text)
        let r = try runRangepipe(["ingest", file, "--store", dir.path("a.sqlite"), "--json"])
        #expect(r.status == 0)
        #expect(r.out.contains(#""long_format":{"series_column":"weather"}"#), "\(r.out)")
        #expect(try SeriesStore.openForReading(path: dir.path("a.sqlite")).loadSeries(named: "mist")?.fields[0].values.first == 100)
    }
}
