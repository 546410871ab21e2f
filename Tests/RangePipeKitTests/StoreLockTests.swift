import Foundation
import Testing
@testable import RangePipeKit

@Suite("A second writer waits or exits 75; readers see whole states", .serialized)
struct StoreLockTests {
    /// Starts a process that holds the store's write lock for `seconds`.
    func holdWriteLock(_ store: String, seconds: Double, ready: String) throws -> Process {
        let script = """
        import sqlite3, time, sys
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        c.execute('BEGIN IMMEDIATE')
        open(sys.argv[3], 'w').close()
        time.sleep(float(sys.argv[2]))
        c.execute('COMMIT')
        """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, store, String(seconds), ready]
        try p.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: ready), Date() < deadline { usleep(20_000) }
        return p
    }

    @Test("without --wait the second writer exits 75 at once; with --wait it gets in")
    func secondWriter() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let good = try dir.write("g.csv", "x,v\n1,10\n2,20\n")
        #expect(try runRangepipe(["ingest", good, "--store", store, "--quiet"]).status == 0)
        let holder = try holdWriteLock(store, seconds: 1.5, ready: dir.path("ready"))
        let started = Date()
        let fast = try runRangepipe(["ingest", good, "--store", store, "--series", "other"])
        #expect(fast.status == 75, "\(fast.stderr)")
        #expect(fast.stderr.contains("locked by another writer"))
        #expect(Date().timeIntervalSince(started) < 1.4, "failed fast, not after the lock went")
        let waited = try runRangepipe(["ingest", good, "--store", store, "--series", "other", "--wait", "20"])
        #expect(waited.status == 0, "\(waited.stderr)")
        holder.waitUntilExit()
        #expect(try loadStored(store, "other")?.x == [1, 2])
    }

    @Test("--wait gives up with exit 75 when the lock outlasts it")
    func waitTimesOut() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let good = try dir.write("g.csv", "x,v\n1,10\n")
        #expect(try runRangepipe(["ingest", good, "--store", store, "--quiet"]).status == 0)
        let holder = try holdWriteLock(store, seconds: 3, ready: dir.path("ready"))
        let r = try runRangepipe(["ingest", good, "--store", store, "--wait", "0.3"])
        #expect(r.status == 75)
        #expect(r.stderr.contains("waited 0.3 s"))
        holder.waitUntilExit()
    }

    @Test("a reader during a write transaction sees the last committed state")
    func readerDuringWrite() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let good = try dir.write("g.csv", "x,v\n1,10\n2,20\n")
        #expect(try runRangepipe(["ingest", good, "--store", store, "--quiet"]).status == 0)
        let holder = try holdWriteLock(store, seconds: 1, ready: dir.path("ready"))
        let listing = try runRangepipe(["series", "--store", store, "--json"])
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.out.contains("\"points\":2"))
        holder.waitUntilExit()
    }
}

@Suite("Readers during a real ingest", .serialized)
struct ReaderDuringIngestTests {
    @Test("series polled during an ingest lists the state before it or after it, never a mix")
    func listingDuringIngest() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let small = try dir.write("a.csv", "x,v\n1,1\n2,2\n")
        #expect(try runRangepipe(["ingest", small, "--store", store, "--series", "s", "--quiet"]).status == 0)
        let big = try CrashSafetyTests.bigCSV(dir, rows: 300_000, offset: 0)
        let before = try runRangepipe(["series", "--store", store, "--json"]).out
        let ingest = Process()
        ingest.executableURL = try checkedBinary.get()
        ingest.arguments = ["ingest", big, "--store", store, "--series-column", "series", "--quiet"]
        try ingest.run()
        var listings: [String] = []
        while ingest.isRunning {
            let r = try runRangepipe(["series", "--store", store, "--json"])
            #expect(r.status == 0, "\(r.stderr)")
            listings.append(r.out)
        }
        ingest.waitUntilExit()
        #expect(ingest.terminationStatus == 0)
        let after = try runRangepipe(["series", "--store", store, "--json"]).out
        #expect(before != after)
        #expect(!listings.isEmpty)
        for listing in listings { #expect(listing == before || listing == after) }
    }
}

@Suite("Limits")
struct LimitTests {
    @Test("a 100 MB CSV field or NDJSON line is refused with a located error and bounded memory")
    func hugeFieldAndLine() throws {
        let dir = try TemporaryDirectory()
        let csv = dir.path("huge.csv")
        let ndjson = dir.path("huge.ndjson")
        #expect(try runShell("""
            { printf 'x,v\\n1,"'; head -c 100000000 /dev/zero | tr '\\0' 'a'; printf '"\\n'; } > '\(csv)'
            { printf '{"x":1,"v":"'; head -c 100000000 /dev/zero | tr '\\0' 'a'; printf '"}\\n'; } > '\(ndjson)'
            """).status == 0)
        for (file, message) in [(csv, "huge.csv:2:2: field longer than 64 MiB"), (ndjson, "huge.ndjson:1:1: line longer than 64 MiB")] {
            let r = try runShell("/usr/bin/time -f '%M' \"$RANGEPIPE\" ingest '\(file)' --store '\(dir.path("s.sqlite"))' 2>&1")
            #expect(r.status == 65, "\(r.out)")
            #expect(r.out.contains(message), "\(r.out)")
            let peakKB = Int(r.out.split(separator: "\n").last.map(String.init) ?? "") ?? Int.max
            #expect(peakKB < 400_000, "peak RSS \(peakKB) KB")
        }
    }
}
