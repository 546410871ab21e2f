/// What the chart shows at one frame time, as plain numbers: the window,
/// the selector's pixels, the fitted y-range, the annotation, and (when
/// asked for) the points drawn. Export decides how it is written.
public struct Frame: Sendable {
    /// The frame's number k (t = k / fps).
    public var frame: Int
    /// Seconds since the script's start.
    public var t: Double
    /// What moved the window or values on this frame.
    public var phase: Phase
    /// The main chart's x-window in axis units.
    public var window: Window
    /// The selection's edges in overview pixels.
    public var selector: (min: Double, max: Double)
    /// The fitted y-range; nil when nothing in the window has a value (or `fit: none`).
    public var y: (min: Double, max: Double)?
    /// The value annotation; nil when the series has no value to annotate.
    public var annotation: Annotation?
    /// (x, shown y) of the points inside the window, when the values track applies.
    public var values: [(x: Double, y: Double)]?
    /// M4 points, when asked for.
    public var points: [(x: Double, y: Double)]?
    /// The preset whose window this frame's window equals exactly (the
    /// highlighted button), when the preset track is asked for.
    public var preset: RangePreset?
    /// The overview's extent [U0, U1] on this frame, in view units (x on a
    /// linear x-axis; it grows when the script appends rows); pictures
    /// draw the overview over it.
    public var bounds: Window?
    /// Log y: how many values ≤ 0 the y-fit left out, when the omitted
    /// track is asked for (nil on a linear y-axis).
    public var yOmitted: Int?
    /// The box a box zoom draws, in x, when the box track is asked for
    /// (nil while none is drawn).
    public var box: Window?
    /// The point the crosshair snaps to, when the crosshair track is asked
    /// for (nil while no pointer is over the main chart or no point is shown).
    public var crosshair: (x: Double, y: Double)?

    /// A frame with the always-present parts; the optional tracks start empty.
    public init(frame: Int, t: Double, phase: Phase, window: Window, selector: (min: Double, max: Double),
                y: (min: Double, max: Double)? = nil, annotation: Annotation? = nil,
                values: [(x: Double, y: Double)]? = nil, points: [(x: Double, y: Double)]? = nil) {
        self.frame = frame
        self.t = t
        self.phase = phase
        self.window = window
        self.selector = selector
        self.y = y
        self.annotation = annotation
        self.values = values
        self.points = points
    }
}
