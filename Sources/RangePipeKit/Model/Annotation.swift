/// The value annotation of one frame (SPEC 4.9).
public struct Annotation: Sendable, Equatable {
    public var x: Double
    /// Index of the annotated point, or nil for `edge`.
    public var pointIndex: Int?
    public var y: Double
    public var label: String
    public var visible: Bool
}
