import Foundation
import Testing

/// Decimal years (issue 44 item 6, "times at the precision they were read
/// in"): R's `time()` of a monthly or quarterly `ts` writes 1949.08333333333
/// for February 1949. Each case is generated the way a writer prints it
/// (R's 15 significant digits, Python's shortest repr, a spreadsheet's four
/// decimals, lubridate's `decimal_date` of days), and the expected x of every
/// row comes from Foundation's Gregorian calendar; the test reads back every
/// stored point with `play --tracks points`.
@Suite("Decimal years read as the months and days they were written for")
struct DecimalYearTests {
    struct Case: CustomStringConvertible, Sendable {
        let description: String
        let header: String
        let texts: [String]
        let expected: [String]
        /// The flags ingest needs (none where the sniffer must find the format).
        var flags: [String] = []
        var json = false
    }

    static let utc: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    /// Months of 1999–2001 (or their quarters' first months), each as
    /// `write` prints year + (month − 1) / 12.
    static func months(_ name: String, header: String, quarterly: Bool = false,
                       _ write: @escaping (Double) -> String) -> Case {
        let dates = (1999 ... 2001).flatMap { y in (quarterly ? [1, 4, 7, 10] : Array(1 ... 12)).map { (y, $0) } }
        return Case(description: name, header: header,
                    texts: dates.map { write(Double($0.0) + Double($0.1 - 1) / 12) },
                    expected: dates.map { iso(utc.date(from: DateComponents(year: $0.0, month: $0.1, day: 1))!) })
    }

    /// Days spread over a leap and a common year as lubridate's
    /// `decimal_date` writes them: year + (day of year − 1) / days in the year.
    /// A day whose fraction is exactly a month's (day 62 of a leap year,
    /// 2/12 = 61/366) reads as that month's first day, as documented.
    static let days: Case = {
        var texts: [String] = [], expected: [String] = []
        for year in [2000, 2001] {
            let length = utc.range(of: .day, in: .year, for: utc.date(from: DateComponents(year: year))!)!.count
            for day in Set(Array(stride(from: 1, through: length, by: 7)) + [62, 123, length]).sorted() {
                texts.append(String(format: "%.15g", Double(year) + Double(day - 1) / Double(length)))
                let start = utc.date(from: DateComponents(year: year, month: 1, day: 1))!
                let date = utc.date(byAdding: .day, value: day - 1, to: start)!
                let onMonth = (day - 1) * 12 % length == 0
                let month = utc.dateInterval(of: .month, for: date)!.start
                expected.append(iso(onMonth ? month : date))
            }
        }
        return Case(description: "lubridate decimal_date days, --input-time-format decimal-year", header: "date",
                    texts: texts, expected: expected, flags: ["--input-time-format", "decimal-year"])
    }()

    static let cases: [Case] = {
        let r = { (v: Double) in String(format: "%.15g", v) }
        var out = [
            months("R write.csv of time(ts), 15 digits", header: "time", r),
            months("Python repr, shortest round trip", header: "Time", { "\($0)" }),
            months("a spreadsheet's four decimals", header: "year_time", { String(format: "%.4f", $0) }),
            months("quarterly ts, 15 digits", header: "time", quarterly: true, r),
            days,
        ]
        var json = months("pandas to_json lines: JSON numbers", header: "time", { "\($0)" })
        json.json = true
        out.append(json)
        return out
    }()

