#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif


/// A file or stdin read in bounded chunks; gzip (found by its magic number,
/// whatever the name) is decompressed with its trailers checked
/// (`GzipDecoder`), so `.csv.gz` and piped gzip both work.
/// A plain regular file is mapped instead (`MappedFile`): readers that can
/// parse in place take slices of it (`mappedChunk`), others get copies.
final class InputSource {
    /// The name used in messages: the path, or "-" for stdin.
    let displayName: String
    /// The open input (-1 for memory and mapped-only inputs).
    private var fd: Int32 = -1
    /// The decoder of a gzip input.
    private var gzip: GzipDecoder?
    /// Bytes read ahead by `sniffFormat`, handed out first by `read`.
    private var pending: [UInt8] = []
    /// Compressed bytes already reported to the progress bar.
    private var reported = 0
    /// The input's size when known up front (regular files, memory); 0 otherwise.
    private(set) var sizeHint = 0
    /// Bytes handed out by `read` so far.
    private(set) var position = 0
    /// When set, `read` ends the input at this position (a split's first half).
    var stopAt: Int?
    /// The path of a regular file, for a second reader of a split.
    private(set) var regularFilePath: String?
    /// A plain descriptor over part of a file (a split's second half).
    private var rangeFD: Int32 = -1
    private var rangeEnd = 0
    /// The whole file, when it is a plain regular file that could be mapped.
    private var mapping: MappedFile?

    /// A read buffer size: a chunk, or less for a small input.
    func chunkSize(_ preferred: Int) -> Int {
        sizeHint > 0 ? min(preferred, max(4096, sizeHint + 1)) : preferred
    }

