/// The shape of a well-formed row, compiled once the builder has decided
/// the axis and every value column the row holds: which cell is x, which
/// names the series, which are numeric values. Cells are counted by their
/// position in the record (a CSV field index, or an NDJSON key's place in
/// the run's key order).
struct FastRowPlan {
    /// The key order the plan was made for; nil for CSV fields.
    var keyOrder: [Int]?
    var fieldCount: Int
    var xSlot: Int
    /// -1 when the file is one series.
    var seriesSlot: Int
    /// Position of each numeric value column, parallel to `valueIndices`.
    var valueSlots: [Int]
    var valueIndices: [Int]
    /// Nil for a number axis.
    var time: TimeParser?
}

extension TableBuilder {
    /// Consumes a run of records. Rows whose every cell is in the plain
    /// form (exact field count, known series, strict numbers, the detected
    /// time shape) are converted here without per-row calls; any other row
    /// goes through `consume`, which decides, rejects or errs exactly as
    /// before — so the result never depends on which path a row took.
    /// - Complexity: O(cells), with no allocation or reference counting per
    ///   row (but the first of each series, whose name is made and kept),
    ///   however the rows alternate between the two paths.
    func consumeRun(_ records: ArraySlice<RecordInfo>, cells: [Cell], bytes: ByteView, keyOrder: [Int]?) throws {
        // Without a header the first record names the columns: before the row buffer is sized.
        if !plan.headerSet, let first = records.first { try noHeaderNames(first.cellCount) }
        if fastPlan == nil || fastPlan?.keyOrder != keyOrder { fastPlan = makeFastPlan(keyOrder) }
        try rows.value.requireRoom(for: records.count, file: file)
        // One slot per value column (fixed during a run: readers add JSON keys between runs).
        var row = [Double](repeating: .nan, count: plan.valueColumns.count)
        // Locals, so rows cost no retains: the plan, the key table and
        // the rows' fixed address. They are refreshed after a row takes the
        // general path, which may add a series; the key table is let go
        // first so adding one copies nothing.
        var rowPlan = fastPlan
        var keys: ByteKeyTable? = rowPlan == nil ? nil : keyTable
        let target = rows
        // Without a series column, the file's one series is added by its
        // first row, on the general path.
        var oneSeriesAdded = !seriesNames.isEmpty
        // The series of the row before: the key table's first guess.
        var lastSeries = 0
        // The last date read: most rows repeat it.
        var dayCache = TimeParser.DayCache()
        var next = records.startIndex
        while next < records.endIndex {
            if let rowPlan, let keys {
                next = convertRows(records, from: next, rowPlan, keys, cells, bytes, &row, target, oneSeriesAdded, &lastSeries, &dayCache)
                if next == records.endIndex { break }
            }
            // A row naming a series not seen yet (every row of a fleet of
            // one-point series): the series is added here, as the general
            // path would add it first, and the row tried again on the plain
            // path. The local table is let go first, so adding copies nothing.
            if let rowPlan, keys != nil, let key = newSeriesKey(records[next], rowPlan, cells, bytes) {
                keys = nil
                let added = addSeries(key: key) != nil
                keys = keyTable
                if added { continue }
            }
            let record = records[next]
            next += 1
            keys = nil
            try consume(record, cells: cells[record.firstCell ..< record.firstCell + record.cellCount], bytes: bytes)
            if row.count < plan.valueColumns.count {
                // A file without a header names its columns on its first record, inside this run.
                row = [Double](repeating: .nan, count: plan.valueColumns.count)
            }
            if fastPlan == nil { fastPlan = makeFastPlan(keyOrder) }
            rowPlan = fastPlan
            if rowPlan != nil { keys = keyTable }
            oneSeriesAdded = !seriesNames.isEmpty
        }
    }

    /// Converts rows from `index` on while each takes the plain path, and
    /// returns the index of the first that does not (or the end). The row
    /// loop lives here, beside `convert`, so the per-row work stays in one
    /// function with its state in registers, whatever the caller's size.
    /// - Complexity: O(cells of the rows converted).
    private func convertRows(_ records: ArraySlice<RecordInfo>, from index: Int, _ plan: FastRowPlan, _ keys: ByteKeyTable,
                             _ cells: [Cell], _ bytes: ByteView, _ row: inout [Double],
                             _ target: FixedAddress<FileRows>, _ oneSeriesAdded: Bool, _ lastSeries: inout Int,
                             _ dayCache: inout TimeParser.DayCache) -> Int {
        var i = index
        while i < records.endIndex,
              convert(records[i], plan, keys, cells, bytes, &row, target, oneSeriesAdded, &lastSeries, &dayCache) {
            i += 1
        }
        return i
    }

