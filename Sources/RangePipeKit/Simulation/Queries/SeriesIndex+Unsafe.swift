/// The index's unchecked storage access for M4's per-column loop, which
/// would otherwise pay a bounds check per x and value it reads.
extension SeriesIndex {
    /// `body` over the contiguous storage of x and of the values.
    @inline(__always)
    func withStorage<R>(_ body: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>) -> R) -> R {
        x.withUnsafeBufferPointer { xs in values.withUnsafeBufferPointer { vs in body(xs, vs) } }
    }
}
