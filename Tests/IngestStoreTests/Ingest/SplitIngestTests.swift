import Foundation
import Testing
@testable import RangePipeKit

/// Files with 8 MiB and more left after the first chunk are read on two cores with `--jobs 2` (`CSVReader`): these
/// tests make such files and check the split against a model, and against
/// the same bytes read in one pass (gzip input is never split).
@Suite("A large CSV file split across two cores")
struct SplitIngestTests {
    /// A long table big enough to split: `rows` rows over `seriesCount`
    /// series in shuffled x order with repeated x values; one series ("late")
    /// appears only in the last quarter. Returns the CSV bytes and the rows.
    static func table(rows: Int, seed: UInt64) -> (csv: [UInt8], rows: [(series: String, x: Int, v: Int)]) {
        var rng = SeededGenerator(seed: seed)
        var out = Array("series,x,v\n".utf8)
        out.reserveCapacity(rows * 32)
        var model: [(String, Int, Int)] = []
        model.reserveCapacity(rows)
        for i in 0 ..< rows {
            let series = i > rows * 3 / 4 && i % 5 == 0 ? "late" : "s\(rng.int(in: 0 ..< 7))"
            // x repeats now and then; the last row of an x wins (--duplicates last).
            let x = rng.int(in: 0 ..< rows / 2)
            let v = rng.int(in: -999_999 ... 999_999)
            model.append((series, x, v))
            // Values as decimal text with two fraction digits: v / 100.
            let sign = v < 0 ? "-" : ""
            let text = "\(series),\(x),\(sign)\(abs(v) / 100).\(String(format: "%02d", abs(v) % 100))\n"
            out.append(contentsOf: text.utf8)
        }
        return (out, model)
    }

    /// Runs ingest with the split trace on; returns the result.
    static func ingest(_ file: String, _ store: String, _ extra: [String] = []) throws -> RunResult {
        try runProcess(try checkedBinary.get(), ["ingest", file, "--series-column", "series", "--store", store, "--quiet", "--jobs", "2"] + extra,
                       stdin: nil, in: nil, environment: ["RANGEPIPE_TRACE": "split"])
    }

    @Test("the halves join into exactly the series the rows make, in first-appearance order")
    func joinsToTheModel() throws {
        let dir = try TemporaryDirectory()
        let (csv, rows) = Self.table(rows: 800_000, seed: 7)
        #expect(csv.count > 10 << 20)
        let file = try dir.write("big.csv", data: Data(csv))
        try Self.expectJoinedToModel(file, rows, dir)
    }

    /// Ingests `file` (which must split and join) and checks the store
    /// against `rows` with `--duplicates last`: every series, x and value,
    /// and the summary's first-appearance order.
    static func expectJoinedToModel(_ file: String, _ rows: [(series: String, x: Int, v: Int)], _ dir: TemporaryDirectory) throws {
        let store = dir.path("s.sqlite")
        let result = try Self.ingest(file, store)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("joined"), "the file was not split: \(result.stderr)")

