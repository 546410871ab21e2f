#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CZlib

/// A file or stdin read in bounded chunks; gzip is decompressed transparently
/// (zlib reads plain files unchanged), so `.csv.gz` and piped gzip both work.
final class InputSource {
    /// The name used in messages: the path, or "-" for stdin.
    let displayName: String
    private var handle: gzFile?
    /// Bytes read ahead by `sniffFormat`, handed out first by `read`.
    private var pending: [UInt8] = []
    /// Compressed bytes already reported to the progress bar.
    private var reported = 0
    /// The input's size when known up front (regular files, memory); 0 otherwise.
    private(set) var sizeHint = 0

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
        guard let h = gzdopen(fd, "rb") else {
            close(fd)
            throw RangePipeError.noInput(path: path, reason: "cannot open")
        }
        gzbuffer(h, 1 << 18)
        handle = h
        var info = stat()
        let size = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int64(info.st_size) : 0
        // gzip expands: only a plain file's size bounds what it yields.
        sizeHint = path.hasSuffix(".gz") ? 0 : Int(size)
        ProgressReporter.shared.begin(path == "-" ? "stdin" : path, total: size)
    }

    /// An in-memory input (fuzzing, tests).
    init(name: String, bytes: [UInt8]) {
        displayName = name
        handle = nil
        pending = bytes
        sizeHint = bytes.count
    }

    deinit {
        if let handle { gzclose_r(handle) }
    }

    /// Reads up to `buffer.count` bytes; 0 at the end.
    /// - Throws: `RangePipeError.io` on a read or decompression error.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard buffer.count > 0 else { return 0 }
        if !pending.isEmpty {
            let n = min(pending.count, buffer.count)
            pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0 ..< n])) }
            pending.removeFirst(n)
            return n
        }
        guard let handle, let base = buffer.baseAddress else { return 0 }
        let n = gzread(handle, base, UInt32(min(buffer.count, Int(Int32.max))))
        if n < 0 {
            var code: Int32 = 0
            let message = gzerror(handle, &code).map { String(cString: $0) } ?? "read failed"
            throw RangePipeError.io(path: displayName, reason: message)
        }
        if n == 0 {
            var code: Int32 = 0
            _ = gzerror(handle, &code)
            if code != Z_OK && code != Z_BUF_ERROR {
                throw RangePipeError.io(path: displayName, reason: "corrupt compressed input")
            }
        }
        ProgressReporter.shared.advance(by: Int(gzoffset(handle)) - reported)
        reported = Int(gzoffset(handle))
        return Int(n)
    }

    /// Guesses the format from the first bytes: `[` is a JSON array, `{`
    /// NDJSON, a first line with tabs and no commas TSV, anything else CSV.
    func sniffFormat() throws -> InputFormat {
        var head = [UInt8](repeating: 0, count: 1 << 16)
        let n = try head.withUnsafeMutableBytes { try read(into: $0) }
        head.removeSubrange(n...)
        pending = head + pending
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
