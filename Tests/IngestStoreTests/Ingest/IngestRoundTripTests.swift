import Foundation
import Testing
@testable import RangePipeKit

/// A generated long-format table and the series it must become.
struct GeneratedTable {
    struct Row {
        var series: String
        var x: Int           // seconds since the epoch (time) or the number itself
        var values: [Double] // NaN = missing
    }

    var fieldNames: [String]
    var rows: [Row]
    var useTime: Bool

    /// Random rows in shuffled order with duplicate x values and missing values.
    static func random(seed: UInt64, seriesCount: Int, rowsPerSeries: Int) -> GeneratedTable {
        var rng = SeededGenerator(seed: seed)
        let fieldCount = rng.int(in: 1 ... 3)
        let names = (0 ..< fieldCount).map { "f\($0)" }
        let useTime = rng.bool()
        var rows: [Row] = []
        for s in 0 ..< seriesCount {
            var xs = Set<Int>()
            while xs.count < rowsPerSeries { xs.insert(rng.int(in: 0 ... 10 * rowsPerSeries) * 60 + 1_600_000_000) }
            var list = Array(xs)
            // Duplicates: repeat some x values with other values.
            for _ in 0 ..< rowsPerSeries / 10 { list.append(list.element(using: &rng)) }
            for x in list {
                let values = (0 ..< fieldCount).map { _ -> Double in
                    if rng.int(in: 0 ..< 10) == 0 { return .nan }
                    // Decimal values with a few digits, written and read back exactly.
                    return Double(rng.int(in: -1_000_000 ... 1_000_000)) / 100
                }
                rows.append(Row(series: "s\(s)", x: x, values: values))
            }
        }
        rows.shuffle(using: &rng)
        return GeneratedTable(fieldNames: names, rows: rows, useTime: useTime)
    }

    func xText(_ x: Int) -> String {
        guard useTime else { return String(x) }
        // Independent formatting: Foundation's ISO-8601 formatter.
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: Date(timeIntervalSince1970: TimeInterval(x)))
    }

    func valueText(_ v: Double, json: Bool) -> String {
        v.isNaN ? (json ? "null" : ["", "NA", "null"][abs(Int(v.bitPattern % 3))]) : v.description
    }

    var csv: String {
        var s = "series,x," + fieldNames.joined(separator: ",") + "\n"
        for r in rows {
            s += "\(r.series),\(xText(r.x))," + r.values.map { valueText($0, json: false) }.joined(separator: ",") + "\n"
        }
        return s
    }

    func jsonObject(_ r: Row) -> String {
        let members = zip(fieldNames, r.values).map { "\"\($0)\":\(valueText($1, json: true))" }
        let x = useTime ? "\"\(xText(r.x))\"" : xText(r.x)
        return "{\"series\":\"\(r.series)\",\"x\":\(x)," + members.joined(separator: ",") + ",\"note\":{\"ignored\":[1,2]}}"
    }

    var ndjson: String { rows.map(jsonObject).joined(separator: "\n") + "\n" }
    var jsonArray: String { "[\n" + rows.map(jsonObject).joined(separator: ",\n") + "\n]\n" }

    /// The model: per series, x sorted, the last row of each x wins.
    func expected() -> [String: (x: [Double], fields: [[Double]])] {
        var bySeries: [String: [Int: [Double]]] = [:]
        for r in rows { bySeries[r.series, default: [:]][r.x] = r.values }
        return bySeries.mapValues { table in
            let xs = table.keys.sorted()
            return (xs.map(Double.init), fieldNames.indices.map { k in xs.map { table[$0]![k] } })
        }
    }
}

