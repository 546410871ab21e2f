/// What `rangepipe script check` finds out about a script without writing a
/// frame: the events in the order they start, and for each series `play`
/// would play, the field shown first, the last frame's time and the frame
/// count. Series are chosen, loaded and planned exactly as `play` does
/// (`SeriesSource.playList`, `ScriptPlan`), so a script that passes here
/// fails `play` only on output errors.
package struct ScriptCheck: Sendable {
    /// The script as decoded (with any `--fps` applied).
    package let script: Script
    /// The events sorted by `at`, ties in script order (SPEC 4.1 step 2).
    package let events: [ScriptEvent]
    /// One entry per series, in play order; empty when no series was asked for.
    package let plays: [SeriesPlay]

    /// How one series would play.
    package struct SeriesPlay: Sendable, Equatable {
        /// The series' name.
        package var series: String
        /// The value field shown on frame 0.
        package var field: String
        /// Frames written: N + 1 for frames 0 … N.
        package var frames: Int
        /// The last frame's time, N / fps (s).
        package var lastFrameTime: Double
    }

    /// Checks `script` alone: no series, so no plays.
    /// - Complexity: O(events · log events).
    package init(script: Script) {
        self.init(script: script, plays: [])
    }

    init(script: Script, plays: [SeriesPlay]) {
        self.script = script
        events = Self.startOrder(script.events)
        self.plays = plays
    }

    /// Checks `script` against the series `play` would play from `source`
    /// (`seriesNames`, `all` as `play`'s `--series` and `--all`).
    /// - Throws: `RangePipeError.invalid` (exit 65) naming the script path or
    ///   series that does not fit, as `play` would.
    /// - Complexity: O(points + frames) per series (its plan and a
    ///   simulator run without tracks when the script fixes no duration).
    package init(script: Script, source: SeriesSource, seriesNames: [String], all: Bool) throws {
        let names = try source.playList(named: seriesNames, all: all, script: script)
        let script = try source.withAppendSources(script)
        var plays: [SeriesPlay] = []
        for name in names {
            let plan = try ScriptPlan(script: script, series: try source.load(name))
            plays.append(try Self.play(plan))
        }
        self.init(script: script, plays: plays)
    }

    static func startOrder(_ events: [ScriptEvent]) -> [ScriptEvent] {
        events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    /// The frame count from `duration`, or from running the simulator to rest.
    static func play(_ plan: ScriptPlan) throws -> SeriesPlay {
        let fps = plan.script.fps
        var frames: Int
        if let duration = plan.script.duration {
            frames = FrameStream.frameCount(duration: duration, fps: fps)
        } else {
            frames = 0
            try FrameStream(plan: plan, tracks: []).drive { k, _, _, _ in
                frames = k + 1
                return true
            }
        }
        return SeriesPlay(series: plan.seriesName, field: plan.fieldNames[plan.initialField],
                          frames: frames, lastFrameTime: Double(frames - 1) / fps)
    }
}
