import Foundation
import Testing
@testable import RangePipeKit

/// What follows the parse runs beside the store's writes: a grouped
/// file's series are built and digested (hash, field ranges) ahead of
/// them on the other jobs' threads (`SeriesAhead`), and a long series
/// that reaches the write without a digest has it made beside its
/// chunks (`SeriesStore.digestAside`), its row completed after. The
/// class: everything a digest feeds (the stored hash, the changed
/// generation, the field ranges, the listing, the error a series' build
/// meets) from every way a series reaches the write (a grouped file in
/// batches, large series built in their turn, series merged by append,
/// one long series, several files merged), for every N; each stored hash
/// and range checked against the series read back by the sqlite3 CLI.
@Suite("ingest: series built and digested beside the store's writes")
struct IngestAheadTests {
    /// A grouped file: `count` series named by a seeded shuffle (name order
    /// is not file order), of `points` points (the mean past
    /// `SeriesAhead.minimumMeanRows`, so that building ahead pays) with a
    /// missing `w` now and then, and `long` series of `longPoints` (past
    /// `SeriesAhead.batchCells` with their three columns: built in their
    /// turn) among them.
    static func fleet(count: Int, points: ClosedRange<Int> = 1 ... 600, long: Set<Int>, longPoints: Int = 180_000, seed: UInt64) -> String {
        var rng = SeededGenerator(seed: seed)
        var out = "series,x,v,w\n"
        for k in 0 ..< count {
            let name = "f\(rng.int(in: 0 ..< 1_000_000))-\(k)"
            let points = long.contains(k) ? longPoints : rng.int(in: points)
            for i in 0 ..< points {
                let w = i % 7 == 3 ? "" : String(Double(rng.int(in: -9_999 ... 9_999)) / 8)
                out += "\(name),\(i),\(rng.int(in: 0 ... 999_999)),\(w)\n"
            }
        }
        return out
    }

    static func ingest(_ args: [String], trace: String = "ahead") throws -> RunResult {
        try runProcess(try checkedBinary.get(), ["ingest", "--quiet"] + args, stdin: nil, in: nil, environment: ["RANGEPIPE_TRACE": trace])
    }

    static func dump(_ store: String) throws -> String {
        try sqlite3(store, ".dump").filter { !$0.contains("'store_id'") }.joined(separator: "\n")
    }

    /// Every stored series' hash, first-field range and missing count
    /// against the series read back by the sqlite3 CLI (`loadStored`), and
    /// its changed generation as `changed` says.
    static func expectDigestsMatch(_ store: String, names: [String]? = nil, changed: ((String) -> Int)? = nil) throws {
        let rows = try sqlite3(store, "SELECT name, content_hash, ifnull(field_min, 'null'), ifnull(field_max, 'null'), field_missing, changed_generation FROM series")
        #expect(!rows.isEmpty)
        for row in rows {
            let parts = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard names?.contains(parts[0]) ?? true else { continue }
            let series = try #require(try loadStored(store, parts[0]))
            #expect(parts[1] == series.contentHash, "\(parts[0]): stored hash")
            let field = try #require(series.fields.first)
            let present = field.values.filter { !$0.isNaN }
            #expect(parts[2] == (present.min().map { "\($0)" } ?? "null") || Double(parts[2]) == present.min(), "\(parts[0]): field_min \(parts[2])")
            #expect(parts[3] == (present.max().map { "\($0)" } ?? "null") || Double(parts[3]) == present.max(), "\(parts[0]): field_max \(parts[3])")
            #expect(Int(parts[4]) == field.values.count - present.count, "\(parts[0]): field_missing")
            if let changed { #expect(Int(parts[5]) == changed(parts[0]), "\(parts[0]): changed_generation") }
            // The other fields' rows.
            let quoted = "'" + parts[0].replacingOccurrences(of: "'", with: "''") + "'"
            let others = try sqlite3(store, "SELECT f.min, f.max, f.missing FROM field f JOIN series s ON s.id = f.series_id WHERE s.name = \(quoted) ORDER BY f.ordinal")
            #expect(others.count == series.fields.count - 1, "\(parts[0]): field rows")
            for (row, field) in zip(others, series.fields.dropFirst()) {
                let present = field.values.filter { !$0.isNaN }
                let p = row.split(separator: "|", omittingEmptySubsequences: false).map { Double($0) }
                #expect(p.count == 3 && p[0] == present.min() && p[1] == present.max() && p[2] == Double(field.values.count - present.count),
                        "\(parts[0]): field '\(field.name)' \(row)")
            }
        }
    }

