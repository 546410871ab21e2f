#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CZlib

/// gzip decompression from a descriptor with zlib's `inflate`, checking
/// what `gzread` lets pass: every member's trailer (CRC-32 and length,
/// RFC 1952 section 2.3.1), a stream that ends before its trailer, and
/// bytes after the last member. Concatenated members are read in turn, as
/// `gzip -d` does; trailing zero bytes (tape padding) are accepted, as
/// `gzip -d` accepts them, anything else after a member is refused.
///
/// The errors say at which compressed byte the stream went wrong.
final class GzipDecoder {
    /// Why a stream was refused.
    enum Failure: Error, Equatable {
        /// The input ended inside a member (before its trailer).
        case truncated(offset: Int)
        /// zlib's reason (a bad CRC or length, a damaged block).
        case corrupt(offset: Int, reason: String)
        /// Bytes that are not a gzip member after the last member.
        case trailingGarbage(offset: Int)
        /// The read itself failed.
        case read(reason: String)
    }

    private let fd: Int32
    private var stream = z_stream()
    private var input: UnsafeMutablePointer<UInt8>
    private let inputCapacity = 1 << 18
    /// Compressed bytes consumed so far (for progress and messages).
    private(set) var compressedOffset = 0
    private var inputEnded = false
    private var finished = false
    private var memberEnded = false

    /// Starts decoding from `fd` (not closed here), whose first bytes
    /// `prefix` were already read from it.
    init?(fd: Int32, prefix: [UInt8]) {
        self.fd = fd
        input = .allocate(capacity: inputCapacity)
        prefix.withUnsafeBufferPointer { input.update(from: $0.baseAddress!, count: prefix.count) }
        stream.next_in = input
        stream.avail_in = UInt32(prefix.count)
        // 15 + 16: a gzip wrapper with the largest window.
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            input.deallocate()
            return nil
        }
    }

    deinit {
        inflateEnd(&stream)
        input.deallocate()
    }

    /// Decompresses up to `buffer.count` bytes into `buffer`; 0 at the end
    /// of the last member.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0, !finished else { return 0 }
        stream.next_out = base.assumingMemoryBound(to: UInt8.self)
        stream.avail_out = UInt32(min(buffer.count, Int(UInt32.max)))
        while stream.avail_out > 0 {
            if memberEnded {
                try startNextMember()
                if finished { break }
            }
            if stream.avail_in == 0 && !inputEnded { try refill() }
            let before = stream.avail_in
            let code = inflate(&stream, Z_NO_FLUSH)
            compressedOffset += Int(before - stream.avail_in)
            switch code {
            case Z_OK:
                continue
            case Z_STREAM_END:
                memberEnded = true
            case Z_BUF_ERROR:
                // No progress possible: out of input (a cut stream) or of room.
                if stream.avail_out == 0 { break }
                if inputEnded { throw .truncated(offset: compressedOffset) }
            default:
                let reason = stream.msg.map { String(cString: $0) } ?? "damaged compressed data"
                throw .corrupt(offset: compressedOffset, reason: reason)
            }
        }
        return buffer.count - Int(stream.avail_out)
    }

    /// After a member's trailer: another member, zero padding, the end, or garbage.
    private func startNextMember() throws(Failure) {
        while true {
            if stream.avail_in == 0 {
                if inputEnded { finished = true; return }
                try refill()
                continue
            }
            let next = stream.next_in!
            if next[0] == 0 {
                // Zero padding, to the end only.
                stream.next_in = next + 1
                stream.avail_in -= 1
                compressedOffset += 1
                try requireOnlyZeros()
                finished = true
                return
            }
            if next[0] != 0x1f { throw .trailingGarbage(offset: compressedOffset) }
            if stream.avail_in < 2 && !inputEnded { try refill(keeping: true); continue }
            guard stream.avail_in >= 2, next[1] == 0x8b else { throw .trailingGarbage(offset: compressedOffset) }
            inflateReset(&stream)
            memberEnded = false
            return
        }
    }

    private func requireOnlyZeros() throws(Failure) {
        while true {
            while stream.avail_in > 0 {
                if stream.next_in![0] != 0 { throw .trailingGarbage(offset: compressedOffset) }
                stream.next_in! += 1
                stream.avail_in -= 1
                compressedOffset += 1
            }
            if inputEnded { return }
            try refill()
        }
    }

    /// Reads more compressed bytes; `keeping` moves unread ones to the front first.
    private func refill(keeping: Bool = false) throws(Failure) {
        var kept = 0
        if keeping, stream.avail_in > 0, let next = stream.next_in {
            kept = Int(stream.avail_in)
            input.update(from: next, count: kept)
        }
        var n: Int
        repeat { n = systemRead(fd, input + kept, inputCapacity - kept) } while n < 0 && errno == EINTR
        if n < 0 { throw .read(reason: String(cString: strerror(errno))) }
        if n == 0 { inputEnded = true }
        stream.next_in = input
        stream.avail_in = UInt32(kept + n)
    }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    return Darwin.read(fd, buffer, count)
    #else
    return Glibc.read(fd, buffer, count)
    #endif
}
