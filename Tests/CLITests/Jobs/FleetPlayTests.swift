import Foundation
import Testing

/// Issue 32 item 2: `play --all` over a fleet reads the store in one scan
/// and, with `--jobs N`, loads runs of series on a thread of its own while
/// the workers play the runs before. The reference is the same rows played
/// from `--input` (parsed in memory: no store, no scan) with one job; the
/// store's output must be its bytes for any `--jobs`, across runs (64
/// series each: the 5,005 here make 79), past the series the loader holds
/// ahead, and in the error policy's cases.
@Suite("fleet play")
struct FleetPlayTests {
    /// 5,000 three-point series (f0000 …), a one-point series and one
    /// whose two rows share x (neither can be played), a 20,000-point
    /// series (a run alone), a two-point series, and f2500-bad (damaged in
    /// the store afterwards).
    static func fleetCSV(damaged: Bool) -> String {
        var text = "x,s,v\n"
        for k in 0 ..< 5000 {
            let name = "f" + String(repeating: "0", count: 4 - String(k).count) + String(k)
            for i in 0 ..< 3 { text += "\(Double(i) + 0.5),\(name),\(Double((k * 7 + i * 3) % 101) / 4)\n" }
            if k == 2500, damaged { text += "0.5,f2500-bad,1\n1.5,f2500-bad,2\n" }
        }
        text += "0.5,f1234-one,1\n"
        text += "0.5,f4000-dup,1\n0.5,f4000-dup,2\n"
        for i in 0 ..< 20_000 { text += "\(Double(i) + 0.5),c-big,\(Double(i % 97))\n" }
        text += "0.5,d-two,1\n7.5,d-two,-2\n"
        return text
    }

    static let script = #"{"fps": 10, "duration": 0.1, "window": {"initial": {"fraction": [0.25, 0.75]}}, "events": []}"#

    /// A store of the fleet with f2500-bad's columns pointing outside its pack, the
    /// fleet without it as CSV, and the script.
    static func setUp() throws -> (dir: TemporaryDirectory, store: String, reference: String, script: String) {
        let dir = try TemporaryDirectory()
        let store = dir.path("fleet.sqlite")
        let r = try runRangepipe(["ingest", try dir.write("all.csv", fleetCSV(damaged: true)), "--series-column", "s",
                                  "--store", store, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        // A packed series (two points): its slice now starts past its pack's end.
        _ = try sqlite3(store, "UPDATE series SET pack_offset = 1048576 WHERE name = 'f2500-bad'")
        return (dir, store, try dir.write("good.csv", fleetCSV(damaged: false)), try dir.write("s.json", script))
    }

    /// The series names of NDJSON lines, in order of first appearance.
    static func played(_ out: String) -> [String] { ChangedSinceCLITests.played(out) }

    @Test("--on-series-error skip: the store's bytes are --input's for --jobs 1, 2, 3, in NDJSON and CSV; the damaged series' reason is the one a single play gives")
    func skipIdenticalForAnyJobs() throws {
        let f = try Self.setUp()
        let single = try runRangepipe(["play", f.script, "--store", f.store, "--series", "f2500-bad"])
        let pack = try sqlite3(f.store, "SELECT pack_id FROM series WHERE name = 'f2500-bad'")[0]
        #expect(single.status == 65)
        #expect(single.stderr.hasPrefix("rangepipe: error: \(f.store): damaged store: series 'f2500-bad': its packed columns (pack \(pack), byte 1048576) are not in the pack"))
        let reason = single.stderr.dropFirst("rangepipe: error: ".count).dropLast()
        for format in ["ndjson", "csv"] {
            let reference = try runRangepipe(["play", f.script, "--input", f.reference, "--series-column", "s", "--all",
                                              "--format", format, "--on-series-error", "skip"])
            #expect(reference.status == 3, "\(reference.stderr)")
            if format == "ndjson" {
                let names = Self.played(reference.out)
                #expect(names.count == 5002 && names.first == "c-big" && names.last == "f4999" && !names.contains("f1234-one"))
            }
            for jobs in ["1", "2", "3"] {
                let r = try runRangepipe(["play", f.script, "--store", f.store, "--all", "--format", format, "--jobs", jobs,
                                          "--on-series-error", "skip"])
                #expect(r.status == 3)
                #expect(r.stdout == reference.stdout, "format \(format), --jobs \(jobs)")
                #expect(r.stderr.split(separator: "\n").map(String.init) == [
                    "rangepipe: skipped series 'f1234-one': needs at least two points with distinct x to be played",
                    "rangepipe: skipped series 'f2500-bad': \(reason)",
                    "rangepipe: skipped series 'f4000-dup': needs at least two points with distinct x to be played",
                    "rangepipe: played 5002 of 5005 series; skipped 3 (--on-series-error skip)",
                ], "--jobs \(jobs)")
            }
        }
    }