    /// Opens `path` ("-" is stdin).
    /// - Throws: `RangePipeError.noInput` when the file is missing or unreadable.
    init(path: String) throws {
        displayName = path
        let fd: Int32
        if path == "-" {
            fd = dup(0)
        } else {
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                throw RangePipeError.noInput(path: path, reason: "is a directory")
            }
            fd = open(path, O_RDONLY)
        }
        guard fd >= 0 else {
            throw RangePipeError.noInput(path: path, reason: String(cString: strerror(errno)))
        }
        self.fd = fd
        var info = stat()
        let size = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int64(info.st_size) : 0
        var head: [UInt8] = []
        if path != "-", size > 0, let mapped = MappedFile(fd, size: Int(size), path: path, keepsDescriptor: true) {
            if mapped.bytes.count >= 2, mapped.bytes[0] == 0x1f, mapped.bytes[1] == 0x8b {
                // gzip: decompressed from the descriptor, from its start.
                head = [0x1f, 0x8b]
                _ = lseek(fd, 2, SEEK_SET)
            } else {
                mapping = mapped
                rangeEnd = mapped.bytes.count
            }
        } else {
            head = try Self.readHead(fd, count: 2, path: path)
        }
        if mapping == nil {
            if head.count == 2, head[0] == 0x1f, head[1] == 0x8b {
                guard let decoder = GzipDecoder(fd: fd, prefix: head) else {
                    throw RangePipeError.noInput(path: path, reason: "cannot start zlib")
                }
                gzip = decoder
            } else {
                pending = head
            }
        }
        // gzip expands: only a plain file's size bounds what it yields.
        sizeHint = gzip != nil ? 0 : Int(size)
        if path != "-", size > 0 { regularFilePath = path }
        ProgressReporter.shared.begin(path == "-" ? "stdin" : path, total: size)
    }

    /// Fails unless `path` is stdin ("-") or a file this process may read:
    /// checked for every input before any is parsed.
    /// - Throws: `RangePipeError.noInput` with the system's reason.
    static func requireReadable(_ path: String) throws {
        if path != "-" && access(path, R_OK) != 0 {
            throw RangePipeError.noInput(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// An in-memory input (fuzzing, tests).
    init(name: String, bytes: [UInt8]) {
        displayName = name
        pending = bytes
        sizeHint = bytes.count
    }

    /// Bytes `range` of a plain file, read without zlib (the second half of
    /// a split; see `CSVReader`). No progress is reported from here.
    init(path: String, range: Range<Int>) throws {
        displayName = path
        rangeFD = open(path, O_RDONLY)
        guard rangeFD >= 0 else { throw RangePipeError.noInput(path: path, reason: String(cString: strerror(errno))) }
        position = range.lowerBound
        rangeEnd = range.upperBound
        var info = stat()
        if fstat(rangeFD, &info) == 0, Int(info.st_size) >= range.upperBound,
           let mapped = MappedFile(rangeFD, size: range.upperBound, path: path, keepsDescriptor: true) {
            mapping = mapped
        }
    }

    /// True when the bytes read so far came from a plain (not gzip) regular
    /// file, so its remaining bytes can be split at a byte offset.
    var isPlainFile: Bool {
        if mapping != nil { return regularFilePath != nil }
        return fd >= 0 && gzip == nil && regularFilePath != nil && pending.isEmpty
    }

    /// The whole mapped file, which `mappedChunk` slices; nil when the
    /// input is read with copies (stdin, pipes, gzip, memory).
    var mappedBytes: UnsafeRawBufferPointer? { mapping?.bytes }

    /// The next bytes of a mapped file, in place: up to `preferred` bytes,
    /// ending just after a line feed when one is in them (so a CSV chunk
    /// usually ends between records); empty at the end. Honours `stopAt`.
    /// - Complexity: O(length of the last line in the slice).
    func mappedChunk(preferred: Int) throws -> UnsafeRawBufferPointer {
        guard let mapping else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        let bytes = mapping.bytes
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
        if regularFilePath != nil { ProgressReporter.shared.advance(by: n) }
        return slice
    }

    deinit {
        if fd >= 0 { close(fd) }
        if rangeFD >= 0 { close(rangeFD) }
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
            let bytes = mapping.bytes
            let n = min(buffer.count, rangeEnd - position)
            guard n > 0 else { return 0 }
            try mapping.requireSize(position + n, path: displayName)
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[position ..< position + n]))
            mapping.releasePages(before: position)
            if regularFilePath != nil { ProgressReporter.shared.advance(by: n) }
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
            ProgressReporter.shared.advance(by: gzip.compressedOffset - reported)
            reported = gzip.compressedOffset
            return n
        }
        guard fd >= 0, let base = buffer.baseAddress else { return 0 }
        var n: Int
        repeat { n = Glibc.read(fd, base, buffer.count) } while n < 0 && errno == EINTR
        if n < 0 { throw RangePipeError.io(path: displayName, reason: String(cString: strerror(errno))) }
        ProgressReporter.shared.advance(by: n)
        return n
    }

    /// A gzip failure as the error the user sees (exit 65 for a damaged
    /// stream, 74 for a failed read), located at the compressed byte.
    private func failure(_ failure: GzipDecoder.Failure) -> RangePipeError {
        switch failure {
        case let .truncated(offset):
            return .invalid("\(displayName): byte \(offset): the gzip stream ends before its trailer (truncated)")
        case let .corrupt(offset, reason):
            return .invalid("\(displayName): byte \(offset): corrupt gzip stream: \(reason)")
        case let .trailingGarbage(offset):
            return .invalid("\(displayName): byte \(offset): bytes after the end of the gzip stream")
        case let .read(reason):
            return .io(path: displayName, reason: reason)
        }
    }

    /// Up to `count` bytes from the start of a descriptor (fewer at its end).
    private static func readHead(_ fd: Int32, count: Int, path: String) throws -> [UInt8] {
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

    /// The input's first `count` bytes (fewer at its end), left in place
    /// for `read`; `isWholeInput` when they are all of it.
    func peek(_ count: Int) throws -> (bytes: [UInt8], isWholeInput: Bool) {
        if let bytes = mapping?.bytes {
            // Left in place: a mapped file is read where it lies.
            let n = min(count, rangeEnd - position)
            return (Array(bytes[position ..< position + n]), n < count)
        }
        var head = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = try head.withUnsafeMutableBytes { try read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...])) }
            if n == 0 { break }
            filled += n
        }
        head.removeSubrange(filled...)
        pending = head + pending
        position -= filled
        return (head, filled < count)
    }

    /// Guesses the format from the first bytes: `[` is a JSON array, `{`
    /// NDJSON, a first line with tabs and no commas TSV, anything else CSV.
    func sniffFormat() throws -> InputFormat {
        let head = try peek(1 << 16).bytes
        var body = head[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let first = body.first(where: { ![0x20, 0x09, 0x0a, 0x0d].contains($0) }) else { return .csv }
        if first == 0x5b { return .json }
        if first == 0x7b { return .ndjson }
        let firstLine = body.prefix { $0 != 0x0a }
        if firstLine.contains(0x09), !firstLine.contains(0x2c) { return .tsv }
        return .csv
    }
}
