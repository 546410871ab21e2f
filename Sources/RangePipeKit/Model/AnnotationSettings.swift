/// The script's `annotation` object.
public struct AnnotationSettings: Sendable {
    /// Which value it shows.
    public var source: AnnotationSource = .lastVisible
    /// How its label reads.
    public var format = LabelFormat.default
    /// Whether the script wrote `format`: the pictures label a value the
    /// default way (grouped like the y axis) only when it did not; tracks
    /// always use `format`.
    public var formatGiven = false
}
