/// Linked charts (`play --sync A,B,…`, issue 18): several series playing
/// one script through one x-window, as a dashboard syncs its panels.
///
/// The window rules are resolved once on the union of the series' x
/// (`ScriptPlan.unionSeries(of:name:)`): `data` bounds span the smallest
/// first x to the largest last x, the default minSpan is the smallest gap
/// between distinct x of the union, spans in `points` count union points,
/// and initial windows, `set-window` targets, presets and `last`/`first`
/// resolve against the union. Each series keeps its own field, y-fit,
/// annotation, values and M4 points.
public struct SyncPlan: Sendable {
    /// The shared x: every series' distinct x, no fields.
    public let union: Series
    /// One plan per series, in `--sync` order, all with the union's window rules.
    public let plans: [ScriptPlan]

    /// Resolves `script` for `series` linked; `source` names where the
    /// list came from in errors (`--sync`, or the script's `sync` path).
    /// - Throws: `RangePipeError.invalid` when the series have different
    ///   axis kinds (or category labels), a series is empty, or the script
    ///   does not fit one of them.
    /// - Complexity: O(series · union points) plus each plan's indices.
    public init(script: Script, series: [Series], source: String) throws {
        guard let first = series.first else { throw RangePipeError.usage("\(source): expected at least one series") }
        for s in series.dropFirst() {
            // One x axis for all: times and numbers are not on one scale.
            guard s.axis == first.axis else {
                throw RangePipeError.invalid("\(source): series '\(s.name)' has a \(s.axis.rawValue) axis but '\(first.name)' has a \(first.axis.rawValue) axis; linked series share one x axis, so they must all be time, all number or all category")
            }
            guard s.axis != .category || s.categories == first.categories else {
                throw RangePipeError.invalid("\(source): series '\(s.name)' and '\(first.name)' have different category labels; linked category series must list the same labels in the same order")
            }
        }
        // Log and ordinal u are built on the union's x; a panel's own points
        // would need their own map into it, which linked plays lack so far.
        guard script.x.scale == .linear else {
            throw RangePipeError.invalid("\(script.source): x.scale: linked charts (\(source)) need a linear x scale, not \"\(script.x.scale.rawValue)\"; play the series alone")
        }
        // An append grows one series; which panel it feeds is not defined yet.
        if let event = script.events.first(where: { if case .append = $0.kind { return true } else { return false } }) {
            throw RangePipeError.invalid("\(script.source): \(event.path): append is not supported with linked charts (\(source)); play the series alone")
        }
        for s in series where s.x.isEmpty {
            throw RangePipeError.invalid("\(source): series '\(s.name)' has no points")
        }
        let union = ScriptPlan.unionSeries(of: series, name: series.map(\.name).joined(separator: ","))
        self.union = union
        plans = try series.map { try ScriptPlan(script: script, series: $0, union: union) }
    }
}
