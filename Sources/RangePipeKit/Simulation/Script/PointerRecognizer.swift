/// Turns raw pointer interactions into the gestures a chart recognises
/// (docs/script-events.md, "Raw pointer input"). Interactions go in start order
/// across the whole script, because a double tap can span two events.
/// The overview's hit test needs the selector at the press, so presses stay
/// `overviewPress` here and are resolved when they start (`ViewSimulator.press`).
struct PointerRecognizer {
    /// A tap: up within this many seconds of its down…
    static let tapTimeout = 0.3
    /// …never more than this many px from where it went down.
    static let tapSlop = 10.0
    /// A second contact this soon (s) after a tap's up…
    static let doubleTapTimeout = 0.3
    /// …and this near (px) to the tap is a one-finger zoom.
    static let doubleTapSlop = 40.0
    /// Release speed (px/s) from which a drag or pan flings.
    static let flingThreshold = 50.0
    /// WheelEvent.deltaY (px) per notch of the `wheel` gesture.
    static let pixelsPerNotch = 100.0
    /// Slack (s) on the time limits: times written in decimals differ by
    /// rounding (0.4 − 0.1 is 0.30000000000000004), and "within 0.3 s"
    /// must hold for them.
    static let timeSlack = 1e-9

    enum State {
        case idle
        /// A tap on the main chart ended at `up` (script time) at (x, y).
        case tapped(up: Double, x: Double, y: Double)
    }

    var state = State.idle
    /// `main.drag`: a one-pointer drag on the main chart pans or draws a
    /// zoom box (shift at the press swaps the two).
    var drag = MainDrag.pan

    /// The gesture `interaction` makes, or nil for a tap or an ignored input.
    mutating func recognize(_ interaction: PointerInteraction) throws -> ScriptEvent? {
        // Ignored input (wheel off the main chart) leaves a pending tap alone.
        if case let .wheel(area, _, _) = interaction.kind, area != .main { return nil }
        let previous = state
        state = .idle
        let kind: ScriptEvent.Kind
        switch interaction.kind {
        case let .wheel(_, x, run):
            kind = .wheel(x: x, Self.notches(run, from: interaction.t))
        case let .contact(tracks):
            let first = tracks[0]
            switch first.area {
            case .xAxis:
                kind = .dragAxis(Self.path(first, from: first.down))
            case .overview:
                let path = Self.path(first, from: first.down)
                kind = .overviewPress(path, Self.release(path))
            case .main:
                // The second pointer: the next to go down on the main chart before the first lifts.
                if let second = tracks.dropFirst().first(where: { $0.area == .main && $0.down <= first.up }) {
                    return ScriptEvent(at: interaction.eventAt + second.down, kind: .pinch(try Self.pinch(first, second)),
                                       path: second.samples[0].path)
                }
                let path = Self.path(first, from: first.down)
                let start = interaction.start
                let isTap = first.up - first.down <= Self.tapTimeout + Self.timeSlack
                    && first.samples.allSatisfy { Self.distance($0, first.samples[0].x, first.samples[0].y) <= Self.tapSlop }
                // A press that went down before the tap's up (raw events may
                // overlap) is not its second tap.
                if case let .tapped(up, x, y) = previous, start >= up, start - up <= Self.doubleTapTimeout + Self.timeSlack,
                   Self.distance(first.samples[0], x, y) <= Self.doubleTapSlop {
                    // A second tap resets (at its up); a second press that moves zooms.
                    if isTap {
                        return ScriptEvent(at: interaction.eventAt + first.up, kind: .doubleClick, path: interaction.path)
                    }
                    kind = .doubleTapDrag(path, scale: 50)
                } else if isTap {
                    state = .tapped(up: interaction.eventAt + first.up, x: first.samples[0].x, y: first.samples[0].y)
                    return nil
                } else if (drag == .zoom) != first.shift {
                    kind = .boxZoom(path)
                } else {
                    kind = .pan(path, Self.release(path))
                }
            }
        }
        return ScriptEvent(at: interaction.start, kind: kind, path: interaction.path)
    }

    static func distance(_ s: PointerInteraction.Sample, _ x: Double, _ y: Double) -> Double {
        ((s.x - x) * (s.x - x) + (s.y - y) * (s.y - y)).squareRoot()
    }

    /// Fling when the release is fast enough.
    static func release(_ path: PointerPath) -> Release {
        abs(path.releaseVelocity().x) >= flingThreshold ? .fling : .stop
    }

    /// One pointer's path with times relative to `t0`; samples at one time
    /// keep the last position.
    static func path(_ track: PointerInteraction.Track, from t0: Double) -> PointerPath {
        var p = PointerPath(times: [], xs: [], ys: [])
        for s in track.samples {
            if p.times.last == s.t - t0 {
                p.xs[p.xs.count - 1] = s.x
                p.ys[p.ys.count - 1] = s.y
            } else {
                p.times.append(s.t - t0)
                p.xs.append(s.x)
                p.ys.append(s.y)
            }
        }
        return p
    }

    /// The two pointers from the second's down to the first up of the two,
    /// one sample per time either moved.
    /// - Complexity: O(samples²) over the two tracks.
    static func pinch(_ a: PointerInteraction.Track, _ b: PointerInteraction.Track) throws -> PinchPath {
        let start = b.down, end = min(a.up, b.up)
        var times = (a.samples + b.samples).map(\.t).filter { $0 >= start && $0 <= end }
        times = Array(Set(times)).sorted()
        var path = PinchPath(times: [], firstFingerX: [], secondFingerX: [])
        for t in times {
            let pa = a.position(at: t), pb = b.position(at: t)
            // Fingers level in x still pinch y (a manual y-window).
            guard pa.x != pb.x || pa.y != pb.y else {
                throw ScriptDecoder.Failure(path: (pb.t >= pa.t ? pb : pa).path,
                                            message: "the two pointers are at the same x (\(pa.x.plainText))")
            }
            path.times.append(t - start)
            path.firstFingerX.append(pa.x)
            path.secondFingerX.append(pb.x)
            path.firstFingerY.append(pa.y)
            path.secondFingerY.append(pb.y)
        }
        return path
    }

    /// A wheel run's notches (deltaY / 100) and sideways px (deltaX, and
    /// deltaY with shift held, which then zooms nothing), at times relative
    /// to `t0`; samples at one time add up.
    static func notches(_ run: PointerInteraction.WheelRun, from t0: Double) -> WheelNotches {
        var w = WheelNotches(times: [], notches: [], pixels: [])
        for k in run.times.indices {
            let t = run.times[k] - t0
            let notches = run.shift[k] ? 0 : run.deltaY[k] / pixelsPerNotch
            let pixels = run.deltaX[k] + (run.shift[k] ? run.deltaY[k] : 0)
            if w.times.last == t {
                w.notches[w.notches.count - 1] += notches
                w.pixels[w.pixels.count - 1] += pixels
            } else {
                w.times.append(t)
                w.notches.append(notches)
                w.pixels.append(pixels)
            }
        }
        // A run that only zooms keeps the zoom-only form (and its tracks).
        if w.pixels.allSatisfy({ $0 == 0 }) { w.pixels = [] }
        return w
    }
}
