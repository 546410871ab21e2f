/// Where two frames first differ, by leaf index.
enum TrackLeafDifference: Sendable, Equatable {
    /// The same path, values not equal within the tolerance.
    case value(Int, Int)
    /// A path only the first (`a`) or only the second (`b`) frame has.
    case onlyInA(Int)
    case onlyInB(Int)
}
