import Foundation
import Testing
@testable import RangePipeKit

@Suite("A second writer waits or exits 75; readers see whole states", .serialized)
struct StoreLockTests {
    /// A store with series "s" at x = 1, 2.
    func store(_ dir: TemporaryDirectory) throws -> (store: String, csv: String) {
        let store = dir.path("s.sqlite")
        let good = try dir.write("g.csv", "x,v\n1,10\n2,20\n")
        #expect(try runRangepipe(["ingest", good, "--store", store, "--series", "s", "--quiet"]).status == 0)
        return (store, good)
    }

    @Test("without --wait the second writer exits 75 while the lock is held; with --wait it waits for it, then gets in")
    func secondWriter() throws {
        let dir = try TemporaryDirectory()
        let (store, good) = try store(dir)
        // The holder keeps the lock until released: every check below runs while it is held.
        let holder = try TransactionHolder(store, ["BEGIN IMMEDIATE"], after: ["COMMIT"])
        _ = try holder.waitReady()
        let fast = try runRangepipe(["ingest", good, "--store", store, "--series", "other"])
        #expect(fast.status == 75, "\(fast.stderr)")
        #expect(fast.stderr.contains("locked by another writer"))
        let waiter = Process()
        waiter.executableURL = try checkedBinary.get()
        waiter.arguments = ["ingest", good, "--store", store, "--series", "other", "--wait", "60", "--quiet"]
        try waiter.run()
        // However slow the machine, a waiter cannot finish while the lock is held: the pause gives a
        // broken waiter time to end early; on a slower machine the check is weaker, never wrong.
        usleep(300_000)
        #expect(waiter.isRunning, "the waiter ended (\(waiter.terminationStatus)) while the lock was held")
        _ = holder.release()
        waiter.waitUntilExit()
        #expect(waiter.terminationStatus == 0)
        #expect(try sqlite3(store, "SELECT name, points FROM series ORDER BY name") == ["other|2", "s|2"])
    }

    @Test("--wait gives up with exit 75 when the lock outlasts it")
    func waitTimesOut() throws {
        let dir = try TemporaryDirectory()
        let (store, good) = try store(dir)
        let holder = try TransactionHolder(store, ["BEGIN IMMEDIATE"], after: ["COMMIT"])
        _ = try holder.waitReady()
        let r = try runRangepipe(["ingest", good, "--store", store, "--series", "other", "--wait", "0.3"])
        _ = holder.release()
        #expect(r.status == 75)
        #expect(r.stderr.contains("waited 0.3 s"), "\(r.stderr)")
        #expect(try sqlite3(store, "SELECT name FROM series") == ["s"])
    }

    @Test("a reader during another process's write transaction sees the last committed state")
    func readerDuringWrite() throws {
        let dir = try TemporaryDirectory()
        let (store, _) = try store(dir)
        // An uncommitted change is in the WAL while rangepipe reads.
        let holder = try TransactionHolder(store, ["BEGIN IMMEDIATE", "UPDATE series SET points = 999", "SELECT points FROM series"],
                                           after: ["ROLLBACK"])
        #expect(try holder.waitReady() == ["999"])
        let listing = try runRangepipe(["series", "--store", store, "--json"])
        let script = try dir.write("p.json", #"{"fps": 1, "duration": 1, "window": {"initial": "all"}, "events": []}"#)
        let play = try runRangepipe(["play", script, "--store", store, "--series", "s", "--format", "csv"])
        _ = holder.release()
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.out.contains("\"points\":2"), "\(listing.out)")
        #expect(play.status == 0, "\(play.stderr)")
        #expect(play.out.split(separator: "\n").count == 3)
    }

    @Test("a writer commits while another process holds a read transaction; that reader keeps its snapshot")
    func writerDuringRead() throws {
        let dir = try TemporaryDirectory()
        let (store, _) = try store(dir)
        #expect(try sqlite3(store, "PRAGMA journal_mode") == ["wal"])
        let reader = try TransactionHolder(store, ["BEGIN", "SELECT name, points FROM series ORDER BY name"],
                                           after: ["SELECT name, points FROM series ORDER BY name", "COMMIT"])
        #expect(try reader.waitReady() == ["s|2"])
        let more = try dir.write("m.csv", "x,v\n1,1\n2,2\n3,3\n")
        // No --wait: readers never block a writer.
        let r = try runRangepipe(["ingest", more, "--store", store, "--series", "t", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try sqlite3(store, "SELECT name, points FROM series ORDER BY name") == ["s|2", "t|3"])
        #expect(reader.release() == ["s|2"], "the open read transaction saw the commit")
    }
}

@Suite("Readers during a real ingest", .serialized)
struct ReaderDuringIngestTests {
    @Test("series during an ingest, stopped inside its transaction, lists the state before it; after the commit, after it")
    func listingDuringIngest() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let small = try dir.write("a.csv", "x,v\n1,1\n2,2\n")
        #expect(try runRangepipe(["ingest", small, "--store", store, "--series", "s", "--quiet"]).status == 0)
        let big = try CrashSafetyTests.bigCSV(dir, rows: 300_000, offset: 0)
        let before = try runRangepipe(["series", "--store", store, "--json"]).out
        let ingest = try GatedRun(["ingest", big, "--store", store, "--series-column", "series", "--quiet"])
        var listings: [String: String] = [:]
        while let milestone = ingest.next() {
            let r = try runRangepipe(["series", "--store", store, "--json"])
            #expect(r.status == 0, "\(r.stderr)")
            listings[milestone] = r.out
            ingest.release()
        }
        #expect(ingest.finish() == 0)
        let after = try runRangepipe(["series", "--store", store, "--json"]).out
        #expect(before != after)
        #expect(listings.keys.sorted() == CrashSafetyTests.milestones.sorted())
        for (milestone, listing) in listings {
            #expect(listing == (milestone == "committed" ? after : before), "at \(milestone)")
        }
    }
}

extension ReaderDuringIngestTests {
    @Test("play --all and series during an append of packed series into a version 2 or 3 store (migrating it) see the state before it until the commit", arguments: [2, 3])
    func packedDuringIngest(version: Int) throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        try version == 2 ? StoreFixtures.restoreVersion2(store) : StoreFixtures.restoreVersion3(store)
        let script = try dir.write("s.json", PackedStoreTests.script)
        let reads = { () throws -> String in
            let all = try runRangepipe(["play", script, "--store", store, "--all", "--on-series-error", "skip"])
            return try runRangepipe(["series", "--store", store, "--json"]).out + all.out + all.stderr
        }
        let before = try reads()
        let ingest = try GatedRun(["ingest", try CrashSafetyTests.packedFleet(dir).second, "--store", store, "--series-column", "series",
                                   "--mode", "append", "--quiet"])
        var seen: [(String, String)] = [], passed = 0
        while let milestone = ingest.next() {
            // Every milestone but the stored series, and every 60th of those.
            if !milestone.hasPrefix("stored series") || passed % 60 == 0 { seen.append((milestone, try reads())) }
            passed += 1
            ingest.release()
        }
        #expect(ingest.finish() == 0)
        let after = try reads()
        #expect(before != after && passed > 350 && seen.count > 8)
        for (milestone, state) in seen { #expect(state == (milestone == "committed" ? after : before), "at \(milestone)") }
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