    @Test(arguments: cases)
    func everyRowReadsAsItsDate(_ c: Case) throws {
        let dir = try TemporaryDirectory()
        let text = c.json
            ? c.texts.enumerated().map { #"{"\#(c.header)":\#($1),"v":\#($0)}"# }.joined(separator: "\n") + "\n"
            : "\(c.header),v\n" + c.texts.enumerated().map { "\($1),\($0)" }.joined(separator: "\n") + "\n"
        let file = try dir.write(c.json ? "t.ndjson" : "t.csv", data: Data(text.utf8))
        let points = try ingestedPoints(file, in: dir, flags: c.flags)
        #expect(points.map(\.x) == c.expected)
    }

    /// Columns that must stay numbers: whole years (the preset error names
    /// `%Y`), fractions too short to name a month (1949.1 is February
    /// rounded to one digit, or anything within 18 days of it), a fraction
    /// off every month, a name that does not say time, a year out of range.
    @Test(arguments: [
        ("time", ["1949", "1950", "1951"]),
        ("time", ["1949", "1949.1", "1949.2"]),
        ("value", ["1949", "1949.08333333333", "1949.16666666667"]),
        ("time", ["1949", "1949.08333333333", "12.5"]),
        ("time", ["1949", "1949.083", "1949.2"]),
    ])
    func staysANumber(_ header: String, _ texts: [String]) throws {
        let dir = try TemporaryDirectory()
        let body = "\(header),v\n" + texts.enumerated().map { "\($1),\($0)" }.joined(separator: "\n") + "\n"
        let file = try dir.write("n.csv", data: Data(body.utf8))
        let inspect = try runRangepipe(["inspect", file, "--json", "--x", header])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.out.contains(#""kind":"number""#), "\(inspect.out)")
        #expect(!inspect.out.contains("decimal-year"), "\(inspect.out)")
    }

    /// The sniffed format reaches inspect's report (and so the Spark job's
    /// partitions); a row that is not a decimal year is located.
    @Test func reportedAndLocated() throws {
        let dir = try TemporaryDirectory()
        let good = try dir.write("ap.csv", data: Data("time,value\n1949,112\n1949.08333333333,118\n".utf8))
        let inspect = try runRangepipe(["inspect", good, "--json"])
        #expect(inspect.out.contains(#""input_time_format":"decimal-year""#), "\(inspect.out)")
        let bad = try dir.write("bad.csv", data: Data("time,value\n1949,112\n1949.08333333333,118\n1949.2x,3\n".utf8))
        let ingest = try runRangepipe(["ingest", bad, "--store", dir.path("s.sqlite"), "--input-time-format", "decimal-year"])
        #expect(ingest.status == 65)
        #expect(ingest.stderr.contains("bad.csv:4:1:"), "\(ingest.stderr)")
        let usage = try runRangepipe(["ingest", good, "--store", dir.path("s.sqlite"), "--input-time-format", "decimal"])
        #expect(usage.status == 64 && usage.stderr.contains("decimal-year"), "\(usage.stderr)")
    }

    /// Decimal years too short to sniff (one digit): a preset names the flag,
    /// and the flag makes the preset work.
    @Test func presetNamesTheFlag() throws {
        let dir = try TemporaryDirectory()
        let script = try dir.write("s.json", #"{"events": [{"at": 1, "action": "set-window", "window": {"preset": "5Y"}}]}"#)
        let tenths = try dir.write("h.csv", data: Data(("time,v\n" + (0 ..< 20).map { "\(1990 + $0 / 10).\($0 % 10),\($0)" }
            .joined(separator: "\n") + "\n").utf8))
        let r = try runRangepipe(["play", script, "--input", tenths])
        #expect(r.status == 65)
        #expect(r.stderr.contains("x looks like years: ingest with --input-time-format decimal-year"), "\(r.stderr)")
        let fixed = try runRangepipe(["play", script, "--input", tenths, "--input-time-format", "decimal-year"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
    }

    /// `--timezone` applies to decimal years as to other times without a
    /// zone: months start at local midnight (by hand: 2 h before UTC's).
    @Test func timezoneApplies() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("tz.csv", data: Data("time,v\n1949,1\n1949.08333333333,2\n1949.5,3\n".utf8))
        let points = try ingestedPoints(file, in: dir, flags: ["--timezone", "+02:00"])
        #expect(points.map(\.x) == ["1948-12-31T22:00:00Z", "1949-01-31T22:00:00Z", "1949-06-30T22:00:00Z"])
    }
}
