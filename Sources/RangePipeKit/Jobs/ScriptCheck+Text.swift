/// The summary `script check` prints.
extension ScriptCheck {
    /// Lines like
    ///
    ///     script samples/scripts/stocks-tour.json: valid, 60 fps, duration 8 s, 7 events
    ///       0.5–0.9 s  events[0]  drag-selection, 3 samples, release fling
    ///       7–7.5 s    events[5]  set-window, animated 0.5 s
    ///     series AAPL: field close, 481 frames (t = 0 … 8 s)
    ///
    /// (`field close (USD)` when the script gives a `unit`.)
    /// - Complexity: O(events + series).
    package var text: String {
        let duration = script.duration.map { "duration \($0.plainText) s" } ?? "duration until rest"
        var lines = ["script \(script.source): valid, \(script.fps.plainText) fps, \(duration), \(events.count) event\(events.count == 1 ? "" : "s")"]
        let times = events.map { $0.end > $0.at ? "\($0.at.plainText)–\($0.end.plainText) s" : "\($0.at.plainText) s" }
        let width = times.map(\.count).max() ?? 0
        for (event, time) in zip(events, times) {
            let padding = String(repeating: " ", count: width - time.count)
            lines.append("  \(time)\(padding)  \(event.path)  \(Self.describe(event.kind))")
        }
        if plays.isEmpty {
            lines.append("series: not checked")
        }
        for p in plays {
            let unit = script.unit(of: p.field).map { " (\($0))" } ?? ""
            lines.append("series \(p.series): field \(p.field)\(unit), \(p.frames) frame\(p.frames == 1 ? "" : "s") (t = 0 … \(p.lastFrameTime.plainText) s)")
        }
        return lines.escapedLines
    }

    static func samples(_ n: Int) -> String { n == 1 ? "1 sample" : "\(n) samples" }

    /// The event's name as the script writes it, with its options.
    static func describe(_ kind: ScriptEvent.Kind) -> String {
        switch kind {
        case let .dragSelection(path, release):
            return "drag-selection, \(Self.samples(path.times.count)), release \(release.rawValue)"
        case let .dragHandle(side, path):
            return "drag-handle \(side.rawValue), \(Self.samples(path.times.count))"
        case let .pan(path, release):
            return "pan, \(Self.samples(path.times.count)), release \(release.rawValue)"
        case let .pinch(path):
            return "pinch, \(Self.samples(path.times.count))"
        case let .doubleTapDrag(path, scale):
            return "double-tap-drag, \(Self.samples(path.times.count)), scale \(scale.plainText)"
        case let .wheel(x, notches):
            let zooms = notches.pixels.isEmpty || notches.notches.contains { $0 != 0 }
            let name = !zooms ? "wheel-pan" : notches.pixels.contains { $0 != 0 } ? "wheel (zoom and sideways scroll)" : "wheel"
            return "\(name) at x \(x.plainText), \(Self.samples(notches.times.count))"
        case let .boxZoom(path):
            return "box-zoom, \(Self.samples(path.times.count))"
        case .doubleClick:
            return "double-click (back to the initial window)"
        case let .dragAxis(path):
            return "drag-axis, \(Self.samples(path.times.count))"
        case let .hover(path):
            return "hover, \(Self.samples(path.times.count))"
        case let .setWindow(spec, animation):
            // A preset names its button, as the chart shows it.
            var text = "set-window"
            if case let .preset(p) = spec { text += " preset \(p.rawValue)" }
            return text + (animation.map { ", animated \($0.duration.plainText) s" } ?? "")
        case .reset:
            return "reset"
        case let .switchField(field, _):
            return "switch-field to \(field)"
        case let .overviewPress(path, release):
            return "overview press (drags a handle or the selection, hit-tested when it starts), \(Self.samples(path.times.count)), release \(release.rawValue)"
        case let .append(.rows(rows)):
            return "append \(rows.count) row\(rows.count == 1 ? "" : "s")"
        case let .append(.series(name, count)):
            return "append the next \(count) row\(count == 1 ? "" : "s") of series \(name)"
        }
    }
}
