import Foundation
import Testing
@testable import RangePipeKit

/// `ingest --jobs N` where the resources more cores take run short. Under
/// an address-space limit (`ulimit -v`) more cores hold more at once
/// (threads' stacks and heaps, pieces' mappings, files parsed ahead), so N
/// narrows itself to what fits the memory budget (`MemoryBudget.parts`)
/// instead of failing where `--jobs 1` succeeds: a ladder of limits across
/// `--jobs 1`'s own boundary, for one large file (pieces) and twelve small
/// ones (files parsed ahead). Where no thread can start (`ulimit -u`),
/// pieces are read on the calling thread and no file is parsed ahead.
/// (The descriptor limit is `IngestJobsTests.fewDescriptors`.)
@Suite("ingest --jobs 64 under ulimit -v and -u succeeds wherever --jobs 1 does, with its store")
struct IngestJobsLimitsTests {
    /// One 11 MiB CSV, and the same rows cut into twelve files.
    static func inputs(seed: UInt64, _ dir: TemporaryDirectory) throws -> (file: String, files: [String]) {
        let data = IngestJobsTests.csv(rows: 300_000, seed: seed)
        let file = try dir.write("a.csv", data: data)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        let per = (lines.count - 1 + 11) / 12
        var files: [String] = []
        for k in 0 ..< 12 {
            let rows = lines.dropFirst(1 + k * per).prefix(per)
            files.append(try dir.write("p\(k).csv", data: Data(([lines[0]] + rows).joined(separator: "\n").utf8 + [0x0a])))
        }
        return (file, files)
    }

    /// Limits in KiB, from where `--jobs 1` cannot read the file to where
    /// `--jobs 64` has room for several pieces or threads.
    static let limits = addressSpaceLadder(from: 40_000, below: 800_000)

    struct Run {
        var status: Int32
        var errors: [String]
        var trace: String
        var store: [String]?
    }

    /// One ingest under `ulimit -v limit` (none for nil).
    static func run(_ files: [String], jobs: Int, limit: Int?, _ dir: TemporaryDirectory) throws -> Run {
        let store = dir.path("v\(limit ?? 0)-j\(jobs).sqlite")
        let list = files.map { "'\($0)'" }.joined(separator: " ")
        let r = try runShell((limit.map { "ulimit -v \($0) && " } ?? "") + "RANGEPIPE_TRACE=split exec \"$RANGEPIPE\" ingest \(list) "
            + "--series-column series --store '\(store)' --quiet --jobs \(jobs)")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        let dump = FileManager.default.fileExists(atPath: store)
            ? try sqlite3(store, ".dump").filter { !$0.contains("'store_id'") } : nil
        return Run(status: r.status, errors: lines.filter { !$0.contains(" s: ") },
                   trace: lines.filter { $0.contains(" s: ") }.joined(separator: "\n"), store: dump)
    }

