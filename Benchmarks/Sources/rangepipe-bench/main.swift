import Foundation
import RangePipeKit
#if canImport(Glibc)
import Glibc
#endif

// rangepipe-bench frames N [runs]      — ns/frame for window + y-range + annotation
// rangepipe-bench m4 N [runs]          — ns/frame for M4 points at 1000 px
// rangepipe-bench spring N [runs]      — frames/s of a switch-field spring over N points
// Prints one JSON object per measurement on stdout: wall ("seconds", "ns_per_frame")
// and CPU, user + sys of the whole process over the same span ("cpu_s", "cpu_ns_per_frame").

func series(_ n: Int, seed: UInt64 = 42) -> Series {
    var state = seed
    func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    var x = [Double](repeating: 0, count: n), a = x, b = x
    var walk = 1000.0
    for i in 0 ..< n {
        x[i] = Double(i)
        walk += next() - 0.5
        a[i] = walk
        b[i] = walk * 0.5 + next()
    }
    return Series(name: "bench", axis: .number, x: x, fields: [.init(name: "a", values: a), .init(name: "b", values: b)])
}

/// A 10-minute 60 fps script of pans and pinches over the middle half of the data.
func panPinchScript(minutes: Double = 10) -> String {
    var events: [String] = []
    var t = 0.0
    var k = 0
    while t < minutes * 60 - 3 {
        if k % 2 == 0 {
            let dx = k % 4 == 0 ? -120 : 120
            events.append("{\"at\":\(t),\"gesture\":\"pan\",\"path\":[[0,400],[1.5,\(400 + dx)]]}")
        } else {
            let spread = k % 4 == 1 ? 60 : -40
            events.append("{\"at\":\(t),\"gesture\":\"pinch\",\"path\":[[0,300,500],[1.5,\(300 - spread),\(500 + spread)]]}")
        }
        t += 2
        k += 1
    }
    return """
    {"fps": 60, "duration": \(minutes * 60), "window": {"initial": {"fraction": [0.25, 0.75]}, "minSpan": {"fraction": 0.3}, "maxSpan": {"fraction": 0.6}},
     "events": [\(events.joined(separator: ","))]}
    """
}

func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }

/// User + sys seconds of this process so far (every thread).
func cpuSeconds() -> Double {
    var u = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &u)
    #else
    getrusage(RUSAGE_SELF, &u)
    #endif
    return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
}

func measure(_ runs: Int, _ body: () throws -> Int) rethrows -> (seconds: Double, cpu: Double, frames: Int) {
    var times: [Double] = []
    var cpus: [Double] = []
    var frames = 0
    for _ in 0 ..< runs {
        let cpu0 = cpuSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        frames = try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        cpus.append(cpuSeconds() - cpu0)
    }
    return (median(times), median(cpus), frames)
}

let args = CommandLine.arguments
let mode = args.count > 1 ? args[1] : "frames"
let n = args.count > 2 ? Int(args[2])! : 10_000_000
let runs = args.count > 3 ? Int(args[3])! : 3

switch mode {
case "frames", "m4":
    let s = series(n)
    let buildStart = DispatchTime.now().uptimeNanoseconds
    // M4 costs ~1 ms a frame: one minute of frames is plenty for a median.
    let minutes = mode == "m4" ? 1.0 : 10.0
    let plan = try ScriptPlan(script: try ScriptDecoder.decode(Array(panPinchScript(minutes: minutes).utf8), source: "bench"), series: s)
    let build = Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e9
    let tracks: Set<Track> = mode == "m4" ? [.points] : [.range, .annotation, .selector]
    var sink = 0.0
    let r = try measure(runs) {
        var frames = 0
        try FrameStream(plan: plan, tracks: tracks).run { record in
            frames += 1
            sink += record.y?.min ?? 0
            sink += Double(record.points?.count ?? 0)
        }
        return frames
    }
    print("{\"bench\":\"\(mode)\",\"points\":\(n),\"frames\":\(r.frames),\"seconds\":\(r.seconds),\"cpu_s\":\(r.cpu),\"ns_per_frame\":\(r.seconds / Double(r.frames) * 1e9),\"cpu_ns_per_frame\":\(r.cpu / Double(r.frames) * 1e9),\"frames_per_s\":\(Double(r.frames) / r.seconds),\"plan_build_s\":\(build),\"check\":\(sink.isFinite)}")
case "spring":
    let s = series(n)
    let script = #"{"fps": 60, "window": {"initial": "all"}, "events": [{"at": 0, "action": "switch-field", "field": "b", "spring": {"bounciness": 4, "speed": 12}}]}"#
    let plan = try ScriptPlan(script: try ScriptDecoder.decode(Array(script.utf8), source: "bench"), series: s)
    var sink = 0.0
    let r = try measure(runs) {
        var frames = 0
        try FrameStream(plan: plan, tracks: [.range, .annotation, .selector]).run { record in
            frames += 1
            sink += record.y?.max ?? 0
        }
        return frames
    }
    print("{\"bench\":\"spring\",\"points\":\(n),\"frames\":\(r.frames),\"seconds\":\(r.seconds),\"cpu_s\":\(r.cpu),\"frames_per_s\":\(Double(r.frames) / r.seconds),\"check\":\(sink.isFinite)}")
default:
    print("usage: rangepipe-bench frames|m4|spring N [runs]")
}
