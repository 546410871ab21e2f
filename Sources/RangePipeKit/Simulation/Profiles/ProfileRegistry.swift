/// The chart libraries rangepipe replays, one line each: a script's
/// `"profile"` name and the model that plays its raw input. Adding a
/// library is its folder under `Profiles/`, its name in
/// `InteractionProfile` (Model) and its line here.
enum ProfileRegistry {
    static let libraries: [InteractionProfile: any LibraryProfile.Type] = [
        .plotly: PlotlyProfile.self,
        .bokeh: BokehProfile.self,
        .uplot: UPlotProfile.self,
        .dygraphs: DygraphsProfile.self,
        .lightweightCharts: LightweightChartsProfile.self,
        .echarts: EChartsProfile.self,
    ]
}