        var last: [String: [Int: Int]] = [:]
        var firstSeen: [String] = []
        for row in rows {
            if last[row.series] == nil { firstSeen.append(row.series) }
            last[row.series, default: [:]][row.x] = row.v
        }
        let listing = try runRangepipe(["series", "--store", store, "--json"])
        #expect(listing.out.split(separator: "\n").count == firstSeen.count)
        let names = listing.out.split(separator: "\n").compactMap { line in
            line.range(of: "\"name\":\"").map { String(line[$0.upperBound...].prefix { $0 != "\"" }) }
        }
        #expect(names.sorted() == firstSeen.sorted())
        for name in firstSeen {
            let stored = try #require(try loadStored(store, name))
            let xs = last[name]!.keys.sorted()
            #expect(stored.x == xs.map(Double.init), "\(name) x")
            #expect(stored.fields[0].values == xs.map { Double(last[name]![$0]!) / 100 }, "\(name) values")
        }
        let summary = try runProcess(try checkedBinary.get(), ["ingest", file, "--series-column", "series", "--store", dir.path("t.sqlite")],
                                     stdin: nil, in: nil)
        // The summary lists series in first-appearance order, split or not.
        let listed = summary.stderr.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(Array(listed.prefix(firstSeen.count)) == firstSeen, "\(summary.stderr)")
    }

    /// The same bytes gzipped: never split, so it is the one-pass reference.
    static func onePass(_ dir: TemporaryDirectory, _ file: String, _ extra: [String]) throws -> (RunResult, String) {
        let gz = file + ".gz"
        #expect(try runShell("gzip -1 -c '\(file)' > '\(gz)'").status == 0)
        let store = dir.path("reference-\(UUID().uuidString).sqlite")
        return (try Self.ingest(gz, store, extra), store)
    }

    static func sameStores(_ a: String, _ b: String, _ names: [String]) throws -> Bool {
        for name in names {
            let l = try loadStored(a, name), r = try loadStored(b, name)
            guard l != nil, l?.x == r?.x, l?.fields == r?.fields else { return false } // NaN-aware
        }
        return true
    }

    @Test("a bad row in the second half is reported at its line, as one pass reports it; skip writes the same rejects")
    func badRowInSecondHalf() throws {
        let dir = try TemporaryDirectory()
        var (csv, _) = Self.table(rows: 800_000, seed: 8)
        // Break the value of the row on line L (3/4 through the file).
        let lines = csv.indices.filter { csv[$0] == 0x0a }
        let target = lines.count * 3 / 4           // the newline ending line `target + 1`
        let badLine = target + 2                  // the line after it, 1-based
        let start = lines[target] + 1
        let comma = csv[start...].lastIndex(of: 0x2c, before: lines[target + 1])!
        csv.replaceSubrange((comma + 1) ..< lines[target + 1], with: Array("12x4".utf8))
        let file = try dir.write("bad.csv", data: Data(csv))

        let failed = try Self.ingest(file, dir.path("s.sqlite"))
        #expect(failed.status == 65)
        #expect(failed.stderr.contains("\(file):\(badLine):3: column 'v': expected a number, got \"12x4\""), "\(failed.stderr)")
        #expect(failed.stderr.contains("read on"), "the split did not defer to one pass: \(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("s.sqlite")))

        let rejects = dir.path("rejects.txt")
        let skipped = try Self.ingest(file, dir.path("k.sqlite"), ["--on-error", "skip", "--rejects", rejects])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(try String(contentsOfFile: rejects, encoding: .utf8).hasPrefix("# \(file):\(badLine):3: column 'v'"))
        let (reference, referenceStore) = try Self.onePass(dir, file, ["--on-error", "skip", "--rejects", dir.path("r2.txt")])
        #expect(reference.status == 0)
        #expect(try Self.sameStores(dir.path("k.sqlite"), referenceStore, ["s0", "s3", "late"]))
    }

    @Test("--duplicates error names the absolute line of a repeat in the second half")
    func duplicateLineInSecondHalf() throws {
        let dir = try TemporaryDirectory()
        // Unique x per series except one repeat near the end.
        var text = "series,x,v\n"
        let rows = 900_000
        for i in 0 ..< rows { text += "s\(i % 3),\(i),\(i % 1000).25\n" }
        let repeatLine = rows + 2
        text += "s1,\(rows - 2),7\n"   // rows - 2 is in s1 (i % 3 == 1 for rows - 2 when rows % 3 == 0)
        let file = try dir.write("dup.csv", text)
        let result = try Self.ingest(file, dir.path("s.sqlite"), ["--duplicates", "error"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("joined"), "\(result.stderr)")
        #expect(result.stderr.contains("\(file):\(repeatLine):1: series 's1': duplicate x"), "\(result.stderr)")
    }

    @Test("a split point inside a quoted field falls back to one pass with the same result")
    func quotedNewlinesAtTheMiddle() throws {
        let dir = try TemporaryDirectory()
        var text = "series,x,v,note\n"
        let rows = 700_000
        for i in 0 ..< rows {
            if i == rows / 2 - 20_000 {
                // A 4 MiB quoted note full of newlines, straddling the middle of the file.
                let note = String(repeating: "line of a long note, \"quoted\" too\n", count: 4 << 20 / 36)
                text += "s0,\(i),1.5,\"\(note.replacingOccurrences(of: "\"", with: "\"\""))\"\n"
            } else {
                text += "s\(i % 4),\(i),\(i % 977).5,n\n"
            }
        }
        let file = try dir.write("quoted.csv", text)
        let store = dir.path("s.sqlite")
        let result = try Self.ingest(file, store)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("read on (the cut fell inside a record)"), "\(result.stderr)")
        let (reference, referenceStore) = try Self.onePass(dir, file, [])
        #expect(reference.status == 0)
        #expect(try Self.sameStores(store, referenceStore, ["s0", "s1", "s2", "s3"]))
        #expect(try loadStored(store, "s0")?.x.count == rows / 4)
    }
}

