/// The pyramid's unchecked storage access: the build and the level walk
/// read through buffer pointers, which skip the bounds checks in their
/// inner loops (every index there is already within the arrays).
extension MinMaxPyramid {
    /// `body` over the contiguous storage of `values`.
    @inline(__always)
    static func withStorage<R>(_ values: [Double], _ body: (UnsafeBufferPointer<Double>) -> R) -> R {
        values.withUnsafeBufferPointer(body)
    }

    /// `body` over the nodes of all levels and where each level starts.
    @inline(__always)
    func withLevels<R>(_ body: (UnsafeBufferPointer<Node>, UnsafeBufferPointer<Int>) -> R) -> R {
        nodes.withUnsafeBufferPointer { nodes in
            levelStart.withUnsafeBufferPointer { levelStart in body(nodes, levelStart) }
        }
    }
}
