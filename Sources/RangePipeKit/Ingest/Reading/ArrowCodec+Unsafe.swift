import CArrowCodecs

/// Arrow's buffer compression (format/Message.fbs, `BodyCompression`):
/// each buffer is an int64 uncompressed length (-1: stored as is) and
/// then one LZ4 frame or ZSTD frame.
enum ArrowCodec {
    /// The body with every buffer decompressed, end to end, and the
    /// buffers' places in it.
    /// - Throws: `ArrowFault` (an offset within the body) for damaged
    ///   data; `RangePipeError.outOfMemory` past the budget.
    /// - Complexity: O(the decompressed bytes).
    static func decompress(_ body: [UInt8], buffers: [(Int, Int)], codec: Int, file: String) throws -> ([UInt8], [(Int, Int)]) {
        var out: [UInt8] = []
        var places: [(Int, Int)] = []
        for (start, count) in buffers {
            // Each buffer 8-aligned, as a written body's are.
            out.append(contentsOf: repeatElement(0, count: (8 - out.count % 8) % 8))
            guard start >= 0, count >= 0, start <= body.count, count <= body.count - start else {
                throw ArrowFault(offset: 0, reason: "a buffer of \(count) bytes at \(start) lies outside the body of \(body.count)")
            }
            if count == 0 {
                places.append((out.count, 0))
                continue
            }
            guard count >= 8 else { throw ArrowFault(offset: start, reason: "a compressed buffer of \(count) bytes has no length") }
            let length = Int(Int64(bitPattern: body.loadLittleEndian(start, 8)))
            let data = start + 8 ..< start + count
            if length == -1 {
                places.append((out.count, data.count))
                out.append(contentsOf: body[data])
                continue
            }
            // No frame expands past its codec's ratio (LZ4: 255 to 1; ZSTD:
            // a 3-byte block header per repeated byte run of 128 KiB), so
            // a length beyond it lies and is refused before it is allocated.
            let most = (data.count + 64).multipliedReportingOverflow(by: codec == 0 ? 256 : 65_536)
            guard length >= 0, !most.overflow, length <= most.partialValue, length <= Int.max / 2 - out.count else {
                throw ArrowFault(offset: start, reason: "a compressed buffer of \(data.count) bytes says it holds \(length)")
            }
            try MemoryBudget.require(out.count + length, for: "a decompressed Arrow record batch", of: file)
            let at = out.count
            out.append(contentsOf: repeatElement(0, count: length))
            let written = body.withUnsafeBytes { source in
                out.withUnsafeMutableBytes { target in
                    rangepipe_arrow_decompress(Int32(codec), source.baseAddress! + data.lowerBound, data.count,
                                               target.baseAddress! + at, length)
                }
            }
            guard written == Int64(length) else {
                throw ArrowFault(offset: start, reason: "a buffer compressed with \(codec == 0 ? "LZ4" : "ZSTD") is damaged")
            }
            places.append((at, length))
        }
        return (out, places)
    }
}
