/// dygraphs 2.2.1's rules (docs/profiles.md, "dygraphs") for the SPEC 4.11
/// page: `new Dygraph` with `showRangeSelector: true`, `dateWindow` =
/// `window.initial`, `animatedZooms: false` and the library's default
/// interaction model (`Dygraph.defaultInteractionModel`, given explicitly:
/// the range selector otherwise makes a drag pan, range-selector.js:492).
/// Fed raw pointer events in time order it gives the x range dygraphs
/// shows after each: a drag zooms to an x box, shift-drag pans, a
/// double-click returns to the data. A pure state machine, one `switch` per
/// transition; inside it works in dygraphs' units (ms on a date axis) and
/// in its canvas px (`dragGetX_`: the plot area starts `areaX` px into the
/// canvas), outside in data units and plot-area px.
///
/// Line numbers are of the ES sources Debian's libjs-dygraphs 2.2.1 ships
/// (/usr/share/javascript/dygraphs/src/).
struct DygraphsProfile: Sendable {
    /// The y axis's strip left of the plot area (px): `axisLabelWidth` 50
    /// + 2 × `axisTickSize` 3 (plugins/axes.js:50, dygraph-default-attrs.js:29,68).
    static let areaX = 56.0
    /// `rightGap` (px) right of the plot area (dygraph-layout.js:88, dygraph-default-attrs.js:31).
    static let rightGap = 5.0
    /// Below the plot area (px): the x axis, 14 + 2 × 3 (plugins/axes.js:61),
    /// then the range selector, `rangeSelectorHeight` 40 + 4 (plugins/range-selector.js:111).
    static let bottomSpace = 20.0 + 44.0
    /// `DRAG_EDGE_MARGIN` (px): a zoom drag's moves count while the pointer
    /// is closer than this to the chart canvas (dygraph-interaction-model.js:23,662).
    static let dragEdgeMargin = 100.0
    /// A zoom box narrower than this (px) zooms nothing (dygraph-interaction-model.js:387).
    static let minZoomBox = 10.0
    /// `panEdgeFraction` the range selector sets (plugins/range-selector.js:493).
    static let panEdgeFraction = 0.0001

    /// The chart, in data units, and its plot area's height (`area.h`, px).
    let chart: ProfileChart, height: Double
    /// dygraphs' units per data unit (1000 on a date axis: Date x values are ms).
    var unit: Double { chart.isTime ? 1000 : 1 }
    /// The plot area's width (`area.w`, px).
    var width: Double { chart.mainWidth }
    /// The data's extent, `xAxisExtremes()` (`xRangePad` 0: the first and last x).
    var extent: Window { Window(chart.extent.lower * unit, chart.extent.upper * unit) }

    /// `dateWindow_`; nil when dygraphs shows the data's extent.
    var dateWindow: Window?
    /// The range selector's handles' CSS `left` (graph-div px, as read
    /// back by `parseFloat`, range-selector.js:793-794: six significant
    /// digits, `JavaScriptNumber.cssLength`): left handle, right handle.
    var handleLefts: [Double] = [0, 0]
    /// The interaction context (`createDragInterface_`, dygraph.js:1131),
    /// which outlives each gesture.
    var context = Context()
    /// What the mouse button is doing.
    var gesture = Gesture.idle
    /// The platform's click counting.
    var clicks = Clicks()
    /// What moved the window on the last event.
    var phase = Phase.idle
    /// Where the pointer was at its last sample (px in its area; a wheel
    /// never comes while it is down: `script check` refuses it).
    var mouse: (x: Double, y: Double)?
    /// The fingers down (`+Touch`), what the last touch start kept, and the
    /// last lift that may start a double tap (ms, page px).
    var fingers: [Finger] = []
    var touchStart: TouchStart?
    var lastTap: (t: Double, x: Double, y: Double)?

    /// dygraphs' drag context: the fields the x range depends on. Canvas px.
    struct Context: Sendable, Equatable {
        var dragStartX = 0.0
        var dragStartY = 0.0
        /// nil before any move, and after a zoom drag left the margin.
        var dragEndX: Double?
        var dragEndY: Double?
        /// `dragDirection` of the last zoom move (kept across gestures).
        var horizontal: Bool?
        /// `cancelNextDblclick`: a zoom just ended; the next dblclick is eaten.
        var cancelNextDblclick = false
    }

    /// A pan's start (`startPan`, dygraph-interaction-model.js:69).
    struct Pan: Sendable, Equatable {
        var initialLeftmostDate: Double
        var dateRange: Double
        var xUnitsPerPixel: Double
        /// `boundedDates`.
        var bounded: Window
    }

    /// What the (one) mouse button is doing.
    enum Gesture: Sendable, Equatable {
        case idle
        /// A press on the chart without shift: `startZoom`.
        case zooming(pointer: Int)
        /// A press with shift: `startPan`.
        case panning(pointer: Int, Pan)
        /// A press on the range selector (`overview`).
        case selector(pointer: Int, SelectorDrag)
        /// A press elsewhere (the axis strip): nothing here.
        case elsewhere(pointer: Int)
    }

    /// The platform's click count (`MouseEvent.detail`).
    struct Clicks: Sendable, Equatable {
        /// The last press: time (ms), place (px in its area), shift, count.
        var last: (t: Double, area: RawPointerEvent.Area, x: Double, y: Double, shift: Bool, count: Int)?
        /// The count of the press that is down.
        var current = 0

        static func == (a: Clicks, b: Clicks) -> Bool {
            a.current == b.current && a.last?.t == b.last?.t && a.last?.x == b.last?.x && a.last?.y == b.last?.y
                && a.last?.area == b.last?.area && a.last?.shift == b.last?.shift && a.last?.count == b.last?.count
        }
    }

    /// The chart at the start: `dateWindow` = `window.initial`; `height`:
    /// the plot area's (px).
    init(chart: ProfileChart, height: Double) {
        self.chart = chart
        self.height = height
        let unit = chart.isTime ? 1000.0 : 1
        dateWindow = Window(chart.initial.lower * unit, chart.initial.upper * unit)
        placeHandles()
    }

    /// `xAxisRange()` (dygraph.js:529): the date window, else the data.
    var xRange: Window { dateWindow ?? extent }

    /// `width_`: the chart's width (px), the plot area plus its margins.
    var chartWidth: Double { Self.areaX + width + Self.rightGap }

    /// What the chart shows after the last event.
    var state: ProfileState {
        let r = xRange
        return ProfileState(window: Window(r.lower / unit, r.upper / unit), overview: Window(extent.lower / unit, extent.upper / unit),
                            phase: phase)
    }

    /// Applies one raw event (events come in time order); returns the state after it.
    mutating func apply(_ event: RawPointerEvent) -> ProfileState {
        phase = .idle
        if event.pointer == .touch, event.kind != .wheel {
            touch(event)
            return state
        }
        switch event.kind {
        case .wheel:
            // The default interaction model has no wheel handler.
            break
        case .down:
            press(event)
        case .move:
            move(event)
        case .up:
            // A browser delivers the pointer's move to where it lifts before
            // the release, when it lifts elsewhere.
            if let m = mouse, m.x != event.x || m.y != event.y { move(event) }
            release(event)
        }
        if event.kind != .wheel { mouse = (event.x, event.y) }
        return state
    }
}
