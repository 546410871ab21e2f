import Foundation
import Testing
@testable import RangePipeKit

/// `ingest --jobs N` cuts a large plain file into N pieces read at once
/// (`FileSplit`). Whatever N, and on this machine's cores, the store's
/// contents, the `--json` report, the rejects and the error are those of
/// `--jobs 1`: a matrix of inputs (plain and gzip CSV, NDJSON, several
/// files; bad rows failing and skipped; a quoted field across cuts; keys
/// and series first met late) × N = 1, 2, 3, 7, 64.
@Suite("ingest --jobs N gives one sequential pass's result for every N")
struct IngestJobsTests {
    static let jobCounts = [1, 2, 3, 7, 64]

    /// A long CSV of about 11 MiB (past `FileSplit.minimumBytes`): `rows`
    /// rows over seven series, one ("late") first met in the last fifth;
    /// `edit` may replace any line's text (index 0 is the first row).
    static func csv(rows: Int, seed: UInt64, edit: (Int, String) -> String = { $1 }) -> Data {
        var rng = SeededGenerator(seed: seed)
        var out = "series,x,v,note\n"
        out.reserveCapacity(rows * 40)
        for i in 0 ..< rows {
            let series = i > rows * 4 / 5 && i % 7 == 0 ? "late" : "s\(rng.int(in: 0 ..< 7))"
            let v = rng.int(in: -999_999 ... 999_999)
            out += edit(i, "\(series),\(i),\(v / 100).\(String(format: "%02d", abs(v) % 100)),note-\(i % 13)-abcdefghij\n")
        }
        return Data(out.utf8)
    }

    /// The NDJSON twin: objects with the same fields, a key ("extra") first
    /// met in the last tenth.
    static func ndjson(rows: Int, seed: UInt64, edit: (Int, String) -> String = { $1 }) -> Data {
        var rng = SeededGenerator(seed: seed)
        var out = ""
        out.reserveCapacity(rows * 48)
        for i in 0 ..< rows {
            let v = rng.int(in: -999_999 ... 999_999)
            let extra = i > rows * 9 / 10 && i % 11 == 0 ? ",\"extra\":\(i % 5)" : ""
            out += edit(i, "{\"series\":\"s\(rng.int(in: 0 ..< 5))\",\"x\":\(i),\"v\":\(Double(v) / 100)\(extra)}\n")
        }
        return Data(out.utf8)
    }

    /// One run's observable result: exit status, stdout (the `--json`
    /// report with its timing removed), the error line, the rejects file
    /// and the store's whole content (`sqlite3 .dump` without the random
    /// store id); and the split trace.
    struct Outcome: Equatable {
        var status: Int32
        var report: String
        var errors: [String]
        var rejects: String?
        var store: [String]?
        static func == (a: Outcome, b: Outcome) -> Bool {
            (a.status, a.report, a.errors, a.rejects, a.store) == (b.status, b.report, b.errors, b.rejects, b.store)
        }
    }

    static func run(_ files: [String], jobs: Int, _ extra: [String], _ dir: TemporaryDirectory) throws -> (Outcome, trace: String) {
        let store = dir.path("jobs\(jobs).sqlite"), rejects = dir.path("rejects\(jobs).txt")
        // Each case starts from no store: a store left by another case would hold its series too.
        for path in [store, store + "-wal", store + "-shm", rejects] { try? FileManager.default.removeItem(atPath: path) }
        let skip = extra.contains("skip")
        let args = ["ingest"] + files + ["--series-column", "series", "--store", store, "--json", "--quiet", "--jobs", "\(jobs)"]
            + extra + (skip ? ["--rejects", rejects] : [])
        let r = try runProcess(try checkedBinary.get(), args, stdin: nil, in: nil, environment: ["RANGEPIPE_TRACE": "split"])
        let lines = r.stderr.split(separator: "\n").map(String.init)
        let report = r.out.replacing(/"seconds":[0-9.e+-]+/, with: "\"seconds\":0").replacing("},{", with: "},\n{")
        var dump: [String]?
        if FileManager.default.fileExists(atPath: store) {
            dump = try sqlite3(store, ".dump").filter { !$0.contains("'store_id'") }
        }
        let outcome = Outcome(status: r.status, report: report, errors: lines.filter { !$0.hasPrefix("rangepipe: ") || !$0.contains(" s: ") },
                              rejects: skip ? try? String(contentsOfFile: rejects, encoding: .utf8) : nil, store: dump)
        return (outcome, lines.filter { $0.contains(" s: ") }.joined(separator: "\n"))
    }

