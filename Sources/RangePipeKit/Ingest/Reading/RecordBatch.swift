/// What a cell's bytes are, as the reader saw them.
enum CellKind: UInt8, Sendable {
    /// CSV text or a decoded JSON string.
    case text
    /// A JSON number literal (already checked against JSON's grammar).
    case number
    /// JSON `null`.
    case null
    /// JSON `true`/`false`.
    case bool
    /// A JSON object or array value (ignored unless a value column needs it).
    case nested
}

/// One cell of a record: a byte range in the batch, the slot it fills
/// (CSV: field index; JSON: the key's slot) and its location column.
struct Cell {
    var start: Int
    var count: Int
    var slot: Int
    var kind: CellKind
    /// 1-based location column: the field index (CSV) or byte offset (JSON).
    var column: Int
    /// The physical line the cell starts on.
    var line: Int
}

/// One record: its cells and where it came from.
struct RecordInfo {
    var line: Int
    var firstCell: Int
    var cellCount: Int
    /// The original text for `--rejects` (NDJSON/JSON), a range in `raw`; count -1 if none.
    var rawStart: Int
    var rawCount: Int
}

/// Records parsed from one chunk of input, all cell bytes in one buffer, so
/// a chunk costs a few amortised appends and no per-cell allocation.
struct RecordBatch {
    var bytes: [UInt8] = []
    var cells: [Cell] = []
    var records: [RecordInfo] = []
    var raw: [UInt8] = []

    init() {
        // Grows to a chunk's worth on real files; small inputs stay small.
        bytes.reserveCapacity(1 << 14)
        cells.reserveCapacity(1 << 10)
        records.reserveCapacity(1 << 8)
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        records.removeAll(keepingCapacity: true)
        raw.removeAll(keepingCapacity: true)
    }
}

/// Receives records from a reader. Readers call `consume` once per record;
/// a thrown `RowError` rejects that record (fail or skip is the sink's call).
protocol RecordSink: AnyObject {
    /// The header's names (CSV) — called once before any record.
    func setHeader(_ names: [String], line: Int) throws
    /// A new JSON key seen for the first time; returns nothing, the slot is `index`.
    func addSlot(named name: String, index: Int)
    func consume(_ record: RecordInfo, cells: ArraySlice<Cell>, bytes: ByteView) throws
    /// A run of records, in order (a bulk form of `consume`). `keyOrder`
    /// nil: a cell's position in its record is its slot (CSV fields).
    /// Otherwise every record in the run has exactly these slots in this
    /// order (NDJSON lines with the same keys).
    func consumeRun(_ records: ArraySlice<RecordInfo>, cells: [Cell], bytes: ByteView, keyOrder: [Int]?) throws
    /// A record the reader itself could not parse (JSON syntax); location and reason.
    func reject(line: Int, column: Int, reason: String, original: String?) throws
    /// An estimate of how many rows the input holds in all (from its size
    /// and the rows per byte so far), so columns can be sized once.
    func expectRows(_ rows: Int)
    /// Reconstructed original text for rejects, set by the reader.
    var originalText: ((RecordInfo, ArraySlice<Cell>, ByteView) -> String)? { get set }
}

extension RecordSink {
    func expectRows(_ rows: Int) {}

    /// A run of records; sinks with a bulk path override it.
    func consumeRun(_ records: ArraySlice<RecordInfo>, cells: [Cell], bytes: ByteView, keyOrder: [Int]?) throws {
        for record in records {
            try consume(record, cells: cells[record.firstCell ..< record.firstCell + record.cellCount], bytes: bytes)
        }
    }
}

/// A record the builder refuses, with the 1-based column to report.
struct RowError: Error {
    var column: Int
    var message: String
    /// What to add to read the row (`--null`, `--decimal-comma`): shown
    /// when the row stops the ingest, not in the rejects file.
    var hint = ""
}
