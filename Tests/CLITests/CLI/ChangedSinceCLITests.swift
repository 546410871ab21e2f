import Foundation
import Testing
@testable import RangePipeKit

/// `play --changed-since STATE` through the binary: a scheduled re-run
/// writes exactly the series a write changed since the last run, with the
/// bytes a full run writes for them, and records itself.
@Suite("play --changed-since")
struct ChangedSinceCLITests {
    static let script = #"{"fps": 10, "duration": 0.2, "events": []}"#

    /// A store of `n` series (s00 …) and its paths.
    static func setUp(_ n: Int = 20) throws -> (dir: TemporaryDirectory, store: String, script: String, state: String) {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let csv = try StoreFixtures.fleet(dir, "f.csv", series: n, days: 1 ... 5)
        let r = try runRangepipe(["ingest", csv, "--series-column", "s", "--store", store, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        return (dir, store, try dir.write("s.json", script), dir.path("state.json"))
    }

    /// The series names in NDJSON output, in order of first appearance.
    static func played(_ out: String) -> [String] {
        var names: [String] = []
        for line in out.split(separator: "\n") {
            let name = String(line.split(separator: "\"")[3])
            if names.last != name { names.append(name) }
        }
        return names
    }

    /// The lines of `out` for the series `names`.
    static func lines(_ out: String, of names: Set<String>) -> [Substring] {
        out.split(separator: "\n").filter { names.contains(String($0.split(separator: "\"")[3])) }
    }

    func play(_ f: (dir: TemporaryDirectory, store: String, script: String, state: String), _ extra: [String] = []) throws -> RunResult {
        try runRangepipe(["play", f.script, "--store", f.store, "--all", "--changed-since", f.state] + extra)
    }

    @Test("first run: every series, the bytes of a plain run; then nothing until a write; then exactly the changed series, with the full run's bytes")
    func rerun() throws {
        let f = try Self.setUp()
        let full = try runRangepipe(["play", f.script, "--store", f.store, "--all"])
        let first = try play(f)
        #expect(first.status == 0 && first.out == full.out && !full.out.isEmpty, "\(first.stderr)")
        let state = try String(contentsOfFile: f.state, encoding: .utf8)
        #expect(state.hasPrefix(#"{"rangepipe-play-state": 2, "settings": ""#) && state.contains(#""generation": 1, "series": 20}"# + "\n"))
        #expect(state.split(separator: "\n").count == 21)
        let again = try play(f)
        #expect(again.status == 0 && again.out.isEmpty && again.stderr.isEmpty)
        // Write s0 … s5's content again unchanged, then append a day to s3 and s17
        // (in that order: the other way round would put s3 back as the state saw it).
        let more = try f.dir.write("m.csv", "s,date,v\ns3,2024-01-06,1\ns17,2024-01-06,2\n")
        let same = try StoreFixtures.fleet(f.dir, "same.csv", series: 6, days: 1 ... 5)
        for (file, mode) in [(same, "replace"), (more, "append")] {
            #expect(try runRangepipe(["ingest", file, "--series-column", "s", "--store", f.store, "--mode", mode, "--quiet"]).status == 0)
        }
        let fullAfter = try runRangepipe(["play", f.script, "--store", f.store, "--all"])
        let changed = try play(f)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(Self.played(changed.out) == ["s17", "s3"])
        #expect(Self.lines(changed.out, of: ["s17", "s3"]) == Self.lines(fullAfter.out, of: ["s17", "s3"]))
        #expect(try play(f).out.isEmpty)
    }

    @Test("a changed script, output option or series list plays everything again; another store's state too")
    func settingsChange() throws {
        let f = try Self.setUp(6)
        #expect(try play(f).status == 0)
        #expect(try play(f).out.isEmpty)
        // Output options.
        #expect(Self.played(try play(f, ["--fps", "20"]).out).count == 6)
        #expect(try play(f, ["--fps", "20"]).out.isEmpty)
        #expect(Self.played(try play(f, ["--output-time-format", "epoch-s"]).out).count == 6)
        #expect(try play(f, ["--output-time-format", "epoch-s"]).status == 0)
        // The script's bytes.
        try (Self.script + " ").write(toFile: f.script, atomically: false, encoding: .utf8)
        #expect(Self.played(try play(f, ["--output-time-format", "epoch-s"]).out).count == 6)
        // A named list: all of it the first time, then only what changed within it.
        let named = ["play", f.script, "--store", f.store, "--series", "s4", "--series", "s1", "--changed-since", f.state]
        #expect(Self.played(try runRangepipe(named).out) == ["s4", "s1"])
        #expect(try runRangepipe(named).out.isEmpty)
        let more = try f.dir.write("m.csv", "s,date,v\ns1,2024-01-06,1\ns2,2024-01-06,2\n")
        #expect(try runRangepipe(["ingest", more, "--series-column", "s", "--store", f.store, "--mode", "append", "--quiet"]).status == 0)
        #expect(Self.played(try runRangepipe(named).out) == ["s1"])
        // The same state against another store with the same data: a full run.
        let g = try Self.setUp(6)
        let other = try runRangepipe(["play", f.script, "--store", g.store, "--series", "s4", "--series", "s1", "--changed-since", f.state])
        #expect(Self.played(other.out) == ["s4", "s1"])
    }

    @Test("a version 1 store plays whole and records nothing until its next write; then the history starts")
    func version1Store() throws {
        let f = try Self.setUp(4)
        // In place of the new store: a version 1 store from the old binary's (s0…s3, big and cat).
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: f.store + suffix) }
        try StoreFixtures.restoreVersion2(f.store)
        try StoreFixtures.makeVersion1(f.store)
        let r = try play(f)
        #expect(r.status == 0 && Self.played(r.out).count == 6, "\(r.stderr)")
        #expect(r.stderr.contains("no state recorded") && !FileManager.default.fileExists(atPath: f.state))
        let more = try f.dir.write("m.csv", "s,date,v\ns2,2024-01-06,1\n")
        #expect(try runRangepipe(["ingest", more, "--series-column", "s", "--store", f.store, "--mode", "append", "--quiet"]).status == 0)
        #expect(Self.played(try play(f).out).count == 6)
        #expect(try play(f).out.isEmpty)
    }

