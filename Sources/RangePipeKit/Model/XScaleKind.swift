/// The script's `x.scale`: how x positions map to the view's units (the
/// units pans, pinches, spans and pixels are linear in; see `XScale`).
public enum XScaleKind: String, Sendable, Hashable, CaseIterable {
    /// u = x: today's behaviour, every axis kind.
    case linear
    /// u = ln x: number axes with every x > 0; spans are ratios.
    case log
    /// u = the point index, piecewise linear between neighbouring points:
    /// time axes drawn without the gaps between points (nights, weekends).
    case ordinal
}
