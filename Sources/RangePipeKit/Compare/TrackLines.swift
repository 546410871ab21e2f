/// A file (or stdin, `-`) read as lines through one buffer that grows only
/// to the longest line: the memory of a track's read does not depend on
/// its length.
struct TrackLines {
    /// The path as given, for messages.
    let name: String
    private let fd: Platform.Descriptor
    private var buffer: [UInt8] = []
    /// The unread bytes are `buffer[start...]`.
    private var start = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var atEOF = false
    /// The 1-based number of the line `next()` returned last.
    private(set) var lineNumber = 0

    /// The longest line read: a track line holds one frame (a few hundred
    /// bytes), so a longer one is not a track (a file with no newline, an
    /// endless device) and is a located data error, not an out-of-memory crash.
    static let longestLine = 64 << 20

    /// Opens `path` (`-`: stdin); a missing or unreadable file is exit 66.
    init(path: String) throws {
        MemoryGuard.name(path)
        name = path
        if path == "-" {
            fd = Platform.standardInput
        } else {
            fd = Platform.open(path, .readOnly)
            guard fd >= 0 else { throw RangePipeError.noInput(path: path, reason: Platform.errorText) }
        }
    }

    /// Closes the file (not stdin).
    func close() {
        if fd != Platform.standardInput { Platform.close(fd) }
    }

    /// The next line without its `\n` (and `\r`), valid until the next
    /// call; nil at the end. A UTF-8 byte-order mark before line 1 is skipped.
    /// - Complexity: O(line length), amortized.
    mutating func next() throws -> ArraySlice<UInt8>? {
        var scanned = start
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0a) {
                return line(upTo: newline, next: newline + 1)
            }
            scanned = buffer.count
            if atEOF {
                guard start < buffer.count else { return nil }
                return line(upTo: buffer.count, next: buffer.count)
            }
            let kept = buffer.count - start
            if start > 0 {
                buffer.removeSubrange(0 ..< start)
                start = 0
                scanned = kept
            }
            try fill()
        }
    }

    /// The first byte that is not white space, without consuming anything;
    /// nil for a file of white space only.
    mutating func firstByte() throws -> UInt8? {
        var k = start
        while true {
            while k < buffer.count {
                let c = buffer[k]
                let bom = lineNumber == 0 && k < 3 && (c == 0xEF || c == 0xBB || c == 0xBF)
                if !(c == 0x20 || c == 0x09 || c == 0x0d || c == 0x0a || bom) { return c }
                k += 1
            }
            if atEOF { return nil }
            try fill()
        }
    }

    private mutating func line(upTo end: Int, next: Int) -> ArraySlice<UInt8> {
        var from = start
        if lineNumber == 0, end - from >= 3, buffer[from] == 0xEF, buffer[from + 1] == 0xBB, buffer[from + 2] == 0xBF { from += 3 }
        start = next
        lineNumber += 1
        let stop = end > from && buffer[end - 1] == 0x0d ? end - 1 : end
        return buffer[from ..< stop]
    }

    private mutating func fill() throws {
        let pending = buffer.count - start
        if pending > Self.longestLine {
            throw RangePipeError.badData(SourceLocation(file: name, line: lineNumber + 1, column: 1),
                                         "a line longer than \(MemoryBudget.text(Self.longestLine)) (a track has one frame a line)")
        }
        // The buffer doubles as it grows, for each of the two tracks compared.
        try MemoryBudget.require(4 * (pending + chunk.count), for: "line \(lineNumber + 1)", of: name)
        while true {
            let n = Platform.read(fd, into: &chunk)
            if n > 0 { buffer.append(contentsOf: chunk[0 ..< n]); return }
            if n == 0 { atEOF = true; return }
            if Platform.wasInterrupted { continue }
            throw RangePipeError.io(path: name, reason: Platform.errorText)
        }
    }
}
