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

    static func integrity(_ store: String) throws -> String {
        try sqlite3(store, "PRAGMA integrity_check").joined(separator: "\n")
    }

    /// The milestones an ingest into an existing store passes, in order.
    static let milestones = ["started", "parsed", "stored series a", "stored series b", "before commit", "committed"]

    /// Each trial stops the ingest at a milestone (from the seeded
    /// generator) and either kills it there, or lets it go on and kills it
    /// a few milliseconds later, before the next milestone is passed. The
    /// outcome is known for every trial but the one let go from `before
    /// commit` (killed during the commit: either state is right).
    /// `files` makes the first and second files (`series` column); `makeBase`
    /// makes the store before the second ingest (default: the first file
    /// ingested). The milestones are the ones a whole run passes.
    func trials(mode: String, count: Int, seed: UInt64,
                files: (TemporaryDirectory) throws -> (first: String, second: String) = { dir in
                    (try CrashSafetyTests.bigCSV(dir, rows: 60_000, offset: 0), try CrashSafetyTests.bigCSV(dir, rows: 150_000, offset: 1000))
                },
                makeBase: ((String, String) throws -> Void)? = nil, expected: [String]? = CrashSafetyTests.milestones) throws {
        let dir = try TemporaryDirectory()
        let (first, second) = try files(dir)
        let base = dir.path("base.sqlite")
        if let makeBase {
            try makeBase(first, base)
        } else {
            #expect(try runRangepipe(["ingest", first, "--series-column", "series", "--store", base, "--quiet"]).status == 0)
        }
        let before = try storeContents(base)
        let reference = dir.path("reference.sqlite")
        try FileManager.default.copyItem(atPath: base, toPath: reference)
        let args = ["ingest", second, "--series-column", "series", "--quiet", "--mode", mode]
        let whole = try GatedRun(args + ["--store", reference])
        var passed: [String] = []
        while let m = whole.next() { passed.append(m); whole.release() }
        #expect(whole.finish() == 0, "\(whole.otherOutput)")
        if let expected { #expect(passed == expected) }
        let milestones = passed
        #expect(milestones.first == "started" && milestones.suffix(2) == ["before commit", "committed"])
        let after = try storeContents(reference)
        #expect(after != before)

        var rng = SeededGenerator(seed: seed)
        var outcomes = (before: 0, after: 0)
        let commit = milestones.firstIndex(of: "committed")!
        for trial in 0 ..< count {
            let store = dir.path("trial-\(trial).sqlite")
            try FileManager.default.copyItem(atPath: base, toPath: store)
            // The first trials stop at the first and last few milestones, the rest anywhere.
            let ends = Array(milestones.indices.prefix(3)) + Array(milestones.indices.suffix(3))
            let stop = trial < ends.count ? ends[trial] : rng.int(in: 0 ..< milestones.count)
            let goOn = trial >= ends.count && stop < commit && rng.bool()
            let run = try GatedRun(args + ["--store", store])
            for k in 0 ... stop {
                let m = try #require(run.next(), "trial \(trial): exited before \(milestones[k]): \(run.otherOutput)")
                #expect(m == milestones[k])
                if k < stop { run.release() }
            }
            if goOn {
                run.release()
                usleep(useconds_t(rng.int(in: 0 ... 20_000)))
            }
            run.kill()
            let label = "trial \(trial) (killed \(goOn ? "after" : "at") \(milestones[stop]))"
            #expect(try Self.integrity(store) == "ok", "\(label)")
            let state = try storeContents(store)
            let expected: [String]? = stop == commit ? after : (goOn && stop == commit - 1 ? nil : before)
            if state == before { outcomes.before += 1 } else if state == after { outcomes.after += 1 }
            if let expected {
                #expect(state == expected, "\(label): the store is not the state \(expected == before ? "before" : "after") the ingest")
            } else {
                #expect(state == before || state == after, "\(label): the store is neither before nor after")
            }
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        }
        #expect(outcomes.before > 0 && outcomes.after > 0, "\(outcomes)")
    }

    @Test("replace: 30 SIGKILLs at and between progress milestones")
    func replace() throws { try trials(mode: "replace", count: 30, seed: 1) }

    @Test("append: 16 SIGKILLs at and between progress milestones")
    func append() throws { try trials(mode: "append", count: 16, seed: 2) }

    /// 300 small series (packed), then 2 more points for each and 50 new
    /// ones, with p7 growing past the pack limit into chunks.
    static func packedFleet(_ dir: TemporaryDirectory) throws -> (first: String, second: String) {
        var first = "x,series,v\n", second = "x,series,v\n"
        for k in 0 ..< 300 { for i in 0 ..< 3 { first += "\(i),p\(k),\(k * 10 + i)\n" } }
        for k in 0 ..< 350 { for i in 3 ..< (k == 7 ? 200 : 5) { second += "\(i),p\(k),\(Double(k) + 0.5 * Double(i))\n" } }
        return (try dir.write("packed-1.csv", first), try dir.write("packed-2.csv", second))
    }

    @Test("append to packed series: 24 SIGKILLs at and between progress milestones")
    func appendPacked() throws { try trials(mode: "append", count: 24, seed: 3, files: Self.packedFleet, expected: nil) }

    @Test("replace packed series: 16 SIGKILLs at and between progress milestones")
    func replacePacked() throws { try trials(mode: "replace", count: 16, seed: 4, files: Self.packedFleet, expected: nil) }

    @Test("a write into a version 2 store made by the old binary, killed anywhere, leaves it at version 2 as it was, or migrated and written")
    func migration() throws {
        try trials(mode: "append", count: 20, seed: 5, files: Self.packedFleet, makeBase: { _, base in
            try StoreFixtures.restoreVersion2(base)
        }, expected: nil)
    }

    @Test("a write into a version 3 store made by the old binary, killed anywhere, leaves it at version 3 as it was, or migrated (first fields in the series rows) and written")
    func migrationFromVersion3() throws {
        try trials(mode: "append", count: 20, seed: 6, files: Self.packedFleet, makeBase: { _, base in
            try StoreFixtures.restoreVersion3(base)
        }, expected: nil)
    }

    @Test("a killed first ingest leaves no store at the path; the next first ingest removes its build")
    func firstIngest() throws {
        let dir = try TemporaryDirectory()
        let data = try Self.bigCSV(dir, rows: 150_000, offset: 0)
        let milestones = ["started", "parsed", "stored series a", "stored series b", "before commit", "committed", "linked"]
        let reference = dir.path("reference.sqlite")
        let whole = try GatedRun(["ingest", data, "--series-column", "series", "--store", reference, "--quiet"])
        var passed: [String] = []
        while let m = whole.next() { passed.append(m); whole.release() }
        #expect(whole.finish() == 0)
        #expect(passed == milestones)
        let complete = try storeContents(reference)
        let small = try dir.write("small.csv", "x,v\n1,2\n")
        for (k, milestone) in milestones.enumerated() {
            let store = dir.path("new-\(k).sqlite")
            let run = try GatedRun(["ingest", data, "--series-column", "series", "--store", store, "--quiet"])
            for j in 0 ... k {
                #expect(try #require(run.next(), "exited before \(milestones[j])") == milestones[j])
                if j < k { run.release() }
            }
            run.kill()
            let builds = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix("new-\(k).sqlite.tmp-") }
            if milestone == "linked" {
                // Linked into place only when complete.
                #expect(try Self.integrity(store) == "ok")
                #expect(try storeContents(store) == complete)
                // Killed before it unlinked its build's name: the next ingest of any kind removes it.
                #expect(builds.count <= 1, "\(builds)")
                #expect(try runRangepipe(["ingest", small, "--store", store, "--quiet"]).status == 0)
                let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix("new-\(k).sqlite.tmp-") }
                #expect(left.isEmpty, "left behind: \(left)")
                continue
            }
            #expect(!FileManager.default.fileExists(atPath: store), "killed at \(milestone)")
            // The build exists from the moment the store is opened (after parsing).
            #expect(builds.isEmpty == (k < 2), "killed at \(milestone): builds \(builds)")
            #expect(try runRangepipe(["ingest", small, "--store", store, "--quiet"]).status == 0)
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix("new-\(k).sqlite.tmp-") }
            #expect(left.isEmpty, "killed at \(milestone): left behind \(left)")
            #expect(try sqlite3(store, "SELECT name, points FROM series") == ["small|1"])
        }
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
        #expect(try sqlite3(store, "SELECT name, points, x_min, x_max FROM series") == ["small|2|1.0|2.0"])
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
