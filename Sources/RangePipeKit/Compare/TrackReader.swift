/// A track file read frame by frame: NDJSON (a line per frame) or CSV (a
/// header, then a row per frame), told apart by the first byte that is
/// not white space (`{`, or `[` which then fails as a frame, is NDJSON).
struct TrackReader {
    private var lines: TrackLines
    private var csv = TrackCSVReader()
    private let fields: Set<TrackField>?
    /// nil for a file holding no frames (empty or white space): it pairs
    /// with either format.
    let format: FrameFormat?
    var name: String { lines.name }

    /// Opens `path` (`-`: stdin) and reads a CSV header.
    init(path: String, fields: Set<TrackField>?) throws {
        lines = try TrackLines(path: path)
        self.fields = fields
        switch try lines.firstByte() {
        case nil: format = nil
        case UInt8(ascii: "{"), UInt8(ascii: "["): format = .ndjson
        default: format = .csv
        }
        if format == .csv { _ = try csv.readHeader(&lines, fields: fields) }
    }

    func close() { lines.close() }

    /// Reads the next frame into `record`; false at the end.
    /// - Complexity: O(frame length); memory for the longest frame only.
    mutating func next(into record: inout TrackRecord) throws -> Bool {
        switch format {
        case nil: return false
        case .csv: return try csv.next(&lines, into: &record)
        case .ndjson:
            while let line = try lines.next() {
                guard line.contains(where: { !($0 == 0x20 || $0 == 0x09) }) else { continue }
                record.reset()
                record.line = lines.lineNumber
                do {
                    try TrackJSONParser.parseFrame(line, fields: fields, into: &record)
                } catch let error as TrackSyntaxError {
                    throw RangePipeError.badData(SourceLocation(file: lines.name, line: lines.lineNumber, column: error.offset + 1), error.message)
                }
                return true
            }
            return false
        }
    }
}
