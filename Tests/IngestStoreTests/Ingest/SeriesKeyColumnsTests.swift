import Foundation
import Testing

/// Series keys written over several columns (issue 44 item 3): a panel
/// whose rows per x repeat by the product of several categorical columns.
/// Generated: 1–3 key columns × cardinalities × formats (CSV, NDJSON); the
/// expected series (names, points, every value) come from the generator,
/// never from rangepipe's output.
@Suite("Series keys over several columns")
struct SeriesKeyColumnsTests {
    struct Panel: CustomStringConvertible, Sendable {
        /// Key columns: name and the values it takes.
        let keys: [(String, [String])]
        let years: ClosedRange<Int>
        let ndjson: Bool
        var description: String { keys.map { "\($0.0)×\($0.1.count)" }.joined(separator: ",") + (ndjson ? " ndjson" : " csv") }

        /// Every combination of key values, in the generator's order.
        var combinations: [[String]] {
            keys.reduce([[]]) { acc, key in acc.flatMap { prefix in key.1.map { prefix + [$0] } } }
        }

        /// The value of a key combination at a year (a closed form).
        func value(_ combo: [String], _ year: Int) -> Int {
            combo.joined().unicodeScalars.reduce(year * 7) { ($0 * 31 + Int($1.value)) % 100_003 }
        }

