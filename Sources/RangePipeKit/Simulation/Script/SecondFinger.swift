/// Where a library takes a second finger as a pinch: the rules `script
/// check` refuses the rest by and the profiles play by (docs/profiles.md).
/// Outside them no listener takes the fingers' moves and Chromium zooms
/// the page itself, which no profile models.
enum SecondFinger {
    /// lightweight-charts 4.1.3's long tap (ms, `Delay.LongTap`,
    /// src/gui/mouse-event-handler.ts:70–74): a second finger at or after
    /// it does not pinch (`_checkPinchState`, lines 687–697).
    static let lightweightChartsLongTap = 240.0

    /// Whether ECharts 6.1.0's RoamController takes a pinch whose middle is
    /// at `p` (grid px): 0 ≤ x < width, 0 ≤ y < height, as the recordings
    /// showed it (a middle on the right or bottom edge line zoomed nothing,
    /// unlike a wheel there).
    /// - Complexity: O(1).
    static func echartsTakes(_ p: (x: Double, y: Double), width: Double, height: Double) -> Bool {
        p.x >= 0 && p.x < width && p.y >= 0 && p.y < height
    }
}
