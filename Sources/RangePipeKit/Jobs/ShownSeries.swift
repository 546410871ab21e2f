/// The series a picture shows (`preview`, `render`, `player`): one, or
/// several linked (`--sync`), one panel each, planned against a script.
package enum ShownSeries {
    case solo(ScriptPlan)
    case linked(SyncPlan)

    /// Plans `script` over the series `source` holds: the `linked` names
    /// (with where their list came from) when given, else the one series
    /// `SeriesSource.one(named:script:)` picks.
    /// - Throws: as `SeriesSource.linked`, `SeriesSource.one`, `SyncPlan`
    ///   and `ScriptPlan`.
    package init(script: Script, source: SeriesSource, series: String?, linked: (names: [String], source: String)?) throws {
        if let (names, whereFrom) = linked {
            self = .linked(try SyncPlan(script: script, series: try source.linked(names, source: whereFrom), source: whereFrom))
        } else {
            self = .solo(try ScriptPlan(script: script, series: try source.one(named: series, script: script)))
        }
    }

    /// One plan per panel, in panel order.
    var plans: [ScriptPlan] {
        switch self {
        case let .solo(plan): [plan]
        case let .linked(sync): sync.plans
        }
    }

    /// Every frame's row (one frame and its shown values per panel), in
    /// order; `body` returns false to stop.
    /// - Complexity: O(frames · panels) simulator steps, plus the tracks.
    func eachRow(_ tracks: Set<Track>, _ body: ([(Frame, ShownValues)]) throws -> Bool) throws {
        switch self {
        case let .solo(plan):
            try FrameStream(plan: plan, tracks: tracks).eachShown { r, shown in try body([(r, shown)]) }
        case let .linked(sync):
            try SyncFrameStream(plan: sync, tracks: tracks).eachShown(body)
        }
    }
}
