import Foundation
import Testing
@testable import RangePipeKit

/// A number-axis series x = 0, 1, …, n−1 with values from `value`.
func linearSeries(_ n: Int = 101, name: String = "s", value: (Int) -> Double = { Double($0) }) -> Series {
    Series(name: name, axis: .number, x: (0 ..< n).map(Double.init), fields: [.init(name: "v", values: (0 ..< n).map(value))])
}

func decodeScript(_ json: String) throws -> Script {
    ScriptFixtures.record(json)
    return try ScriptDecoder.decode(Array(json.utf8), source: "t.json")
}

/// All frames of a script over a series.
func frames(_ json: String, _ series: Series, tracks: Set<Track> = Track.defaults) throws -> [Frame] {
    let plan = try ScriptPlan(script: try decodeScript(json), series: series)
    var out: [Frame] = []
    try FrameStream(plan: plan, tracks: tracks).run { out.append($0) }
    return out
}

/// The frame at time t; fails the test when no frame is at t (to 1e-9 s).
func frame(_ all: [Frame], at t: Double, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Frame {
    try #require(all.first { abs($0.t - t) < 1e-9 }, "no frame at t = \(t)", sourceLocation: sourceLocation)
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

func closeWindow(_ w: Window, _ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    close(w.lower, a, tolerance) && close(w.upper, b, tolerance)
}

/// The first line where `a` and `b` differ (its number and both texts,
/// cut short), or nil when they are the same bytes.
func firstDifference(_ a: String, _ b: String) -> String? {
    guard a != b else { return nil }
    let l = a.split(separator: "\n", omittingEmptySubsequences: false), r = b.split(separator: "\n", omittingEmptySubsequences: false)
    let k = zip(l, r).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(l.count, r.count)
    let show = { (lines: [Substring]) in k < lines.count ? String(lines[k].prefix(300)) : "(no line)" }
    return "line \(k + 1): \(show(l)) | expected: \(show(r))"
}

/// Expects two `play` outputs to be the same bytes, naming the first frame
/// (line) where they differ rather than printing whole tracks.
func expectSameTracks(_ a: String, _ b: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let difference = firstDifference(a, b)
    #expect(difference == nil, "\(difference ?? "")", sourceLocation: sourceLocation)
}

/// Ingests `file` into a new store in `dir` (with `flags`) and reads every
/// stored point back, as `[x, y]` pairs, from the first frame of a play that
/// shows the whole series (`--tracks points`): x as the track writes it (an
/// ISO time's text, a number's description).
func ingestedPoints(_ file: String, in dir: TemporaryDirectory, flags: [String] = [],
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [(x: String, y: Double)] {
    let store = dir.path("points.sqlite")
    let ingest = try runRangepipe(["ingest", file, "--store", store, "--quiet"] + flags)
    #expect(ingest.status == 0, "\(ingest.stderr)", sourceLocation: sourceLocation)
    let script = try dir.write("whole.json", #"{"fps": 1, "duration": 1, "window": {"initial": {"fraction": [0, 1]}}, "events": []}"#)
    let play = try runRangepipe(["play", script, "--store", store, "--tracks", "points"])
    #expect(play.status == 0, "\(play.stderr)", sourceLocation: sourceLocation)
    let first = try #require(play.out.split(separator: "\n").first, sourceLocation: sourceLocation)
    let frame = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any], sourceLocation: sourceLocation)
    let points = try #require(frame["points"] as? [[Any]], "\(first.prefix(300))", sourceLocation: sourceLocation)
    return points.map { (x: $0[0] as? String ?? "\($0[0])", y: ($0[1] as? Double) ?? -1) }
}

/// A one-series store (200 points) and a one-second script over it, for the
/// commands that write `-o`.
func playFixture(_ dir: TemporaryDirectory) throws -> (store: String, script: String) {
    let store = dir.path("store.sqlite")
    let csv = try dir.write("s.csv", "x,v\n" + (0 ..< 200).map { "\($0),\($0 % 17)" }.joined(separator: "\n") + "\n")
    #expect(try runRangepipe(["ingest", csv, "--store", store, "--series", "s", "--quiet"]).status == 0)
    let script = try dir.write("play.json", #"{"series":"s","fps":10,"duration":1,"events":[]}"#)
    return (store, script)
}
