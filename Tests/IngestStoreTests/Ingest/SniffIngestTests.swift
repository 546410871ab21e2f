import Foundation
import Testing
@testable import RangePipeKit

/// Files shaped like issue 14's cases, ingested without flags through the
/// binary: the sniffed dialect, the x choice, missing markers, and the
/// warnings when rows collapse onto one x. Expectations are worked out by
/// hand from the file contents.
@Suite("Sniffing and x detection on files without flags")
struct SniffIngestTests {
    let samples = packageRoot.appendingPathComponent("samples")

    /// Ingests `text` as `name` with `args` and `--json`; the summary and the run.
    func ingest(_ name: String, _ text: String, _ args: [String] = [], in dir: TemporaryDirectory) throws -> (RunResult, [String: Any]?) {
        let file = try dir.write(name, text)
        let r = try runRangepipe(["ingest", file, "--store", dir.path("s.sqlite"), "--json"] + args)
        let json = r.status == 0 ? try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any] : nil
        return (r, json)
    }

    func fileReport(_ json: [String: Any]?) -> [String: Any] {
        ((json?["files"] as? [[String: Any]]) ?? []).first ?? [:]
    }

    @Test("a measurement before the time column: x is the time column, the summary says why")
    func measurementFirst() throws {
        let dir = try TemporaryDirectory()
        let text = "isig,datetime,glucose\n25.5,2010-03-24 09:51:00,120\n24.25,2010-03-24 09:56:00,\n26,2010-03-24 10:01:00,119\n"
        let (r, json) = try ingest("cgm.csv", text, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let x = fileReport(json)["x"] as? [String: Any]
        #expect(x?["column"] as? String == "datetime")
        #expect(x?["reason"] as? String == "the only column of times")
        let series = try #require(try loadStored(dir.path("s.sqlite"), "cgm"))
        #expect(series.axis == .time)
        #expect(series.x == [1269424260, 1269424560, 1269424860])
        #expect(series.fields.map(\.name) == ["isig", "glucose"])
        #expect(series.fields[0].values == [25.5, 24.25, 26])
        #expect(sameValues(series.fields[1].values, [120, .nan, 119]))
        let text2 = try runRangepipe(["ingest", dir.path("cgm.csv"), "--store", dir.path("t.sqlite")])
        #expect(text2.stderr.contains("x: datetime (time, 2010-03-24 09:51:00 ISO-8601 pattern) — the only column of times"))
    }

    @Test("real file sf-temps.csv (temp,date): x is date, 8,759 hourly points")
    func sfTemps() throws {
        let dir = try TemporaryDirectory()
        let r = try runRangepipe(["ingest", samples.appendingPathComponent("sf-temps.csv").path, "--store", dir.path("s.sqlite")])
        #expect(r.status == 0, "\(r.stderr)")
        let series = try #require(try loadStored(dir.path("s.sqlite"), "sf-temps"))
        #expect(series.axis == .time)
        #expect(series.count == 8759)
        #expect(series.x.first == 1262304000)     // 2010/01/01 00:00:00
        #expect(series.fields.map(\.name) == ["temp"])
        #expect(series.fields[0].values.first == 47.8)
    }

    @Test("NDJSON: a measurement key before the time key; x is the time key")
    func ndjsonTimeKey() throws {
        let dir = try TemporaryDirectory()
        let lines = "{\"temp\":1.5,\"ts\":\"2024-01-01T00:00:00Z\"}\n{\"temp\":null,\"ts\":\"2024-01-02T00:00:00Z\"}\n"
        let (r, json) = try ingest("j.ndjson", lines, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect((fileReport(json)["x"] as? [String: Any])?["column"] as? String == "ts")
        let series = try #require(try loadStored(dir.path("s.sqlite"), "j"))
        #expect(series.x == [1704067200, 1704153600])
        #expect(sameValues(series.fields[0].values, [1.5, .nan]))
    }

    @Test("a measurement before a counter that rises at every row (8 rows or more): x is the counter; fewer rows keep the first column")
    func counter() throws {
        let dir = try TemporaryDirectory()
        let temps = [20.5, 19, 21, 18.5, 22, 20, 19.5, 23]
        let rows = temps.enumerated().map { "\($0.element),\($0.offset + 1)\n" }.joined()
        let (r, json) = try ingest("c.csv", "temp,step\n" + rows, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect((fileReport(json)["x"] as? [String: Any])?["column"] as? String == "step")
        let series = try #require(try loadStored(dir.path("s.sqlite"), "c"))
        #expect(series.x == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(series.fields[0].values == temps)
        let (short, shortJSON) = try ingest("d.csv", "temp,step\n" + rows.split(separator: "\n").prefix(7).joined(separator: "\n") + "\n", in: dir)
        #expect(short.status == 0)
        #expect((fileReport(shortJSON)["x"] as? [String: Any])?["column"] as? String == "temp")
    }

    @Test("with --series-column, x sorted within each series stays x; a later rising column does not take its place")
    func sortedPerSeries() throws {
        let dir = try TemporaryDirectory()
        let (r, json) = try ingest("l.csv", "s,t,v\nz,1,1\nz,2,2\na,1,3\na,2,4\n", ["--series-column", "s"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect((fileReport(json)["x"] as? [String: Any])?["reason"] as? String == "the first column: sorted numbers")
        let a = try #require(try loadStored(dir.path("s.sqlite"), "a"))
        #expect(a.x == [1, 2])
        #expect(a.fields[0].values == [3, 4])
    }

    @Test("no numeric column after the x choice: the message names x and why")
    func noValueColumn() throws {
        let dir = try TemporaryDirectory()
        let (r, _) = try ingest("c.csv", "city,comment\nParis,sunny\nRome,rain\n", in: dir)
        #expect(r.status == 65)
        #expect(r.stderr.contains("c.csv:1:1: no numeric value column: x is 'city' (the first column: text labels), left: comment"))
    }

    @Test("nil and the other default markers are missing values; --null adds more")
    func nullMarkers() throws {
        let dir = try TemporaryDirectory()
        let (r, _) = try ingest("n.csv", "t,v,w\n1,5,#N/A\n2,nil,7\n3,-,?\n4,8,9\n", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let series = try #require(try loadStored(dir.path("s.sqlite"), "n"))
        #expect(sameValues(series.fields[0].values, [5, .nan, .nan, 8]))
        #expect(sameValues(series.fields[1].values, [.nan, 7, .nan, 9]))
        let odd = "t,v\n1,5\n2,xyz\n3,-999\n"
        let (bad, _) = try ingest("o.csv", odd, in: dir)
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("o.csv:3:2: column 'v': expected a number, got \"xyz\" (if it marks a missing value, add --null xyz)"))
        let (good, _) = try ingest("o.csv", odd, ["--null", "xyz", "--null=-999"], in: dir)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(sameValues(try #require(try loadStored(dir.path("s.sqlite"), "o")).fields[0].values, [5, .nan, .nan]))
    }

    @Test("semicolons, a quoted header and decimal commas, as European spreadsheets write them")
    func semicolonDecimalComma() throws {
        let dir = try TemporaryDirectory()
        let (r, json) = try ingest("eu.csv", "\"date\";\"value\"\n2024-01-01;1,5\n2024-01-02;-2,25\n2024-01-03;1.234,5\n", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let report = fileReport(json)
        #expect(report["delimiter"] as? String == ";")
        #expect(report["decimal_comma"] as? Bool == true)
        let series = try #require(try loadStored(dir.path("s.sqlite"), "eu"))
        #expect(series.fields[0].values == [1.5, -2.25, 1234.5])
        // Tabs and 0,5 (not a thousands group) are read the same way.
        let (tabs, _) = try ingest("tab.tsv", "t\tv\n1\t0,5\n2\t1,5\n", in: dir)
        #expect(tabs.status == 0, "\(tabs.stderr)")
        #expect(try #require(try loadStored(dir.path("s.sqlite"), "tab")).fields[0].values == [0.5, 1.5])
        // Quoted decimal commas in a comma-separated file need the flag, which the message names.
        let quoted = "t,v\n1,2\n2,\"1,5\"\n"
        let (plain, _) = try ingest("q.csv", quoted, in: dir)
        #expect(plain.stderr.contains("q.csv:3:2: column 'v': expected a number, got \"1,5\" (if commas mark decimals, add --decimal-comma)"))
        let (flagged, _) = try ingest("q.csv", quoted, ["--decimal-comma"], in: dir)
        #expect(flagged.status == 0, "\(flagged.stderr)")
        #expect(try #require(try loadStored(dir.path("s.sqlite"), "q")).fields[0].values == [2, 1.5])
    }

    @Test("thousands separators in quoted numbers")
    func thousands() throws {
        let dir = try TemporaryDirectory()
        let (r, json) = try ingest("k.csv", "year,revenue\n2021,\"1,234.5\"\n2022,\"12,000\"\n2023,950\n", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(fileReport(json)["thousands"] as? Bool == true)
        #expect(try #require(try loadStored(dir.path("s.sqlite"), "k")).fields[0].values == [1234.5, 12000, 950])
    }

    @Test("US and European slash dates are times; an undecidable order names the flag")
    func slashDates() throws {
        let dir = try TemporaryDirectory()
        let (us, _) = try ingest("us.csv", "date,v\n01/02/2024,1\n01/13/2024,2\n", in: dir)
        #expect(us.status == 0, "\(us.stderr)")
        #expect(try #require(try loadStored(dir.path("s.sqlite"), "us")).x == [1704153600, 1705104000]) // Jan 2, Jan 13
        let (eu, _) = try ingest("eu.csv", "date,v\n13/01/2024,1\n02/03/2024,2\n", in: dir)
        #expect(eu.status == 0, "\(eu.stderr)")
        #expect(try #require(try loadStored(dir.path("s.sqlite"), "eu")).x == [1705104000, 1709337600]) // Jan 13, Mar 2
        let ambiguous = "date,v\n01/02/2024,1\n03/04/2024,2\n"
        let store = dir.path("fresh.sqlite")
        let file = try dir.write("amb.csv", ambiguous)
        let r = try runRangepipe(["ingest", file, "--store", store])
        #expect(r.status == 65)
        #expect(r.stderr.contains("amb.csv:2:1: column 'date'"))
        #expect(r.stderr.contains("give --input-time-format '%m/%d/%Y' or --input-time-format '%d/%m/%Y'"))
        #expect(!FileManager.default.fileExists(atPath: store))
        let fixed = try runRangepipe(["ingest", file, "--store", store, "--time-format", "%d/%m/%Y"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(try #require(try loadStored(store, "amb")).x == [1706745600, 1712102400]) // Feb 1, Apr 3
    }

    @Test("a first row of numbers is data, not a header")
    func noHeader() throws {
        let dir = try TemporaryDirectory()
        let (r, json) = try ingest("h.csv", "1,10\n2,20\n3,30\n", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(fileReport(json)["header"] as? Bool == false)
        let series = try #require(try loadStored(dir.path("s.sqlite"), "h"))
        #expect(series.x == [1, 2, 3])
        #expect(series.fields.map(\.name) == ["col2"])
        // The bulk path once sized its row before the first record named the columns.
        #expect(series.fields[0].values == [10, 20, 30])
        let (flagged, _) = try ingest("n.csv", "1,5\n2,6\n", ["--no-header", "--x", "2"], in: dir)
        #expect(flagged.status == 0, "\(flagged.stderr)")
        let named = try #require(try loadStored(dir.path("s.sqlite"), "n"))
        #expect(named.x == [5, 6])
        #expect(named.fields.map(\.name) == ["col1"])
        #expect(named.fields[0].values == [1, 2])
    }

    /// Two tickers sorted by ticker, 6,000 days each: the sample sees one
    /// ticker only, so the hint comes from a second read of the file.
    func stockFile(_ dir: TemporaryDirectory) throws -> String {
        var text = "Ticker,Date,Open,Close\n"
        for ticker in ["AAA", "BBB"] {
            for day in 0 ..< 6000 {
                let date = CivilTime.date(days: 10957 + day) // from 2000-01-01
                text += "\(ticker),\(date.year)-\(date.month < 10 ? "0" : "")\(date.month)-\(date.day < 10 ? "0" : "")\(date.day),\(day % 97),\(day % 89)\n"
            }
        }
        return try dir.write("stocks.csv", text)
    }

    @Test("a long-format file collapses loudly, even with --quiet, and the warning names the series column")
    func longFormat() throws {
        let dir = try TemporaryDirectory()
        let file = try stockFile(dir)
        let warning = "rangepipe: warning: \(file): 6,000 of 12,000 rows repeat an x ('Date') and were dropped (--duplicates last); "
            + "the file looks long-format: try --series-column Ticker\n"
        let quiet = try runRangepipe(["ingest", file, "--store", dir.path("q.sqlite"), "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.stderr == warning)
        let json = try runRangepipe(["ingest", file, "--store", dir.path("j.sqlite"), "--json"])
        let object = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
        let collapse = fileReport(object)["collapse"] as? [String: Any]
        #expect(collapse?["duplicates_dropped"] as? Int == 6000)
        #expect(collapse?["rows"] as? Int == 12000)
        #expect(collapse?["series_column"] as? String == "Ticker")
        let split = try runRangepipe(["ingest", file, "--store", dir.path("s.sqlite"), "--series-column", "Ticker", "--quiet"])
        #expect(split.status == 0 && split.stderr.isEmpty, "\(split.stderr)")
        #expect(try #require(try loadStored(dir.path("s.sqlite"), "BBB")).count == 6000)
        let keep = try runRangepipe(["ingest", file, "--store", dir.path("k.sqlite"), "--duplicates", "keep", "--quiet"])
        #expect(keep.stderr.isEmpty)
    }

    @Test("real file iowa-electricity.csv is long format: split by source with or without --x, and said so; --series-column source reads the same")
    func iowa() throws {
        let dir = try TemporaryDirectory()
        let path = samples.appendingPathComponent("iowa-electricity.csv").path
        for extra in [[], ["--x", "year"]] {
            let store = dir.path("s\(extra.count).sqlite")
            let r = try runRangepipe(["ingest", path, "--store", store] + extra)
            #expect(r.status == 0)
            #expect(r.stderr.contains("long format: one series per 'source' (as --series-column source --x year)"), "\(r.stderr)")
            #expect(!r.stderr.contains("warning"))
            #expect(try loadStored(store, "Renewables")?.count == 17)
        }
        let split = try runRangepipe(["ingest", path, "--store", dir.path("t.sqlite"), "--series-column", "source", "--quiet"])
        #expect(split.status == 0 && split.stderr.isEmpty)
        let wind = try #require(try loadStored(dir.path("t.sqlite"), "Renewables"))
        #expect(wind.count == 17)
        #expect(wind.fields[0].values.first == 1437)
    }

    @Test("a category x whose labels repeat is the same case")
    func repeatedLabels() throws {
        let dir = try TemporaryDirectory()
        let (r, _) = try ingest("f.csv", "fruit,shop,qty\napple,north,3\npear,north,5\napple,south,4\npear,south,1\nplum,south,2\n",
                                in: dir)
        #expect(r.status == 0)
        #expect(r.stderr.contains("2 of 5 rows repeat an x ('fruit') and were dropped (--duplicates last); the file looks long-format: try --series-column shop"))
    }

    @Test("play --input-series names the series read from --input")
    func playInputSeries() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("data.csv", "t,v\n0,1\n1,2\n2,3\n3,4\n")
        let script = try dir.write("s.json", """
        {"series": "prices", "fps": 10, "duration": 0.2, "events": []}
        """)
        let r = try runRangepipe(["play", script, "--input", data, "--input-series", "prices"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.out.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("{\"series\":\"prices\"") })
    }

    @Test("inspect prints, for every sample, a command that ingests it as expected",
          arguments: [("stocks-monthly.csv", ["AAPL", "AMZN", "GOOG", "IBM", "MSFT"]),
                      ("seattle-weather.csv", ["seattle-weather"]), ("quarterly-sales.csv", ["quarterly-sales"]),
                      ("iowa-electricity.csv", ["Fossil Fuels", "Nuclear Energy", "Renewables"]),
                      ("sf-temps.csv", ["sf-temps"]), ("us-employment.csv", ["us-employment"])])
    func inspectSamples(file: String, series: [String]) throws {
        let dir = try TemporaryDirectory()
        let r = try runRangepipe(["inspect", samples.appendingPathComponent(file).path])
        #expect(r.status == 0, "\(r.stderr)")
        let line = try #require(r.out.split(separator: "\n").first { $0.hasPrefix("  command: ") })
        let command = line.dropFirst("  command: rangepipe ".count)
        let run = try runShell("\"$RANGEPIPE\" \(command) --store \(dir.path("s.sqlite")) --quiet")
        #expect(run.status == 0 && run.stderr.isEmpty, "\(command): \(run.stderr)")
        let listing = try runRangepipe(["series", "--store", dir.path("s.sqlite"), "--json"])
        let names = try listing.out.split(separator: "\n").map {
            (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["name"] as? String
        }
        #expect(names == series)
    }

    @Test("inspect on undecidable dates and stray markers prints the flags, and the command reads the file")
    func inspectFlags() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("d.csv", "date,v\n01/02/2024,1\n03/04/2024,n.a.\n05/06/2024,3\n")
        let r = try runRangepipe(["inspect", file, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let command = try #require(object["command"] as? String)
        #expect(command == "rangepipe ingest \(file) --input-time-format '%m/%d/%Y' --null n.a.")
        let run = try runShell("\"$RANGEPIPE\" \(command.dropFirst("rangepipe ".count)) --store \(dir.path("s.sqlite")) --quiet")
        #expect(run.status == 0, "\(run.stderr)")
        let series = try #require(try loadStored(dir.path("s.sqlite"), "d"))
        #expect(series.x == [1704153600, 1709510400, 1714953600]) // Jan 2, Mar 4, May 6
        #expect(sameValues(series.fields[0].values, [1, .nan, 3]))
    }
}
