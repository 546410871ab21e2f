/// What `LibCSVParser` gathers from libcsv's callbacks: records and cells
/// in a `RecordBatch`, field text in `FieldBytes`, and the physical line
/// count. A plain value reached through one pointer from the callbacks
/// (see `LibCSVParser+Unsafe.swift`), so a field costs no dynamic
/// exclusivity checks, as a class's stored properties would.
///
/// Over a mapped file, cells point into the input itself (`direct`) while
/// every field is exactly its input bytes (no quotes in the chunk, no
/// spaces trimmed): each field is checked against the input where the
/// collector expects it, and the first that differs moves the batch's
/// cells into `fieldBytes`, copied as before, until the next chunk that
/// starts between records.
struct CSVRecordCollector {
    /// Records and cells parsed so far; their text is in `fieldBytes`.
    var batch = RecordBatch()
    var fieldBytes = FieldBytes()
    /// The physical line the parser has reached (1-based).
    var line = 1
    /// The line where the record being parsed began.
    var recordStartLine = 1
    var cellsInRecord = 0
    var pendingCR = false
    var firstCellOfBatchRecord = 0
    /// False when the chunk being parsed has no quote (and none is open):
    /// fields then hold no newline and need no line scan.
    var fieldsMayHoldNewlines = true
    /// The whole input when cells are offsets into it; nil when they are
    /// offsets into `fieldBytes`.
    var direct: ByteView?
    /// With `direct`: the input offset where the next field or line end is expected.
    var cursor = 0
    /// With `direct`: the last event was a field, so a delimiter comes first.
    var afterField = false
    /// The field delimiter, which (like CR and LF) must follow a field read in place.
    var delimiter: UInt8 = 0x2c

    /// The bytes the cells' offsets refer to.
    var cellBytes: ByteView { direct ?? fieldBytes.view }

    /// Ends a record at `terminator` (CR, LF, or 0 at the end of input),
    /// counting lines so that CRLF is one and blank lines are counted.
    mutating func recordEnd(_ terminator: Int32) {
        if let input = direct, terminator != 0 {
            // A line end read in place must be where it was expected.
            if cursor < input.count, input[cursor] == UInt8(truncatingIfNeeded: terminator) { cursor += 1 } else { leaveDirect() }
        }
        afterField = false
        if cellsInRecord > 0 {
            batch.records.append(RecordInfo(line: recordStartLine, firstCell: firstCellOfBatchRecord,
                                            cellCount: cellsInRecord, rawStart: 0, rawCount: -1))
        }
        cellsInRecord = 0
        if terminator == 0x0d {
            line += 1
            pendingCR = true
        } else if terminator == 0x0a {
            if pendingCR { pendingCR = false } else { line += 1 }
        }
        recordStartLine = line
    }

    /// Drops delivered records, keeping the cells of a record still being
    /// parsed (one that straddles a chunk boundary), rebased to the start.
    /// The arrays keep their capacity: a chunk's cells are ~4 MiB, and
    /// growing them again from empty for every chunk page-faulted in fresh
    /// memory each time (half of an ingest's page faults).
    mutating func discardDeliveredRecords() {
        batch.records.removeAll(keepingCapacity: true)
        guard cellsInRecord > 0 else {
            batch.cells.removeAll(keepingCapacity: true)
            fieldBytes.removeAll()
            return
        }
        if direct != nil {
            // Offsets into the input stay valid as they are.
            batch.cells.removeSubrange(0 ..< firstCellOfBatchRecord)
            firstCellOfBatchRecord = 0
            return
        }
        let byteStart = batch.cells[firstCellOfBatchRecord].start
        batch.cells.removeSubrange(0 ..< firstCellOfBatchRecord)
        for k in batch.cells.indices { batch.cells[k].start -= byteStart }
        fieldBytes.removeFirst(byteStart)
        firstCellOfBatchRecord = 0
    }
}

extension CSVRecordCollector {
    /// Reads the chunk starting at input offset `offset` in place, if the
    /// collector is between records (nothing pending refers to
    /// `fieldBytes`) or already reading in place.
    mutating func enterDirect(_ input: ByteView, at offset: Int, atRecordBoundary: Bool) {
        if direct != nil { return }
        guard atRecordBoundary, batch.cells.isEmpty else { return }
        direct = input
        cursor = offset
        afterField = false
        fieldBytes.removeAll()
    }

    /// Copies the batch's cells out of the input into `fieldBytes` and
    /// stops reading in place.
    /// - Complexity: O(bytes of the batch's cells).
    mutating func leaveDirect() {
        guard let input = direct else { return }
        direct = nil
        fieldBytes.removeAll()
        for k in batch.cells.indices {
            let cell = batch.cells[k]
            let start = fieldBytes.count
            fieldBytes.append(input[cell.start ..< cell.start + cell.count])
            batch.cells[k].start = start
        }
    }
}
