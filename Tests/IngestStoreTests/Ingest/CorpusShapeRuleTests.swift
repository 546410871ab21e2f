import Foundation
import Testing
@testable import RangePipeKit

/// Issue 29's layout rules (header, x, series), each with hand-made files
/// on both sides of it.
@Suite("Layout detection rules from the labelled corpus (issue 29)")
struct CorpusShapeRuleTests {
    /// `n` rows of `row(k)` under `header`.
    func table(_ header: String, _ n: Int, _ row: (Int) -> String) -> String {
        header + "\n" + (0 ..< n).map(row).joined(separator: "\n") + "\n"
    }

    @Test("lines above a table of numbers are skipped and the summary says so; a body with text keeps the first row as header")
    func preamble() throws {
        let body = table("Time (ka),d18O", 5) { "\($0),3.\($0)" }
        let text = "Please,cite:\nLisiecki,\"and Raymo, 2005\"\n,\n" + body
        let r = try StoredReading.of("lr.csv", text)
        #expect(r.run.status == 0, "\(r.run.stderr)")
        #expect(r.x == "Time (ka)")
        #expect(r.points == 5)
        let dir = try TemporaryDirectory()
        let plain = try runRangepipe(["ingest", try dir.write("lr.csv", text), "--store", dir.path("s.sqlite")])
        #expect(plain.stderr.contains("read with the header on line 4 (3 lines above it skipped)"), "\(plain.stderr)")
        // A body with a text column: a first row of another field count is a title above the header.
        let textual = try StoredReading.of("t.csv", "Title line\nname,v\nalpha,1\nbeta,2\n")
        #expect(textual.x == "name")
        #expect(textual.points == 2)
        // A header with a trailing comma (one empty name more than the rows' fields): the empty name is dropped.
        let trailing = try StoredReading.of("u.csv", "Series metadata\n" + table("id,Year,Value,", 8) { "A,\(1948 + $0),3.\($0)" })
        #expect(trailing.run.status == 0, "\(trailing.run.stderr)")
        #expect(trailing.fields == ["Value"])
        // Rows of two field counts from the start: no title, the shape error stays located.
        let ragged = try StoredReading.of("r.csv", "a,b\n1,2\n1,2,3\n1,2\n")
        #expect(ragged.run.status == 65)
        #expect(ragged.run.stderr.contains("r.csv:3:"))
    }

    @Test("pandas' ',0' header is a header when no row below has an empty first field")
    func unnamedIndexHeader() throws {
        let r = try StoredReading.of("lynx.csv", table(",0", 4) { "\(1821 + $0),\(269 + $0)" })
        #expect(r.x == "(row names)")
        #expect(r.fields == ["0"])
        #expect(r.points == 4)
        let data = try StoredReading.of("d.csv", ",0\n1821,269\n,300\n")
        #expect(data.run.status == 65)
        #expect(data.run.stderr.contains("d.csv:1:1: missing x value"))
    }

    @Test("R's write.csv header one name short: the first field is an unnamed row name; an empty row name keeps the shape error")
    func rowNames() throws {
        // Row names 1..n are not x while another column can be: the sorted Weight is, as without row names.
        let r = try StoredReading.of("r.csv", table("\"Weight\",\"Time\"", 4) { "\"\($0 + 1)\",\(20 + $0),\($0)" })
        #expect(r.run.status == 0, "\(r.run.stderr)")
        #expect(r.x == "Weight")
        #expect(r.fields == ["Time"])
        let bad = try StoredReading.of("s.csv", "Weight,Time\n\"1\",20,0\n,21,1\n")
        #expect(bad.run.status == 65)
        #expect(bad.run.stderr.contains("expected 2 fields, got 3"))
    }

    @Test("duplicate column names get a suffix: ISE, ISE.2")
    func duplicateNames() throws {
        let r = try StoredReading.of("i.csv", "date,ISE,ISE,SP\n2009-01-05,1,2,3\n2009-01-06,4,5,6\n")
        #expect(r.run.status == 0, "\(r.run.stderr)")
        #expect(r.fields == ["ISE", "ISE.2", "SP"])
    }

