/// hover (main chart): a pointer over the chart with no button down. It
/// moves nothing but the crosshair, which follows its x.
struct HoverGesture: WindowGesture {
    let path: PointerPath

    var phase: Phase { .idle }
    var duration: Double { path.duration }

    mutating func move(_ context: inout GestureContext, upTo t: Double) -> Bool { false }

    func pointerPixel(atElapsed elapsed: Double) -> Double? { path.position(at: elapsed).x }
}
