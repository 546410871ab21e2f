extension DygraphsProfile.Clicks {
    /// The platform's double-click rule (not dygraphs'; Chromium's Windows
    /// defaults): a press within this long (ms) of the last press…
    static let time = 500.0
    /// …and within this many px of it in x and in y repeats the click.
    static let slop = 2.0

    /// Counts a press (`MouseEvent.detail`), by the platform's rule, not
    /// dygraphs': a press repeats the last when it comes within
    /// `time` ms of it, within `slop` px in x and in y,
    /// in the same area and with the same shift; the recorder sends the same
    /// count (Tests/Conformance/driver.py).
    mutating func press(_ e: RawPointerEvent) {
        let t = ScriptClock.milliseconds(e.t)
        var count = 1
        if let l = last, t - l.t <= Self.time, l.area == e.area, l.shift == e.shift,
           abs(e.x - l.x) <= Self.slop, abs(e.y - l.y) <= Self.slop {
            count = l.count + 1
        }
        last = (t, e.area, e.x, e.y, e.shift, count)
        current = count
    }

    /// The count of the press a release ends.
    mutating func release(_ e: RawPointerEvent) -> Int {
        defer { current = 0 }
        return current
    }
}

extension DygraphsProfile {
}
