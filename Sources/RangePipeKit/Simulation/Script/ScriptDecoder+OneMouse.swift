extension ScriptDecoder {
    /// The pointers of a profile that replays one mouse (lightweight-charts,
    /// echarts, dygraphs), in time order (`samples` in script order, `at`
    /// their places; ties keep script order, as the profile reads them):
    /// - a pointer may not go down while another is down, in any event, but
    ///   for a second finger on `main` (a pinch), never a third;
    /// - a script's presses are all a mouse's or all fingers' (a mouse and a
    ///   finger together were not recorded);
    /// - lightweight-charts: a script with a finger has no wheel (the
    ///   mouse's moves to it would end the crosshair's tracking mode), and a
    ///   second finger starts a pinch only within 240 ms of the first, the
    ///   first not yet moved past Chromium's slop, once a touch sequence;
    /// - echarts: two fingers' middle stays on the grid;
    /// - dygraphs: no wheel while a pointer is down (the mouse would move
    ///   there in the middle of the drag).
    /// Outside the finger rules no listener takes the fingers' moves and
    /// Chromium zooms the page itself, which is not modelled.
    /// - Complexity: O(n log n).
    static func oneMouse(_ samples: [RawPointerEvent], at: [(event: Int, sample: Int)], profile: InteractionProfile,
                         main: ChartSize) throws {
        var down: Int?, device: RawPointerEvent.PointerKind?, wheel: Int?
        // The fingers down (where each is), and the touch sequence's first finger.
        var fingers: [Int: (area: ChartArea, x: Double, y: Double)] = [:]
        var first: RawPointerEvent?, firstMoved = false, paired = false
        for i in samples.indices.sorted(by: { (samples[$0].t, $0) < (samples[$1].t, $1) }) {
            let e = samples[i]
            let place = "events[\(at[i].event)].samples[\(at[i].sample)]"
            switch e.kind {
            case .down:
                if e.pointer == .touch, let other = down, other != e.id {
                    try secondFinger(e, fingers, profile: profile, place: place)
                    if profile == .lightweightCharts, let f = first {
                        try lightweightChartsPinch(e, first: f, firstMoved: firstMoved, paired: paired, place: place)
                        paired = true
                    }
                } else if let other = down, other != e.id {
                    throw Failure(path: place, message: "profile \"\(profile.rawValue)\" replays one mouse: pointer \(e.id) goes down while pointer \(other) is down")
                }
                if let first = device, first != e.pointer {
                    throw Failure(path: place + ".pointer", message: "profile \"\(profile.rawValue)\" replays a mouse or a finger, not both in one script: \"\(e.pointer.rawValue)\" after \"\(first.rawValue)\" (a mouse and a finger together are not modelled)")
                }
                if profile == .lightweightCharts, e.pointer == .touch, let w = wheel {
                    throw Failure(path: place + ".pointer", message: "profile \"lightweight-charts\" replays a mouse or a finger, not both in one script: a finger after the wheel at events[\(at[w].event)].samples[\(at[w].sample)] is not modelled")
                }
                device = e.pointer
                down = down ?? e.id
                if e.pointer == .touch {
                    if fingers.isEmpty { (first, firstMoved, paired) = (e, false, false) }
                    fingers[e.id] = (e.area, e.x, e.y)
                    try middleOnGrid(profile, fingers, main: main, place: place)
                }
            case .wheel where profile == .lightweightCharts && device == .touch:
                throw Failure(path: place, message: "profile \"lightweight-charts\" replays a mouse or a finger, not both in one script: a wheel in a script with a finger is not modelled")
            case .wheel where profile == .lightweightCharts:
                wheel = wheel ?? i
            case .move where fingers[e.id] != nil:
                fingers[e.id]!.x = e.x
                fingers[e.id]!.y = e.y
                try middleOnGrid(profile, fingers, main: main, place: place)
                if fingers.count == 1, let f = first, e.id == f.id, ChromiumTouch.isPastSlop(dx: e.x - f.x, dy: e.y - f.y) {
                    firstMoved = true
                }
            case .up where fingers[e.id] != nil:
                fingers[e.id] = nil
                down = fingers.keys.min()
            case .up where e.id == down:
                down = nil
            case .wheel where profile == .dygraphs && down != nil:
                throw Failure(path: place, message: "profile \"dygraphs\" replays one mouse: a wheel while pointer \(down!) is down is not modelled")
            case .up, .move, .wheel:
                break
            }
        }
    }

    /// A second finger joins one on `main`, on `main` too (a pinch); never a third.
    private static func secondFinger(_ e: RawPointerEvent, _ fingers: [Int: (area: ChartArea, x: Double, y: Double)],
                                     profile: InteractionProfile, place: String) throws {
        guard fingers.count == 1, e.area == .main, fingers.values.first?.area == .main else {
            let area = switch profile {
            case .echarts: "grid"
            case .lightweightCharts: "pane"
            default: "plot area"
            }
            let others = fingers.map { "pointer \($0.key) on \($0.value.area.rawValue)" }.sorted().joined(separator: " and ")
            throw Failure(path: place, message: "profile \"\(profile.rawValue)\" replays one finger, or two on the \(area) (main, its pinch): pointer \(e.id) goes down on \(e.area.rawValue) while \(others) \(fingers.count == 1 ? "is" : "are") down")
        }
    }

    /// lightweight-charts pinches with a second finger that goes down within
    /// its long tap of the first, before the first moved past the slop,
    /// once a touch sequence (`SecondFinger`).
    private static func lightweightChartsPinch(_ e: RawPointerEvent, first f: RawPointerEvent, firstMoved: Bool, paired: Bool,
                                               place: String) throws {
        let after = ScriptClock.milliseconds(e.t) - ScriptClock.milliseconds(f.t)
        let why = paired ? "a pinch went before it in this touch sequence"
            : firstMoved ? "pointer \(f.id) moved past Chromium's 15 px touch slop first"
            : after >= SecondFinger.lightweightChartsLongTap ? "it goes down \(after.plainText) ms after pointer \(f.id), not within its 240 ms long tap" : nil
        if let why {
            throw Failure(path: place, message: "profile \"lightweight-charts\": a second finger on the pane pinches only when it goes down within 240 ms of the first, before the first moved past the slop, once a touch sequence; here \(why) (its moves would be the page's own zoom, not modelled)")
        }
    }

    /// Under echarts, two fingers' middle on the grid (`SecondFinger.echartsTakes`).
    private static func middleOnGrid(_ profile: InteractionProfile, _ fingers: [Int: (area: ChartArea, x: Double, y: Double)],
                                     main: ChartSize, place: String) throws {
        guard profile == .echarts, fingers.count == 2 else { return }
        let ids = fingers.keys.sorted()
        let (a, b) = (fingers[ids[0]]!, fingers[ids[1]]!)
        let x = (a.x + b.x) / 2, y = (a.y + b.y) / 2
        guard SecondFinger.echartsTakes((x, y), width: main.width, height: main.height) else {
            throw Failure(path: place, message: "profile \"echarts\": two fingers' middle (\(x.plainText), \(y.plainText)) px is off the grid (0..<\(main.width.plainText) x 0..<\(main.height.plainText)): ECharts leaves that pinch to the page's own zoom, not modelled")
        }
    }
}
