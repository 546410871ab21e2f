#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reads that move bytes through memory: slices of a mapped file, and
/// copies into a caller's buffer from a mapping, a descriptor, the bytes
/// read ahead or the gzip decoder.
extension InputSource {
    /// The whole mapped file, which `mappedChunk` slices; nil when the
    /// input is read with copies (stdin, pipes, gzip, memory).
    var mappedBytes: UnsafeRawBufferPointer? { mapping?.region.bytes }

    /// A copy of bytes `range` of the mapped file, in one move (empty when
    /// the input is not mapped).
    /// - Complexity: O(range.count).
    func mappedCopy(_ range: Range<Int>) -> [UInt8] {
        guard let bytes = mappedBytes else { return [] }
        return Array(bytes[range])
    }

    /// The next bytes of a mapped file, in place: up to `preferred` bytes,
    /// ending just after a line feed when one is in them (so a CSV chunk
    /// usually ends between records); empty at the end. Honours `stopAt`.
    /// - Complexity: O(length of the last line in the slice).
    func mappedChunk(preferred: Int) throws -> UnsafeRawBufferPointer {
        guard let mapping else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        let bytes = mapping.region.bytes
        let end = min(rangeEnd, stopAt ?? rangeEnd)
        var n = min(preferred, end - position)
        guard n > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        try mapping.requireSize(position + n, path: displayName)
        if position + n < end {
            var k = position + n - 1
            let floor = max(position, k - (1 << 16))
            while k > floor, bytes[k] != 0x0a { k -= 1 }
            if bytes[k] == 0x0a { n = k + 1 - position }
        }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[position ..< position + n])
        mapping.releasePages(before: position)
        position += n
        if reportsProgress, regularFilePath != nil { ProgressReporter.shared.advance(by: n) }
        return slice
    }

    /// Moves past the next bytes of a mapped file, as `mappedChunk` hands
    /// them out, for a reader that views them with `mappedView`; returns
    /// how many (0 at the end).
    func advanceMapped(preferred: Int) throws -> Int {
        try mappedChunk(preferred: preferred).count
    }

    /// Bytes `range` of the mapped file, in place: valid while this source
    /// is (empty when the input is not mapped).
    func mappedView(_ range: Range<Int>) -> ByteView {
        guard let bytes = mappedBytes else { return ByteView(UnsafeBufferPointer(start: nil, count: 0)) }
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "mapped range out of the file")
        return ByteView(UnsafeBufferPointer(rebasing: bytes.assumingMemoryBound(to: UInt8.self)[range]))
    }

    /// Moves forward to `offset` of a plain file, past bytes other readers
    /// read (a split's joined pieces); nothing when already there.
    func skip(to offset: Int) {
        guard offset > position else { return }
        if mapping == nil, fd >= 0 { _ = lseek(fd, off_t(offset), SEEK_SET) }
        if reportsProgress, regularFilePath != nil { ProgressReporter.shared.advance(by: offset - position) }
        position = offset
    }

    /// Reads up to `buffer.count` bytes; 0 at the end.
    /// - Throws: `RangePipeError.io` on a read or decompression error.
    func read(into whole: UnsafeMutableRawBufferPointer) throws -> Int {
        var buffer = whole
        if let stopAt {
            buffer = UnsafeMutableRawBufferPointer(rebasing: whole[0 ..< max(0, min(whole.count, stopAt - position))])
        }
        let n = try readSome(into: buffer)
        position += n
        return n
    }

    private func readSome(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard buffer.count > 0 else { return 0 }
        if let mapping {
            let bytes = mapping.region.bytes
            let n = min(buffer.count, rangeEnd - position)
            guard n > 0 else { return 0 }
            try mapping.requireSize(position + n, path: displayName)
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[position ..< position + n]))
            mapping.releasePages(before: position)
            if reportsProgress, regularFilePath != nil { ProgressReporter.shared.advance(by: n) }
            return n
        }
        if rangeFD >= 0 {
            let wanted = min(buffer.count, rangeEnd - position)
            guard wanted > 0 else { return 0 }
            let n = pread(rangeFD, buffer.baseAddress, wanted, off_t(position))
            if n < 0 { throw RangePipeError.io(path: displayName, reason: String(cString: strerror(errno))) }
            return n
        }
        if !pending.isEmpty {
            let n = min(pending.count, buffer.count)
            pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0 ..< n])) }
            pending.removeFirst(n)
            return n
        }
        if let gzip {
            let n: Int
            do {
                n = try gzip.read(into: buffer)
            } catch {
                throw failure(error)
            }
            if reportsProgress { ProgressReporter.shared.advance(by: gzip.compressedOffset - reported) }
            reported = gzip.compressedOffset
            return n
        }
        guard fd >= 0, let base = buffer.baseAddress else { return 0 }
        var n: Int
        repeat { n = Glibc.read(fd, base, buffer.count) } while n < 0 && errno == EINTR
        if n < 0 { throw RangePipeError.io(path: displayName, reason: String(cString: strerror(errno))) }
        if reportsProgress { ProgressReporter.shared.advance(by: n) }
        return n
    }

    /// Up to `count` bytes from the start of a descriptor (fewer at its end).
    static func readHead(_ fd: Int32, count: Int, path: String) throws -> [UInt8] {
        var head = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw RangePipeError.noInput(path: path, reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            filled += n
        }
        return Array(head[..<filled])
    }

    /// Reads up to `count` bytes (at most 1 MiB a call) onto the end of
    /// `bytes`; 0 at the end.
    /// - Throws: `RangePipeError.io` on a read or decompression error.
    /// - Complexity: O(bytes read), amortised: `bytes` grows geometrically.
    func read(appendingTo bytes: inout [UInt8], upTo count: Int) throws -> Int {
        guard count > 0 else { return 0 }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, min(count, 1 << 20))) { scratch in
            let n = try read(into: UnsafeMutableRawBufferPointer(scratch))
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[0 ..< n]))
            return n
        }
    }

    /// Reads up to `bytes.count - offset` bytes into `bytes` from `offset`;
    /// 0 at the end.
    /// - Throws: `RangePipeError.io` on a read or decompression error.
    func read(into bytes: inout [UInt8], at offset: Int = 0) throws -> Int {
        precondition(offset >= 0 && offset <= bytes.count, "offset out of the buffer")
        return try bytes.withUnsafeMutableBytes { try read(into: UnsafeMutableRawBufferPointer(rebasing: $0[offset...])) }
    }
}
