/// The overview's pixel mapping (SPEC 4.2): the bounds [U0, U1] drawn over
/// [0, overview width].
extension WindowConstraints {
    /// The selector's pixel edges for window `w` on an overview `width` px wide.
    public func selectorPixels(_ w: Window, overviewWidth width: Double) -> (min: Double, max: Double) {
        ((w.lower - lower) / extent * width, (w.upper - lower) / extent * width)
    }

    /// The axis value under overview pixel `px` (the seed's
    /// `estimateDataValueForPixelValue`).
    public func value(atOverviewPixel px: Double, overviewWidth width: Double) -> Double {
        lower + px / width * extent
    }
}
