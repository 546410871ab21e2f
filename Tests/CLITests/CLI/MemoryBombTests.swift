import Foundation
import Testing

/// Every command under an address-space limit (`ulimit -v`), fed a bomb:
/// decompression bombs, endless lines, huge outputs, many jobs, huge
/// scripts. Each run must end with success or one documented
/// `rangepipe: error:` line and exit code (71 when memory ran out), never a
/// signal, a backtrace or a temporary file left behind.
///
/// Bombs are streamed (`/dev/zero` through `tr`/`head`, `yes`, gzip
/// members of a small file repeated), never written to disk in full, and
/// each is bounded, so a run that does stream in bounded memory still ends.
@Suite struct MemoryBombTests {
    /// Exit codes a bomb may end with: SPEC section 1's, 71 for out of memory.
    static let documented: Set<Int32> = [0, 64, 65, 66, 69, 71, 73, 74]

    /// Address-space limits in KiB, relative to what the binary needs to
    /// start (`rangepipe --version` starts at about 60 MiB).
    static let limits = [192 << 10, 384 << 10]

    /// A bomb: what it is and the shell pipeline that sets it off. `RUN`
    /// is rangepipe under the limit; `$STORE` the sample store, `$SCRIPT`
    /// a sample script, the current directory is a fresh temporary one.
    struct Bomb: CustomStringConvertible, Sendable {
        let name: String
        let pipeline: String
        /// The input a budget checked before allocating names: the run
        /// must end in exit 71 with "out of memory: ... over the memory
        /// budget", not in the allocator's last resort or another code.
        var budgeted: String? = nil
        var description: String { name }
    }

    /// `size` bytes of `byte` with no newline. The generator's own stderr
    /// is dropped: where SIGPIPE is ignored (a parent that ignores it, as
    /// some CI runners do), `tr` and `head` report the broken pipe when
    /// rangepipe stops reading, and only rangepipe's lines are checked.
    static func endless(_ byte: String, _ size: String = "512M") -> String {
        "{ tr '\\0' '\(byte)' </dev/zero | head -c \(size); } 2>/dev/null"
    }

    /// A gzip file `name` holding `prefix` then 512 MiB of `byte` with no
    /// newline: one 64 MiB member compressed once and repeated (gzip reads
    /// members in turn).
    static func gzipBomb(_ name: String, prefix: String, byte: String = "7") -> String {
        "{ printf '\(prefix)'; \(endless(byte, "64M")); } | gzip -1 > m.gz && " +
            "\(endless(byte, "64M")) | gzip -1 > n.gz && cat m.gz n.gz n.gz n.gz n.gz n.gz n.gz n.gz > \(name) && rm m.gz n.gz && "
    }

