/// One axis tick: its position in axis units and its label.
public struct Tick: Sendable, Equatable, CustomStringConvertible {
    public var value: Double
    public var label: String

    /// A tick at `value` (axis units) labelled `label`.
    public init(_ value: Double, _ label: String) {
        self.value = value
        self.label = label
    }

    public var description: String { "\(value):\(label)" }
}
