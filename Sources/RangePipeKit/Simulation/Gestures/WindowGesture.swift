/// A pointer gesture of SPEC 4.4: how the pointer's movement transforms the
/// window, the phase its frames report, and what its release does. One type
/// per gesture; the simulator applies the constraints (or, when elastic,
/// the rubber band) through `GestureContext`.
protocol WindowGesture: Sendable {
    /// The phase a frame reports while the gesture moves the window.
    var phase: Phase { get }
    /// Seconds from the gesture's start to its release.
    var duration: Double { get }
    /// True when the gesture may act on the frame it starts on (a wheel
    /// notch due at dt 0); the others first move once time has passed.
    var movesAtStart: Bool { get }
    /// Remembers what the gesture needs from the window it starts on.
    mutating func begin(window: Window)
    /// Moves the window for the pointer's movement up to frame time t;
    /// false when nothing was due (the frame then reports idle).
    mutating func move(_ context: inout GestureContext, upTo t: Double) -> Bool
    /// The momentum its release starts: the pointer's release velocity in
    /// px/s and axis units per px; nil when the release just stops.
    func fling(window: Window, plan: ScriptPlan) -> (velocity: Double, unitsPerPixel: Double)?
    /// The bounds' extent changed mid-gesture (`append`) from `old` to
    /// `new` units, `elapsed` seconds in: a gesture that scales the
    /// pointer's total movement by the extent re-bases, so a held pointer
    /// keeps the window where it is.
    mutating func extentChanged(from old: Double, to new: Double, elapsed: Double, overviewWidth: Double)
    /// What the release does to the window besides ending the gesture (a
    /// box zoom zooms to its box).
    mutating func finish(_ context: inout GestureContext)
    /// The pointer's x on the main chart `elapsed` s in (px), for the
    /// crosshair; nil for gestures off the main chart.
    func pointerPixel(atElapsed elapsed: Double) -> Double?
    /// The zoom box's edges (px on a main chart `width` px wide) `elapsed` s in; nil
    /// unless the gesture draws one.
    func boxPixels(atElapsed elapsed: Double, width: Double) -> (Double, Double)?
}

extension WindowGesture {
    var movesAtStart: Bool { false }
    mutating func begin(window: Window) {}
    func fling(window: Window, plan: ScriptPlan) -> (velocity: Double, unitsPerPixel: Double)? { nil }
    /// Gestures that move by each step's own movement need nothing.
    mutating func extentChanged(from old: Double, to new: Double, elapsed: Double, overviewWidth: Double) {}
    mutating func finish(_ context: inout GestureContext) {}
    func pointerPixel(atElapsed elapsed: Double) -> Double? { nil }
    func boxPixels(atElapsed elapsed: Double, width: Double) -> (Double, Double)? { nil }
}
