extension ScriptDecoder {
    /// A profile that replays one mouse (lightweight-charts, echarts,
    /// dygraphs): a pointer may not go down while another is down, in any
    /// event (`samples` in script order, `at` their places; ties in time
    /// keep script order, as the profile reads them). Under echarts, which
    /// also replays one finger, a script's presses are all a mouse's or
    /// all a finger's (a mouse and a finger together were not recorded: a
    /// touch page has no document mouse listeners, HandlerProxy.ts:486-492).
    /// Under lightweight-charts, which replays one finger too, a script with
    /// a finger has no wheel either (the mouse's moves to it would end the
    /// crosshair's tracking mode, which the profile does not model).
    /// Under lightweight-charts two fingers may be down together when both
    /// are on the pane and the second starts a pinch: it goes down within
    /// 240 ms of the first (before the long tap), the first not yet moved
    /// past Chromium's slop, and no pair went before it in the sequence
    /// (otherwise no listener takes its moves and Chromium zooms the page
    /// itself, which is not modelled); never a third finger, nor one on the
    /// time scale.
    /// Under echarts two fingers may be down together on the grid (a pinch),
    /// their middle on it (`main`: 0 ≤ x < width, 0 ≤ y < height) at every
    /// event while both are down: there ECharts takes the touch; elsewhere the page's
    /// own zoom would (not modelled).
    /// Under dygraphs two fingers may be down together on the plot area (a
    /// pinch), never three.
    /// Under dygraphs a wheel may not come while a pointer is down either
    /// (the mouse would move there in the middle of the drag, which the
    /// profile does not model).
    /// - Complexity: O(n log n).
    static func oneMouse(_ samples: [RawPointerEvent], at: [(event: Int, sample: Int)], profile: InteractionProfile,
                         main: ChartSize) throws {
        var down: Int?, device: RawPointerEvent.PointerKind?, wheel: Int?
        var fingers: [Int: ChartArea] = [:]  // lightweight-charts' fingers down
        var first: RawPointerEvent?, firstMoved = false, paired = false  // and its sequence's first finger
        var at2: [Int: (x: Double, y: Double)] = [:]  // where each finger is
        for i in samples.indices.sorted(by: { (samples[$0].t, $0) < (samples[$1].t, $1) }) {
            let e = samples[i]
            switch e.kind {
            case .down:
                let place = "events[\(at[i].event)].samples[\(at[i].sample)]"
                if profile == .echarts || profile == .dygraphs, e.pointer == .touch, let other = down, other != e.id {
                    guard fingers.count == 1, e.area == .main, fingers[other] == .main else {
                        let area = profile == .echarts ? "grid" : "plot area"
                        throw Failure(path: place, message: "profile \"\(profile.rawValue)\" replays one finger, or two on the \(area) (main, its pinch): pointer \(e.id) goes down on \(e.area.rawValue) while \(fingers.map { "pointer \($0.key) on \($0.value.rawValue)" }.sorted().joined(separator: " and ")) \(fingers.count == 1 ? "is" : "are") down")
                    }
                } else if profile == .lightweightCharts, e.pointer == .touch, let other = down, other != e.id {
                    guard fingers.count == 1, e.area == .main, fingers[other] == .main else {
                        throw Failure(path: place, message: "profile \"lightweight-charts\" replays one finger, or two on the pane (main, its pinch): pointer \(e.id) goes down on \(e.area.rawValue) while \(fingers.map { "pointer \($0.key) on \($0.value.rawValue)" }.sorted().joined(separator: " and ")) \(fingers.count == 1 ? "is" : "are") down")
                    }
                    if let f = first {
                        let after = ScriptClock.milliseconds(e.t) - ScriptClock.milliseconds(f.t)
                        let why = paired ? "a pinch went before it in this touch sequence"
                            : firstMoved ? "pointer \(f.id) moved past Chromium's 15 px touch slop first"
                            : after >= SecondFinger.lightweightChartsLongTap ? "it goes down \(after.plainText) ms after pointer \(f.id), not within its 240 ms long tap" : nil
                        if let why {
                            throw Failure(path: place, message: "profile \"lightweight-charts\": a second finger on the pane pinches only when it goes down within 240 ms of the first, before the first moved past the slop, once a touch sequence; here \(why) (its moves would be the page's own zoom, not modelled)")
                        }
                    }
                    paired = true
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
                if [.lightweightCharts, .echarts, .dygraphs].contains(profile), e.pointer == .touch {
                    if fingers.isEmpty { (first, firstMoved, paired) = (e, false, false) }
                    fingers[e.id] = e.area
                    at2[e.id] = (e.x, e.y)
                    try middleOnGrid(profile, at2, fingers, main: main, place: place)
                }
            case .wheel where profile == .lightweightCharts && device == .touch:
                throw Failure(path: "events[\(at[i].event)].samples[\(at[i].sample)]", message: "profile \"lightweight-charts\" replays a mouse or a finger, not both in one script: a wheel in a script with a finger is not modelled")
            case .wheel where profile == .lightweightCharts:
                wheel = wheel ?? i
            case .move where fingers[e.id] != nil:
                at2[e.id] = (e.x, e.y)
                try middleOnGrid(profile, at2, fingers, main: main, place: "events[\(at[i].event)].samples[\(at[i].sample)]")
                if fingers.count == 1, e.id == first?.id, let f = first, ChromiumTouch.isPastSlop(dx: e.x - f.x, dy: e.y - f.y) {
                    firstMoved = true
                }
            case .up where fingers[e.id] != nil:
                fingers[e.id] = nil
                down = fingers.keys.min()
            case .up where e.id == down:
                down = nil
            case .wheel where profile == .dygraphs && down != nil:
                throw Failure(path: "events[\(at[i].event)].samples[\(at[i].sample)]", message: "profile \"dygraphs\" replays one mouse: a wheel while pointer \(down!) is down is not modelled")
            case .up, .move, .wheel:
                break
            }
        }
    }

    /// Under echarts, two fingers' middle on the grid (`SecondFinger.echartsTakes`).
    private static func middleOnGrid(_ profile: InteractionProfile, _ at: [Int: (x: Double, y: Double)], _ fingers: [Int: ChartArea],
                                     main: ChartSize, place: String) throws {
        guard profile == .echarts, fingers.count == 2 else { return }
        let ids = fingers.keys.sorted()
        let (a, b) = (at[ids[0]]!, at[ids[1]]!)
        let x = (a.x + b.x) / 2, y = (a.y + b.y) / 2
        guard SecondFinger.echartsTakes((x, y), width: main.width, height: main.height) else {
            throw Failure(path: place, message: "profile \"echarts\": two fingers' middle (\(x.plainText), \(y.plainText)) px is off the grid (0..<\(main.width.plainText) x 0..<\(main.height.plainText)): ECharts leaves that pinch to the page's own zoom, not modelled")
        }
    }
}
