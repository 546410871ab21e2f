extension BokehProfile {
    /// BokehJS's `LinearScale` (models/scales/linear_scale.ts,
    /// `_linear_compute_state`): a source range [start, end] in data units
    /// onto a target [left, right] in canvas px, with the factor and offset
    /// computed once, in Bokeh's order, so that results match bit for bit.
    struct Scale: Sendable, Equatable {
        /// px per data unit: (right − left) / (end − start).
        let factor: Double
        /// −(factor · start) + left.
        let offset: Double

        init(start: Double, end: Double, left: Double, right: Double) {
            factor = (right - left) / (end - start)
            offset = -(factor * start) + left
        }

        /// Data → canvas px: factor · x + offset.
        func compute(_ x: Double) -> Double { factor * x + offset }

        /// Canvas px → data: (sx − offset) / factor.
        func invert(_ sx: Double) -> Double { (sx - offset) / factor }
    }

}
