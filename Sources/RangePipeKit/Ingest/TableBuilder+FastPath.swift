/// The shape of a well-formed CSV row, compiled once the builder has decided
/// the axis and every value column: which field is x, which names the
/// series, which are numeric values.
struct FastRowPlan {
    var fieldCount: Int
    var xSlot: Int
    /// -1 when the file is one series.
    var seriesSlot: Int
    /// Field index of each numeric value column, parallel to `valueIndices`.
    var valueSlots: [Int]
    var valueIndices: [Int]
    /// Nil for a number axis.
    var time: TimeParser?
}

extension TableBuilder {
    /// Consumes a run of CSV records. Rows whose every cell is in the plain
    /// form (exact field count, known series, strict numbers, the detected
    /// time shape) are converted here without per-row calls; any other row
    /// goes through `consume`, which decides, rejects or errs exactly as
    /// before — so the result never depends on which path a row took.
    /// - Complexity: O(cells) with no allocation per row.
    func consumeCSV(_ records: ArraySlice<RecordInfo>, cells: [Cell], bytes: UnsafeBufferPointer<UInt8>) throws {
        var k = records.startIndex
        while k < records.endIndex {
            if fastPlan == nil {
                try consume(records[k], cells: cells[records[k].firstCell ..< records[k].firstCell + records[k].cellCount], bytes: bytes)
                k += 1
                fastPlan = makeFastPlan()
                continue
            }
            k = try consumeFast(records, from: k, cells: cells, bytes: bytes)
        }
    }

    /// Converts records from `start` until one needs the general path, which
    /// then handles that one record; returns the index after it.
    private func consumeFast(_ records: ArraySlice<RecordInfo>, from start: Int, cells: [Cell],
                             bytes: UnsafeBufferPointer<UInt8>) throws -> Int {
        let plan = fastPlan!
        let valueCount = valueColumns.count
        let row = UnsafeMutableBufferPointer<Double>.allocate(capacity: max(valueCount, 1))
        defer { row.deallocate() }
        row.initialize(repeating: .nan)
        let base = bytes.baseAddress
        var k = start
        // Locals: no new series appear on this path (a new key takes the
        // general path), so these stay valid and cost no retains per row.
        let keys = keyTable
        let series = order.map { Unmanaged.passUnretained($0) }
        let only = lastAccumulator.map { Unmanaged.passUnretained($0) }
        let slow: Int? = cells.withUnsafeBufferPointer { cells in
            while k < records.endIndex {
                let record = records[k]
                guard record.cellCount == plan.fieldCount else { return k }
                let first = record.firstCell
                @inline(__always) func field(_ slot: Int) -> UnsafeBufferPointer<UInt8> {
                    let cell = cells[first + slot]
                    return UnsafeBufferPointer(start: base.map { $0 + cell.start }, count: cell.count)
                }
                let accumulator: Unmanaged<SeriesAccumulator>
                if plan.seriesSlot >= 0 {
                    let key = field(plan.seriesSlot)
                    guard key.count > 0, let index = keys.find(key) else { return k }
                    accumulator = series[index]
                } else {
                    guard let only else { return k }
                    accumulator = only
                }
                let xText = field(plan.xSlot)
                let x: Double
                if let time = plan.time {
                    guard let t = time.parseBulk(xText) else { return k }
                    x = t
                } else {
                    guard let v = DecimalParser.parseNumber(xText, 0, xText.count), v.isFinite else { return k }
                    x = v
                }
                for j in plan.valueSlots.indices {
                    let text = field(plan.valueSlots[j])
                    if let v = DecimalParser.parseNumber(text, 0, text.count) {
                        row[plan.valueIndices[j]] = v
                    } else {
                        // Missing tokens are NaN; anything else is a bad row for the general path.
                        guard case .missing = DecimalParser.parseCell(text) else { return k }
                        row[plan.valueIndices[j]] = .nan
                    }
                }
                // `order` keeps every accumulator alive; no reference counting per row.
                accumulator._withUnsafeGuaranteedRef {
                    $0.rowsRead += 1
                    $0.append(x: x, values: UnsafeBufferPointer(row), line: record.line)
                }
                k += 1
            }
            return nil
        }
        guard let slow else { return records.endIndex }
        let record = records[slow]
        try consume(record, cells: cells[record.firstCell ..< record.firstCell + record.cellCount], bytes: bytes)
        return slow + 1
    }

    /// The plan, once the axis and every value column are decided; nil
    /// while anything is still open (or for a category axis, whose labels
    /// need the general path).
    private func makeFastPlan() -> FastRowPlan? {
        guard let axis, axis != .category, axis == .number || timeParser != nil, !roles.isEmpty else { return nil }
        var xSlot = -1, seriesSlot = -1
        var valueSlots: [Int] = [], valueIndices: [Int] = []
        for (slot, role) in roles.enumerated() {
            switch role {
            case .x: xSlot = slot
            case .series: seriesSlot = slot
            case .ignored: break
            case let .value(index):
                switch valueColumns[index].state {
                case .undecided: return nil
                case .text: break
                case .numeric:
                    valueSlots.append(slot)
                    valueIndices.append(index)
                }
            }
        }
        guard xSlot >= 0, seriesSlot >= 0 || options.seriesColumn == nil else { return nil }
        return FastRowPlan(fieldCount: names.count, xSlot: xSlot, seriesSlot: seriesSlot,
                           valueSlots: valueSlots, valueIndices: valueIndices, time: axis == .time ? timeParser : nil)
    }
}
