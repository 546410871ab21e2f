/// What a gesture's step reads and changes: the chart sizes and the window
/// rules from the plan, and the shown and raw (elastic) windows.
struct GestureContext {
    let constraints: WindowConstraints
    let elastic: Bool
    let mainWidth: Double
    let overviewWidth: Double
    /// The gesture's start and release times.
    let start: Double
    let release: Double
    /// The window shown.
    var window: Window
    /// Elastic: the unconstrained window the movements add up to.
    var raw: Window

    init(plan: ScriptPlan, start: Double, release: Double, window: Window, raw: Window) {
        constraints = plan.constraints
        elastic = plan.script.window.elastic
        mainWidth = plan.script.main.width
        overviewWidth = plan.script.overview.width
        self.start = start
        self.release = release
        self.window = window
        self.raw = raw
    }

    /// The time since the start for frame time t, held at the release.
    func elapsed(upTo t: Double) -> Double { min(t, release) - start }

    /// One movement step: settled by the constraints, or (elastic) added to
    /// the raw window and shown rubber-banded. `chartWidth` and
    /// `pixelsPerUnit` are the gesture chart's.
    mutating func move(zoom: Bool, chartWidth: Double, pixelsPerUnit: Double, _ transform: (Window) -> Window) {
        if elastic {
            raw = transform(raw)
            window = constraints.elasticDisplay(raw, chartWidth: chartWidth, pixelsPerUnit: pixelsPerUnit)
        } else {
            window = constraints.settle(transform(window), keepCentre: zoom)
        }
    }
}
