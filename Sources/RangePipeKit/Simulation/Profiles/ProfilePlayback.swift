/// A library profile's model playing a script's raw input (SPEC 4.10): the
/// window after each raw event is the library's, and the frame at the first
/// frame time at or after the event shows it.
public struct ProfilePlayback: Sendable {
    /// The library whose rules read the input.
    private var model: any LibraryProfile
    private let events: [RawPointerEvent]
    private var next = 0
    /// What the chart shows after the last event applied.
    private(set) var state: ProfileState
    /// The x (px) of the pointer down on the main chart, for the crosshair;
    /// nil while none is.
    private(set) var mainPointer: Double?
    /// The pointer `mainPointer` follows.
    private var mainPointerID: Int?

    /// The playback of `plan`'s raw input, or nil under the rangepipe profile.
    init?(plan: ScriptPlan) {
        // Most plans have no profile: answered before the script is read.
        guard plan.script.profile != .rangepipe, let library = ProfileRegistry.libraries[plan.script.profile] else { return nil }
        let script = plan.script
        let chart = Self.chart(plan)
        // The page SPEC 4.10 fixes (Tests/Conformance/pages.py): frames 80 px
        // into their canvases, as tall as the script's charts.
        // The pages are mouse or touch pages: a touch down makes the input a touchscreen's.
        let touch = script.rawInput.contains { $0.kind == .down && $0.pointer == .touch }
        model = library.init(chart: chart, page: ProfilePage(mainHeight: script.main.height, overviewHeight: script.overview.height, touch: touch))
        events = script.rawInput
        state = ProfileState(window: model.initialWindow ?? chart.initial, overview: chart.extent)
    }

    /// The page geometry and range settings SPEC 4.10 fixes, from the plan.
    static func chart(_ plan: ScriptPlan) -> ProfileChart {
        let script = plan.script
        let c = plan.constraints
        let extent = Window(c.x.first ?? c.lower, c.x.last ?? c.upper)
        func units(_ limit: SpanLimit?) -> Double? {
            guard case let .width(w)? = limit else { return nil }
            return w
        }
        // Bokeh's bounds: the data extent for "data", the script's range, or
        // none when the script gives none (Bokeh's default).
        let bounds: Window? = script.window.boundsGiven ? Window(c.lower, c.upper) : nil
        return ProfileChart(mainWidth: script.main.width, overviewWidth: script.overview.width,
                            initial: plan.initialWindow, extent: extent, isTime: plan.axis == .time,
                            drag: script.drag, bounds: bounds,
                            minInterval: script.window.minSpan == nil ? nil : units(c.minSpan),
                            maxInterval: units(c.maxSpan), points: c.x)
    }

    /// The first pointer down on the main chart moves the crosshair until it lifts.
    private mutating func followPointer(_ e: RawPointerEvent) {
        switch e.kind {
        case .down where e.area == .main && mainPointerID == nil:
            mainPointerID = e.id
            mainPointer = e.x
        case .move where e.id == mainPointerID:
            mainPointer = e.x
        case .up where e.id == mainPointerID:
            mainPointerID = nil
            mainPointer = nil
        case .down, .move, .up, .wheel:
            break
        }
    }

    /// True while raw events are still to come.
    var isBusy: Bool { next < events.count || model.nextTimerTime != nil }

    /// The time of the last raw event (when the playback comes to rest).
    var end: Double { events.last?.t ?? 0 }

    /// Applies every event at or before `t`, in order; the phase is the
    /// first (SPEC 4.1's order) of those the events report, idle if none.
    /// - Complexity: O(events applied).
    mutating func advance(to t: Double) -> Phase {
        var phase = Phase.idle
        while next < events.count, events[next].t <= t {
            let e = events[next]
            state = model.apply(e)
            phase = min(phase, state.phase)
            followPointer(e)
            next += 1
        }
        if let timed = model.runTimers(until: t) {
            if timed.window != state.window { phase = min(phase, timed.phase) }
            state = timed
        }
        return phase
    }
}