    @Test("a grouped fleet in many batches, two large series among them: the same store for every N, batches built ahead, every digest right")
    func groupedFleet() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("fleet.csv", Self.fleet(count: 4_000, long: [1_500, 3_210], seed: 31))
        var reference: String?
        for jobs in IngestJobsTests.jobCounts {
            let store = dir.path("s\(jobs).sqlite")
            let r = try Self.ingest([file, "--series-column", "series", "--store", store, "--jobs", "\(jobs)"])
            #expect(r.status == 0, "--jobs \(jobs): \(r.stderr)")
            let counts = try #require(r.stderr.firstMatch(of: /([0-9]+) of ([0-9]+) batches built ahead, ([0-9]+) in turn/),
                                      "--jobs \(jobs): \(r.stderr)")
            // The two large series are built in their turn whatever N; with one job, every batch is.
            #expect(Int(counts.3)! >= 2 && Int(counts.2)! > 6, "--jobs \(jobs): \(r.stderr)")
            #expect((Int(counts.1)! > 0) == (jobs > 1), "--jobs \(jobs): \(r.stderr)")
            #expect(Int(counts.1)! + Int(counts.3)! == Int(counts.2)!, "--jobs \(jobs): every batch built once: \(r.stderr)")
            let dump = try Self.dump(store)
            if let reference { #expect(firstDifference(dump, reference) == nil, "--jobs \(jobs) store contents") } else { reference = dump }
        }
        let names = try sqlite3(dir.path("s2.sqlite"), "SELECT name FROM series WHERE points > 5000 OR id % 97 = 0")
        #expect(names.count > 30)
        try Self.expectDigestsMatch(dir.path("s2.sqlite"), names: names, changed: { _ in 1 })
    }

    @Test("--duplicates error: repeats in two series, the later by name first in the file, name the same series at the same line for every N")
    func duplicatesAcrossBatches() throws {
        let dir = try TemporaryDirectory()
        var text = Self.fleet(count: 1_500, long: [], seed: 32)
        // "zz" comes early in the file and last by name; "aa" late in the file and first by name.
        // File lines: the header is 1, then 20 rows, then zz's three (22 to 24).
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var edited = Array(lines[0 ... 20]) + ["zz,1,5,1", "zz,2,5,1", "zz,1,6,2"] + lines[21...]
        edited.insert(contentsOf: ["aa,3,1,1", "aa,3,2,2"], at: edited.count - 40)
        text = edited.joined(separator: "\n")
        let file = try dir.write("dup.csv", text)
        var errors: [Int: [String]] = [:]
        for jobs in IngestJobsTests.jobCounts {
            let store = dir.path("d\(jobs).sqlite")
            let r = try Self.ingest([file, "--series-column", "series", "--store", store, "--duplicates", "error", "--jobs", "\(jobs)"])
            #expect(r.status == 65, "--jobs \(jobs): \(r.stderr)")
            #expect(r.stderr.contains(" batches built ahead") && (jobs == 1 || !r.stderr.contains(" 0 of ")), "--jobs \(jobs): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: store), "--jobs \(jobs) left a store")
            errors[jobs] = r.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("rangepipe: error: ") }
        }
        // The third line of "zz" is the repeat one pass in file order meets first.
        #expect(errors[1] == ["rangepipe: error: \(file):24:1: series 'zz': duplicate x 1.0 (--duplicates error)"], "\(errors[1] ?? [])")
        for jobs in IngestJobsTests.jobCounts.dropFirst() { #expect(errors[jobs] == errors[1], "--jobs \(jobs)") }
    }

    @Test("3,000 failing series after a long clean one: the first failure in file order is looked for once, not once a failing series (ulimit -t 10 against 0.2 s)")
    func manyFailures() throws {
        let dir = try TemporaryDirectory()
        // "z" first in the file and last by name; every "a" series repeats x 99.
        var text = "series,x,v\n"
        text.reserveCapacity(40 << 20)
        for i in 0 ..< 1_500_000 { text += "z,\(i),\(i % 10)\n" }
        for s in 0 ..< 3_000 {
            let name = "a" + String(repeating: "0", count: 4 - String(s).count) + String(s)
            for i in 0 ..< 256 { text += "\(name),\(i == 100 ? 99 : i),\(i % 10)\n" }
        }
        let file = try dir.write("many.csv", text)
        // Looked for once per failing series, this took 10 to 65 CPU seconds
        // (at --jobs 64 and 1); once, 0.2 s: the limit is 50 times that.
        for jobs in [1, 2, 64] {
            let store = dir.path("m\(jobs).sqlite")
            let r = try runShell("ulimit -t 10 && exec '\(try checkedBinary.get().path)' ingest '\(file)' --series-column series --duplicates error --store '\(store)' --quiet --jobs \(jobs)")
            #expect(r.status == 65, "--jobs \(jobs): \(r.stderr)")
            #expect(r.stderr == "rangepipe: error: \(file):1500102:1: series 'a0000': duplicate x 99.0 (--duplicates error)\n", "--jobs \(jobs)")
            #expect(!FileManager.default.fileExists(atPath: store))
        }
    }

    @Test("--mode append into a stored fleet: merged series are digested from their merged rows, new ones ahead; the same store for every N")
    func appendMerges() throws {
        let dir = try TemporaryDirectory()
        let first = try dir.write("a.csv", Self.fleet(count: 1_000, long: [700], longPoints: 70_000, seed: 33))
        // The same names (same seed), later x: every series merged, plus new ones.
        let later = Self.fleet(count: 1_000, long: [700], longPoints: 70_000, seed: 33)
            .split(separator: "\n").dropFirst().map { line -> String in
                let p = line.split(separator: ",", omittingEmptySubsequences: false)
                return "\(p[0]),\(Int(p[1])! + 1_000_000),\(p[2]),\(p[3])"
            }
        let second = try dir.write("b.csv", (["series,x,v,w"] + later + Self.fleet(count: 250, long: [], seed: 34).split(separator: "\n").dropFirst().map(String.init))
            .joined(separator: "\n") + "\n")
        let base = dir.path("base.sqlite")
        #expect(try Self.ingest([first, "--series-column", "series", "--store", base]).status == 0)
        var reference: String?
        for jobs in IngestJobsTests.jobCounts {
            let store = dir.path("m\(jobs).sqlite")
            try FileManager.default.copyItem(atPath: base, toPath: store)
            let r = try Self.ingest([second, "--series-column", "series", "--store", store, "--mode", "append", "--jobs", "\(jobs)"])
            #expect(r.status == 0, "--jobs \(jobs): \(r.stderr)")
            #expect(r.stderr.contains(" batches built ahead") && (jobs == 1 || !r.stderr.contains(" 0 of ")), "--jobs \(jobs): \(r.stderr)")
            let dump = try Self.dump(store)
            if let reference { #expect(firstDifference(dump, reference) == nil, "--jobs \(jobs) store contents") } else { reference = dump }
        }
        let names = try sqlite3(dir.path("m3.sqlite"), "SELECT name FROM series WHERE points > 10000 OR id % 41 = 0")
        #expect(try sqlite3(dir.path("m3.sqlite"), "SELECT count(*) FROM series") == ["1250"])
        try Self.expectDigestsMatch(dir.path("m3.sqlite"), names: names, changed: { _ in 2 })
    }

    @Test("one long series: its digest made beside its chunks for N above 1; the same store for every N; the same content again keeps its generation, new content takes the write's")
    func oneLongSeries() throws {
        let dir = try TemporaryDirectory()
        func file(_ name: String, change: Int? = nil) throws -> String {
            var rng = SeededGenerator(seed: 35)
            var out = "x,v,w\n"
            for i in 0 ..< 150_000 {
                let v = i == change ? 0.5 : Double(rng.int(in: -99_999 ... 99_999)) / 16
                out += "\(i),\(v),\(i % 5 == 0 ? "" : "\(i % 11)")\n"
            }
            return try dir.write(name, out)
        }
        // The series is named after its file: the changed rows go in under the same name.
        try FileManager.default.createDirectory(atPath: dir.path("later"), withIntermediateDirectories: true)
        let same = try file("a.csv"), changed = try file("later/a.csv", change: 77_777)
        var reference: String?
        for jobs in IngestJobsTests.jobCounts {
            let store = dir.path("one\(jobs).sqlite")
            let r = try Self.ingest([same, "--store", store, "--jobs", "\(jobs)"])
            #expect(r.status == 0, "--jobs \(jobs): \(r.stderr)")
            #expect(r.stderr.contains("digest made \(jobs > 1 ? "beside" : "after") its chunks"), "--jobs \(jobs): \(r.stderr)")
            let dump = try Self.dump(store)
            if let reference { #expect(firstDifference(dump, reference) == nil, "--jobs \(jobs) store contents") } else { reference = dump }
        }
        // Replaced by the same rows (generation 2 keeps 1), then by one changed value (3).
        let store = dir.path("one2.sqlite")
        try Self.expectDigestsMatch(store, changed: { _ in 1 })
        #expect(try Self.ingest([same, "--store", store, "--jobs", "2"]).status == 0)
        try Self.expectDigestsMatch(store, changed: { _ in 1 })
        #expect(try Self.ingest([changed, "--store", store, "--jobs", "2"]).status == 0)
        try Self.expectDigestsMatch(store, changed: { _ in 3 })
        #expect(try sqlite3(store, "SELECT value FROM meta WHERE key = 'generation'; SELECT count(*) FROM field") == ["3", "1"])
    }

    @Test("several files merged into long series (built before the write, digested beside it): the same store for every N, every digest right")
    func severalFiles() throws {
        let dir = try TemporaryDirectory()
        var files: [String] = []
        for k in 0 ..< 3 {
            var out = "series,x,v,w\n"
            for i in 0 ..< 40_000 { out += "long,\(k * 40_000 + i),\(i % 997),\(i % 3 == 0 ? "" : "\(k)")\n" }
            for s in 0 ..< 200 { out += "short\(s),\(k),\(s),\n" }
            files.append(try dir.write("p\(k).csv", out))
        }
        var reference: String?
        for jobs in IngestJobsTests.jobCounts {
            let store = dir.path("f\(jobs).sqlite")
            let r = try Self.ingest(files + ["--series-column", "series", "--store", store, "--jobs", "\(jobs)"])
            #expect(r.status == 0, "--jobs \(jobs): \(r.stderr)")
            #expect(r.stderr.contains("'long': digest made"), "--jobs \(jobs): \(r.stderr)")
            let dump = try Self.dump(store)
            if let reference { #expect(firstDifference(dump, reference) == nil, "--jobs \(jobs) store contents") } else { reference = dump }
        }
        try Self.expectDigestsMatch(dir.path("f7.sqlite"), changed: { _ in 1 })
    }

    @Test("ulimit -v: a grouped fleet and a long series ingest with --jobs 64 wherever --jobs 1 does, with its store")
    func limits() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.url.path)
        let fleet = try dir.write("fleet.csv", Self.fleet(count: 1_000, long: [100], seed: 36))
        _ = try IngestJobsLimitsTests.expectNoWorseThanOneJob([fleet], dir)
    }
}