    /// Runs every N and expects the `--jobs 1` outcome from each; returns
    /// the traces by N, for a case to check that its cuts were exercised.
    @discardableResult
    static func expectSameForEveryN(_ files: [String], _ extra: [String] = [], _ dir: TemporaryDirectory) throws -> [Int: String] {
        let (reference, _) = try run(files, jobs: 1, extra, dir)
        var traces: [Int: String] = [:]
        for jobs in jobCounts.dropFirst() {
            let (outcome, trace) = try run(files, jobs: jobs, extra, dir)
            #expect(outcome.status == reference.status, "--jobs \(jobs) exit")
            #expect(outcome.errors == reference.errors, "--jobs \(jobs) errors")
            // Compared line by line, so a failure names the first line that differs, not two whole dumps.
            #expect(firstDifference(outcome.report, reference.report) == nil, "--jobs \(jobs) --json report")
            #expect(firstDifference(outcome.rejects ?? "", reference.rejects ?? "") == nil, "--jobs \(jobs) rejects")
            #expect(firstDifference(outcome.store?.joined(separator: "\n") ?? "-", reference.store?.joined(separator: "\n") ?? "-") == nil,
                    "--jobs \(jobs) store contents")
            #expect(trace.contains("pieces"), "--jobs \(jobs): the file was not cut: \(trace)")
            traces[jobs] = trace
        }
        return (traces)
    }

    @Test("several files at once: plain CSV with a quoted field across the middle and a late series, gzip CSV, NDJSON with a late key")
    func severalFiles() throws {
        let dir = try TemporaryDirectory()
        let rows = 300_000
        // A 2 MiB quoted note of many lines across the file's middle: the cuts there fall inside a record.
        let note = "\"" + String(repeating: "a line of a long note, \"\"quoted\"\" too\n", count: 2 << 20 / 40) + "\""
        let a = try dir.write("a.csv", data: Self.csv(rows: rows, seed: 1) { i, line in
            i == rows / 2 - 5_000 ? line.replacingOccurrences(of: ",note-\(i % 13)-abcdefghij\n", with: ",\(note)\n") : line
        })
        let b = try dir.write("b.csv", data: Self.csv(rows: 30_000, seed: 2))
        #expect(try runShell("gzip -1 '\(b)'").status == 0)
        let c = try dir.write("c.ndjson", data: Self.ndjson(rows: rows, seed: 3))
        let traces = try Self.expectSameForEveryN([a, b + ".gz", c], [], dir)
        // The 15 MiB NDJSON is left to its turn (no worker parses it on one
        // core), and then cut into pieces too.
        for jobs in Self.jobCounts.dropFirst() {
            let trace = traces[jobs] ?? ""
            #expect(trace.contains("c.ndjson: parsed in turn"), "--jobs \(jobs): \(trace)")
            #expect(trace.split(separator: "\n").filter { $0.contains(" pieces, later ones") }.count == 2, "--jobs \(jobs): \(trace)")
        }
        // The cuts inside the note were read on; the others joined.
        #expect(traces[64]?.contains("read on") == true, "\(traces[64] ?? "")")
        #expect(traces[64]?.contains("joined") == true)
        #expect(traces[2]?.contains("read on") == true, "the middle cut fell in the note: \(traces[2] ?? "")")
    }

    @Test("a bad value in a later piece fails every N at the same line, and no store is made")
    func badRowFails() throws {
        let dir = try TemporaryDirectory()
        let rows = 300_000
        let file = try dir.write("bad.csv", data: Self.csv(rows: rows, seed: 4) { i, line in
            i == rows * 3 / 4 ? "s1,\(i),12x4,n\n" : line
        })
        let (reference, _) = try Self.run([file], jobs: 1, [], dir)
        #expect(reference.status == 65)
        #expect(reference.errors == ["rangepipe: error: \(file):\(rows * 3 / 4 + 2):3: column 'v': expected a number, got \"12x4\""], "\(reference.errors)")
        #expect(reference.store == nil)
        try Self.expectSameForEveryN([file], [], dir)
    }

    @Test("--on-error skip writes the same rejects and store for every N (CSV and NDJSON)")
    func badRowsSkipped() throws {
        let dir = try TemporaryDirectory()
        let rows = 300_000
        // Bad rows in several pieces, one on each cut's side.
        let badAt: Set<Int> = [10, rows / 3, rows / 3 + 1, rows * 2 / 3, rows - 1]
        let csv = try dir.write("bad.csv", data: Self.csv(rows: rows, seed: 5) { i, line in
            badAt.contains(i) ? "s2,\(i),n/a?,x\n" : line
        })
        try Self.expectSameForEveryN([csv], ["--on-error", "skip"], dir)
        let json = try dir.write("bad.ndjson", data: Self.ndjson(rows: rows, seed: 6) { i, line in
            badAt.contains(i) ? "{\"series\":\"s1\",\"x\":\(i),\"v\":tru}\n" : line
        })
        try Self.expectSameForEveryN([json], ["--on-error", "skip"], dir)
        let (reference, _) = try Self.run([json], jobs: 1, ["--on-error", "skip"], dir)
        #expect(reference.rejects?.split(separator: "\n").filter { $0.hasPrefix("#") }.count == badAt.count, "\(reference.rejects ?? "")")
    }

    @Test("four files read at once: bad rows in the second and fourth fail, or are skipped, as in one pass")
    func badRowsInLaterFiles() throws {
        let dir = try TemporaryDirectory()
        let rows = 300_000
        var files: [String] = []
        for k in 0 ..< 4 {
            let n = rows / (k + 1)
            let bad: Set<Int> = k == 1 ? [20, n / 2] : k == 3 ? [n - 3] : []
            files.append(try dir.write("f\(k).csv", data: Self.csv(rows: n, seed: UInt64(10 + k)) { i, line in
                bad.contains(i) ? "s\(k),\(i),bad\(k),x\n" : line
            }))
        }
        let failing = try Self.expectSameForEveryN(files, [], dir)
        let skipped = try Self.expectSameForEveryN(files, ["--on-error", "skip"], dir)
        // The bad second file is parsed in its turn for every N (a worker's
        // strict attempt fails on it); clean later ones are parsed ahead
        // (for some N: which thread claims a file first is the scheduler's).
        for (jobs, trace) in skipped {
            #expect(trace.contains("f1.csv: parsed in turn"), "--jobs \(jobs): \(trace)")
        }
        #expect(skipped.values.contains { $0.contains("f2.csv: parsed ahead") || $0.contains("f3.csv: parsed ahead") },
                "\(skipped)")
        #expect(failing[7]?.contains("pieces") == true)
        let (reference, _) = try Self.run(files, jobs: 1, ["--on-error", "skip"], dir)
        #expect(reference.rejects?.split(separator: "\n").filter { $0.hasPrefix("#") }.count == 3, "\(reference.rejects ?? "")")
    }

    @Test("--duplicates error names the same repeat for every N")
    func duplicateInALaterPiece() throws {
        let dir = try TemporaryDirectory()
        let rows = 300_000
        let file = try dir.write("dup.csv", data: Self.csv(rows: rows, seed: 7) { i, line in
            i == rows - 10 ? "late,\(rows - 500),1.5,n\n" : line
        })
        try Self.expectSameForEveryN([file], ["--duplicates", "error"], dir)
    }

    @Test("--jobs outside 1 to 64 is a usage error", arguments: ["0", "-1", "65", "two"])
    func jobsRange(_ value: String) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("a.csv", "x,v\n1,2\n")
        let r = try runProcess(try checkedBinary.get(), ["ingest", file, "--store", dir.path("s.sqlite"), "--jobs", value],
                               stdin: nil, in: nil)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("--jobs"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("s.sqlite")))
    }

    @Test("the cores a process may use are read from its affinity mask")
    func affinityMask() {
        #expect(Platform.allowedCores(inStatus: Array("Name:\tx\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n".utf8)) == 2)
        #expect(Platform.allowedCores(inStatus: Array("\nCpus_allowed:\tffffffff,00000000,0000000f\n".utf8)) == 36)
        #expect(Platform.allowedCores(inStatus: Array("\nCpus_allowed_list:\t0-1\n".utf8)) == nil)
    }

    @Test("a cgroup CPU quota is read rounded up: v2 cpu.max, v1 quota and period")
    func cpuQuota() {
        #expect(Platform.quotaCores(inCPUMax: Array("200000 100000\n".utf8)) == 2)
        #expect(Platform.quotaCores(inCPUMax: Array("150000 100000\n".utf8)) == 2)
        #expect(Platform.quotaCores(inCPUMax: Array("50000 100000".utf8)) == 1)
        #expect(Platform.quotaCores(inCPUMax: Array("max 100000\n".utf8)) == nil)
        #expect(Platform.quotaCores(inCPUMax: Array("".utf8)) == nil)
        #expect(Platform.quotaCores(quota: Array("-1\n".utf8), period: Array("100000\n".utf8)) == nil)
        #expect(Platform.quotaCores(quota: Array("400000\n".utf8), period: Array("100000\n".utf8)) == 4)
    }

    @Test("the default --jobs follows the process's affinity: pinned to one core, a large file is read in one piece")
    func defaultJobsFollowAffinity() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("a.csv", data: Self.csv(rows: 300_000, seed: 21))
        let bin = try checkedBinary.get().path
        let pinned = try runShell("RANGEPIPE_TRACE=split taskset -c 0 '\(bin)' ingest '\(file)' --series-column series --store '\(dir.path("one.sqlite"))' --quiet")
        #expect(pinned.status == 0, "\(pinned.stderr)")
        #expect(!pinned.stderr.contains("pieces"), "\(pinned.stderr)")
        // The same file with two jobs given is cut: the file is large enough.
        let given = try runShell("RANGEPIPE_TRACE=split taskset -c 0 '\(bin)' ingest '\(file)' --series-column series --store '\(dir.path("two.sqlite"))' --quiet --jobs 2")
        #expect(given.status == 0, "\(given.stderr)")
        #expect(given.stderr.contains("pieces"), "\(given.stderr)")
    }

    @Test("a piece that cannot be opened (few descriptors left) leaves no bytes unread: every limit gives --jobs 1's store or one clean error")
    func fewDescriptors() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("a.csv", data: Self.csv(rows: 300_000, seed: 22))
        let (reference, _) = try Self.run([file], jobs: 1, [], dir)
        #expect(reference.status == 0)
        let bin = try checkedBinary.get().path
        var onePass = 0, split = 0
        for limit in 6 ... 26 {
            let store = dir.path("limit\(limit).sqlite")
            let r = try runShell("ulimit -n \(limit) && RANGEPIPE_TRACE=split exec '\(bin)' ingest '\(file)' --series-column series --store '\(store)' --quiet --jobs 64")
            let errors = r.stderr.split(separator: "\n").filter { !$0.contains(" s: ") }
            if r.status == 0 {
                let dump = try sqlite3(store, ".dump").filter { !$0.contains("'store_id'") }
                #expect(firstDifference(dump.joined(separator: "\n"), reference.store?.joined(separator: "\n") ?? "-") == nil,
                        "ulimit -n \(limit): store contents")
                if r.stderr.contains("could not be opened: one pass") { onePass += 1 }
                if r.stderr.contains("pieces, later ones") { split += 1 }
            } else {
                #expect(r.status < 128 && errors.count == 1 && errors.first?.hasPrefix("rangepipe: error: ") == true,
                        "ulimit -n \(limit): exit \(r.status): \(r.stderr)")
                #expect(!FileManager.default.fileExists(atPath: store), "ulimit -n \(limit): a store was left")
            }
        }
        // The matrix reaches both sides: limits where a piece cannot be opened, and ones where all can.
        #expect(onePass > 0, "no limit left a piece unopened")
        #expect(split > 0, "no limit let the file be cut")
    }
}
