extension FileRows {
    /// Appends one row of series `series` (see `append(series:x:values:line:)`
    /// with a buffer).
    @inline(__always)
    mutating func append(series index: Int, x value: Double, values: [Double], line: Int) {
        values.withUnsafeBufferPointer { append(series: index, x: value, values: $0, line: line) }
    }

    /// Appends one row. A row with more values than there are columns
    /// adds columns, NaN for the rows before; one with fewer leaves the
    /// rest NaN (a JSON key not yet seen, or not in this row).
    @inline(__always)
    mutating func append(series index: Int, x value: Double, values: UnsafeBufferPointer<Double>, line: Int) {
        if columns.count < values.count {
            for _ in columns.count ..< values.count {
                var column = [Double](repeating: .nan, count: x.count)
                column.reserveCapacity(reservedRows)
                MemoryPolicy.adviseHugePages(&column)
                columns.append(column)
            }
        }
        series?.append(Int32(truncatingIfNeeded: index))
        x.append(value)
        for k in 0 ..< values.count { columns[k].append(values[k]) }
        for k in values.count ..< columns.count { columns[k].append(.nan) }
        lines?.append(Int32(truncatingIfNeeded: line))
    }
}
