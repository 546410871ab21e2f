import Foundation
import Testing
@testable import RangePipeKit

/// `play --sync A,B,…` (linked charts, issue 18) through the binary.
@Suite("play --sync: linked charts")
struct SyncCLITests {
    /// Two long-format series on a number axis with different grids and
    /// partly overlapping extents: a on 0, 1.5, 3, …, 30 (two fields), b on
    /// 12, 13, …, 44 (two fields). Union: bounds [0, 44], smallest gap 0.5
    /// (a's 13.5 next to b's 13, …).
    static let twoGrids: String = {
        var rows = ["name,x,v,w"]
        for k in 0 ... 20 {
            let x = 1.5 * Double(k)
            rows.append("a,\(x),\(sin(Double(k)) * 10 + 20),\(Double(k % 5))")
        }
        for k in 0 ... 32 {
            rows.append("b,\(12 + k),\(Double((k * 7) % 11) - 3),\(cos(Double(k)) * 4)")
        }
        return rows.joined(separator: "\n") + "\n"
    }()

    /// Gestures and actions whose effect depends only on the window rules
    /// (no `points` spans or `last`/`first`, which count a series' own x),
    /// plus a field switch whose spring is each series' own.
    static let events = #"""
    "events": [
      {"at": 0.1, "gesture": "pan", "path": [[0, 400], [0.3, 250]], "release": "fling"},
      {"at": 1.0, "gesture": "pinch", "path": [[0, 300, 400], [0.4, 200, 500]]},
      {"at": 1.6, "action": "switch-field", "field": "w"},
      {"at": 2.0, "gesture": "drag-selection", "path": [[0, 100], [0.2, 600]]},
      {"at": 2.5, "action": "set-window", "window": {"min": 20, "max": 26}, "animate": {"curve": "ease-out", "duration": 0.3}},
      {"at": 3.0, "gesture": "wheel", "x": 400, "path": [[0, 1], [0.1, 1], [0.2, -3]]},
      {"at": 3.5, "action": "reset"}
    ]
    """#

    /// The linked script: bounds, minSpan and the initial window left to the union.
    static let linkedScript = #"{"fps": 20, "duration": 4.5, "field": "v", "window": {"initial": {"fraction": [0.25, 0.5]}}, "#
        + events + "}"
    /// The same play for one series alone with the union's window given
    /// explicitly: bounds [0, 44], minSpan 0.5, initial 0.25–0.5 of 44 = [11, 22].
    static let soloScript = #"{"fps": 20, "duration": 4.5, "field": "v", "window": {"bounds": {"min": 0, "max": 44}, "minSpan": 0.5, "initial": {"min": 11, "max": 22}}, "#
        + events + "}"

    static let allTracks = "range,annotation,selector,values,points"

    func lines(_ r: RunResult) -> [String] { r.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    func object(_ line: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    }

    @Test("each series' rows equal its solo play with the union's window given explicitly (NDJSON and CSV, --store)")
    func linkedEqualsSolo() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("grids.csv", Self.twoGrids)
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", data, "--series-column", "name", "--x", "x", "--store", store, "--quiet"]).status == 0)
        let linked = try dir.write("linked.json", Self.linkedScript)
        let solo = try dir.write("solo.json", Self.soloScript)
        for format in ["ndjson", "csv"] {
            let both = try runRangepipe(["play", linked, "--store", store, "--sync", "a,b", "--tracks", Self.allTracks, "--format", format])
            #expect(both.status == 0, "\(both.stderr)")
            var rows = lines(both)
            if format == "csv" { rows.removeFirst() }
            // Frame-major: a, b, a, b, …; 4.5 s at 20 fps is frames 0…90.
            #expect(rows.count == 2 * 91)
            for (name, parity) in [("a", 0), ("b", 1)] {
                let alone = try runRangepipe(["play", solo, "--store", store, "--series", name, "--tracks", Self.allTracks, "--format", format])
                #expect(alone.status == 0, "\(alone.stderr)")
                var expected = lines(alone)
                if format == "csv" { expected.removeFirst() }
                let mine = rows.enumerated().filter { $0.offset % 2 == parity }.map(\.element)
                #expect(mine == expected, "\(format) series \(name)")
            }
        }
    }

    @Test("frames carry every series in --sync order with one window and selector; a series' own spring sets its phase")
    func frameMajorRows() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("grids.csv", Self.twoGrids)
        let linked = try dir.write("linked.json", Self.linkedScript)
        let r = try runRangepipe(["play", linked, "--input", data, "--series-column", "name", "--x", "x", "--sync", "b,a"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try lines(r).map(object)
        var springs: [String: Int] = [:]
        for k in 0 ..< rows.count / 2 {
            let b = rows[2 * k], a = rows[2 * k + 1]
            #expect(b["series"] as? String == "b" && a["series"] as? String == "a")
            #expect(b["frame"] as? Int == k && a["frame"] as? Int == k)
            #expect(NSDictionary(dictionary: b["window"] as! [String: Any]).isEqual(to: a["window"] as! [String: Any]))
            #expect(NSDictionary(dictionary: b["selector"] as! [String: Any]).isEqual(to: a["selector"] as! [String: Any]))
            for row in [a, b] where row["phase"] as? String == "spring" { springs[row["series"] as! String, default: 0] += 1 }
        }
        // Frame 0: [11, 22] on bounds [0, 44] over the default 800 px overview.
        let w0 = rows[0]["window"] as! [String: Double], s0 = rows[0]["selector"] as! [String: Double]
        #expect(w0["min"] == 11 && w0["max"] == 22)
        #expect(s0["min_px"] == 200 && s0["max_px"] == 400)
        // Each series springs to its own field's values, so for its own time.
        #expect(springs["a"] != nil && springs["b"] != nil)
    }

    /// Frame 0's window of a linked play of `csv`'s series with `window`.
    func firstWindow(_ csv: String, _ window: String, sync: String = "a,b") throws -> (Double, Double) {
        let dir = try TemporaryDirectory()
        let data = try dir.write("d.csv", csv)
        let s = try dir.write("s.json", #"{"duration": 0.01, "events": [], "window": "# + window + "}")
        let r = try runRangepipe(["play", s, "--input", data, "--series-column", "name", "--sync", sync])
        #expect(r.status == 0, "\(r.stderr)")
        let first = try #require(lines(r).first)
        let w = try object(first)["window"] as! [String: Double]
        return (w["min"]!, w["max"]!)
    }

    @Test("disjoint extents: bounds are the smallest first x to the largest last x; minSpan the union's smallest gap")
    func disjointUnion() throws {
        // a: 0, 1, 3 (own gap 1); b: 10, 10.5, 12 (own gap 0.5). Union bounds [0, 12].
        let csv = "name,x,v\na,0,1\na,1,2\na,3,3\nb,10,4\nb,10.5,5\nb,12,6\n"
        #expect(try firstWindow(csv, #"{"initial": "all"}"#) == (0, 12))
        // Too narrow: widened to minSpan 0.5 about the centre 5.5625.
        #expect(try firstWindow(csv, #"{"initial": {"min": 5.5, "max": 5.625}}"#) == (5.3125, 5.8125))
        // The same with b alone would be b's bounds [10, 12]; with a alone [0, 3], minSpan 1.
        #expect(try firstWindow(csv, #"{"initial": {"min": 1, "max": 1.125}}"#, sync: "a") == (0.5625, 1.5625))
        // fraction of the union's extent: 0.5 of 12.
        #expect(try firstWindow(csv, #"{"initial": {"fraction": [0.5, 1]}}"#) == (6, 12))
    }

    @Test("overlapping extents: points are counted in the union's distinct x")
    func overlappingUnion() throws {
        // a: 0, 2, 4, 6; b: 5, 5.25, 8 → union 0, 2, 4, 5, 5.25, 6, 8: bounds [0, 8], smallest gap 0.25.
        let csv = "name,x,v\na,0,1\na,2,2\na,4,3\na,6,4\nb,5,1\nb,5.25,2\nb,8,3\n"
        #expect(try firstWindow(csv, #"{"initial": "all"}"#) == (0, 8))
        // The default window: union points at 0.6 n and 0.8 n of n = 7, x[4] and x[5].
        #expect(try firstWindow(csv, "{}") == (5.25, 6))
        #expect(try firstWindow(csv, #"{"initial": {"min": 1, "max": 1.0625}}"#) == (0.90625, 1.15625))
        // The last 3 union points start at 5.25; the first 4 end at 5.
        #expect(try firstWindow(csv, #"{"initial": {"last": {"points": 3}}}"#) == (5.25, 8))
        #expect(try firstWindow(csv, #"{"initial": {"first": {"points": 4}}}"#) == (0, 5))
        // A time both series have is one point: a 0, 1, 2; b 1, 2, 3 → union 0, 1, 2, 3.
        let shared = "name,x,v\na,0,1\na,1,2\na,2,3\nb,1,1\nb,2,2\nb,3,3\n"
        #expect(try firstWindow(shared, #"{"initial": {"last": {"points": 3}}}"#) == (1, 3))
        // minSpan of 2 points about the centre 1.53125: the nearest union points are 2 (0.46875
        // away) and 1 (0.53125), so the width is 1.0625. (Counting b's 2 as a second point
        // would give 2 · 0.46875.)
        #expect(try firstWindow(shared, #"{"minSpan": {"points": 2}, "initial": {"min": 1.5, "max": 1.5625}}"#) == (1, 2.0625))
    }

    @Test("a series with no points in the window has a null y-range and a hidden annotation; the other is fitted")
    func emptyInWindow() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("d.csv", "name,x,v\na,0,1\na,1,2\na,3,3\nb,10,4\nb,10.5,5\nb,12,6\n")
        let s = try dir.write("s.json", #"{"duration": 0.01, "events": [], "window": {"initial": {"min": 9, "max": 12}}}"#)
        let r = try runRangepipe(["play", s, "--input", data, "--series-column", "name", "--sync", "a,b"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try lines(r).map(object)
        try #require(rows.count == 4)
        // a ends at 3: no y-range; the last-visible annotation keeps a's last point, hidden.
        #expect(rows[0]["series"] as? String == "a" && rows[0]["y"] is NSNull)
        let annotation = rows[0]["annotation"] as! [String: Any]
        #expect(annotation["visible"] as? Bool == false && annotation["x"] as? Double == 3)
        // b's points 10, 10.5, 12 are all inside [9, 12].
        #expect(rows[1]["y"] as? [String: Double] == ["min": 4, "max": 6])
    }

    @Test("one name is a normal play; --jobs gives the same bytes")
    func oneNameAndJobs() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("grids.csv", Self.twoGrids)
        let linked = try dir.write("linked.json", Self.linkedScript)
        let common = ["play", linked, "--input", data, "--series-column", "name", "--x", "x", "--tracks", Self.allTracks]
        let one = try runRangepipe(common + ["--sync", "a"])
        let plain = try runRangepipe(common + ["--series", "a"])
        #expect(one.status == 0 && plain.status == 0)
        #expect(one.stdout == plain.stdout)
        let j1 = try runRangepipe(common + ["--sync", "a,b", "--jobs", "1"])
        let j2 = try runRangepipe(common + ["--sync", "a,b", "--jobs", "2"])
        #expect(j1.status == 0 && !j1.stdout.isEmpty)
        #expect(j1.stdout == j2.stdout)
    }

    @Test("errors: unknown series and mixed axes exit 65 with a located line; conflicting flags exit 64")
    func errors() throws {
        let dir = try TemporaryDirectory()
        let numbers = try dir.write("n.csv", "x,v\n0,1\n1,2\n2,3\n")
        let times = try dir.write("t.csv", "date,v\n2020-01-01,1\n2020-01-02,2\n")
        let s = try dir.write("s.json", #"{"duration": 0.1, "events": []}"#)
        let input = ["play", s, "--input", numbers, times]
        let unknown = try runRangepipe(input + ["--sync", "n,zz"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr == "rangepipe: error: --sync[1]: series 'zz' is not in the input; (2 series: n, t)\n")
        #expect(unknown.stdout.isEmpty)
        let mixed = try runRangepipe(input + ["--sync", "n,t"])
        #expect(mixed.status == 65)
        #expect(mixed.stderr.hasPrefix("rangepipe: error: --sync: series 't' has a time axis but 'n' has a number axis"))
        #expect(mixed.stdout.isEmpty)
        for extra in [["--all"], ["--series", "n"], ["--on-series-error", "skip"]] {
            let r = try runRangepipe(input + ["--sync", "n"] + extra)
            #expect(r.status == 64, "\(extra)")
            #expect(r.stderr.contains("cannot be combined with \(extra[0])"), "\(r.stderr)")
        }
        for bad in ["n,n", "n,", ",n"] {
            let r = try runRangepipe(input + ["--sync", bad])
            #expect(r.status == 64, "\(bad): \(r.stderr)")
        }
        // A field one linked series lacks stops the play before any frame.
        let field = try dir.write("f.json", #"{"duration": 0.1, "events": [], "field": "w"}"#)
        let other = try dir.write("m.csv", "x,w\n0,1\n1,2\n")
        let r = try runRangepipe(["play", field, "--input", other, numbers, "--sync", "m,n"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("field: series 'n' has no field \"w\""), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }
}
