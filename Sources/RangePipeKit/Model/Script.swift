/// A play script (SPEC 3), decoded and validated but not yet resolved
/// against a series: spans in points or fractions, times as text, and the
/// field name are resolved per series by `ScriptPlan`.
public struct Script: Sendable {
    /// The series to play (`--series` overrides; optional with one series).
    public var series: String?
    /// Linked charts: the series played through one x-window (`--sync`
    /// overrides; `--series`/`--all` play solo instead); nil plays solo.
    public var sync: [String]?
    /// Frames per second: frame k is at t = k/fps.
    public var fps: Double = 60
    /// Seconds to play; nil plays until the last event's motion comes to rest.
    public var duration: Double?
    /// The value field shown first; nil is the series' first field.
    public var field: String?
    /// What the values count in (`unit`): shown after the field's name in
    /// the pictures' y axis title and caption ("value (ppm)"); never in tracks.
    public var unit: String?
    /// A unit per field (`"unit": {"gdp": "thousands", "rate": "%"}`): the
    /// shown field's, so a `switch-field` changes the words too.
    public var units: [String: String] = [:]

    /// The unit the pictures show beside `field`: its own, else the script's.
    public func unit(of field: String) -> String? { units[field] ?? unit }
    /// The overview chart's size in px (drag-selection and drag-handle).
    public var overview = ChartSize(width: 800, height: 120)
    /// The main chart's size in px (pan, pinch, zooms, M4 columns).
    public var main = ChartSize(width: 800, height: 400)
    /// How x reads: the zone the presets count calendar days in.
    public var x = XSettings()
    /// The initial window and the window rules.
    public var window = WindowSettings()
    /// How a fling coasts after release.
    public var momentum = MomentumSettings()
    /// How the y-range fits the visible values.
    public var y = YSettings()
    /// Which value the annotation shows and how its label reads.
    public var annotation = AnnotationSettings()
    /// Whose interaction rules raw input follows (SPEC 4.10).
    public var profile = InteractionProfile.rangepipe
    /// `main.drag`: what a one-pointer drag on the main chart does; nil is
    /// the profile's own default (pan, but zoom under `plotly`, whose
    /// default `dragmode` is zoom, and under `dygraphs`, whose drag zooms).
    public var mainDrag: MainDrag?
    /// The gestures and actions, in script order.
    public var events: [ScriptEvent] = []
    /// Under a library profile: every raw pointer sample, in time order
    /// (the library's own rules read them; `events` is then empty).
    public var rawInput: [RawPointerEvent] = []

    /// `main.drag`, or the profile's default.
    public var drag: MainDrag {
        mainDrag ?? profile.defaultDrag
    }
    /// The script's file name, for messages.
    public var source = "script"
    /// The series `append` actions take rows from, by name; filled in by
    /// whoever loads series (`SeriesSource.withAppendSources`).
    public var appendSources: [String: Series] = [:]

    /// A script with every setting at its default and no events.
    public init() {}
}
