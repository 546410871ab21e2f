/// The growing columns of one series, before sorting: x, one array per
/// value column, and (for `--duplicates error`) each row's source line.
struct SeriesRows {
    var x: [Double] = []
    var columns: [[Double]] = []
    var lines: [Int32]?
    var rowsRead = 0
    /// Columns added later get the same room.
    private(set) var reservedRows = 0

    /// Room for `rows` rows in x and every column (and lines when kept).
    mutating func reserve(_ rows: Int) {
        x.reserveCapacity(rows)
        for k in columns.indices { columns[k].reserveCapacity(rows) }
        lines?.reserveCapacity(rows)
        reservedRows = max(reservedRows, rows)
    }
}
