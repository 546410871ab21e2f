import Foundation
import Testing
@testable import RangePipeKit

/// `ingest --jobs N` above 1 into a new store inserts the batched rows of
/// small series on a thread of their own (`InsertWriter`) while the next
/// series' rows are built. The class: every way a fleet's write mixes the
/// batched path with the others (one-point, multi-field and category
/// series, series long enough to be chunked, and past the batch limit,
/// which go in one by one between batches), and a write that fails on the
/// insert thread. For every N the store, report and error are those of
/// `--jobs 1`.
@Suite("ingest: batched rows inserted on their own thread")
struct IngestInsertThreadTests {
    /// A fleet file over `FileSplit.minimumBytes` (so it is cut too):
    /// `count` series named by a seeded shuffle (not in name order), most
    /// of 1 to 3 points, every 97th of 100 (chunked), every 1,009th of
    /// 1,100 (past the batch limit), two fields with missing values.
    static func fleet(count: Int, seed: UInt64) -> Data {
        var rng = SeededGenerator(seed: seed)
        var out = "series,x,v,w\n"
        out.reserveCapacity(count * 60)
        for k in 0 ..< count {
            let name = "f\(rng.int(in: 0 ..< 1_000_000))-\(k)"
            let points = k % 1009 == 5 ? 1100 : k % 97 == 3 ? 100 : k % 3 + 1
            for i in 0 ..< points {
                let w = i % 2 == 0 ? "" : String(Double(rng.int(in: -9_999 ... 9_999)) / 8)
                out += "\(name),\(i),\(rng.int(in: 0 ... 999_999)),\(w)\n"
            }
        }
        return Data(out.utf8)
    }

    @Test("a fleet of 150,000 small series and a file of category series: the same store, report and trace of the cuts for every N; the insert thread ran")
    func sameStoreForEveryN() throws {
        let dir = try TemporaryDirectory()
        let fleet = try dir.write("fleet.csv", data: Self.fleet(count: 150_000, seed: 21))
        #expect(try FileManager.default.attributesOfItem(atPath: fleet)[.size] as? Int ?? 0 > FileSplit.minimumBytes)
        var cats = "series,x,v\n"
        for k in 0 ..< 3_000 { for q in 1 ... k % 4 + 1 { cats += "c\(k),Q\(q),\(q * k)\n" } }
        let categories = try dir.write("cats.csv", cats)
        try IngestJobsTests.expectSameForEveryN([fleet, categories], [], dir)
        // The thread did insert: asked for by the trace.
        let store = dir.path("traced.sqlite")
        let r = try runProcess(try checkedBinary.get(), ["ingest", fleet, "--series-column", "series", "--store", store, "--quiet", "--jobs", "2"],
                               stdin: nil, in: nil, environment: ["RANGEPIPE_TRACE": "inserts"])
        #expect(r.status == 0, "\(r.stderr)")
        let batches = r.stderr.firstMatch(of: /the insert thread inserted ([0-9]+) batches\n/).flatMap { Int($0.1) } ?? 0
        // 150,000 series rows alone are 2,419 full batches of 62.
        #expect(batches > 2_300, "\(r.stderr)")
        #expect(try sqlite3(store, "SELECT count(*) FROM series; PRAGMA integrity_check") == ["150000", "ok"])
    }

