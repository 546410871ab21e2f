extension LightweightChartsProfile {
    /// The time scale's state and arithmetic (lightweight-charts 4.1.3,
    /// src/model/time-scale.ts at tag v4.1.3, options at their defaults):
    /// bar spacing (px per bar) and right offset (bars from the last bar to
    /// the right edge), with the clamps every setter applies. Operations are
    /// in the library's order, so that doubles round as they do in V8.
    struct TimeScale: Sendable, Equatable {
        /// `barSpacing` default 6 and `rightOffset` default 0, what a reset
        /// restores (src/api/options/time-scale-options-defaults.ts:4–5; `restoreDefault`, time-scale.ts:573–578).
        static let defaultBarSpacing = 6.0
        static let defaultRightOffset = 0.0
        /// `minBarSpacing` default 0.5 (time-scale-options-defaults.ts:6; `_minBarSpacing`, time-scale.ts:863–871).
        static let minBarSpacing = 0.5
        /// The widest bar spacing: half the width (`_correctBarSpacing`, time-scale.ts:853–859).
        static let maxBarSpacingFraction = 0.5
        /// `Constants.MinVisibleBarsCount` (time-scale.ts:33): bars kept in view at either end.
        static let minVisibleBars = 2
        /// `_coordinateToFloatIndex` rounds to this (time-scale.ts:807–809).
        static let floatIndexRounding = 1_000_000.0

        /// The pane's width (px), `_width`.
        let width: Double
        /// The number of points (`_points.length`); the base index is the last.
        let count: Int
        var barSpacing = Self.defaultBarSpacing
        var rightOffset = Self.defaultRightOffset
        /// `_scrollStartPoint` and `_scaleStartPoint` (px).
        var scrollStart: Double?
        var scaleStart: Double?
        /// `_commonTransitionStartState`: bar spacing and right offset when a scroll or scale began.
        var transitionStart: Transition?

        struct Transition: Sendable, Equatable {
            let barSpacing: Double
            let rightOffset: Double
        }

        /// `baseIndex()`: the series' last bar.
        var baseIndex: Double { Double(count - 1) }

        /// `visibleLogicalRange()` (`_updateVisibleRange`, time-scale.ts:824–843).
        var logicalRange: Window {
            let right = rightOffset + baseIndex
            return Window(right - width / barSpacing + 1, right)
        }

        /// `setLogicalRange` → `setVisibleRange` (time-scale.ts:742–768):
        /// bar spacing width / count, right offset to − base index.
        mutating func setLogicalRange(_ from: Double, _ to: Double) {
            setBarSpacingClamped(width / ((to - from) + 1))
            rightOffset = to - baseIndex
            correctOffset()
        }

        /// `_correctBarSpacing` (time-scale.ts:845–861).
        private mutating func setBarSpacingClamped(_ spacing: Double) {
            barSpacing = spacing
            if barSpacing < Self.minBarSpacing { barSpacing = Self.minBarSpacing }
            let most = width * Self.maxBarSpacingFraction
            if barSpacing > most { barSpacing = most }
        }

        /// `_correctOffset` (time-scale.ts:873–908; fixLeftEdge and
        /// fixRightEdge false): at most width / spacing − 2 bars of empty
        /// space on the right, and the first bar at most 2 bars from the right edge.
        private mutating func correctOffset() {
            let kept = Double(min(Self.minVisibleBars, count))
            let most = width / barSpacing - kept
            if rightOffset > most { rightOffset = most }
            let least = 0 - baseIndex - 1 + kept
            if rightOffset < least { rightOffset = least }
        }

        /// `setBarSpacing` (time-scale.ts:483–491).
        mutating func setBarSpacing(_ spacing: Double) {
            setBarSpacingClamped(spacing)
            correctOffset()
        }

        /// `setRightOffset` (time-scale.ts:471–477).
        mutating func setRightOffset(_ offset: Double) {
            rightOffset = offset
            correctOffset()
        }

        /// `_coordinateToFloatIndex` (time-scale.ts:798–810), rounded to
        /// 1e-6 with JavaScript's `Math.round` (halves up).
        func floatIndex(at x: Double) -> Double {
            let deltaFromRight = (width - 1 - x) / barSpacing
            let index = baseIndex + rightOffset - deltaFromRight
            return Self.jsRound(index * Self.floatIndexRounding) / Self.floatIndexRounding
        }

        /// JavaScript's `Math.round`: the nearest integer, halves towards +∞.
        static func jsRound(_ v: Double) -> Double {
            let down = v.rounded(.down)
            return v - down >= 0.5 ? down + 1 : down
        }

        /// `ChartModel.zoomTime` (src/model/chart-model.ts:689–701) and
        /// `TimeScale.zoom` (time-scale.ts:596–609): the pointer clamped to
        /// [1, width]; spacing + scale · spacing / 10; the float index under
        /// the pointer put back under it through the right offset.
        mutating func zoom(at x: Double, scale: Double) {
            guard scale != 0 else { return }
            let point = max(1, min(x, width))
            let before = floatIndex(at: point)
            setBarSpacing(barSpacing + scale * (barSpacing / 10))
            setRightOffset(rightOffset + (before - floatIndex(at: point)))
        }

        /// `startScroll` (time-scale.ts:653–664).
        mutating func startScroll(_ x: Double) {
            guard scrollStart == nil, transitionStart == nil else { return }
            scrollStart = x
            transitionStart = Transition(barSpacing: barSpacing, rightOffset: rightOffset)
        }

        /// `scrollTo` (time-scale.ts:666–677): the start's right offset plus
        /// (start − x) / spacing bars.
        mutating func scrollTo(_ x: Double) {
            guard let start = scrollStart, let t = transitionStart else { return }
            rightOffset = t.rightOffset + (start - x) / barSpacing
            correctOffset()
        }

        /// `endScroll` (time-scale.ts:679–686).
        mutating func endScroll() {
            guard scrollStart != nil else { return }
            scrollStart = nil
            transitionStart = nil
        }

        /// `ChartModel.scrollChart` (chart-model.ts:703–707): a scroll from 0 to x at once.
        mutating func scrollChart(_ x: Double) {
            startScroll(0)
            scrollTo(x)
            endScroll()
        }

        /// `startScale` (time-scale.ts:611–626).
        mutating func startScale(_ x: Double) {
            if scrollStart != nil { endScroll() }
            guard scaleStart == nil, transitionStart == nil else { return }
            scaleStart = x
            transitionStart = Transition(barSpacing: barSpacing, rightOffset: rightOffset)
        }

        /// `scaleTo` (time-scale.ts:628–642): the start's spacing times
        /// (width − x) / (width − start), each clamped to [0, width]; nothing
        /// when either is 0. The right offset (in bars) stays: the scale is
        /// about the right edge.
        mutating func scaleTo(_ x: Double) {
            guard let t = transitionStart, let start = scaleStart else { return }
            let now = min(max(width - x, 0), width)
            let then = min(max(width - start, 0), width)
            guard now != 0, then != 0 else { return }
            setBarSpacing(t.barSpacing * now / then)
        }

        /// `endScale` (time-scale.ts:644–651).
        mutating func endScale() {
            guard scaleStart != nil else { return }
            scaleStart = nil
            transitionStart = nil
        }

        /// `restoreDefault` (time-scale.ts:573–578): the default spacing, then offset.
        mutating func restoreDefault() {
            setBarSpacing(Self.defaultBarSpacing)
            setRightOffset(Self.defaultRightOffset)
        }
    }
}
