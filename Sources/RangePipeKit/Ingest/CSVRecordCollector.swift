/// What `LibCSVParser` gathers from libcsv's callbacks: records and cells
/// in a `RecordBatch`, field text in `FieldBytes`, and the physical line
/// count. A plain value reached through one pointer from the callbacks
/// (see `LibCSVParser+Unsafe.swift`), so a field costs no dynamic
/// exclusivity checks, as a class's stored properties would.
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

    /// Ends a record at `terminator` (CR, LF, or 0 at the end of input),
    /// counting lines so that CRLF is one and blank lines are counted.
    mutating func recordEnd(_ terminator: Int32) {
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
        let byteStart = batch.cells[firstCellOfBatchRecord].start
        batch.cells.removeSubrange(0 ..< firstCellOfBatchRecord)
        for k in batch.cells.indices { batch.cells[k].start -= byteStart }
        fieldBytes.removeFirst(byteStart)
        firstCellOfBatchRecord = 0
    }
}
