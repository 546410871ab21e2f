/// The script's `annotation` object.
public struct AnnotationSettings: Sendable {
    /// Which value it shows.
    public var source: AnnotationSource = .lastVisible
    /// How its label reads.
    public var format = LabelFormat.default
}