/// The same for NDJSON, whose lines never hold a raw newline: the split
/// always falls between records, and the fork must also meet no key and
/// type no column the first half had left open.
@Suite("A large NDJSON file split across two cores")
struct SplitNDJSONTests {
    /// The rows of `SplitIngestTests.table` as NDJSON lines; `extra(i)`
    /// appends members to line i.
    static func lines(rows: Int, seed: UInt64, extra: (Int) -> String = { _ in "" }) -> (text: [UInt8], rows: [(series: String, x: Int, v: Int)]) {
        let (_, model) = SplitIngestTests.table(rows: rows, seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(rows * 48)
        for (i, row) in model.enumerated() {
            let sign = row.v < 0 ? "-" : ""
            let v = "\(sign)\(abs(row.v) / 100).\(String(format: "%02d", abs(row.v) % 100))"
            out.append(contentsOf: "{\"series\":\"\(row.series)\",\"x\":\(row.x),\"v\":\(v)\(extra(i))}\n".utf8)
        }
        return (out, model)
    }

    @Test("the halves join into exactly the series the rows make, in first-appearance order")
    func joinsToTheModel() throws {
        let dir = try TemporaryDirectory()
        let (text, rows) = Self.lines(rows: 500_000, seed: 9)
        #expect(text.count > 10 << 20)
        let file = try dir.write("big.ndjson", data: Data(text))
        try SplitIngestTests.expectJoinedToModel(file, rows, dir)
    }

    @Test("a bad line in the second half is reported at its line and column, as one pass reports it")
    func badLineInSecondHalf() throws {
        let dir = try TemporaryDirectory()
        let rows = 500_000
        let badLine = rows * 3 / 4
        let (text, _) = Self.lines(rows: rows, seed: 10) { $0 == badLine - 1 ? ",\"v\":tru" : "" }
        let file = try dir.write("bad.ndjson", data: Data(text))
        let failed = try SplitIngestTests.ingest(file, dir.path("s.sqlite"))
        #expect(failed.status == 65)
        let line = String(decoding: text.split(separator: 0x0a)[badLine - 1], as: UTF8.self)
        let column = line.utf8.count - 3   // the 't' of "tru}", 1-based
        #expect(failed.stderr.contains("\(file):\(badLine):\(column): invalid literal"), "\(failed.stderr)")
        #expect(failed.stderr.contains("read on"), "the split did not defer to one pass: \(failed.stderr)")

        let skipped = try SplitIngestTests.ingest(file, dir.path("k.sqlite"), ["--on-error", "skip", "--rejects", dir.path("r.txt")])
        #expect(skipped.status == 0)
        let rejects = try String(contentsOfFile: dir.path("r.txt"), encoding: .utf8)
        #expect(rejects == "# \(file):\(badLine):\(column): invalid literal, expected true\n\(line)\n")
    }

    @Test("a key first seen in the second half, or a column typed there, makes the first half read on: same store as one pass",
          arguments: ["new key", "typed later"])
    func decidedInSecondHalf(kind: String) throws {
        let dir = try TemporaryDirectory()
        let rows = 500_000
        let (text, _) = Self.lines(rows: rows, seed: 11) { i in
            switch kind {
            case "new key": return i > rows * 3 / 4 && i % 7 == 0 ? ",\"w\":\(i % 100).5" : ""
            default: return i < 3 ? ",\"w\":null" : i > rows * 3 / 4 && i % 7 == 0 ? ",\"w\":\(i % 100).5" : ""
            }
        }
        let file = try dir.write("late.ndjson", data: Data(text))
        let store = dir.path("s.sqlite")
        let result = try SplitIngestTests.ingest(file, store)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("read on (the piece met a bad row or a new key, or ended inside a record)"), "\(result.stderr)")
        let (reference, referenceStore) = try SplitIngestTests.onePass(dir, file, [])
        #expect(reference.status == 0)
        #expect(try SplitIngestTests.sameStores(store, referenceStore, ["s0", "s5", "late"]))
        let late = try #require(try loadStored(store, "late"))
        #expect(late.fields.map(\.name) == ["v", "w"])
        #expect(late.fields[1].values.contains { !$0.isNaN })
    }
}

private extension ArraySlice where Element == UInt8 {
    func lastIndex(of byte: UInt8, before end: Int) -> Int? {
        var k = end - 1
        while k >= startIndex { if self[k] == byte { return k }; k -= 1 }
        return nil
    }
}
