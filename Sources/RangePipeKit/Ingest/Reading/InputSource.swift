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
    var fd: Int32 = -1
    /// The decoder of a gzip input.
    var gzip: GzipDecoder?
    /// Bytes read ahead by `sniffFormat`, handed out first by `read`.
    var pending: [UInt8] = []
    /// Compressed bytes already reported to the progress bar.
    var reported = 0
    /// The input's size when known up front (regular files, memory); 0 otherwise.
    private(set) var sizeHint = 0
    /// Bytes handed out by `read` so far.
    var position = 0
    /// When set, `read` ends the input at this position (where a split's next piece starts).
    var stopAt: Int?
    /// The path of a regular file, for the readers of a split's later pieces.
    private(set) var regularFilePath: String?
    /// A plain descriptor over part of a file (a split's later piece).
    var rangeFD: Int32 = -1
    var rangeEnd = 0
    /// The whole file, when it is a plain regular file that could be mapped.
    var mapping: MappedFile?
    /// False for a file read ahead on another thread (`Ingestor`): the bar
    /// and the out-of-memory line follow the file read in order.
    private(set) var reportsProgress = true

    /// A read buffer size: a chunk, or less for a small input.
    func chunkSize(_ preferred: Int) -> Int {
        sizeHint > 0 ? min(preferred, max(4096, sizeHint + 1)) : preferred
    }

    /// Opens `path` ("-" is stdin); `reportsProgress` false keeps it off
    /// the progress bar and out of the out-of-memory line.
    /// - Throws: `RangePipeError.noInput` when the file is missing or unreadable.
    init(path: String, reportsProgress: Bool = true) throws {
        self.reportsProgress = reportsProgress
        if reportsProgress { MemoryGuard.name(path) }
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
            if mapped.count >= 2, mapped[0] == 0x1f, mapped[1] == 0x8b {
                // gzip: decompressed from the descriptor, from its start.
                head = [0x1f, 0x8b]
                _ = lseek(fd, 2, SEEK_SET)
            } else {
                mapping = mapped
                rangeEnd = mapped.count
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
        if reportsProgress { ProgressReporter.shared.begin(path == "-" ? "stdin" : path, total: size) }
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

    /// Bytes `range` of a plain file, read without zlib (a later piece of
    /// a split; see `FileSplit`). No progress is reported from here.
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

    /// True when the input is a mapped file, read in place.
    var isMapped: Bool { mapping != nil }

    /// True when the bytes read so far came from a plain (not gzip) regular
    /// file, so its remaining bytes can be split at a byte offset.
    var isPlainFile: Bool {
        if mapping != nil { return regularFilePath != nil }
        return fd >= 0 && gzip == nil && regularFilePath != nil && pending.isEmpty
    }

    deinit {
        if fd >= 0 { close(fd) }
        if rangeFD >= 0 { close(rangeFD) }
    }

    /// A gzip failure as the error the user sees (exit 65 for a damaged
    /// stream, 74 for a failed read), located at the compressed byte.
    func failure(_ failure: GzipDecoder.Failure) -> RangePipeError {
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

    /// The input's first `count` bytes (fewer at its end), left in place
    /// for `read`; `isWholeInput` when they are all of it.
    func peek(_ count: Int) throws -> (bytes: [UInt8], isWholeInput: Bool) {
        if mapping != nil {
            // Left in place: a mapped file is read where it lies.
            let n = min(count, rangeEnd - position)
            return (mappedCopy(position ..< position + n), n < count)
        }
        var head = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = try read(into: &head, at: filled)
            if n == 0 { break }
            filled += n
        }
        head.removeSubrange(filled...)
        pending = head + pending
        position -= filled
        return (head, filled < count)
    }

    /// Guesses the format from the first bytes: `[` is a JSON array, `{`
    /// NDJSON, `ARROW1` or 0xFFFFFFFF Arrow, a first line with tabs and no commas TSV, anything else CSV.
    func sniffFormat() throws -> InputFormat {
        let head = try peek(1 << 16).bytes
        if ArrowStream.recognizes(head) { return .arrow }
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
