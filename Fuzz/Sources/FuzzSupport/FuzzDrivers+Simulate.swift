public import RangePipeKit

extension FuzzDrivers {
    /// Builds a valid script from bytes (the bytes choose every knob), as the
    /// JSON text a user would write, and plays it, calling `breach` if a frame
    /// breaks SPEC 4.5's invariants; returns the frames played.
    @discardableResult
    public static func simulate(_ bytes: [UInt8], breach: (String) -> Void = { preconditionFailure($0) }) -> Int {
        let text = simulationScript(bytes)
        guard let script = try? ScriptDecoder.decode(Array(text.utf8), source: "fuzz"),
              let plan = try? ScriptPlan(script: script, series: series) else { return 0 }
        return play(plan, checkInvariants: !script.window.elastic, tracks: [.range, .annotation, .selector, .values], breach: breach)
    }

    /// The script the bytes choose, as JSON. Numbers print as Swift's
    /// shortest round-trip text, so the decoder reads back the same doubles.
    static func simulationScript(_ bytes: [UInt8]) -> String {
        var k = 0
        func byte() -> Double { defer { k += 1 }; return k < bytes.count ? Double(bytes[k]) : 0 }
        func unit() -> Double { byte() / 255 }
        let fps = [10, 24, 30, 60, 17.5][Int(byte()) % 5]
        let overviewWidth = 20 + unit() * 1000
        let mainWidth = 20 + unit() * 1000
        var window: [String] = []
        if byte() > 128 { window.append("\"minSpan\": {\"fraction\": \(0.001 + unit() * 0.3)}") }
        if byte() > 200 { window.append("\"maxSpan\": {\"fraction\": \(0.35 + unit() * 0.65)}") }
        window.append("\"elastic\": \(byte() > 220)")
        let momentum = byte() > 128 ? "decay" : "ease-out"
        var events: [String] = []
        var t = 0.0, lastGestureAt = -1.0
        while k + 8 <= bytes.count, events.count < 12 {
            let kind = Int(byte()) % 9
            // Kinds 0–5 are gestures, which may not start together (SPEC 3):
            // a one-sample gesture and no gap would make the script invalid.
            if kind <= 5 {
                if t == lastGestureAt { t += 0.001 }
                lastGestureAt = t
            }
            var samples: [(dt: Double, x: Double, y: Double)] = []
            var dt = 0.0
            for _ in 0 ..< 1 + Int(byte()) % 4 {
                let x1 = unit() * 1200 - 200
                samples.append((dt, x1, kind == 3 ? x1 + 1 + unit() * 400 : unit() * 600 - 300))
                dt += 0.01 + unit() * 0.4
            }
            let gestureEnd = t + samples[samples.count - 1].dt
            func path(_ coordinates: Int, x: (Double) -> Double = { $0 }) -> String {
                "\"path\": [" + samples.map { coordinates == 1 ? "[\($0.dt), \(x($0.x))]" : "[\($0.dt), \($0.x), \($0.y)]" }.joined(separator: ", ") + "]"
            }
            let release = byte() > 128 ? "fling" : "stop"
            let event: String
            var end = gestureEnd
            switch kind {
            case 0: event = "\"gesture\": \"drag-selection\", \(path(1)), \"release\": \"\(release)\""
            case 1: event = "\"gesture\": \"pan\", \(path(1)), \"release\": \"\(release)\""
            case 2: event = "\"gesture\": \"drag-handle\", \"handle\": \"\(byte() > 128 ? "min" : "max")\", \(path(1))"
            case 3: event = "\"gesture\": \"pinch\", \(path(2))"
            case 4: event = "\"gesture\": \"double-tap-drag\", \(path(2)), \"scale\": \(5 + unit() * 100)"
            case 5: event = "\"gesture\": \"wheel\", \"x\": \(unit() * mainWidth), \(path(1) { ($0 / 100).rounded() })"
            case 6:
                let lower = unit() * 0.5, upper = 0.5 + unit() * 0.5
                var animate = ""
                end = t
                if byte() > 128 {
                    let duration = 0.05 + unit()
                    animate = ", \"animate\": {\"curve\": \"ease-in-out\", \"duration\": \(duration)}"
                    end = t + duration
                }
                event = "\"action\": \"set-window\", \"window\": {\"fraction\": [\(lower), \(upper)]}\(animate)"
            case 7:
                event = "\"action\": \"reset\""
                end = t
            default:
                event = "\"action\": \"switch-field\", \"field\": \"\(byte() > 128 ? "v" : "w")\", "
                    + "\"spring\": {\"bounciness\": \(unit() * 20), \"speed\": \(1 + unit() * 19)}"
                end = t
            }
            events.append("{\"at\": \(t), \(event)}")
            t = end + unit() * 0.5
        }
        // Long enough for momentum, springs and elastic returns to finish.
        // Capped at 300 frames so the target reaches 10^6 runs in a session.
        let duration = min(t + 3, 300 / fps)
        return """
            {"fps": \(fps), "duration": \(duration), "overview": {"width": \(overviewWidth)}, "main": {"width": \(mainWidth)},
             "window": {\(window.joined(separator: ", "))}, "momentum": {"model": "\(momentum)"},
             "events": [\(events.joined(separator: ",\n  "))]}
            """
    }
}
