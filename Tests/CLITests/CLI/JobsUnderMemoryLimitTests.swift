import Foundation
import Testing

/// Every command that starts threads for `--jobs` (render's drawing
/// threads, play --all's workers) under an address-space limit
/// (`ulimit -v`), where each thread's stack and malloc arena count whole:
/// `--jobs N` narrows itself to what fits (`MemoryBudget.threads`) and
/// succeeds wherever `--jobs 1` does, with its output byte for byte, on a
/// ladder of limits across `--jobs 1`'s own boundary; where threads cannot
/// start (`ulimit -u`), the work runs on those there are. (Ingest's pieces
/// and files read ahead are `IngestJobsLimitsTests`.)
@Suite("--jobs N under ulimit -v and -u succeeds wherever --jobs 1 does, with its output")
struct JobsUnderMemoryLimitTests {
    /// A command with `--jobs`: the shell line that runs it writing `out`
    /// (a file or a directory) with `JOBS` threads, in a directory `setUp`
    /// prepared, starting no other process (under `ulimit -u 1` none can
    /// be); the trace topic that says how many threads fit.
    struct Command: CustomStringConvertible, Sendable {
        let name: String
        let line: String
        let topic: String
        var description: String { name }
    }

    static let commands = [
        Command(name: "render PNG frames", line: "exec \"$RANGEPIPE\" render '$STOCKS_SCRIPT' --store '$STOCKS' --jobs $JOBS --format png --fps 2 -o out/",
                topic: "render"),
        Command(name: "render PNG frames, two panels (--sync)",
                line: "exec \"$RANGEPIPE\" render '$STOCKS_SCRIPT' --store '$STOCKS' --sync AAPL,IBM --jobs $JOBS --fps 2 --size 640x360 -o out/",
                topic: "render"),
        Command(name: "play --all NDJSON", line: "exec \"$RANGEPIPE\" play many.json --store many.sqlite --all --jobs $JOBS -o out", topic: "play"),
        Command(name: "play --all CSV to standard output",
                line: "exec \"$RANGEPIPE\" play many.json --store many.sqlite --all --jobs $JOBS --format csv >out", topic: "play"),
    ]

    /// Limits in KiB, from where `--jobs 1` of some command fails to where
    /// `--jobs 64` has room for several threads.
    static let limits = addressSpaceLadder(from: 60_000, below: 800_000)