        var text: String {
            var lines: [String] = ndjson ? [] : [(["year"] + keys.map(\.0) + ["count"]).joined(separator: ",")]
            for year in years {
                for combo in combinations {
                    if ndjson {
                        let fields = ["\"year\":\(year)"] + zip(keys, combo).map { "\"\($0.0.0)\":\"\($0.1)\"" } + ["\"count\":\(value(combo, year))"]
                        lines.append("{" + fields.joined(separator: ",") + "}")
                    } else {
                        lines.append((["\(year)"] + combo + ["\(value(combo, year))"]).joined(separator: ","))
                    }
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    static let panels: [Panel] = {
        let states = ("state", ["CA", "NY", "TX"]), genders = ("gender", ["F", "M"])
        let statuses = ("status", ["citizen", "resident", "visa"]), cities = ("city", ["Oslo", "Bergen"])
        var out: [Panel] = []
        for ndjson in [false, true] {
            out.append(Panel(keys: [states, genders], years: 2000 ... 2005, ndjson: ndjson))
            out.append(Panel(keys: [states, genders, statuses], years: 1990 ... 1994, ndjson: ndjson))
            out.append(Panel(keys: [cities, statuses], years: 2010 ... 2013, ndjson: ndjson))
        }
        return out
    }()

    @Test("--series-column a,b,c: one series per combination, named by its parts, with every row", arguments: panels)
    func namedColumns(_ panel: Panel) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write(panel.ndjson ? "p.ndjson" : "p.csv", panel.text)
        // The flag names the key columns in reverse: the name follows the flag's order.
        let order = panel.keys.map(\.0).reversed()
        let store = dir.path("s.sqlite")
        let r = try runRangepipe(["ingest", file, "--store", store, "--series-column", order.joined(separator: ","), "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let expected = panel.combinations.map { Array($0.reversed()).joined(separator: " / ") }
        let listing = try runRangepipe(["series", "--store", store, "--json"])
        let series = try listing.out.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(series.map { $0["name"] as? String ?? "" } == expected.sorted())
        #expect(series.allSatisfy { $0["points"] as? Int == panel.years.count && $0["fields"] as? [String] == ["count"] })
        // Every value of one series, read back with play's points track.
        let combo = panel.combinations[panel.combinations.count / 2]
        let script = try dir.write("s.json", #"{"fps": 1, "duration": 1, "window": {"initial": {"fraction": [0, 1]}}, "events": []}"#)
        let play = try runRangepipe(["play", script, "--store", store, "--series", Array(combo.reversed()).joined(separator: " / "), "--tracks", "points"])
        #expect(play.status == 0, "\(play.stderr)")
        let frame = try JSONSerialization.jsonObject(with: Data(play.out.split(separator: "\n")[0].utf8)) as! [String: Any]
        let points = (frame["points"] as? [[Double]]) ?? []
        #expect(points == panel.years.map { [Double($0), Double(panel.value(combo, $0))] })
    }

    @Test("without the flag, the collapse warning names the key columns together", arguments: panels.filter { !$0.ndjson })
    func warningNamesTheColumns(_ panel: Panel) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("p.csv", panel.text)
        let r = try runRangepipe(["ingest", file, "--store", dir.path("s.sqlite")])
        #expect(r.status == 0, "\(r.stderr)")
        let columns = panel.keys.map(\.0).joined(separator: ",")
        #expect(r.stderr.contains("try --series-column \(columns)"), "\(r.stderr)")
        // inspect finds the same columns from the sample, and its command expects no duplicates.
        let inspect = try runRangepipe(["inspect", file, "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(inspect.out.utf8)) as? [String: Any] ?? [:]
        #expect(report["command"] as? String == "rangepipe ingest \(file) --series-column \(columns)", "\(inspect.out)")
        let advised = try runRangepipe(["inspect", file, "--json", "--series-column", columns])
        let again = try JSONSerialization.jsonObject(with: Data(advised.out.utf8)) as? [String: Any] ?? [:]
        #expect(again["duplicates_expected"] as? Int == 0, "\(advised.out)")
    }

    @Test("two keys whose joined names are the same are an error at the row, never one series")
    func ambiguousNames() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("a.csv", "year,a,b,v\n2000,x / y,z,1\n2000,x,y / z,2\n")
        let store = dir.path("s.sqlite")
        let r = try runRangepipe(["ingest", file, "--store", store, "--series-column", "a,b"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("rangepipe: error: \(file):3:"), "\(r.stderr)")
        #expect(r.stderr.contains("named by two different keys"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test("a missing part, an unknown column, a column named twice, a part that is x")
    func badFlags() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("a.csv", "year,a,b,v\n2000,p,q,1\n2001,p,,2\n")
        let missing = try runRangepipe(["ingest", file, "--store", dir.path("1.sqlite"), "--series-column", "a,b"])
        #expect(missing.status == 65 && missing.stderr.contains("a.csv:3:") && missing.stderr.contains("part 2"), "\(missing.stderr)")
        let unknown = try runRangepipe(["ingest", file, "--store", dir.path("2.sqlite"), "--series-column", "a,c"])
        #expect(unknown.status == 65 && unknown.stderr.contains("--series-column c: no such column"), "\(unknown.stderr)")
        let twice = try runRangepipe(["ingest", file, "--store", dir.path("3.sqlite"), "--series-column", "a,a"])
        #expect(twice.status == 64 && twice.stderr.contains("'a' is named twice"), "\(twice.stderr)")
        let x = try runRangepipe(["ingest", file, "--store", dir.path("4.sqlite"), "--series-column", "year,a", "--x", "year"])
        #expect(x.status == 64, "\(x.stderr)")
        // A column whose own name has a comma is that one column.
        let named = try dir.write("n.csv", "year,\"a,b\",v\n2000,p,1\n2000,q,2\n")
        let one = try runRangepipe(["ingest", named, "--store", dir.path("5.sqlite"), "--series-column", "a,b", "--quiet"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(try sqlite3(dir.path("5.sqlite"), "SELECT name FROM series ORDER BY name") == ["p", "q"])
    }
    /// Year, month, day and city (issue 44 item 4): when the sample shows
    /// several cities (rows by date, or a short file by city), the file
    /// splits by city by itself; a long file sorted by city (the sample
    /// shows one) gets the collapse warning naming the column.
    @Test("long format under a time written over several columns", arguments: [(false, 60), (true, 60), (true, 3000)])
    func longUnderCompositeTime(sortedByCity: Bool, dayCount: Int) throws {
        let cities = ["Oslo", "Bergen", "Tromso", "Bodo", "Alta"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let days = (0 ..< dayCount).map { calendar.date(byAdding: .day, value: $0, to: calendar.date(from: DateComponents(year: 2020, month: 1, day: 1))!)! }
        var rows: [(String, Date)] = days.flatMap { d in cities.map { ($0, d) } }
        if sortedByCity { rows.sort { ($0.0, $0.1) < ($1.0, $1.1) } }
        let lines = rows.enumerated().map { k, row in
            let c = calendar.dateComponents([.year, .month, .day], from: row.1)
            return "\(c.year!),\(c.month!),\(c.day!),\(row.0),\(k)"
        }
        let dir = try TemporaryDirectory()
        let file = try dir.write("w.csv", "year,month,day,city,temp\n" + lines.joined(separator: "\n") + "\n")
        let store = dir.path("s.sqlite")
        let r = try runRangepipe(["ingest", file, "--store", store])
        #expect(r.status == 0, "\(r.stderr)")
        if sortedByCity && dayCount > 1000 {
            #expect(r.stderr.contains("try --series-column city"), "\(r.stderr)")
            let again = try runRangepipe(["ingest", file, "--store", dir.path("t.sqlite"), "--series-column", "city", "--quiet"])
            #expect(again.status == 0, "\(again.stderr)")
            #expect(try sqlite3(dir.path("t.sqlite"), "SELECT count(*) FROM series") == ["5"])
        } else {
            #expect(!r.stderr.contains("warning"), "\(r.stderr)")
            #expect(try sqlite3(store, "SELECT name FROM series ORDER BY name") == cities.sorted())
            #expect(try sqlite3(store, "SELECT DISTINCT points FROM series") == ["\(dayCount)"])
        }
    }
}