    @Test("a full disk met on the insert thread fails every N with the error of --jobs 1 (also when a later series would fail too), and leaves nothing on the disk")
    func fullDiskOnTheInsertThread() throws {
        let dir = try TemporaryDirectory()
        let disk = try StorePathKindTests.SmallDisk(dir)
        // About 10 MB of store: past the 2 MiB disk once SQLite's 4 MiB page cache spills, inside an insert.
        var data = Self.fleet(count: 60_000, seed: 22)
        let fleet = try dir.write("fleet.csv", data: data)
        // Where one thread meets the full disk: writing the series after the last one stored.
        let traced = try runProcess(try checkedBinary.get(), ["ingest", fleet, "--series-column", "series", "--store", disk.path + "/s.sqlite",
                                                              "--quiet", "--jobs", "1"],
                                    stdin: nil, in: nil, environment: ["RANGEPIPE_TRACE": "progress"])
        let stored = traced.stderr.split(separator: "\n").compactMap { $0.firstMatch(of: /stored series (.+)$/).map { String($0.1) } }
        let names = Set(String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) })
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let failedAt = try #require(stored.last.flatMap { names.firstIndex(of: $0) }, "\(traced.stderr.suffix(300))") + 1
        #expect(traced.status == 74 && failedAt < names.count - 2, "\(traced.stderr.suffix(300))")
        // The same, and the series just after that one given a repeated x:
        // with --duplicates error it fails when taken, right after the
        // batch the disk fails in is handed to the insert thread.
        data.append(contentsOf: "\(names[failedAt + 1]),0,1,\n".utf8)
        let repeated = try dir.write("repeated.csv", data: data)
        for (file, extra) in [(fleet, [String]()), (repeated, ["--duplicates", "error"])] {
            var errors: [Int: String] = [:]
            for jobs in IngestJobsTests.jobCounts {
                let store = disk.path + "/s.sqlite"
                let r = try runProcess(try checkedBinary.get(), ["ingest", file, "--series-column", "series", "--store", store, "--quiet",
                                                                 "--jobs", "\(jobs)"] + extra,
                                       stdin: nil, in: nil, environment: ["RANGEPIPE_TRACE": "inserts"])
                #expect(r.status == 74, "--jobs \(jobs) \(extra): \(r.stderr)")
                let lines = r.stderr.split(separator: "\n").map(String.init)
                errors[jobs] = lines.filter { $0.hasPrefix("rangepipe: error: ") }.joined(separator: "\n")
                if jobs > 1 {
                    #expect(lines.contains { $0.contains("the insert thread inserted") && $0.contains(", then failed: ") }, "--jobs \(jobs): \(r.stderr)")
                }
                #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty, "--jobs \(jobs) left files")
            }
            #expect(errors[1]?.hasPrefix("rangepipe: error: \(disk.path)/s.sqlite: ") == true, "\(errors[1] ?? "")")
            for jobs in IngestJobsTests.jobCounts.dropFirst() { #expect(errors[jobs] == errors[1], "--jobs \(jobs) \(extra)") }
        }
    }

    @Test("ulimit -v: a fleet's ingest with --jobs 64 succeeds wherever --jobs 1 does, with its store; under ulimit -u, where no thread starts, the rows go in on the writing thread")
    func limits() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.url.path)
        let fleet = try dir.write("fleet.csv", data: Self.fleet(count: 20_000, seed: 23))
        _ = try IngestJobsLimitsTests.expectNoWorseThanOneJob([fleet], dir)
        let (reference, _) = try IngestJobsTests.run([fleet], jobs: 1, [], dir)
        #expect(reference.status == 0)
        // As IngestJobsLimitsTests.threadLimits: root is not held to ulimit -u, so the run drops to nobody.
        for limit in [1, 1000] {
            let store = dir.path("u\(limit).sqlite")
            let command = ["/usr/bin/prlimit", "--nproc=\(limit):\(limit)", "/usr/bin/env", "RANGEPIPE_TRACE=inserts", try checkedBinary.get().path,
                           "ingest", fleet, "--series-column", "series", "--store", store, "--quiet", "--jobs", "64"]
            let r = geteuid() == 0
                ? try runProcess(URL(fileURLWithPath: "/usr/bin/setpriv"), ["--reuid=65534", "--regid=65534", "--clear-groups"] + command,
                                 stdin: nil, in: nil)
                : try runProcess(URL(fileURLWithPath: command[0]), Array(command.dropFirst()), stdin: nil, in: nil)
            #expect(r.status == 0, "ulimit -u \(limit): exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("the insert thread inserted") == (limit > 1), "ulimit -u \(limit): \(r.stderr)")
            let dump = try sqlite3(store, ".dump").filter { !$0.contains("'store_id'") }
            #expect(firstDifference(dump.joined(separator: "\n"), reference.store?.joined(separator: "\n") ?? "-") == nil, "ulimit -u \(limit)")
        }
    }
}