    @Test("--on-series-error fail: every --jobs writes the series before the first bad one (the reference's lines up to it), then exits 65 naming it")
    func failIdenticalForAnyJobs() throws {
        let f = try Self.setUp()
        let reference = try runRangepipe(["play", f.script, "--input", f.reference, "--series-column", "s", "--all",
                                          "--on-series-error", "skip"])
        // Output order is by name: everything before f1234-one.
        let before = reference.out.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.isEmpty && String($0.split(separator: "\"")[3]) < "f1234-one" }
            .map { $0 + "\n" }.joined()
        #expect(before.contains("\"f1233\"") && !before.contains("\"f1235\""))
        for jobs in ["1", "2", "3"] {
            let r = try runRangepipe(["play", f.script, "--store", f.store, "--all", "--jobs", jobs])
            #expect(r.status == 65)
            #expect(r.stderr == "rangepipe: error: series 'f1234-one': needs at least two points with distinct x to be played\n")
            #expect(r.out == before, "--jobs \(jobs)")
        }
    }

    @Test("past the 32,768 series the loader holds ahead: --jobs 2, 3 and 7 give --jobs 1's bytes, and its error at a bad series near the end")
    func pastTheHeldSeries() throws {
        let dir = try TemporaryDirectory()
        var text = "x,s,v\n"
        for k in 0 ..< 40_000 {
            let name = "g" + String(repeating: "0", count: 5 - String(k).count) + String(k)
            for i in 0 ..< 3 { text += "\(Double(i) + 0.5),\(name),\(Double((k * 7 + i * 3) % 101) / 4)\n" }
        }
        // One point, so it cannot be played: it sorts after g39000, before g39001.
        text += "0.5,g39000-one,1\n"
        let store = dir.path("big.sqlite")
        let ingest = try runRangepipe(["ingest", try dir.write("big.csv", text), "--series-column", "s", "--store", store, "--quiet"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let script = try dir.write("s.json", Self.script)
        for policy in ["fail", "skip"] {
            let one = try runRangepipe(["play", script, "--store", store, "--all", "--on-series-error", policy])
            let names = Self.played(one.out)
            if policy == "fail" {
                #expect(one.status == 65)
                #expect(one.stderr == "rangepipe: error: series 'g39000-one': needs at least two points with distinct x to be played\n")
                #expect(names.count == 39_001 && names.first == "g00000" && names.last == "g39000")
            } else {
                #expect(one.status == 3)
                #expect(names.count == 40_000 && names.first == "g00000" && names.last == "g39999")
            }
            for jobs in ["2", "3", "7"] {
                let r = try runRangepipe(["play", script, "--store", store, "--all", "--on-series-error", policy, "--jobs", jobs])
                #expect(r.status == one.status && r.stderr == one.stderr, "\(policy), --jobs \(jobs)")
                #expect(r.stdout == one.stdout, "\(policy), --jobs \(jobs)")
            }
        }
        // A full output: every --jobs stops with the one error line, nothing hangs.
        let full = dir.path("full")
        // mknod(2) for (1, 7), the full device's numbers: a private node.
        try #require(mknod(full, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0, "mknod needs root (the tests run as root in CI)")
        for jobs in ["1", "2", "3", "7"] {
            let r = try runRangepipe(["play", script, "--store", store, "--all", "--jobs", jobs, "-o", full])
            #expect(r.status == 74, "--jobs \(jobs)")
            #expect(r.stderr == "rangepipe: error: \(full): I/O error: No space left on device\n", "--jobs \(jobs)")
        }
    }

    @Test("--changed-since with --jobs 2: the first run is the full run's bytes; after an append it plays exactly the changed series")
    func changedSinceWithJobs() throws {
        let f = try ChangedSinceCLITests.setUp(300)
        let full = try runRangepipe(["play", f.script, "--store", f.store, "--all"])
        let play = { try runRangepipe(["play", f.script, "--store", f.store, "--all", "--jobs", "2", "--changed-since", f.state]) }
        let first = try play()
        #expect(first.status == 0 && first.out == full.out && !full.out.isEmpty, "\(first.stderr)")
        let more = try f.dir.write("m.csv", "s,date,v\ns7,2024-01-06,1\ns250,2024-01-06,2\ns99,2024-01-07,3\n")
        #expect(try runRangepipe(["ingest", more, "--series-column", "s", "--store", f.store, "--mode", "append", "--quiet"]).status == 0)
        let fullAfter = try runRangepipe(["play", f.script, "--store", f.store, "--all"])
        let changed = try play()
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(Self.played(changed.out) == ["s250", "s7", "s99"])
        let wanted: Set = ["s250", "s7", "s99"]
        #expect(ChangedSinceCLITests.lines(changed.out, of: wanted) == ChangedSinceCLITests.lines(fullAfter.out, of: wanted))
        #expect(try play().out.isEmpty)
    }
}
