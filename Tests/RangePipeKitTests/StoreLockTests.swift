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
