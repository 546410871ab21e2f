#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// wheel (main chart): at each sample's time the span scales by
/// 1.1^notches about the value under the pointer's x, and (wheel-pan,
/// horizontal wheel) the window moves by px·span/W, span kept.
struct WheelGesture: WindowGesture {
    /// The pointer's x (px).
    let x: Double
    let samples: WheelNotches
    /// The next notch sample to apply.
    var nextNotch = 0

    init(x: Double, samples: WheelNotches) {
        self.x = x
        self.samples = samples
    }

    /// A wheel that only scrolls sideways pans (`drag`); any zoom reports `zoom`.
    var phase: Phase { samples.notches.allSatisfy { $0 == 0 } && !samples.pixels.isEmpty ? .drag : .zoom }
    var duration: Double { samples.duration }
    var movesAtStart: Bool { true }

    mutating func move(_ context: inout GestureContext, upTo t: Double) -> Bool {
        var applied = false
        let main = context.mainWidth, x = x
        while nextNotch < samples.times.count, context.start + samples.times[nextNotch] <= t {
            let count = samples.notches[nextNotch], pixels = samples.pixels(at: nextNotch)
            if count != 0 || samples.pixels.isEmpty {
                let ppu = main / context.window.span
                context.move(zoom: true, chartWidth: main, pixelsPerUnit: ppu) { Self.wheeled($0, x: x, notches: count, width: main) }
            }
            if pixels != 0 {
                // Scrolling right (positive deltaX) shows later x: a pan by −px.
                let ppu = main / (context.elastic ? context.raw : context.window).span
                context.move(zoom: false, chartWidth: main, pixelsPerUnit: ppu) { PanGesture.panned($0, dx: -pixels, width: main) }
            }
            nextNotch += 1
            applied = true
        }
        return applied
    }

    func pointerPixel(atElapsed elapsed: Double) -> Double? { x }

    /// The window scaled by 1.1^notches about the value under x (px on a
    /// chart `width` px wide).
    static func wheeled(_ w: Window, x: Double, notches: Double, width: Double) -> Window {
        let s = pow(1.1, notches)
        let u = w.lower + x / width * w.span
        return Window(u - (u - w.lower) * s, u + (w.upper - u) * s)
    }
}