    @Test("refusals: --input and linked charts are usage errors (64); a state that is not one is a located error (65), and nothing is written")
    func refusals() throws {
        let f = try Self.setUp(3)
        let csv = f.dir.path("f.csv")
        let input = try runRangepipe(["play", f.script, "--input", csv, "--series-column", "s", "--all", "--changed-since", f.state])
        #expect(input.status == 64 && input.stderr.contains("--changed-since") && input.stderr.split(separator: "\n").count == 1, "\(input.stderr)")
        let linked = try runRangepipe(["play", f.script, "--store", f.store, "--sync", "s0,s1", "--changed-since", f.state])
        #expect(linked.status == 64 && linked.stderr.contains("--changed-since"), "\(linked.stderr)")
        for (text, wants) in [("{\"settings\": 1", "state.json:1:"), ("[]", "state.json: (top level): expected an object"),
                              (#"{"rangepipe-play-state": 1, "settings": "x", "store": "y", "generation": -1}"#, "state.json: generation:"),
                              (#"{"rangepipe-play-state": 3}"#, "state.json: rangepipe-play-state:")] {
            try text.write(toFile: f.state, atomically: false, encoding: .utf8)
            let out = f.dir.path("out.ndjson")
            let r = try play(f, ["-o", out])
            #expect(r.status == 65 && r.stderr.contains(wants) && r.stderr.split(separator: "\n").count == 1, "\(text): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
            #expect(try String(contentsOfFile: f.state, encoding: .utf8) == text)
        }
    }

    @Test("a run that skips a series records nothing: the next run plays the changed series again")
    func skipped() throws {
        let f = try Self.setUp(3)
        #expect(try play(f).status == 0)
        let state = try Data(contentsOf: URL(fileURLWithPath: f.state))
        // s1 gets a day; s2 is damaged (its packed columns out of its pack).
        let more = try f.dir.write("m.csv", "s,date,v\ns1,2024-01-06,1\ns2,2024-01-06,1\n")
        #expect(try runRangepipe(["ingest", more, "--series-column", "s", "--store", f.store, "--mode", "append", "--quiet"]).status == 0)
        _ = try sqlite3(f.store, "UPDATE series SET pack_offset = -8 WHERE name = 's2'")
        let r = try play(f, ["--on-series-error", "skip"])
        #expect(r.status == 3 && Self.played(r.out) == ["s1"], "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.state)) == state)
    }
}
