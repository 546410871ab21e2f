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
    /// Under dygraphs a wheel may not come while a pointer is down either
    /// (the mouse would move there in the middle of the drag, which the
    /// profile does not model).
    /// - Complexity: O(n log n).
    static func oneMouse(_ samples: [RawPointerEvent], at: [(event: Int, sample: Int)], profile: InteractionProfile) throws {
        var down: Int?, device: RawPointerEvent.PointerKind?, wheel: Int?
        for i in samples.indices.sorted(by: { (samples[$0].t, $0) < (samples[$1].t, $1) }) {
            let e = samples[i]
            switch e.kind {
            case .down:
                let place = "events[\(at[i].event)].samples[\(at[i].sample)]"
                if let other = down, other != e.id {
                    let pinch = e.pointer != .touch ? ""
                        : profile == .echarts ? " (two fingers are ECharts' inside dataZoom pinch, not modelled)"
                        : profile == .lightweightCharts ? " (two fingers are lightweight-charts' pinch, not modelled)" : ""
                    throw Failure(path: place, message: "profile \"\(profile.rawValue)\" replays one mouse: pointer \(e.id) goes down while pointer \(other) is down\(pinch)")
                }
                if let first = device, first != e.pointer {
                    throw Failure(path: place + ".pointer", message: "profile \"\(profile.rawValue)\" replays a mouse or a finger, not both in one script: \"\(e.pointer.rawValue)\" after \"\(first.rawValue)\" (a mouse and a finger together are not modelled)")
                }
                if profile == .lightweightCharts, e.pointer == .touch, let w = wheel {
                    throw Failure(path: place + ".pointer", message: "profile \"lightweight-charts\" replays a mouse or a finger, not both in one script: a finger after the wheel at events[\(at[w].event)].samples[\(at[w].sample)] is not modelled")
                }
                device = e.pointer
                down = e.id
            case .wheel where profile == .lightweightCharts && device == .touch:
                throw Failure(path: "events[\(at[i].event)].samples[\(at[i].sample)]", message: "profile \"lightweight-charts\" replays a mouse or a finger, not both in one script: a wheel in a script with a finger is not modelled")
            case .wheel where profile == .lightweightCharts:
                wheel = wheel ?? i
            case .up where e.id == down:
                down = nil
            case .wheel where profile == .dygraphs && down != nil:
                throw Failure(path: "events[\(at[i].event)].samples[\(at[i].sample)]", message: "profile \"dygraphs\" replays one mouse: a wheel while pointer \(down!) is down is not modelled")
            case .up, .move, .wheel:
                break
            }
        }
    }
}