    /// 400 series of 40 points each and a 10-second script over them.
    static func setUp(_ dir: TemporaryDirectory) throws {
        var csv = "series,t,v\n"
        var state: UInt64 = 7
        for s in 0 ..< 400 {
            for t in 0 ..< 40 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                csv += "s\(s),\(t),\(state >> 44)\n"
            }
        }
        let file = try dir.write("many.csv", csv)
        _ = try dir.write("many.json", """
            {"series": "s0", "fps": 10, "field": "v", "overview": {"width": 800, "height": 120}, "main": {"width": 800, "height": 400},
             "window": {"initial": {"min": 5, "max": 30}, "minSpan": 2, "bounds": "data"}, "annotation": {"source": "last-visible"},
             "events": [{"at": 0.3, "gesture": "hover", "path": [[0, 60, 300], [1.2, 480, 220]]},
                        {"at": 2.5, "gesture": "box-zoom", "path": [[0, 220, 200], [0.4, 380, 210], [0.8, 560, 220]]},
                        {"at": 6.0, "gesture": "wheel-pan", "x": 400, "path": [[0, 60], [0.2, 60], [0.4, 60]]},
                        {"at": 8.2, "gesture": "double-click"}]}
            """)
        let r = try runRangepipe(["ingest", file, "--series-column", "series", "--store", dir.path("many.sqlite"), "--quiet"])
        try #require(r.status == 0, "\(r.stderr)")
    }

    struct Run {
        var status: Int32
        var errors: [String]
        var trace: String
        /// The output's bytes, every file in name order, as `cksum` sums them.
        var sum: String
    }

    /// A limit a run is held to: an address space (`ulimit -v`, KiB) or a
    /// number of processes and threads (`ulimit -u`).
    enum Limit {
        case memory(Int)
        case threads(Int)
    }

    /// One run of `command` with `jobs` under `limit` (none for nil), in
    /// `dir`. Root is not held to `ulimit -u`: there the run drops to
    /// `nobody` with `setpriv` (as `IngestJobsLimitsTests.threadLimits` does).
    static func run(_ command: Command, jobs: Int, limit: Limit?, in dir: TemporaryDirectory) throws -> Run {
        let stocks = try StocksStore.path()
        let script = packageRoot.appendingPathComponent("samples/scripts/stocks-gestures.json").path
        let line = command.line.replacingOccurrences(of: "$STOCKS_SCRIPT", with: script)
            .replacingOccurrences(of: "$STOCKS", with: stocks).replacingOccurrences(of: "$JOBS", with: "\(jobs)")
        _ = try dir.write("run.sh", line + "\n")
        let held = switch limit {
        case nil: "sh run.sh"
        case let .memory(kib): "ulimit -v \(kib) && sh run.sh"
        case let .threads(n):
            (geteuid() == 0 ? "/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups " : "")
                + "/usr/bin/prlimit --nproc=\(n):\(n) sh run.sh"
        }
        let r = try runShell("""
            rm -rf out; (RANGEPIPE_TRACE=\(command.topic) && export RANGEPIPE_TRACE && \(held)) 2>err
            status=$?; cat err >&2
            if [ -d out ]; then find out -type f | sort | xargs cat; elif [ -f out ]; then cat out; fi | cksum
            exit $status
            """, in: dir.url)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        // Trace lines are "rangepipe: …" too, never "rangepipe: error: …".
        let traced = { (line: String) in line.hasPrefix("rangepipe: ") && !line.hasPrefix("rangepipe: error: ") }
        return Run(status: r.status, errors: lines.filter { !traced($0) }, trace: lines.filter(traced).joined(separator: "\n"),
                   sum: String(decoding: r.stdout, as: UTF8.self))
    }

    /// The ladder: `--jobs 1` runs up to the first limit it succeeds under
    /// (one thread's pass is the same at every limit, so more memory never
    /// makes it fail); `--jobs 2`, 3 and 64 run at every limit and match
    /// the output of `--jobs 1` with no limit wherever `--jobs 1` fits, or
    /// else fail as it does (exit 71, one line). At the top of the ladder
    /// `--jobs 64` runs more than one thread: narrowing is not to one
    /// thread everywhere.
    @Test(arguments: commands)
    func narrowsInsteadOfFailing(_ command: Command) throws {
        let dir = try TemporaryDirectory()
        try Self.setUp(dir)
        let reference = try Self.run(command, jobs: 1, limit: nil, in: dir)
        try #require(reference.status == 0, "no limit: \(reference.errors)")
        var oneJobFits = false, top = ""
        for limit in Self.limits {
            if !oneJobFits {
                let one = try Self.run(command, jobs: 1, limit: .memory(limit), in: dir)
                oneJobFits = one.status == 0
                if oneJobFits {
                    #expect(one.sum == reference.sum, "ulimit -v \(limit): --jobs 1's output")
                } else {
                    #expect(one.status == 71 && one.errors.count == 1, "ulimit -v \(limit): --jobs 1 exit \(one.status): \(one.errors)")
                }
            }
            for jobs in [2, 3, 64] {
                let many = try Self.run(command, jobs: jobs, limit: .memory(limit), in: dir)
                if oneJobFits {
                    #expect(many.status == 0, "ulimit -v \(limit) --jobs \(jobs): exit \(many.status): \(many.errors)")
                    #expect(many.sum == reference.sum, "ulimit -v \(limit) --jobs \(jobs): output differs from --jobs 1")
                } else {
                    #expect(many.status == 71 && many.errors.count == 1 || many.status == 0 && many.sum == reference.sum,
                            "ulimit -v \(limit) --jobs \(jobs): exit \(many.status): \(many.errors)")
                }
                if jobs == 64 { top = many.trace }
            }
        }
        #expect(oneJobFits, "--jobs 1 never fit: the ladder is too low")
        // No narrowing line: all 64 fit; else more than one of them.
        let narrowed = top.split(separator: "\n").first { $0.contains("fit the memory budget") }
        #expect(narrowed.map { !$0.contains(": 1 of 64") && $0.contains(" of 64 ") } ?? true, "ulimit -v \(Self.limits.last!) --jobs 64: \(top)")
    }

    /// Where no thread, or only a few, can start (`ulimit -u` 1 and 3):
    /// the work runs on the threads there are, with `--jobs 1`'s output.
    @Test(arguments: commands)
    func runsOnTheThreadsThereAre(_ command: Command) throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.url.path)
        try Self.setUp(dir)
        let reference = try Self.run(command, jobs: 1, limit: nil, in: dir)
        try #require(reference.status == 0, "no limit: \(reference.errors)")
        for threads in [1, 3] {
            let r = try Self.run(command, jobs: 64, limit: .threads(threads), in: dir)
            #expect(r.status == 0, "ulimit -u \(threads): exit \(r.status): \(r.errors)")
            #expect(r.sum == reference.sum, "ulimit -u \(threads): output differs from --jobs 1")
            if command.topic == "render", threads == 1 {
                #expect(r.trace.contains("drawn on the calling thread"), "ulimit -u 1: the trace says where frames were drawn: \(r.trace)")
            }
        }
    }
}
