import Foundation
import Testing

/// Issue 12: fleets of series. `play --on-series-error skip` and the guard
/// against per-series costs that grow with the number of series.
@Suite("many series")
struct ManySeriesTests {
    /// Long-format rows for series with 1, 3, 2 (same x) and 2 points: `a`
    /// and `c` cannot be played (`c` keeps one point after de-duplication).
    static let rows: [(String, String, Double)] = [
        ("2024-01-01", "a", 1), ("2024-01-01", "b", 1), ("2024-01-01", "c", 4), ("2024-01-02", "b", 2),
        ("2024-01-01", "c", 5), ("2024-01-03", "b", 3), ("2024-01-01", "d", 7), ("2024-01-04", "d", 8),
    ]
    static let script = #"{"fps": 10, "duration": 0.4, "window": {"initial": {"fraction": [0.25, 0.75]}}, "events": []}"#

    func csv(_ rows: [(String, String, Double)]) -> String {
        "t,s,v\n" + rows.map { "\($0.0),\($0.1),\($0.2)\n" }.joined()
    }

    @Test("skip: the other series' bytes are those of a run without the bad ones, for any --jobs and format")
    func skipMatchesRunWithout() throws {
        let dir = try TemporaryDirectory()
        let all = try dir.write("all.csv", csv(Self.rows))
        let good = try dir.write("good.csv", csv(Self.rows.filter { $0.1 == "b" || $0.1 == "d" }))
        let script = try dir.write("s.json", Self.script)
        for format in ["ndjson", "csv"] {
            let expected = try runRangepipe(["play", script, "--input", good, "--series-column", "s", "--all", "--format", format])
            #expect(expected.status == 0, "\(expected.stderr)")
            #expect(expected.out.contains("\"d\"") || expected.out.contains("\nd,"), "the good run plays d")
            for jobs in ["1", "2", "3"] {
                let r = try runRangepipe(["play", script, "--input", all, "--series-column", "s", "--all", "--format", format,
                                          "--jobs", jobs, "--on-series-error", "skip"])
                #expect(r.status == 3, "exit 3 says some series were skipped")
                #expect(r.stdout == expected.stdout, "format \(format), jobs \(jobs)")
                let lines = r.stderr.split(separator: "\n").map(String.init)
                #expect(lines == [
                    "rangepipe: skipped series 'a': needs at least two points with distinct x to be played",
                    "rangepipe: skipped series 'c': needs at least two points with distinct x to be played",
                    "rangepipe: played 2 of 4 series; skipped 2 (--on-series-error skip)",
                ])
            }
        }
    }

    @Test("fail (the default): exit 65 naming the first bad series; -o leaves no file")
    func failStopsAtFirstBadSeries() throws {
        let dir = try TemporaryDirectory()
        let all = try dir.write("all.csv", csv(Self.rows))
        let script = try dir.write("s.json", Self.script)
        let out = dir.path("frames.ndjson")
        for extra in [[], ["--on-series-error", "fail"]] {
            let r = try runRangepipe(["play", script, "--input", all, "--series-column", "s", "--all", "-o", out] + extra)
            #expect(r.status == 65)
            #expect(r.stderr == "rangepipe: error: series 'a': needs at least two points with distinct x to be played\n")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let bad = try runRangepipe(["play", script, "--input", all, "--series-column", "s", "--all", "--on-series-error", "maybe"])
        #expect(bad.status == 64)
    }

    @Test("skip reads a store too, and a run where nothing is skipped exits 0")
    func skipFromStore() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", try dir.write("all.csv", csv(Self.rows)), "--series-column", "s",
                                  "--store", store, "--quiet"]).status == 0)
        let script = try dir.write("s.json", Self.script)
        let fromStore = try runRangepipe(["play", script, "--store", store, "--all", "--on-series-error", "skip"])
        #expect(fromStore.status == 3)
        let fromInput = try runRangepipe(["play", script, "--input", dir.path("all.csv"), "--series-column", "s", "--all",
                                          "--on-series-error", "skip"])
        #expect(fromStore.stdout == fromInput.stdout && !fromStore.stdout.isEmpty)
        let one = try runRangepipe(["play", script, "--store", store, "--series", "d", "--on-series-error", "skip"])
        #expect(one.status == 0 && one.stderr.isEmpty)
    }

    @Test("a new store written in multi-row batches holds what one row per statement writes (small, large, category series)")
    func batchedStoreMatchesRowByRow() throws {
        let dir = try TemporaryDirectory()
        // Names sort so that large series (1,500 points, past the batch
        // limit) fall between small ones, and the batch is flushed mid-way.
        var numbers = "t,s,v,w\n"
        for k in 0 ..< 300 {
            let points = k % 50 == 7 ? 1_500 : k % 3 + 1
            for p in 0 ..< points { numbers += "\(1_000 + p),s\(k),\(p * k % 17),\(p % 2 == 0 ? "" : String(p))\n" }
        }
        var labels = "quarter,s,v\n"
        for k in 0 ..< 130 { for q in 1 ... k % 4 + 1 { labels += "Q\(q),c\(k),\(q * k)\n" } }
        let seed = try dir.write("seed.csv", "x,v\n1,2\n2,3\n")
        // Everything but the ids (and the seed), read by the sqlite3 CLI.
        let dump = """
            SELECT s.name, s.axis, s.points, s.x_min, s.x_max, s.chunk_size, f.ordinal, f.name, f.min, f.max, f.missing
              FROM series s JOIN \(fieldRows(version: 4)) f ON f.series_id = s.id WHERE s.name != 'seed' ORDER BY s.name, f.ordinal;
            SELECT s.name, c.ordinal, c.label FROM series s JOIN category c ON c.series_id = s.id ORDER BY s.name, c.ordinal;
            SELECT s.name, c.column_index, c.seq, c.first_index, c.count, c.min, c.max, hex(c.data)
              FROM series s JOIN chunk c ON c.series_id = s.id WHERE s.name != 'seed' ORDER BY s.name, c.column_index, c.seq;
            \(packedSlices(except: "seed"))
            SELECT count(*) - count(DISTINCT id) FROM series;
            PRAGMA integrity_check;
            """
        for (name, text, series) in [("numbers", numbers, 300), ("labels", labels, 130)] {
            let file = try dir.write("\(name).csv", text)
            let built = dir.path("\(name)-built.sqlite"), grown = dir.path("\(name)-grown.sqlite")
            for args in [[file, "--series-column", "s", "--store", built], [seed, "--store", grown],
                         [file, "--series-column", "s", "--store", grown]] {
                let r = try runRangepipe(["ingest"] + args + ["--quiet"])
                #expect(r.status == 0, "\(r.stderr)")
            }
            let a = try sqlite3(built, dump), b = try sqlite3(grown, dump)
            #expect(a == b, "\(name)")
            #expect(a.suffix(2) == ["0", "ok"], "ids distinct, store intact")
            #expect(try sqlite3(built, "SELECT count(*) FROM series") == [String(series)])
        }
    }

    /// CPU seconds (user + sys) of a shell command line, the least of `runs`.
    func cpuSeconds(_ command: String, runs: Int = 3) throws -> Double {
        var best = Double.infinity
        for _ in 0 ..< runs {
            let r = try runProcess(URL(fileURLWithPath: "/bin/bash"),
                                   ["-c", "TIMEFORMAT='%3U %3S'; { time { \(command); } >/dev/null 2>&1; } 2>&1"],
                                   stdin: nil, in: nil, environment: ["RANGEPIPE": rangepipeBinary.path])
            let parts = r.out.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            try #require(parts.count == 2, "bash time printed \(r.out) \(r.stderr)")
            best = min(best, parts[0] + parts[1])
        }
        return best
    }

    @Test("per-series cost at 2×10^4 series is within 3× that at 2×10^3 (ingest, series, play --all)")
    func noQuadraticStep() throws {
        let dir = try TemporaryDirectory()
        let script = try dir.write("s.json", #"{"fps": 10, "duration": 0.1, "events": []}"#)
        var perSeries: [String: [Double]] = [:]
        for count in [2_000, 20_000] {
            // Three points per series, written time-major as a fleet export is.
            var text = "t,s,v\n"
            for step in 0 ..< 3 {
                for k in 0 ..< count { text += "2024-01-0\(step + 1)T00:00:00Z,s\(k),\(k % 97 + step)\n" }
            }
            let file = try dir.write("fleet\(count).csv", text)
            let store = dir.path("fleet\(count).sqlite")
            let steps = [
                "rm -f \(store); \"$RANGEPIPE\" ingest \(file) --series-column s --store \(store) --quiet",
                "\"$RANGEPIPE\" series --store \(store) --json",
                "\"$RANGEPIPE\" play \(script) --store \(store) --all",
            ]
            for (name, step) in zip(["ingest", "series", "play"], steps) {
                perSeries[name, default: []].append(try cpuSeconds(step) / Double(count))
            }
            #expect(try runRangepipe(["series", "--store", store, "--json"]).out.split(separator: "\n").count == count)
        }
        for (name, costs) in perSeries.sorted(by: { $0.key < $1.key }) {
            // The small run carries the process start-up, so this is lenient
            // to noise; a cost that grows with the series count is 10× here.
            #expect(costs[1] <= 3 * costs[0], "\(name): \(costs[1] * 1e6) µs/series at 2×10^4 vs \(costs[0] * 1e6) at 2×10^3")
        }
    }
}
