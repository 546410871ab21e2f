/// One range-selector button as resolved on a series: the window a
/// `set-window` by this preset lands on (after the span and bounds rules),
/// and whether the button is offered.
public struct PresetButton: Sendable, Equatable {
    /// The button.
    public var preset: RangePreset
    /// The settled window it sets.
    public var window: Window
    /// False when the preset reaches before the lower bound (its range does
    /// not exist on the axis, as Highcharts disables such buttons): setting
    /// it shows the bounds, and the frame names `all`, not this button.
    /// `all` is always offered.
    public var offered: Bool
}
