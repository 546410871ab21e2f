import Foundation
import Testing
@testable import RangePipeKit

/// An ingest killed at any moment leaves each series as it was before that
/// ingest or as it is after it, and the file passes `PRAGMA integrity_check`.
@Suite("Kill during ingest", .serialized)
struct CrashSafetyTests {
    /// A generated CSV big enough that a kill lands mid-stream.
    static func bigCSV(_ dir: TemporaryDirectory, rows: Int, offset: Double) throws -> String {
        var text = "x,series,v\n"
        text.reserveCapacity(rows * 24)
        for i in 0 ..< rows {
            text += "\(i),\(i % 3 == 0 ? "a" : "b"),\(Double(i) * 0.5 + offset)\n"
        }
        return try dir.write("big-\(offset).csv", text)
    }

    static func snapshot(_ store: String) throws -> [String: Series] {
        let s = try SeriesStore.openForReading(path: store)
        defer { s.close() }
        var out: [String: Series] = [:]
        for name in try s.seriesNames() { out[name] = try s.loadSeries(named: name) }
        return out
    }

    static func integrity(_ store: String) throws -> String {
        try runShell("sqlite3 '\(store)' 'PRAGMA integrity_check'").out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func trials(mode: String, count: Int, seed: UInt64) throws {
        let dir = try TemporaryDirectory()
        let first = try Self.bigCSV(dir, rows: 60_000, offset: 0)
        let second = try Self.bigCSV(dir, rows: 150_000, offset: 1000)
        let base = dir.path("base.sqlite")
        #expect(try runRangepipe(["ingest", first, "--series-column", "series", "--store", base, "--quiet"]).status == 0)
        let before = try Self.snapshot(base)
        // The state after an uninterrupted ingest, and how long one takes.
        let reference = dir.path("reference.sqlite")
        try FileManager.default.copyItem(atPath: base, toPath: reference)
        let started = Date()
        let args = ["ingest", second, "--series-column", "series", "--quiet", "--mode", mode]
        #expect(try runRangepipe(args + ["--store", reference]).status == 0)
        let full = Date().timeIntervalSince(started)
        let after = try Self.snapshot(reference)
        #expect(after != before)

        var rng = SeededGenerator(seed: seed)
        var outcomes = (before: 0, after: 0)
        for trial in 0 ..< count {
            let store = dir.path("trial-\(trial).sqlite")
            try FileManager.default.copyItem(atPath: base, toPath: store)
            let process = Process()
            process.executableURL = rangepipeBinary
            process.arguments = args + ["--store", store]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Moments from the very start to past the end (commit included).
            let delay = Double.random(in: 0 ... full * 1.5, using: &rng)
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(try Self.integrity(store) == "ok", "trial \(trial)")
            let state = try Self.snapshot(store)
            if state == before { outcomes.before += 1 } else if state == after { outcomes.after += 1 } else {
                Issue.record("trial \(trial) (killed at \(delay) s of \(full) s): the store is neither before nor after")
            }
            try? FileManager.default.removeItem(atPath: store)
            try? FileManager.default.removeItem(atPath: store + "-wal")
            try? FileManager.default.removeItem(atPath: store + "-shm")
        }
        // Both outcomes occur, so the kills really landed on both sides of the commit.
        #expect(outcomes.before > 0 && outcomes.after > 0, "\(outcomes)")
    }

    @Test("replace: 40 SIGKILLs at random moments")
    func replace() throws { try trials(mode: "replace", count: 40, seed: 1) }

    @Test("append: 20 SIGKILLs at random moments")
    func append() throws { try trials(mode: "append", count: 20, seed: 2) }

    @Test("a killed first ingest leaves no store at the path")
    func firstIngest() throws {
        let dir = try TemporaryDirectory()
        let data = try Self.bigCSV(dir, rows: 150_000, offset: 0)
        for delay in [0.05, 0.2, 0.4] {
            let store = dir.path("new-\(delay).sqlite")
            let process = Process()
            process.executableURL = rangepipeBinary
            process.arguments = ["ingest", data, "--series-column", "series", "--store", store, "--quiet"]
            try process.run()
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if FileManager.default.fileExists(atPath: store) {
                // Linked into place only when complete.
                #expect(try Self.integrity(store) == "ok")
                #expect(try Self.snapshot(store).count == 2)
            }
        }
        // The killed runs' builds (PATH.tmp-PID) are removed by the next first ingest of the same path.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.contains(".tmp-") }
        let small = try dir.write("small.csv", "x,v\n1,2\n")
        for delay in [0.05, 0.2, 0.4] where !FileManager.default.fileExists(atPath: dir.path("new-\(delay).sqlite")) {
            #expect(try runRangepipe(["ingest", small, "--store", dir.path("new-\(delay).sqlite"), "--quiet"]).status == 0)
        }
        let after = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.contains(".tmp-") }
        #expect(after.isEmpty, "left behind: \(after) (before the next ingest: \(leftovers))")
    }

    @Test("a build whose process is alive is left alone; one whose process is gone is removed")
    func abandonedBuilds() throws {
        let dir = try TemporaryDirectory()
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let deadBuild = dir.path("s.sqlite.tmp-\(gone.processIdentifier)")
        let liveBuild = dir.path("s.sqlite.tmp-\(getpid())")
        for path in [deadBuild, deadBuild + "-wal", liveBuild] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data("partial".utf8)))
        }
        let small = try dir.write("small.csv", "x,v\n1,2\n")
        #expect(try runRangepipe(["ingest", small, "--store", dir.path("s.sqlite"), "--quiet"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: deadBuild))
        #expect(!FileManager.default.fileExists(atPath: deadBuild + "-wal"))
        #expect(FileManager.default.fileExists(atPath: liveBuild))
    }
}

@Suite("Write failures")
struct WriteFailureTests {
    @Test("a file-size limit hit while writing the store exits 74 and leaves it unchanged")
    func fileSizeLimit() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let small = try dir.write("small.csv", "x,v\n1,10\n2,20\n")
        #expect(try runRangepipe(["ingest", small, "--store", store, "--quiet"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let big = try CrashSafetyTests.bigCSV(dir, rows: 100_000, offset: 0)
        // 1 MiB limit (bash counts 1024-byte blocks): the CSV is read fine, the WAL cannot grow.
        let r = try runShell("ulimit -f 1024; exec \"$RANGEPIPE\" ingest '\(big)' --store '\(store)' --series-column series", in: dir.url)
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("rangepipe: error: \(store): "), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        #expect(try CrashSafetyTests.integrity(store) == "ok")
        #expect(try loadStored(store, "small")?.x == [1, 2])
    }

    @Test("an output file that cannot be created exits 73; a failed run leaves no partial -o file")
    func outputErrors() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("d.csv", "x,v\n1,1\n2,2\n3,3\n")
        let script = try dir.write("s.json", #"{"events": []}"#)
        let r = try runRangepipe(["play", script, "--input", data, "-o", dir.path("missing/dir/out.ndjson")])
        #expect(r.status == 73, "\(r.stderr)")
        let bad = try dir.write("bad.json", #"{"events": [], "field": "nope"}"#)
        let out = dir.path("out.ndjson")
        #expect(try runRangepipe(["play", bad, "--input", data, "-o", out]).status == 65)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["bad.json", "d.csv", "s.json"])
    }
}
