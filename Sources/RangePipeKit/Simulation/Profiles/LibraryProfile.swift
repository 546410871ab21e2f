/// A chart library's interaction rules as a state machine over raw pointer
/// events (SPEC 4.10): each library is one folder under `Profiles/`, a type
/// conforming to this protocol, and one line in `ProfileRegistry`.
protocol LibraryProfile: Sendable {
    /// The library's chart on the script's page.
    init(chart: ProfileChart, page: ProfilePage)

    /// Applies one raw event at its time; what the chart shows after it.
    mutating func apply(_ event: RawPointerEvent) -> ProfileState

    /// Runs the library's timers due by script time `t` (s) and answers
    /// what the chart shows at `t`; nil for a library without timers.
    mutating func runTimers(until t: Double) -> ProfileState?

    /// When the next pending timer fires (s); nil when none is pending.
    var nextTimerTime: Double? { get }

    /// The window the chart shows before any input, when the library's own
    /// rules change `window.initial` (lightweight-charts' clamps); nil: the
    /// initial window as resolved.
    var initialWindow: Window? { get }
}

extension LibraryProfile {
    var initialWindow: Window? { nil }
    mutating func runTimers(until t: Double) -> ProfileState? { nil }
    var nextTimerTime: Double? { nil }
}

/// The page a profile replays on, from the script (SPEC 4.10's fixed page
/// with the script's chart heights), and whether the input is a
/// touchscreen's (a touch down anywhere in it).
struct ProfilePage: Sendable, Equatable {
    var mainHeight: Double?
    var overviewHeight: Double?
    var touch: Bool
}
