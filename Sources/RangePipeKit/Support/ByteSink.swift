/// Somewhere bytes are appended one at a time: an array, or a frame
/// writer's reserved room. Text writers in Support and Model are generic
/// over it, so a writer into reserved room stores bytes with no per-byte
/// capacity or uniqueness check and no scratch copy.
public protocol ByteSink {
    /// Appends one byte.
    mutating func append(byte: UInt8)
}

extension Array: ByteSink where Element == UInt8 {
    /// Appends one byte.
    @inline(__always)
    public mutating func append(byte: UInt8) { append(byte) }
}
