/// Placeholder until the Plotly model lands: the window stays as it is.
struct PlotlyProfile: Sendable {
    private(set) var state: ProfileState

    init(chart: ProfileChart) {
        state = ProfileState(window: chart.initial, overview: chart.extent)
    }

    mutating func apply(_ event: RawPointerEvent) -> ProfileState { state }
}
