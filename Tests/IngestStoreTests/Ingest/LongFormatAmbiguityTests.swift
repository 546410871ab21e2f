import Foundation
import Testing
@testable import RangePipeKit

/// Issue 29, long format: where two columns each make (series, x) unique
/// but group the rows differently, ingest splits by one, says so in a
/// warning with the exact flags for the other, and each reading offered
/// works without dropping a row.
@Suite("an ambiguous long-format file: a warning with the flags for the other reading")
struct LongFormatAmbiguityTests {
    /// Sorted by year; entity e0…e2 and group g0…g3, each unique per year:
    /// row (year y, entity e) is in group (e + y) mod 4, value 10y + e.
    static let text = "entity,group,year,v\n" + (0 ..< 4).flatMap { y in
        (0 ..< 3).map { e in "e\(e),g\((e + y) % 4),\(2000 + y),\(10 * y + e)\n" }
    }.joined()

    @Test("split by the column with fewer values, warned with --series-column group --x year, which reads it by group")
    func ambiguous() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("amb.csv", Self.text)
        let r = try runRangepipe(["ingest", file, "--store", dir.path("a.sqlite"), "--quiet"])
        #expect(r.status == 0)
        let advice = "the rows are unique by 'year' within 'entity' and within 'group' too, which group them otherwise: "
            + "split by 'entity' (the fewer values); if the series are by 'group', give --series-column group --x year"
        #expect(r.stderr == "rangepipe: warning: \(file): \(advice)\n")
        let a = try SeriesStore.openForReading(path: dir.path("a.sqlite"))
        #expect(try a.loadSeries(named: "e1")?.fields[0].values == [1, 11, 21, 31])
        #expect(try runRangepipe(["inspect", file]).out.contains("note: \(advice)"))
        // The suggestion, taken from the message, run as given.
        let flags = try #require(advice.components(separatedBy: "give ").last).split(separator: " ").map(String.init)
        #expect(flags == ["--series-column", "group", "--x", "year"])
        let g = try runRangepipe(["ingest", file, "--store", dir.path("g.sqlite"), "--quiet"] + flags)
        #expect(g.status == 0 && g.stderr.isEmpty, "\(g.stderr)")
        let s = try SeriesStore.openForReading(path: dir.path("g.sqlite"))
        // g0: (2000, e0) = 0, (2002, e2) = 22, (2003, e1) = 31, by (e + y) mod 4 = 0.
        let g0 = try #require(try s.loadSeries(named: "g0"))
        #expect(g0.x == [2000, 2002, 2003])
        #expect(g0.fields[0].values == [0, 22, 31])
        #expect(try (0 ..< 4).map { try s.loadSeries(named: "g\($0)")?.count ?? 0 }.reduce(0, +) == 12)
    }

    @Test("a second key column one-to-one with the series column (a code per name) is no ambiguity")
    func oneToOne() throws {
        let dir = try TemporaryDirectory()
        let text = "name,code,year,v\n" + (0 ..< 4).flatMap { y in (0 ..< 3).map { e in "n\(e),c\(e),\(2000 + y),\(y)\n" } }.joined()
        let r = try runRangepipe(["ingest", try dir.write("one.csv", text), "--store", dir.path("a.sqlite"), "--quiet"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
    }
}
