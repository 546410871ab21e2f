/// Reads a W3C WebDriver "Perform Actions" body, `{"actions": [SOURCE…]}`,
/// as a timeline.
///
/// Sources run in parallel, one action each per *tick*: tick k holds every
/// source's k-th action and lasts as long as its longest `duration` (pause,
/// pointerMove, scroll; 0 when none has one). Each `pointer` source is one
/// pointer (ids 1, 2, … in source order), so two `touch` sources moving in
/// the same ticks are a pinch. A `pointerMove` or `scroll` without a
/// duration lasts the whole tick; a move ends at its target when its
/// duration is over (one move sample there: play interpolates linearly in
/// between, as the driver does), a scroll turns the wheel then.
/// `pointerDown`/`pointerUp` happen at the tick's start, at the pointer's
/// position. Origins `"viewport"` (the default) and `"pointer"` (relative
/// to the pointer's position, for moves) are resolved; an element origin
/// cannot be (the page is not here) and is an error. A pointer source's
/// `parameters.pointerType` is its downs' pointer kind; a scroll's
/// optional `deltaX` is kept. `key` sources count for time and for the
/// shift keys (U+E008, U+E050): an action in a tick where a key source
/// holds one is shifted. `none` sources count only for time. Errors are
/// located by JSON path.
enum WebDriverActionsReader {
    /// - Complexity: O(n log n) in the actions (the timeline is sorted).
    static func read(_ bytes: [UInt8], source: String) throws(RecordingFailure) -> RecordedInput {
        let root = try JSONValue.parse(bytes, file: source, or: RecordingFailure.init)
        let top = try RecordingObject(root, file: source, path: "")
        let sources = try top.array("actions").enumerated().map { (k, v) throws(RecordingFailure) in
            try InputSource(v, file: source, path: "actions[\(k)]")
        }
        var seen: Set<String> = []
        var pointerCount = 0
        var states: [SourceState] = []
        for s in sources {
            guard seen.insert(s.id).inserted else { throw RecordingFailure(s.location("id"), "two input sources have the id \"\(s.id)\"") }
            if s.type == .pointer { pointerCount += 1 }
            states.append(SourceState(pointerID: s.type == .pointer ? pointerCount : 0))
        }
        var timeline: [(time: Double, order: Int, action: RecordedAction)] = []
        var tickStart = 0.0
        let ticks = sources.map(\.actions.count).max() ?? 0
        var lastTime = [Double](repeating: -.infinity, count: sources.count)
        /// The key sources holding a shift key down.
        var shiftHeld: Set<Int> = []
        for tick in 0 ..< ticks {
            for (k, s) in sources.enumerated() where tick < s.actions.count {
                if let pressed = try s.shiftChange(tick) {
                    if pressed { shiftHeld.insert(k) } else { shiftHeld.remove(k) }
                }
            }
            let shift = !shiftHeld.isEmpty
            var tickDuration = 0.0
            for s in sources where tick < s.actions.count {
                tickDuration = max(tickDuration, try s.duration(tick) ?? 0)
            }
            for (k, s) in sources.enumerated() where tick < s.actions.count {
                let at = try s.duration(tick) ?? tickDuration
                let before = states[k]
                if let kind = try s.perform(tick, state: &states[k]) {
                    let time = tickStart + (kind.endsAfterDuration ? at : 0)
                    // A pressed pointer held still until this tick: its
                    // position at the tick's start, or play would slide it
                    // there from its last sample (a slower drag, another fling).
                    if kind.endsAfterDuration, at > 0, before.down, lastTime[k] < tickStart {
                        let hold = RecordedAction.Kind.move(id: before.pointerID, x: before.x, y: before.y, pressed: false)
                        timeline.append((tickStart, timeline.count, RecordedAction(milliseconds: tickStart, kind: hold, location: s.location(tick), shift: shift)))
                    }
                    lastTime[k] = time
                    timeline.append((time, timeline.count, RecordedAction(milliseconds: time, kind: kind.action, location: s.location(tick), shift: shift)))
                }
            }
            tickStart += tickDuration
        }
        timeline.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        return RecordedInput(layout: nil, actions: timeline.map(\.action), origin: 0)
    }

    /// Where a pointer source is and whether it is pressed.
    struct SourceState {
        var pointerID: Int
        var x = 0.0
        var y = 0.0
        var down = false
    }
}
