/// Every row of one input file, column by column, before grouping by
/// series: the series index of each row, x, one column per value field
/// and (for `--duplicates error`) the source line. Nothing is kept per
/// series (names, rejects and category labels stay with the builder);
/// `RowGroups` counts and groups the rows by series at the end.
///
/// Fleets of small series cost a few bytes per row and per series this
/// way, with no object or array per series while parsing.
struct FileRows {
    /// The series of each row; nil when the file is one series.
    var series: [Int32]?
    var x: [Double] = []
    /// Indexed by the builder's value-column index; a column first seen
    /// later (a JSON key) is back-filled with NaN.
    var columns: [[Double]] = []
    /// Source line of each row, kept only for `--duplicates error`.
    var lines: [Int32]?
    /// Columns added later get the same room.
    private(set) var reservedRows = 0

    init(manySeries: Bool, keepLines: Bool) {
        if manySeries { series = [] }
        if keepLines { lines = [] }
    }

    /// Room for `wanted` rows in every column (fewer when they would not
    /// fit the memory budget, `affordableRows`). Capacity is only address
    /// space until rows are written, so a generous estimate costs no memory.
    mutating func reserve(_ wanted: Int) {
        let rows = affordableRows(wanted)
        series?.reserveCapacity(rows)
        x.reserveCapacity(rows)
        MemoryPolicy.adviseHugePages(&x)
        for k in columns.indices {
            columns[k].reserveCapacity(rows)
            MemoryPolicy.adviseHugePages(&columns[k])
        }
        lines?.reserveCapacity(rows)
        reservedRows = max(reservedRows, rows)
    }

    /// Appends `later`'s rows after these, its series renumbered by
    /// `seriesMap` and its lines moved by `lineOffset` (a split's second
    /// half counts lines from 1). Each column grows at most once, to its
    /// final size, so the join never holds a doubled array.
    /// - Complexity: O(rows of `later`).
    mutating func absorb(_ later: FileRows, seriesMap: [Int32], lineOffset: Int) {
        let mine = x.count, theirs = later.x.count, total = mine + theirs
        if series != nil, let more = later.series {
            series!.reserveCapacity(total)
            series!.append(contentsOf: more.lazy.map { seriesMap[Int($0)] })
        }
        x.reserveCapacity(total)
        x.append(contentsOf: later.x)
        for k in 0 ..< max(columns.count, later.columns.count) {
            if k == columns.count { columns.append([Double](repeating: .nan, count: mine)) }
            columns[k].reserveCapacity(total)
            if k < later.columns.count {
                columns[k].append(contentsOf: later.columns[k])
            } else {
                columns[k].append(contentsOf: repeatElement(.nan, count: theirs))
            }
        }
        if lines != nil, let more = later.lines {
            lines!.reserveCapacity(total)
            let offset = Int32(truncatingIfNeeded: lineOffset)
            lines!.append(contentsOf: more.lazy.map { $0 + offset })
        }
    }
}
