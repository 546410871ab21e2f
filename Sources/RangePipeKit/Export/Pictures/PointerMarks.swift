#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The pointer's marks on one frame's main chart, in px from the chart's
/// top left: the zoom box while a box zoom draws it (a translucent band the
/// chart's height between the box's edges), and the snapping crosshair (a
/// line the chart's height at the point's x, a marker on the point and a
/// label of its value). Worked out here for both `preview`'s SVG and the
/// player's embedded draws, with `ChartLayout`'s x and y maps, so both
/// put them where the line is drawn.
struct PointerMarks {
    /// The main chart's size.
    let size: ChartSize
    /// The tracks whose elements are drawn even when they show nothing
    /// (hidden, with ids): the player's skeleton, which its script fills.
    let slots: Set<Track>
    /// The player's id suffix of the panel the marks sit in ("" on the first).
    var idSuffix = ""
    /// The box's left edge and width; nil while none is drawn.
    private(set) var box: (x: Double, width: Double)?
    /// The crosshair; nil while there is none.
    private(set) var crosshair: CrosshairMark?

    /// The tracks a picture asks for to draw the marks: those of the
    /// script's defaults (`box` with a box zoom, `crosshair` with a hover).
    static func tracks(for script: Script) -> Set<Track> {
        Track.defaults(for: script).intersection([.box, .crosshair])
    }

    /// No marks: the player's skeleton, with elements for `slots`.
    init(size: ChartSize, slots: Set<Track>) {
        self.size = size
        self.slots = slots
    }

    /// The marks of frame `r` drawn on a main chart of `size` showing its
    /// window through `scale`, with y fitted to `yRange` (log10 units when
    /// `log`), the crosshair's value labelled as the annotation's is
    /// (`AnnotationMark.label`: the script's `format` when it gives one,
    /// else the y axis' grouped number text at the drawn ticks' `yLabels`' decimals).
    init(_ r: Frame, scale: XScale, yRange: (min: Double, max: Double)?, log: Bool, size: ChartSize,
         label: AnnotationSettings, yLabels: [String]) {
        self.init(size: size, slots: [])
        let view = scale.isLinear ? r.window : scale.u(r.window)
        func x(_ v: Double) -> Double { min(max(ChartLayout.xPixel(scale.u(v), view, width: size.width), 0), size.width) }
        if let b = r.box {
            let a = x(b.lower), c = x(b.upper)
            box = (min(a, c), abs(c - a))
        }
        if let c = r.crosshair {
            let height = log ? log10(c.y) : c.y
            var y = yRange.map { ChartLayout.yPixel(height, $0, height: size.height) }
            // A point above or below the chart (a manual y-window) gets the line only.
            if let v = y, !v.isFinite || v < 0 || v > size.height { y = nil }
            crosshair = CrosshairMark(x: x(c.x), y: y, label: AnnotationMark.label(c.y, label, yLabels: yLabels), size: size)
        }
    }

    /// Nothing to draw on this frame.
    var isEmpty: Bool { box == nil && crosshair == nil }

    /// The marks' SVG in the main chart's coordinates: the box, then the
    /// crosshair's line, marker and label. With `slots` (the player), each
    /// element carries an id and is there, hidden, while it shows nothing.
    func svg() -> String {
        let f = SVGNumber.fmt, ids = !slots.isEmpty
        func id(_ name: String) -> String { ids ? " id=\"\(name)\(idSuffix)\"" : "" }
        func hidden(_ off: Bool) -> String { off ? " visibility=\"hidden\"" : "" }
        var s = ""
        if box != nil || slots.contains(.box) {
            let b = box ?? (0, 0)
            s += "<rect\(id("zoombox")) class=\"zoombox\" x=\"\(f(b.x))\" y=\"0\" width=\"\(f(b.width))\" height=\"\(f(size.height))\""
            s += " fill=\"#64748b\" fill-opacity=\"0.18\" stroke=\"#475569\" stroke-width=\"1\"\(hidden(box == nil))/>\n"
        }
        if crosshair != nil || slots.contains(.crosshair) {
            let c = crosshair ?? CrosshairMark(x: 0, y: nil, label: "", size: size)
            let noPoint = c.y == nil, y = f(c.y ?? 0)
            s += "<line\(id("crossline")) class=\"crosshair\" x1=\"\(f(c.x))\" y1=\"0\" x2=\"\(f(c.x))\" y2=\"\(f(size.height))\""
            s += " stroke=\"#334155\" stroke-width=\"1\" stroke-dasharray=\"3 2\"\(hidden(crosshair == nil))/>\n"
            if ids || !noPoint {
                s += "<circle\(id("crossdot")) class=\"crossdot\" cx=\"\(f(c.x))\" cy=\"\(y)\" r=\"3.5\" fill=\"white\" stroke=\"#1d4ed8\" stroke-width=\"1.5\"\(hidden(noPoint))/>\n"
                s += "<text\(id("crosslabel")) class=\"crosslabel\" x=\"\(f(c.labelX))\" y=\"\(f(c.labelY))\" text-anchor=\"\(c.anchor)\""
                s += " fill=\"#0f172a\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\"\(hidden(noPoint))>\(SVGNumber.escape(c.label))</text>\n"
            }
        }
        return s
    }

    /// The marks as the player's draws carry them after the ticks:
    /// `,[x,width],[x,y,label,labelX,labelY,anchor]`, null for a mark not
    /// shown (y null when only the line is); "" while neither shows, so the
    /// draws of a script without the tracks stay as they were.
    var drawsJSON: String {
        guard !isEmpty else { return "" }
        let f = SVGNumber.fmt
        var s = box.map { ",[\(f($0.x)),\(f($0.width))]" } ?? ",null"
        if let c = crosshair {
            s += ",[\(f(c.x)),\(c.y.map(f) ?? "null"),\(JSONText.shown(c.label)),\(f(c.labelX)),\(f(c.labelY)),\"\(c.anchor)\"]"
        } else {
            s += ",null"
        }
        return s
    }
}
