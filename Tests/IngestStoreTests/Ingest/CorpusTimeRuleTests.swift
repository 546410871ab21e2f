import Foundation
import Testing
@testable import RangePipeKit

/// What ingest stored for one hand-made file, read back as `series --json` does.
struct StoredReading {
    var run: RunResult
    /// `files[0].x.column` of `ingest --json`.
    var x: String?
    /// One object per stored series, in name order.
    var series: [[String: Any]]

    var axis: String? { series.first?["axis"] as? String }
    var xMin: Any? { (series.first?["x"] as? [String: Any])?["min"] }
    var xMax: Any? { (series.first?["x"] as? [String: Any])?["max"] }
    var points: Int { series.reduce(0) { $0 + ($1["points"] as? Int ?? 0) } }
    var fields: [String] { series.first?["fields"] as? [String] ?? [] }

    /// Ingests `text` written as `name` with `args` into a fresh store.
    static func of(_ name: String, _ text: String, _ args: [String] = []) throws -> StoredReading {
        let dir = try TemporaryDirectory()
        let file = try dir.write(name, text)
        let store = dir.path("s.sqlite")
        let run = try runRangepipe(["ingest", file, "--store", store, "--json"] + args)
        var reading = StoredReading(run: run, x: nil, series: [])
        guard run.status == 0 else { return reading }
        let summary = try JSONSerialization.jsonObject(with: Data(run.out.split(separator: "\n")[0].utf8)) as? [String: Any]
        let files = summary?["files"] as? [[String: Any]]
        reading.x = (files?.first?["x"] as? [String: Any])?["column"] as? String
        let listing = try runRangepipe(["series", "--store", store, "--json"])
        reading.series = try listing.out.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        return reading
    }
}

/// Issue 29's time rules, each with hand-made files on both sides of it.
@Suite("Time detection rules from the labelled corpus (issue 29)")
struct CorpusTimeRuleTests {
    func csv(_ header: String, _ values: [String], value: (Int) -> String = { "\($0 + 1)" }) -> String {
        header + "\n" + values.enumerated().map { "\($0.element),\(value($0.offset))" }.joined(separator: "\n") + "\n"
    }

    @Test("ISO year-month '1949-01' is a time (the month's first day); '1949-1' stays text")
    func yearMonth() throws {
        let r = try StoredReading.of("a.csv", csv("Month,v", ["1949-01", "1949-02", "1950-12"]))
        #expect(r.axis == "time")
        #expect(r.xMin as? String == "1949-01-01T00:00:00Z")
        #expect(r.xMax as? String == "1950-12-01T00:00:00Z")
        let other = try StoredReading.of("b.csv", csv("Month,v", ["1949-1", "1949-2", "1950-12"]))
        #expect(other.axis == "category")
    }

    @Test("quarters '1970 Q1', '1974Q2', '1960q3', '1961-Q4' are times at the quarter's first month; 'Q5' is not")
    func quarters() throws {
        for (text, first) in [("1970 Q1", "1970-01-01"), ("1974Q2", "1974-04-01"), ("1960q3", "1960-07-01"), ("1961-Q4", "1961-10-01")] {
            let year = Int(text.prefix(4))!
            let later = "\(year + 1)" + text.dropFirst(4)
            let r = try StoredReading.of("q.csv", csv("t,v", [text, later]))
            #expect(r.axis == "time", "\(text)")
            #expect(r.xMin as? String == first + "T00:00:00Z", "\(text)")
        }
        let bad = try StoredReading.of("q.csv", csv("t,v", ["1970 Q5", "1971 Q1"]))
        #expect(bad.axis == "category")
        let pattern = try StoredReading.of("p.csv", csv("t,v", ["1959 Q01", "1959 Q02"]), ["--input-time-format", "%Y Q%q"])
        #expect(pattern.xMax as? String == "1959-04-01T00:00:00Z")
    }

    @Test("month names year first ('1991 Jul', '1977-Jan') and day-Mon-yy ('5-Jan-09') are times; '1991 Jux' is not")
    func monthNames() throws {
        let a = try StoredReading.of("a.csv", csv("Month,v", ["1991 Jul", "1991 Aug"]))
        #expect(a.xMin as? String == "1991-07-01T00:00:00Z")
        let b = try StoredReading.of("b.csv", csv("date,v", ["1977-Jan", "1977-Feb"]))
        #expect(b.xMax as? String == "1977-02-01T00:00:00Z")
        let c = try StoredReading.of("c.csv", csv("date,v", ["5-Jan-09", "6-Jan-09"]))
        #expect(c.xMin as? String == "2009-01-05T00:00:00Z")
        let d = try StoredReading.of("d.csv", csv("Month,v", ["1991 Jux", "1991 Aug"]))
        #expect(d.axis == "category")
    }