    @Test("no x column: values alone (8 rows or more) take the row number as x; 7 rows keep the first column")
    func rowNumber() throws {
        let values = [3.13, 3.12, 3.15, 3.16, 3.17, 3.2, 3.1, 3.3]
        let r = try StoredReading.of("baa.csv", "BAA\n" + values.map { "\($0)" }.joined(separator: "\n") + "\n")
        #expect(r.run.status == 0, "\(r.run.stderr)")
        #expect(r.x == "(row number)")
        #expect(r.axis == "number")
        #expect(r.xMin as? Double == 1 && r.xMax as? Double == 8)
        let labelled = try StoredReading.of("m.csv", "data,label\n" + values.map { "\($0),0" }.joined(separator: "\n") + "\n")
        #expect(labelled.x == "(row number)")
        #expect(labelled.fields == ["data", "label"])
        let short = try StoredReading.of("s.csv", "BAA\n" + values.prefix(7).map { "\($0)" }.joined(separator: "\n") + "\n")
        #expect(short.run.status == 65)
        // A first column named like time stays x, sorted or not.
        let day = try StoredReading.of("d.csv", "day,v\n" + values.indices.reversed().map { "\($0),\(values[$0])" }.joined(separator: "\n") + "\n")
        #expect(day.x == "day")
        let forced = try StoredReading.of("f.csv", "a,b\n1,2\n0,3\n", ["--x", "(row number)"])
        #expect(forced.x == "(row number)")
        #expect(forced.fields == ["a", "b"])
    }

    @Test("JSON arrays are sniffed: a text key first and an increasing 'year' later (8 rows) make year x; 7 rows keep the first key")
    func jsonArray() throws {
        func array(_ n: Int) -> String {
            "[" + (0 ..< n).map { "{\"side\":\"\($0 % 2 == 0 ? "left" : "right")\",\"year\":\(1956 + $0),\"miles\":\(3675 + $0)}" }
                .joined(separator: ",\n") + "]"
        }
        let r = try StoredReading.of("driving.json", array(8))
        #expect(r.x == "year")
        #expect(r.points == 8)
        let short = try StoredReading.of("driving.json", array(7))
        #expect(short.x == "side")
    }

    @Test("x chooser: a time-named increasing column beats a first column of row numbers; the finer of two time columns wins")
    func chooser() throws {
        let longley = try StoredReading.of("l.csv", table("Obs,GNP,YEAR", 8) { "\($0 + 1),\(234 + $0 * 7 % 5),\(1947 + $0)" })
        #expect(longley.x == "YEAR")
        let seven = try StoredReading.of("l.csv", table("Obs,GNP,YEAR", 7) { "\($0 + 1),\(234 + $0 * 7 % 5),\(1947 + $0)" })
        #expect(seven.x == "Obs")
        let bikes = try StoredReading.of("b.csv", table("date,ts,n", 6) { "2010-09-2\($0 / 3),2010-09-2\($0 / 3) 1\($0 % 3):00:00,\($0)" })
        #expect(bikes.x == "ts")
        #expect(bikes.points == 6)
    }

    @Test("long format: split by the coarsest key that makes (key, x) unique, said in the summary; rare repeats are not long format")
    func longFormat() throws {
        let text = table("country,continent,year,pop", 12) { "c\($0 / 4),k\($0 / 8),\(1952 + $0 % 4 * 5),\($0)" }
        let r = try StoredReading.of("g.csv", text)
        #expect(r.x == "year")
        #expect(r.series.count == 3)
        let dir = try TemporaryDirectory()
        let said = try runRangepipe(["ingest", try dir.write("g.csv", text), "--store", dir.path("s.sqlite")])
        #expect(said.stderr.contains("long format: one series per 'country' (as --series-column country --x year)"), "\(said.stderr)")
        let given = try StoredReading.of("g.csv", text, ["--series-column", "country"])
        #expect(given.x == "year")
        #expect(given.series.count == 3)
        let chicks = try StoredReading.of("c.csv", table("weight,time,chick", 12) { "\(40 + $0 * 3 % 7),\($0 % 4 * 2),\($0 / 4 + 1)" })
        #expect(chicks.x == "time")
        #expect(chicks.series.map { $0["name"] as? String } == ["1", "2", "3"])
        // 10 rows over 6 distinct times: fewer than two rows per x, so one series (and the collapse is told).
        let wide = try StoredReading.of("w.csv", table("t,weather,v", 10) { "2020-01-0\(min($0, 5) + 1),w\($0 % 5),\($0)" })
        #expect(wide.series.count == 1)
    }
}
