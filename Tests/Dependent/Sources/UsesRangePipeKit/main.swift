import RangePipeKit

// Decode a script and play it over a two-point series through the public API.
let script = try ScriptDecoder.decode(Array(#"{"fps": 10, "duration": 0.5, "events": []}"#.utf8), source: "inline")
let series = Series(name: "s", axis: .number, x: [0, 1], fields: [Series.Field(name: "v", values: [1, 2])])
let plan = try ScriptPlan(script: script, series: series)
var frames = 0
try FrameStream(plan: plan, tracks: Track.defaults).run { _ in frames += 1 }
print("played \(frames) frames")
