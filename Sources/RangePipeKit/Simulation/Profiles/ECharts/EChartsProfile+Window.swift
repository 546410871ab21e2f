/// The dataZoom's window: ECharts 6.1.0's `sliderMove`
/// (src/component/helper/sliderMove.ts) and `AxisProxy.calculateDataWindow`
/// (src/component/dataZoom/AxisProxy.ts), step for step.
extension EChartsProfile {
    /// Which end `sliderMove` moves: one handle, or both (the span kept).
    enum Handle: Sendable, Equatable {
        case start, end, all
    }

    /// `sliderMove(delta, handleEnds, extent, handleIndex, minSpan, maxSpan)`
    /// (sliderMove.ts:45-106): moves an end (or both) by `delta` inside
    /// `extent`; with a minSpan the ends push each other instead of
    /// crossing, with a maxSpan the far end follows. Spans go through
    /// `addSafe`, so a move of 0 can still round the ends.
    static func sliderMove(_ delta: Double, _ ends: inout [Double], extent: (Double, Double), _ handle: Handle,
                           minSpan: Double? = nil, maxSpan: Double? = nil) {
        func restrict(_ v: Double, _ lo: Double?, _ hi: Double?) -> Double { min(hi ?? .infinity, max(lo ?? -.infinity, v)) }
        let extentSpan = addSafe(extent.1, -extent.0)
        var minSpan = minSpan.map { restrict($0, 0, extentSpan) }
        var maxSpan = maxSpan.map { max($0, minSpan ?? 0) }
        var index = 0
        switch handle {
        case .all:
            // Both ends move: the span is held (lines 67-72).
            let span = restrict(abs(addSafe(ends[1], -ends[0])), 0, extentSpan)
            let held = restrict(span, minSpan, maxSpan)
            minSpan = held
            maxSpan = held
        case .start:
            index = 0
        case .end:
            index = 1
        }
        ends[0] = restrict(ends[0], extent.0, extent.1)
        ends[1] = restrict(ends[1], extent.0, extent.1)
        let original = spanSign(ends, index)
        ends[index] += delta
        // Inside the extent, less the minimum span on the side the other end is (lines 82-87).
        var real = [extent.0, extent.1]
        if original.sign < 0 { real[0] = addSafe(real[0], minSpan ?? 0) } else { real[1] = addSafe(real[1], -(minSpan ?? 0)) }
        ends[index] = restrict(ends[index], real[0], real[1])
        var now = spanSign(ends, index)
        if let minSpan, now.sign != original.sign || now.span < minSpan {
            ends[1 - index] = addSafe(ends[index], original.sign * minSpan)
        }
        now = spanSign(ends, index)
        if let maxSpan, now.span > maxSpan {
            ends[1 - index] = addSafe(ends[index], now.sign * maxSpan)
        }
    }

    /// `getSpanSign` (sliderMove.ts:108-113).
    static func spanSign(_ ends: [Double], _ index: Int) -> (span: Double, sign: Double) {
        let dist = ends[index] - ends[1 - index]
        return (abs(dist), dist > 0 ? -1 : dist < 0 ? 1 : (index == 1 ? -1 : 1))
    }

    /// `calculateDataWindow` (AxisProxy.ts:151-331) from a percent window
    /// (a dispatched `start`/`end`, the `percent` range mode): the percents
    /// held to the span limits (`restrictSet`, lines 250-275), mapped onto
    /// the data extent, then the values rounded (`precision` 0 on a time
    /// axis, else `getAcceptableTickPrecision(value, pxSpan, 0.5)`, lines
    /// 285-299) and clamped, an end at 0 % or 100 % exactly the extent's (lines 300-316).
    func window(percent start: Double, _ end: Double) -> DataWindow {
        var percent = [start, end].sorted()
        Self.sliderMove(0, &percent, extent: (0, 100), .all, minSpan: spans.minPercent, maxSpan: spans.maxPercent)
        var value = percent.map { Self.linearMap($0, (0, 100), (extent.lower, extent.upper), clamp: true) }
        if value[0] > value[1] { value.swapAt(0, 1) }
        let precision = chart.isTime ? 0 : Self.acceptableTickPrecision(value[0], value[1], pxSpan: chart.mainWidth, pxDiff: 0.5)
        if precision.isFinite {
            for i in 0..<2 {
                value[i] = Self.round(value[i], precision)
                value[i] = min(extent.upper, max(extent.lower, value[i]))
                if percent[i] == [0.0, 100.0][i] {
                    value[i] = i == 0 ? extent.lower : extent.upper
                    if chart.isTime { value[i] = i == 0 ? value[i].rounded(.up) : value[i].rounded(.down) }
                }
            }
        }
        if value[0] > value[1] { value.swapAt(0, 1) }
        return DataWindow(value: Window(value[0], value[1]), percent: percent)
    }

    /// `calculateDataWindow` from a value window (`startValue`/`endValue`,
    /// the `value` range mode the page starts in): the values held to
    /// minValueSpan / maxValueSpan inside the extent, percents mapped from
    /// them (clamped); values given are not rounded (AxisProxy.ts:206-222, 250-252, 301).
    func window(values lo: Double, _ hi: Double) -> DataWindow {
        var value = [lo, hi].sorted()
        Self.sliderMove(0, &value, extent: (extent.lower, extent.upper), .all, minSpan: spans.minValue, maxSpan: spans.maxValue)
        var percent = value.map { Self.linearMap($0, (extent.lower, extent.upper), (0, 100), clamp: true) }
        if percent[0] > percent[1] { percent.swapAt(0, 1) }
        return DataWindow(value: Window(value[0], value[1]), percent: percent)
    }

    /// `_updateMinMaxSpan` (AxisProxy.ts:474-499): minValueSpan /
    /// maxValueSpan and their percents of the extent.
    static func spans(minValue: Double?, maxValue: Double?, extent: Window) -> Spans {
        func percent(_ v: Double?) -> Double? {
            v.map { linearMap(extent.lower + $0, (extent.lower, extent.upper), (0, 100), clamp: true) }
        }
        return Spans(minValue: minValue, maxValue: maxValue, minPercent: percent(minValue), maxPercent: percent(maxValue))
    }
}