    @Test("integer dates: YYYYMMDD/YYYYMM in a time-named or first column when every value is a date in 1600-2200")
    func integerDates() throws {
        let named = try StoredReading.of("a.csv", csv("date,v", ["19580329", "19580405"]))
        #expect(named.axis == "time")
        #expect(named.xMin as? String == "1958-03-29T00:00:00Z")
        let months = try StoredReading.of("m.csv", csv("Date,v", ["192607", "192608", "192701"]))
        #expect(months.xMax as? String == "1927-01-01T00:00:00Z")
        // Each on the other side: a 13th month, a year below 1600, a column neither first nor named time.
        let invalid = try StoredReading.of("b.csv", csv("date,v", ["19580329", "19581332"]))
        #expect(invalid.axis == "number")
        let old = try StoredReading.of("c.csv", csv("date,v", ["15990101", "15990102"]))
        #expect(old.axis == "number")
        let code = try StoredReading.of("d.csv", "t,code\n1,19580329\n2,19580405\n", ["--x", "code"])
        #expect(code.axis == "number")
        let dir = try TemporaryDirectory()
        let userFormat = try runRangepipe(["inspect", try dir.write("e.csv", csv("date,v", ["19580329", "19580405"])),
                                           "--input-time-format", "%Y%m%d"])
        #expect(userFormat.out.contains("x: date (time, --input-time-format '%Y%m%d')"), "\(userFormat.out)")
    }

    @Test("day ordinals (Python date.toordinal) in a column named ordinal and time; without 'ordinal' in the name they are numbers")
    func dayOrdinals() throws {
        let r = try StoredReading.of("t.csv", csv("ordinal_date,v", ["736389", "736390"]))
        #expect(r.axis == "time")
        #expect(r.xMin as? String == "2017-03-01T00:00:00Z")
        let plain = try StoredReading.of("u.csv", csv("date,v", ["736389", "736390"]))
        #expect(plain.axis == "number")
        let flagged = try StoredReading.of("w.csv", csv("day,v", ["1", "719163"]), ["--input-time-format", "ordinal"])
        #expect(flagged.xMin as? String == "0001-01-01T00:00:00Z")
        #expect(flagged.xMax as? String == "1970-01-01T00:00:00Z")
    }

    @Test("'.' is a missing value by default (FRED); '..' is still a bad number")
    func dotMissing() throws {
        let r = try StoredReading.of("f.csv", "DATE,v\n2020-01-01,1\n2020-01-02,.\n2020-01-03,3\n")
        #expect(r.run.status == 0, "\(r.run.stderr)")
        #expect(r.points == 3)
        let bad = try StoredReading.of("g.csv", "DATE,v\n2020-01-01,1\n2020-01-02,..\n")
        #expect(bad.run.status == 65)
    }

    @Test("M/D/Y dates whose day is always 1: more than 12 of them read month-first; 12 stay undecidable")
    func monthlyOnTheFirst() throws {
        let months = (0 ..< 13).map { "\($0 % 12 + 1)/1/\(2000 + $0 / 12)" }
        let r = try StoredReading.of("m.csv", csv("Date,v", months))
        #expect(r.run.status == 0, "\(r.run.stderr)")
        #expect(r.xMax as? String == "2001-01-01T00:00:00Z")
        let twelve = try StoredReading.of("n.csv", csv("Date,v", Array(months.prefix(12))))
        #expect(twelve.run.status == 65)
        #expect(twelve.run.stderr.contains("give --input-time-format '%m/%d/%Y' or --input-time-format '%d/%m/%Y'"))
    }

    @Test("a time over columns: year + quarter found by name; --x year,quarter; parts out of range are not joined")
    func composite() throws {
        let rows = (0 ..< 8).map { "\(1959 + $0 / 4),\($0 % 4 + 1),\($0)" }.joined(separator: "\n")
        let r = try StoredReading.of("y.csv", "year,quarter,v\n" + rows + "\n")
        #expect(r.x == "year,quarter")
        #expect(r.points == 8)
        #expect(r.xMax as? String == "1960-10-01T00:00:00Z")
        let flagged = try StoredReading.of("y.csv", "yy,qq,v\n" + rows + "\n", ["--x", "yy,qq", "--input-time-format", "%Y %q"])
        #expect(flagged.points == 8)
        let unnamed = try StoredReading.of("y.csv", "yy,qq,v\n" + rows + "\n", ["--x", "yy,qq"])
        #expect(unnamed.run.status == 64)
        #expect(unnamed.run.stderr.contains("give --input-time-format"))
        let bad = (0 ..< 8).map { "\(1959 + $0 / 4),\($0 % 4 + 2),\($0)" }.joined(separator: "\n")
        let notJoined = try StoredReading.of("z.csv", "year,quarter,v\n" + bad + "\n")
        #expect(notJoined.x != "year,quarter")
    }
}
