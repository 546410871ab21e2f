/// Draws frames as SVG (SPEC 1.4): the overview with the shaded selection
/// and its two handles, the main chart showing the window with its
/// y-range, and the value annotation's line and label. No JavaScript.
public struct SVGPreview {
    public let plan: PlayPlan
    let padding = 12.0
    let gap = 16.0

    public init(plan: PlayPlan) { self.plan = plan }

    var overview: ChartSize { plan.script.overview }
    var main: ChartSize { plan.script.main }
    var panelHeight: Double { overview.height + gap + main.height + 2 * padding }

    /// One SVG document with the given frames stacked vertically.
    public func render(_ frames: [FrameRecord], values: [ShownValues]) -> String {
        let width = max(overview.width, main.width) + 2 * padding
        let height = panelHeight * Double(frames.count)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(fmt(width))\" height=\"\(fmt(height))\" viewBox=\"0 0 \(fmt(width)) \(fmt(height))\" font-family=\"sans-serif\" font-size=\"11\">\n"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        for (k, (frame, shown)) in zip(frames, values).enumerated() {
            svg += "<g transform=\"translate(\(fmt(padding)) \(fmt(padding + Double(k) * panelHeight)))\">\n"
            svg += panel(frame, shown)
            svg += "</g>\n"
        }
        return svg + "</svg>\n"
    }

    func panel(_ r: FrameRecord, _ shown: ShownValues) -> String {
        let c = plan.constraints
        var s = ""
        // Overview: the whole bounds, the selection shaded, two handles.
        let all = M4.points(Window(c.lower, c.upper), shown, width: overview.width)
        let ovRange = yRange(all)
        s += "<rect x=\"0\" y=\"0\" width=\"\(fmt(overview.width))\" height=\"\(fmt(overview.height))\" fill=\"#f6f6f6\" stroke=\"#ccc\"/>\n"
        s += polyline(all, Window(c.lower, c.upper), ovRange, overview, originY: 0, colour: "#888")
        let x0 = r.selector.min, x1 = r.selector.max
        s += "<rect x=\"\(fmt(x0))\" y=\"0\" width=\"\(fmt(max(x1 - x0, 0)))\" height=\"\(fmt(overview.height))\" fill=\"#3b82f6\" fill-opacity=\"0.2\" stroke=\"#3b82f6\"/>\n"
        for x in [x0, x1] {
            s += "<rect x=\"\(fmt(x - 3))\" y=\"\(fmt(overview.height / 2 - 10))\" width=\"6\" height=\"20\" rx=\"2\" fill=\"#3b82f6\"/>\n"
        }
        // Main chart: the window, fitted to its y-range.
        let top = overview.height + gap
        s += "<rect x=\"0\" y=\"\(fmt(top))\" width=\"\(fmt(main.width))\" height=\"\(fmt(main.height))\" fill=\"none\" stroke=\"#ccc\"/>\n"
        let yr = r.y ?? yRange(M4.points(r.window, shown, width: main.width))
        let points = M4.points(r.window, shown, width: main.width)
        s += polyline(points, r.window, yr, main, originY: top, colour: "#1d4ed8")
        if let a = r.annotation, let yr {
            let y = top + yPixel(a.y, yr, main.height)
            s += "<line x1=\"0\" y1=\"\(fmt(y))\" x2=\"\(fmt(main.width))\" y2=\"\(fmt(y))\" stroke=\"#dc2626\" stroke-dasharray=\"4 3\"/>\n"
            s += "<text x=\"\(fmt(main.width - 4))\" y=\"\(fmt(y - 4))\" text-anchor=\"end\" fill=\"#dc2626\">\(escape(a.label))</text>\n"
        }
        let caption = "\(plan.seriesName) · frame \(r.frame) · t \(JSONText.number(r.t)) s · \(r.phase.name)"
        s += "<text x=\"4\" y=\"\(fmt(top + 14))\" fill=\"#333\">\(escape(caption))</text>\n"
        return s
    }

    func yRange(_ points: [(x: Double, y: Double)]) -> (min: Double, max: Double)? {
        let ys = points.map(\.y).filter { $0.isFinite }
        guard let lo = ys.min(), let hi = ys.max() else { return nil }
        return (lo, hi)
    }

    func yPixel(_ y: Double, _ r: (min: Double, max: Double), _ height: Double) -> Double {
        r.max > r.min ? (r.max - y) / (r.max - r.min) * height : height / 2
    }

    func polyline(_ points: [(x: Double, y: Double)], _ w: Window, _ yr: (min: Double, max: Double)?, _ size: ChartSize,
                  originY: Double, colour: String) -> String {
        guard let yr, !points.isEmpty else { return "" }
        let coords = points.filter { $0.y.isFinite }.map { p in
            "\(fmt((p.x - w.a) / w.span * size.width)),\(fmt(originY + yPixel(p.y, yr, size.height)))"
        }
        return "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.2\" points=\"\(coords.joined(separator: " "))\"/>\n"
    }

    func fmt(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int64(r)) : String(r)
    }

    func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}

extension Player {
    /// The records and shown values of the chosen frames (for previews).
    public func frames(_ wanted: Set<Int>) throws -> [(FrameRecord, ShownValues)] {
        var out: [(FrameRecord, ShownValues)] = []
        let last = wanted.max() ?? 0
        try drive { k, t, phase, sim in
            if wanted.contains(k) {
                let shown = ShownValues(index: sim.index, inFlight: sim.spring?.shown, clampMin: sim.clampMin)
                out.append((record(frame: k, t: t, phase: phase, sim), shown))
            }
            return k < last
        }
        return out
    }
}
