/// Whose interaction rules a script's raw input follows (SPEC 4.10): the
/// seed's chart with SciChart's gestures (`rangepipe`, the default), or a
/// chart library's own rules, read from its source (docs/profiles.md).
public enum InteractionProfile: String, Sendable, CaseIterable {
    case rangepipe, plotly, bokeh, uplot, dygraphs, echarts
    case lightweightCharts = "lightweight-charts"

    /// `main.drag` when the script gives none: the library's own default
    /// (Plotly's `dragmode` zoom; uPlot's cursor drag and dygraphs' default
    /// interaction model zoom; uPlot has no pan; a lightweight-charts pane
    /// drag scrolls; ECharts' inside dataZoom pans).
    public var defaultDrag: MainDrag {
        switch self {
        case .plotly, .uplot, .dygraphs: .zoom
        case .rangepipe, .bokeh, .lightweightCharts, .echarts: .pan
        }
    }

    /// Whether the library's page has an overview (uPlot's and
    /// lightweight-charts' have none).
    public var hasOverview: Bool {
        switch self {
        case .uplot, .lightweightCharts: false
        case .rangepipe, .plotly, .bokeh, .dygraphs, .echarts: true
        }
    }

    /// The height (px) of the `x-axis` strip on the library's page, where the
    /// profile knows it: lightweight-charts 4.1.3's time scale at its default
    /// 12 px font (`TimeAxisWidget.optimalHeight`, src/gui/time-axis-widget.ts:268–279).
    public var xAxisHeight: Double? {
        switch self {
        case .lightweightCharts: 28
        case .rangepipe, .plotly, .bokeh, .uplot, .dygraphs, .echarts: nil
        }
    }
}

/// What a one-pointer drag on the main chart does (`main.drag`): pan the
/// window, or draw an x box and zoom to it (Plotly's and Bokeh's `dragmode`
/// / active drag tool).
public enum MainDrag: String, Sendable, CaseIterable {
    case pan, zoom
}

/// The chart a library profile replays on (SPEC 4.10's page geometry), in
/// data units: seconds for time axes (Plotly and Bokeh keep ms; profiles
/// convert), x itself for number axes.
public struct ProfileChart: Sendable, Equatable {
    /// The main plot area's width (px).
    public var mainWidth: Double
    /// The overview's plot area width (px).
    public var overviewWidth: Double
    /// The window at the start (`window.initial`, resolved).
    public var initial: Window
    /// The data's x extent [first x, last x].
    public var extent: Window
    /// A time axis (ms in the library, seconds here).
    public var isTime: Bool
    /// `main.drag`.
    public var drag: MainDrag
    /// Bokeh: the main range's `bounds` (nil: none).
    public var bounds: Window?
    /// Bokeh: `min_interval` / `max_interval` in data units (nil: none).
    public var minInterval: Double?
    public var maxInterval: Double?
    /// The points' x, in order (lightweight-charts: its bars).
    public var points: [Double]

    public init(mainWidth: Double, overviewWidth: Double, initial: Window, extent: Window, isTime: Bool,
                drag: MainDrag, bounds: Window? = nil, minInterval: Double? = nil, maxInterval: Double? = nil,
                points: [Double] = []) {
        self.mainWidth = mainWidth
        self.overviewWidth = overviewWidth
        self.initial = initial
        self.extent = extent
        self.isTime = isTime
        self.drag = drag
        self.bounds = bounds
        self.minInterval = minInterval
        self.maxInterval = maxInterval
        self.points = points
    }
}

/// What the chart shows after one raw event under a library profile.
public struct ProfileState: Sendable, Equatable {
    /// The main chart's x range (data units).
    public var window: Window
    /// The overview's x range (Plotly's rangeslider range grows; Bokeh's is
    /// the data extent).
    public var overview: Window
    /// The zoom box being drawn, in main-chart px [left, right], while a
    /// box-zoom drag is on; nil otherwise.
    public var box: Window?
    /// What moved the window on this event.
    public var phase: Phase

    public init(window: Window, overview: Window, box: Window? = nil, phase: Phase = .idle) {
        self.window = window
        self.overview = overview
        self.box = box
        self.phase = phase
    }
}
