extension BokehProfile {
    /// The main figure's x range, a `Range1d` (models/ranges/range1d.ts,
    /// numerical_range.ts), and BokehJS's `RangeManager.update`
    /// (models/plots/range_manager.ts), which every tool goes through:
    /// the interval weight, the bounds step and the wheel's cancel, in
    /// Bokeh's order and arithmetic. Values are Bokeh's data units (ms since
    /// the epoch on a datetime axis).
    struct RangeUpdate: Sendable, Equatable {
        /// A proposed `{start, end}`. Bokeh keeps these objects (tools push
        /// them into the undo history) and `update` changes them in place.
        struct Interval: Sendable, Equatable {
            var start: Double
            var end: Double
        }

        /// What the caller passes to `update_range` (`{panning, scrolling,
        /// maintain_focus}`): the wheel scrolls with focus, pan pans, the
        /// RangeTool pans and scrolls without focus, box zoom and undo pass
        /// nothing.
        struct Flags: Sendable, Equatable {
            var panning = false
            var scrolling = false
            var maintainFocus = false

            static let none = Flags()
            static let pan = Flags(panning: true)
            static let wheel = Flags(scrolling: true, maintainFocus: true)
            static let rangeTool = Flags(panning: true, scrolling: true)
        }

        /// `start`, `end` (always within `computedBounds`).
        private(set) var start: Double
        private(set) var end: Double
        /// `bounds`: nil is None; a side may be open (nil).
        let bounds: (lower: Double?, upper: Double?)?
        let minInterval: Double?
        let maxInterval: Double?

        static func == (a: Self, b: Self) -> Bool {
            a.start == b.start && a.end == b.end && a.bounds?.lower == b.bounds?.lower
                && a.bounds?.upper == b.bounds?.upper && a.minInterval == b.minInterval && a.maxInterval == b.maxInterval
        }

        /// A range as the document loads it: the start and end pass the
        /// property converter, which clamps each to the bounds.
        init(start: Double, end: Double, bounds: (lower: Double?, upper: Double?)?, minInterval: Double?, maxInterval: Double?) {
            self.bounds = bounds
            self.minInterval = minInterval
            self.maxInterval = maxInterval
            self.start = start
            self.end = end
            let (lo, hi) = computedBounds
            self.start = JS.clamp(start, lo, hi)
            self.end = JS.clamp(end, lo, hi)
        }

        /// `computed_bounds`: [−∞, ∞] without bounds, an open side ∓∞.
        var computedBounds: (Double, Double) {
            guard let b = bounds else { return (-.infinity, .infinity) }
            return (b.lower ?? -.infinity, b.upper ?? .infinity)
        }

        var isReversed: Bool { start > end }

        /// `RangeManager.update` for this one range: the weight blend
        /// (twice for the wheel), the bounds step, the wheel's cancel, then
        /// `setv` when either end differs. `info` is left as Bokeh leaves its
        /// object (also when cancelled). True when `setv` ran (the range
        /// emitted a change, so the RangeTool's overlay follows it).
        mutating func update(_ info: inout Interval, _ flags: Flags) -> Bool {
            // _update_ranges_together (one range: the min over ranges is its weight).
            if flags.scrolling && flags.maintainFocus {
                let w = JS.min(1.0, weight(info))
                if w < 1 { blend(&info, w) }
            }
            // _update_ranges_individually
            var hit = false
            if !flags.scrolling || flags.maintainFocus {
                let w = weight(info)
                if w < 1 { blend(&info, w) }
            }
            if bounds != nil {
                let (lo, hi) = computedBounds
                // 3.9.2 (#14568): the kept interval never exceeds the bounds' width.
                let kept = JS.min(abs(info.end - info.start), abs(hi - lo))
                let slides = flags.panning || flags.scrolling
                if isReversed {
                    if lo > info.end {
                        hit = true
                        info.end = lo
                        if slides { info.start = lo + kept }
                    }
                    if hi < info.start {
                        hit = true
                        info.start = hi
                        if slides { info.end = hi - kept }
                    }
                } else {
                    if lo > info.start {
                        hit = true
                        info.start = lo
                        if slides { info.end = lo + kept }
                    }
                    if hi < info.end {
                        hit = true
                        info.end = hi
                        if slides { info.start = hi - kept }
                    }
                }
            }
            if flags.scrolling && hit && flags.maintainFocus { return false }
            guard start != info.start || end != info.end else { return false }
            setv(info)
            return true
        }

        /// `setv({start, end})`: each end through the converter's clamp.
        mutating func setv(_ info: Interval) {
            let (lo, hi) = computedBounds
            start = JS.clamp(info.start, lo, hi)
            end = JS.clamp(info.end, lo, hi)
        }

        /// `_get_weight_to_constrain_interval`: how much of the step from the
        /// current range to `info` keeps the interval within min_interval and
        /// max_interval (explicit two-sided bounds add their width as a max).
        /// NaN (0/0) means no blend, as in Bokeh.
        func weight(_ info: Interval) -> Double {
            var ma = maxInterval
            if let b = bounds, let lo = b.lower, let hi = b.upper {
                let width = abs(hi - lo)
                ma = ma.map { JS.min($0, width) } ?? width
            }
            var w = 1.0
            guard minInterval != nil || ma != nil else { return w }
            let old = abs(end - start)
            let new = abs(info.end - info.start)
            if let mi = minInterval, mi > 0, new < mi { w = (old - mi) / (old - new) }
            if let ma, ma > 0, new > ma { w = (ma - old) / (new - old) }
            return JS.max(0.0, JS.min(1.0, w))
        }

        /// start ← w·start + (1 − w)·old start, likewise the end.
        private func blend(_ info: inout Interval, _ w: Double) {
            info.start = w * info.start + (1 - w) * start
            info.end = w * info.end + (1 - w) * end
        }
    }
}