    // Not in the matrix: `player --fps 1000` over a long duration holds
    // little (70 MB at 60,000 frames) but draws for minutes in a debug build.
    static let bombs: [Bomb] = [
        Bomb(name: "ingest csv: an endless line", pipeline: "\(endless("7")) | RUN ingest - --format csv --store s.sqlite --quiet"),
        Bomb(name: "ingest tsv: an endless line", pipeline: "\(endless("7")) | RUN ingest - --format tsv --store s.sqlite --quiet"),
        Bomb(name: "ingest csv.gz: a decompression bomb",
             pipeline: gzipBomb("b.csv.gz", prefix: "x,y\\n1,") + "RUN ingest b.csv.gz --store s.sqlite --quiet"),
        Bomb(name: "ingest tsv.gz: a decompression bomb",
             pipeline: gzipBomb("b.tsv.gz", prefix: "x\\ty\\n1\\t") + "RUN ingest b.tsv.gz --format tsv --store s.sqlite --quiet"),
        Bomb(name: "ingest csv.gz: one row repeated (rows held past the budget)",
             pipeline: "{ printf 'x,y\\n' | gzip; yes 2000-01-01,1 | head -c 96M | gzip -1; } 2>/dev/null > r.csv.gz && " +
                 "RUN ingest r.csv.gz --store s.sqlite --quiet", budgeted: "r.csv.gz"),
        Bomb(name: "ingest ndjson: an endless line", pipeline: "{ printf '{\"x\":1,\"y\":\"'; \(endless("a")); } | RUN ingest - --format ndjson --store s.sqlite --quiet", budgeted: "-"),
        Bomb(name: "ingest json: an array of one endless string",
             pipeline: "{ printf '[{\"x\":1,\"y\":\"'; \(endless("a")); } | RUN ingest - --format json --store s.sqlite --quiet", budgeted: "-"),
        Bomb(name: "ingest ndjson.gz: a decompression bomb of one line",
             pipeline: gzipBomb("b.ndjson.gz", prefix: "{\"x\":1,\"y\":\"", byte: "a") + "RUN ingest b.ndjson.gz --store s.sqlite --quiet", budgeted: "b.ndjson.gz"),
        Bomb(name: "ingest json.gz: a decompression bomb of one string",
             pipeline: gzipBomb("b.json.gz", prefix: "[{\"x\":1,\"y\":\"", byte: "a") + "RUN ingest b.json.gz --store s.sqlite --quiet", budgeted: "b.json.gz"),
        Bomb(name: "diff: a file with no newline", pipeline: "\(endless("7")) | RUN diff - /dev/null", budgeted: "-"),
        Bomb(name: "diff: an endless device of NULs", pipeline: "RUN diff /dev/zero /dev/null", budgeted: "/dev/zero"),
        Bomb(name: "play: every series, 64 jobs",
             pipeline: "RUN play \"$SCRIPT\" --store \"$STORE\" --all --jobs 64 --fps 240 -o out.ndjson"),
        Bomb(name: "preview: 100 frames of a 100,000 px chart",
             pipeline: "sed 's/\"main\": { \"width\": 800/\"main\": { \"width\": 100000/' \"$SCRIPT\" > wide.json && " +
                 "RUN preview wide.json --store \"$STORE\" --frames 0:99:1 -o out.svg"),
        Bomb(name: "render: 64 jobs at 1280x720",
             pipeline: "mkdir frames && RUN render \"$SCRIPT\" --store \"$STORE\" --jobs 64 --format png --fps 4 -o frames"),
        Bomb(name: "script check: a script of endless events",
             pipeline: "{ printf '{\"series\":\"AAPL\",\"events\":['; yes '{\"at\":1,\"gesture\":\"hover\",\"path\":[[0,1,1]]},' | head -c 512M; } 2>/dev/null | " +
                 "RUN script check - --store \"$STORE\""),
        Bomb(name: "series: the store under the limit", pipeline: "RUN series --store \"$STORE\" --json"),
    ]

    @Test(arguments: bombs, limits)
    func bombEndsWithOneDocumentedLine(bomb: Bomb, limitKiB: Int) throws {
        let dir = try TemporaryDirectory()
        let store = try StocksStore.path()
        let script = packageRoot.appendingPathComponent("samples/scripts/stocks-gestures.json").path
        let run = "(ulimit -v \(limitKiB) && exec \"$RANGEPIPE\" \"$@\")"
        let body = bomb.pipeline.replacingOccurrences(of: "RUN ", with: "run ")
        let r = try runShell("""
            export STORE='\(store)' SCRIPT='\(script)'
            run() \(run)
            \(body)
            """, in: dir.url)
        let context = "\(bomb.name) under ulimit -v \(limitKiB): exit \(r.status), stderr \(r.stderr.prefix(600))"
        #expect(Self.documented.contains(r.status), "\(context)")
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        if r.status == 0 {
            #expect(r.stderr.isEmpty || !r.stderr.contains("error"), "\(context)")
        } else {
            #expect(lines.count == 1 && lines[0].hasPrefix("rangepipe: error: "), "\(context)")
        }
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Backtrace"), "\(context)")
        if let input = bomb.budgeted {
            #expect(r.status == 71, "\(context)")
            #expect(r.stderr.hasPrefix("rangepipe: error: \(input): out of memory: ") && r.stderr.contains("over the memory budget of "),
                    "\(context)")
        }
        let left = try FileManager.default.subpathsOfDirectory(atPath: dir.url.path).filter { $0.contains(".tmp-") }
        #expect(left.isEmpty, "\(context): left \(left)")
    }

    /// The out-of-memory line names the file and the limit, and is exit 71.
    @Test func outOfMemoryIsExit71NamingTheFile() throws {
        let dir = try TemporaryDirectory()
        let r = try runShell("""
            { tr '\\0' 7 </dev/zero | head -c 512M; } 2>/dev/null | (ulimit -v \(Self.limits[0]) && exec "$RANGEPIPE" diff - /dev/null)
            """, in: dir.url)
        #expect(r.status == 71, "exit \(r.status): \(r.stderr)")
        #expect(r.stderr.hasPrefix("rangepipe: error: -: out of memory: "), "\(r.stderr)")
        #expect(r.stderr.filter { $0 == "\n" }.count == 1, "\(r.stderr)")
    }
}
