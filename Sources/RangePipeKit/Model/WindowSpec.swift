/// A window as the script wrote it.
public enum WindowSpec: Sendable, Equatable {
    case fraction(Double, Double)
    case range(XSpec, XSpec)
    case last(SpanSpec)
    case first(SpanSpec)
    case all
    /// A range-selector button: ends at the series' last x (`RangePreset`).
    case preset(RangePreset)
    /// The seed's default: point ⌊0.6·n⌋ to point ⌊0.8·n⌋.
    case seedDefault
}