@Suite("Ingest round trips through the binary and the store")
struct IngestRoundTripTests {
    @Test("random long tables as CSV, NDJSON and JSON read back as the model says", arguments: [1, 2, 3, 4, 5, 6])
    func longFormat(seed: Int) throws {
        let dir = try TemporaryDirectory()
        let table = GeneratedTable.random(seed: UInt64(seed), seriesCount: 1 + seed % 3, rowsPerSeries: 50 + seed * 37)
        let expected = table.expected()
        let inputs = [("data.csv", table.csv), ("data.ndjson", table.ndjson), ("data.json", table.jsonArray)]
        for (name, text) in inputs {
            let file = try dir.write(name, text)
            let store = dir.path("\(name).sqlite")
            let result = try runRangepipe(["ingest", file, "--series-column", "series", "--store", store, "--quiet"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            for (series, model) in expected {
                let stored = try #require(try loadStored(store, series), "\(name): \(series) missing")
                #expect(stored.axis == (table.useTime ? .time : .number))
                #expect(stored.x == model.x, "\(name) \(series) x")
                #expect(stored.fields.map(\.name) == table.fieldNames, "\(name) \(series)")
                for (k, values) in model.fields.enumerated() {
                    #expect(sameValues(stored.fields[k].values, values), "\(name) \(series) field \(k)")
                }
            }
        }
    }

    @Test("a wide table is one series with a field per column; --split-fields makes one per column")
    func wideFormat() throws {
        let dir = try TemporaryDirectory()
        var rng = SeededGenerator(seed: 99)
        var rows: [(Int, [Double])] = (0 ..< 200).map { i in (i, (0 ..< 3).map { _ in Double(rng.int(in: 0 ... 9999)) / 10 }) }
        rows.shuffle(using: &rng)
        var csv = "day,a,b,c\n"
        for (x, v) in rows { csv += "\(x),\(v[0]),\(v[1]),\(v[2])\n" }
        let file = try dir.write("wide.csv", csv)
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", file, "--store", store]).status == 0)
        let sorted = rows.sorted { $0.0 < $1.0 }
        let series = try #require(try loadStored(store, "wide"))
        #expect(series.fields.map(\.name) == ["a", "b", "c"])
        #expect(series.x == sorted.map { Double($0.0) })
        #expect(series.fields[1].values == sorted.map { $0.1[1] })

        let split = dir.path("split.sqlite")
        #expect(try runRangepipe(["ingest", file, "--store", split, "--split-fields"]).status == 0)
        let b = try #require(try loadStored(split, "b"))
        #expect(b.fields.map(\.name) == ["b"])
        #expect(b.fields[0].values == sorted.map { $0.1[1] })
    }

    @Test("duplicates policies: last, first, keep, error")
    func duplicates() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("d.csv", "x,v\n1,10\n2,20\n1,11\n3,30\n1,12\n")
        func values(_ policy: String) throws -> (RunResult, Series?) {
            let store = dir.path("\(policy).sqlite")
            let r = try runRangepipe(["ingest", file, "--store", store, "--duplicates", policy])
            return (r, r.status == 0 ? try loadStored(store, "d") : nil)
        }
        #expect(try values("last").1?.fields[0].values == [12, 20, 30])
        #expect(try values("first").1?.fields[0].values == [10, 20, 30])
        #expect(try values("keep").1?.fields[0].values == [10, 11, 12, 20, 30])
        let (error, _) = try values("error")
        #expect(error.status == 65)
        #expect(error.stderr.contains("d.csv:4:1: series 'd': duplicate x 1.0"))
    }

    @Test("--mode append merges with what is stored; replace replaces")
    func appendAndReplace() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let first = try dir.write("p.csv", "x,v\n1,10\n2,20\n")
        let second = try dir.write("q.csv", "x,v,w\n2,21,1\n3,30,2\n")
        #expect(try runRangepipe(["ingest", first, "--store", store, "--series", "p"]).status == 0)
        #expect(try runRangepipe(["ingest", second, "--store", store, "--series", "p", "--mode", "append"]).status == 0)
        let merged = try #require(try loadStored(store, "p"))
        #expect(merged.x == [1, 2, 3])
        #expect(merged.fields[0].values == [10, 21, 30])
        #expect(sameValues(merged.fields[1].values, [.nan, 1, 2]))
        #expect(try runRangepipe(["ingest", second, "--store", store, "--series", "p"]).status == 0)
        #expect(try loadStored(store, "p")?.x == [2, 3])
    }

    @Test("gzip and stdin inputs; the stem names the series; '-' is stdin")
    func gzipAndStdin() throws {
        let dir = try TemporaryDirectory()
        let csv = "t,v\n2024-01-01T00:00:00Z,1.5\n2024-01-02T00:00:00Z,2.5\n"
        let plain = try dir.write("prices.csv", csv)
        let gz = try runShell("gzip -c '\(plain)' > '\(dir.path("zipped.csv.gz"))'")
        #expect(gz.status == 0)
        let store = dir.path("s.sqlite")
        let r = try runRangepipe(["ingest", dir.path("zipped.csv.gz"), "--store", store])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try loadStored(store, "zipped")?.fields[0].values == [1.5, 2.5])
        let piped = try runShell("gzip -c '\(plain)' | \"$RANGEPIPE\" ingest - --store '\(store)' --quiet")
        #expect(piped.status == 0, "\(piped.stderr)")
        let stdinSeries = try #require(try loadStored(store, "stdin"))
        #expect(stdinSeries.x == [1704067200, 1704153600])
    }

    @Test("BOM, CRLF, quoted fields and --timezone in one file")
    func awkwardCSV() throws {
        let dir = try TemporaryDirectory()
        let text = "\u{FEFF}\"when\",\"the value\"\r\n\"2004-01-02 03:04:05\",\"1,5\"\r\n2004-01-03 03:04:05,\"2\"\r\n"
        let file = try dir.write("odd.csv", text)
        let store = dir.path("s.sqlite")
        // "1,5" is not a number: skipped with a reason; the rest commits.
        let rejects = dir.path("rejects.txt")
        let r = try runRangepipe(["ingest", file, "--store", store, "--timezone", "+01:00", "--on-error", "skip",
                                  "--rejects", rejects, "--y", "the value"])
        #expect(r.status == 0, "\(r.stderr)")
        let series = try #require(try loadStored(store, "odd"))
        #expect(series.x == [1073012645 + 86400 - 3600])
        let rejected = try String(contentsOfFile: rejects, encoding: .utf8)
        #expect(rejected == "# \(file):2:2: column 'the value': expected a number, got \"1,5\"\n2004-01-02 03:04:05,\"1,5\"\n")
    }
}