    /// Appends one plain row to its series; false (and nothing appended)
    /// when the row needs the general path.
    @inline(__always)
    private func convert(_ record: RecordInfo, _ plan: FastRowPlan, _ keys: ByteKeyTable, _ cells: [Cell],
                         _ bytes: ByteView, _ row: inout [Double],
                         _ target: FixedAddress<FileRows>, _ oneSeriesAdded: Bool, _ lastSeries: inout Int,
                         _ dayCache: inout TimeParser.DayCache) -> Bool {
        guard record.cellCount == plan.fieldCount else { return false }
        let first = record.firstCell
        @inline(__always) func field(_ slot: Int) -> ByteView {
            let cell = cells[first + slot]
            return bytes[cell.start ..< cell.start + cell.count]
        }
        let series: Int
        if plan.seriesSlot >= 0 {
            let key = field(plan.seriesSlot)
            // A JSON null or number is not a name: the general path says why.
            guard key.count > 0, cells[first + plan.seriesSlot].kind == .text, let index = keys.find(key, near: lastSeries) else { return false }
            lastSeries = index
            series = index
        } else {
            guard oneSeriesAdded else { return false }
            series = 0
        }
        let xText = field(plan.xSlot)
        let x: Double
        if let time = plan.time {
            guard let t = time.parseBulk(xText, &dayCache), CivilTime.writableSeconds.contains(t) else { return false }
            x = t
        } else {
            guard let v = DecimalParser.parseNumber(xText, 0, xText.count), abs(v) <= Series.magnitudeLimit else { return false }
            x = v
        }
        for j in plan.valueSlots.indices {
            let text = field(plan.valueSlots[j])
            if let v = DecimalParser.parseNumber(text, 0, text.count) {
                // Past ±1e300: the general path says where.
                guard abs(v) <= Series.magnitudeLimit else { return false }
                row[plan.valueIndices[j]] = v
            } else {
                // Missing tokens are NaN; anything else is a bad row for the general path.
                guard case .missing = DecimalParser.parseCell(text) else { return false }
                row[plan.valueIndices[j]] = .nan
            }
        }
        target.value.append(series: series, x: x, values: row, line: record.line)
        return true
    }

    /// The series cell's bytes of a row of the plan's shape whose series
    /// is not in the key table; nil for any other row.
    /// - Complexity: O(key length) expected.
    private func newSeriesKey(_ record: RecordInfo, _ plan: FastRowPlan, _ cells: [Cell], _ bytes: ByteView) -> ByteView? {
        guard plan.seriesSlot >= 0, record.cellCount == plan.fieldCount else { return nil }
        let cell = cells[record.firstCell + plan.seriesSlot]
        guard cell.kind == .text, cell.count > 0 else { return nil }
        let key = bytes[cell.start ..< cell.start + cell.count]
        return keyTable.find(key) == nil ? key : nil
    }

    /// The plan, once the axis and every value column the rows hold are
    /// decided; nil while anything is still open (or for a category axis,
    /// whose labels need the general path). `keyOrder` gives each
    /// position's slot; nil when positions are slots (CSV).
    private func makeFastPlan(_ keyOrder: [Int]?) -> FastRowPlan? {
        let roles = plan.roles, valueColumns = plan.valueColumns
        guard let axis = plan.axis, axis != .category, axis == .number || plan.timeParser != nil, !roles.isEmpty,
              plan.numbers.bulkPathAllowed else { return nil }
        var xSlot = -1, seriesSlot = -1
        var valueSlots: [Int] = [], valueIndices: [Int] = []
        for position in 0 ..< (keyOrder?.count ?? roles.count) {
            let slot = keyOrder?[position] ?? position
            guard slot < roles.count else { return nil }
            switch roles[slot] {
            case .x: xSlot = position
            case .series: seriesSlot = position
            case .ignored: break
            case .xPart, .seriesPart: return nil
            case let .value(index):
                switch valueColumns[index].state {
                case .undecided: return nil
                case .text: break
                case .numeric:
                    valueSlots.append(position)
                    valueIndices.append(index)
                }
            }
        }
        guard xSlot >= 0, seriesSlot >= 0 || options.seriesColumn == nil else { return nil }
        return FastRowPlan(keyOrder: keyOrder, fieldCount: keyOrder?.count ?? plan.names.count, xSlot: xSlot, seriesSlot: seriesSlot,
                           valueSlots: valueSlots, valueIndices: valueIndices, time: axis == .time ? plan.timeParser : nil)
    }
}