    /// Runs the ladder; returns each limit's `--jobs 64` trace where
    /// `--jobs 1` succeeded. `--jobs 1` runs only up to the first limit it
    /// succeeds under: one thread's pass is the same at every limit, so
    /// more memory never makes it fail, and above that limit `--jobs 64`
    /// is held to the store of a run with no limit.
    static func expectNoWorseThanOneJob(_ files: [String], _ dir: TemporaryDirectory) throws -> [String] {
        let reference = try run(files, jobs: 1, limit: nil, dir)
        #expect(reference.status == 0, "no limit: \(reference.errors)")
        var traces: [String] = [], oneJobFailed = false, oneJobFits = false
        for limit in limits {
            if !oneJobFits {
                let one = try run(files, jobs: 1, limit: limit, dir)
                if one.status == 0 {
                    oneJobFits = true
                    #expect(one.store == reference.store, "ulimit -v \(limit): --jobs 1's store")
                } else {
                    oneJobFailed = true
                    #expect(one.status == 71 && one.errors.count == 1, "ulimit -v \(limit): --jobs 1 exit \(one.status): \(one.errors)")
                }
            }
            let many = try run(files, jobs: 64, limit: limit, dir)
            if oneJobFits {
                #expect(many.status == 0, "ulimit -v \(limit): --jobs 1 succeeded, --jobs 64 exit \(many.status): \(many.errors)")
                #expect(many.store != nil && firstDifference((many.store ?? []).joined(separator: "\n"),
                                                             (reference.store ?? []).joined(separator: "\n")) == nil,
                        "ulimit -v \(limit): store contents")
                traces.append(many.trace)
            } else {
                #expect(many.status < 128 && many.errors.count == 1 && many.errors.first?.hasPrefix("rangepipe: error: ") == true,
                        "ulimit -v \(limit): --jobs 64 exit \(many.status): \(many.errors)")
                #expect(many.store == nil, "ulimit -v \(limit): a store was left")
            }
        }
        #expect(oneJobFailed, "the ladder starts above --jobs 1's boundary")
        return traces
    }

    @Test("ulimit -v: fewer pieces of one large file, down to one, and fewer threads parsing files ahead, down to none")
    func memoryLimits() throws {
        let dir = try TemporaryDirectory()
        let (file, files) = try Self.inputs(seed: 31, dir)
        let pieces = try Self.expectNoWorseThanOneJob([file], dir)
        // Both sides reached: a limit that left one piece, one that still allowed a cut.
        #expect(pieces.contains { $0.contains("1 of ") && $0.contains("pieces fit the memory budget") })
        #expect(pieces.contains { $0.contains("pieces, later ones") })
        let ahead = try Self.expectNoWorseThanOneJob(files, dir)
        #expect(ahead.contains { $0.contains("0 of 63 threads to parse files ahead fit") })
        #expect(ahead.contains { $0.contains("parsed ahead") })
    }

    /// The address space in use, read from a /proc status text (a second
    /// reading by hand) and from this process's own, which must lie between
    /// its resident size and the whole 64-bit space.
    @Test("VmSize read from /proc/self/status")
    func addressSpaceInUse() throws {
        #expect(Platform.addressSpace(inStatus: Array("Name:\tx\nVmPeak:\t  9 kB\nVmSize:\t   43980 kB\nVmLck:\t0 kB\n".utf8)) == 43_980 * 1024)
        #expect(Platform.addressSpace(inStatus: Array("Name:\tx\nVmRSS:\t 12 kB\n".utf8)) == nil)
        let own = try #require(Platform.addressSpaceInUse)
        #expect(own > 1 << 20 && own < 1 << 47)
    }

    /// Root is not held to `ulimit -u`: as root the run drops to `nobody`
    /// with `setpriv` (as `BadInputTests.readOnlyStore` does), and fails,
    /// rather than skips, where that is missing.
    @Test("ulimit -u: a piece with no thread is read before the first, no file is parsed ahead; the store is --jobs 1's")
    func threadLimits() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.url.path)
        let (file, files) = try Self.inputs(seed: 33, dir)
        let binary = try checkedBinary.get().path
        for inputs in [[file], files] {
            let (reference, _) = try IngestJobsTests.run(inputs, jobs: 1, [], dir)
            #expect(reference.status == 0)
            var withoutThreads = 0, withThreads = 0
            for limit in [1, 3, 1000] {
                let store = dir.path("u\(limit)-\(inputs.count).sqlite")
                let command = ["/usr/bin/prlimit", "--nproc=\(limit):\(limit)", "/usr/bin/env", "RANGEPIPE_TRACE=split", binary, "ingest"]
                    + inputs + ["--series-column", "series", "--store", store, "--quiet", "--jobs", "64"]
                let r = geteuid() == 0
                    ? try runProcess(URL(fileURLWithPath: "/usr/bin/setpriv"), ["--reuid=65534", "--regid=65534", "--clear-groups"] + command,
                                     stdin: nil, in: nil)
                    : try runProcess(URL(fileURLWithPath: command[0]), Array(command.dropFirst()), stdin: nil, in: nil)
                #expect(r.status == 0, "ulimit -u \(limit): exit \(r.status): \(r.stderr)")
                let dump = FileManager.default.fileExists(atPath: store)
                    ? try sqlite3(store, ".dump").filter { !$0.contains("'store_id'") } : []
                #expect(firstDifference(dump.joined(separator: "\n"), reference.store?.joined(separator: "\n") ?? "-") == nil,
                        "ulimit -u \(limit), \(inputs.count) file(s): store contents")
                let ran = inputs.count == 1 ? r.stderr.contains("no thread could start") : !r.stderr.contains("parsed ahead")
                if ran { withoutThreads += 1 } else { withThreads += 1 }
            }
            // Both sides reached: a limit no thread started under, and one threads did.
            #expect(withoutThreads > 0 && withThreads > 0, "\(inputs.count) file(s): \(withoutThreads) limits without threads, \(withThreads) with")
        }
    }
}
