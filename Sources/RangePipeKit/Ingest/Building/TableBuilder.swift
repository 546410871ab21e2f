/// Turns the records of one input file into series: assigns each column a
/// role (x, series name, value, ignored), detects the axis, parses values,
/// and collects the rows column by column (`FileRows`), grouped by series
/// at the end. One builder per input file.
final class TableBuilder: RecordSink {
    let options: IngestOptions
    let defaultSeriesName: String
    let rejects: RejectWriter
    /// The columns and how each is read; settled as the input is read.
    var plan: ColumnPlan
    /// One row's values, one per value column (general path).
    var rowValues: [Double] = []

    /// Every row so far, in one value changed in place (see
    /// `FixedAddress`): appending a row costs no dynamic exclusivity check.
    let rows: FixedAddress<FileRows>
    /// Series names by series index, in order of first appearance.
    var seriesNames: [String] = []
    /// Series key bytes → series index.
    var keyTable = ByteKeyTable()
    /// A key over several columns: each series' parts, joined by 0x1F, by
    /// series index (to tell apart keys whose joined names are the same).
    var seriesKeys: [[UInt8]] = []
    /// Rejected rows by series index; only series that had one.
    var rejectedRows: [Int: Int] = [:]
    /// Rows read by series index, counted only when x is the row number
    /// (such a file has no x cell, so every row takes the general path).
    var rowNumbers: [Int] = []
    /// Labels by series index, for a category axis only.
    var categoryLabels: [Int: CategoryLabels] = [:]
    /// The compiled shape of a well-formed CSV row, once the axis and every
    /// value column are decided (see `TableBuilder+FastPath.swift`).
    var fastPlan: FastRowPlan?
    /// The plan a fork started from (nil unless this builder is a fork).
    var forkedPlan: ColumnPlan?
    /// Rejected rows whose series is unknown (bad series cell, JSON syntax).
    private(set) var unattributedRejects = 0
    /// Rows read and dropped over every series, set by `finish`.
    var totals = IngestedSeries.Stats.zero
    private var rejectIsAttributed = false

    var originalText: ((RecordInfo, ArraySlice<Cell>, ByteView) -> String)?

    init(file: String, options: IngestOptions, defaultSeriesName: String, rejects: RejectWriter) throws {
        self.options = options
        self.defaultSeriesName = defaultSeriesName
        self.rejects = rejects
        self.plan = try ColumnPlan(file: file, options: options)
        rows = FixedAddress(FileRows(manySeries: options.seriesColumn != nil, keepLines: options.duplicates == .error))
    }

    deinit { rows.free() }

    /// The input's name in messages.
    var file: String { plan.file }
    var names: [String] { plan.names }
    var xName: String? { plan.xName }
    var numbers: NumberReader { plan.numbers }

    // MARK: Header and slots

    func setHeader(_ header: [String], line: Int) throws {
        try plan.setHeader(header, line: line)
        rowValues = Array(repeating: .nan, count: plan.valueColumns.count)
    }

    func addSlot(named name: String, index: Int) {
        // JSON keys, in order of first appearance.
        plan.addSlot(named: name)
        // One entry per value column (not per key: x, series and ignored keys hold none).
        if rowValues.count < plan.valueColumns.count { rowValues.append(.nan) }
    }

    func noHeaderNames(_ count: Int) throws {
        try setHeader((1 ... max(count, 1)).map { "col\($0)" }, line: 0)
    }

    // MARK: Rows

    func consume(_ record: RecordInfo, cells: ArraySlice<Cell>, bytes: ByteView) throws {
        if !plan.headerSet { try noHeaderNames(cells.count) }
        try rows.value.requireRoom(for: 1, file: file)
        do {
            try process(record, cells, bytes)
        } catch let error as RowError {
            let cell = cells.first { $0.column == error.column }
            let location = SourceLocation(file: file, line: cell?.line ?? record.line, column: error.column)
            try reject(location, error.message, hint: error.hint, original: originalText?(record, cells, bytes) ?? "")
        }
    }

    func reject(line: Int, column: Int, reason: String, original: String?) throws {
        try reject(SourceLocation(file: file, line: line, column: column), reason, original: original ?? "")
    }

    private func reject(_ location: SourceLocation, _ reason: String, hint: String = "", original: String) throws {
        if options.onError == .fail { throw RangePipeError.badData(location, reason + hint) }
        if rejectIsAttributed { rejectIsAttributed = false } else { unattributedRejects += 1 }
        try rejects.write(location: location, reason: reason, original: original)
    }

    private func text(_ cell: Cell, _ bytes: ByteView) -> ByteView {
        bytes[cell.start ..< cell.start + cell.count]
    }

    func quoted(_ b: ByteView) -> String {
        var s = b[0 ..< min(b.count, 40)].string
        if b.count > 40 { s += "…" }
        return "\"" + s + "\""
    }

    private func process(_ record: RecordInfo, _ cells: ArraySlice<Cell>, _ bytes: ByteView) throws {
        var xCell: Cell?
        var seriesCell: Cell?
        let roles = plan.roles
        var partCells = plan.xPartCount > 0 ? [Cell?](repeating: nil, count: plan.xPartCount) : []
        var keyCells = plan.seriesPartCount > 0 ? [Cell?](repeating: nil, count: plan.seriesPartCount) : []
        for cell in cells where cell.slot < roles.count {
            switch roles[cell.slot] {
            case .x: xCell = cell
            case let .xPart(n): partCells[n] = cell
            case .series: seriesCell = cell
            case let .seriesPart(n): keyCells[n] = cell
            case .ignored, .value: break
            }
        }
        let series = keyCells.isEmpty ? try seriesFor(seriesCell, bytes) : try seriesFor(parts: keyCells, bytes)
        if plan.rowNumberX {
            if rowNumbers.count <= series { rowNumbers += repeatElement(0, count: series + 1 - rowNumbers.count) }
            rowNumbers[series] += 1
        }
        do {
            if record.rawCount < 0, cells.count != names.count {
                // CSV: every row has the header's shape.
                throw RowError(column: min(cells.count, names.count) + 1,
                               message: "expected \(names.count) fields, got \(cells.count)")
            }
            for k in rowValues.indices { rowValues[k] = .nan }
            for cell in cells where cell.slot < roles.count {
                if case let .value(index) = roles[cell.slot] {
                    rowValues[index] = try parseValue(cell, bytes, index)
                }
            }
            if plan.rowNumberX || plan.xPartCount > 0 {
                let x = plan.rowNumberX ? Double(rowNumbers[series]) : try compositeX(partCells, bytes, record)
                rows.value.append(series: series, x: x, values: rowValues, line: record.line)
                return
            }
            guard let xCell, xCell.kind != .null else {
                throw RowError(column: xCell?.column ?? 1, message: "missing x value ('\(xName ?? "x")')")
            }
            let x = try parseX(xCell, text(xCell, bytes), series)
            rows.value.append(series: series, x: x, values: rowValues, line: record.line)
        } catch {
            rejectedRows[series, default: 0] += 1
            rejectIsAttributed = true
            throw error
        }
    }

    private func parseValue(_ cell: Cell, _ bytes: ByteView, _ index: Int) throws -> Double {
        let column = plan.valueColumns[index]
        if case .text = column.state { return .nan }
        let value: CellValue
        switch cell.kind {
        case .null: value = .missing
        case .number: value = DecimalParser.parseNumber(bytes, cell.start, cell.start + cell.count).map { .number($0) } ?? .invalid
        case .text: value = numbers.parseCell(text(cell, bytes))
        case .bool, .nested: value = .invalid
        }
        switch value {
        case let .number(v):
            guard abs(v) <= Series.magnitudeLimit else {
                throw RowError(column: cell.column, message: "column '\(column.name)': \(quoted(text(cell, bytes))) is outside the values rangepipe keeps (±1e300)")
            }
            if case .undecided = column.state { plan.decide(valueColumn: index, .numeric) }
            return v
        case .missing:
            return .nan
        case .invalid:
            if cell.kind != .nested, DecimalParser.isOutOfRange(text(cell, bytes)) {
                throw RowError(column: cell.column, message: "column '\(column.name)': \(quoted(text(cell, bytes))) is outside Float64's range (±1.8e308)")
            }
            if case .undecided = column.state {
                plan.decide(valueColumn: index, .text)
                return .nan
            }
            let got = cell.kind == .nested ? "a nested value"
                : cell.kind == .bool ? text(cell, bytes).string : quoted(text(cell, bytes))
            throw RowError(column: cell.column, message: "column '\(column.name)': expected a number, got \(got)",
                           hint: cell.kind == .text ? numberHint(text(cell, bytes)) : "")
        }
    }

    /// The index of the row's series, adding it when new.
    private func seriesFor(_ cell: Cell?, _ bytes: ByteView) throws -> Int {
        guard options.seriesColumn != nil else {
            if seriesNames.isEmpty { addSeries(named: defaultSeriesName) }
            return 0
        }
        guard let cell, cell.kind != .null, cell.count > 0 else {
            throw RowError(column: cell?.column ?? 1, message: "missing series name ('\(options.seriesColumn!)')")
        }
        let key = text(cell, bytes)
        if let k = keyTable.find(key) { return k }
        guard let k = addSeries(key: key) else {
            throw RowError(column: cell.column, message: "series name " + TextEncoding.notText(key.validatedString))
        }
        return k
    }

    /// Adds the series a series cell's bytes `key` name (not in the key
    /// table yet) and returns its index; nil, adding nothing, when the
    /// bytes are no name (not UTF-8, or holding a NUL).
    func addSeries(key: ByteView) -> Int? {
        guard let name = key.validatedString, !name.holdsNUL else { return nil }
        let k = keyTable.insert(key)
        precondition(k == seriesNames.count)
        addSeries(named: name)
        return k
    }

    /// A new series with no rows, after the others.
    func addSeries(named name: String) {
        seriesNames.append(name)
    }

    private func parseX(_ cell: Cell, _ b: ByteView, _ series: Int) throws -> Double {
        if plan.axis == nil || (plan.axis == .time && plan.timeParser == nil) { try detectAxis(cell, b) }
        switch plan.axis! {
        case .time:
            let timeParser = plan.timeParser!
            if let t = timeParser.parse(b) {
                guard CivilTime.writableSeconds.contains(t) else {
                    throw RowError(column: cell.column, message: "column '\(xName ?? "x")': \(quoted(b)) is outside the times rangepipe can write (years 0000 to 9999)")
                }
                return t
            }
            let hint = numbers.parseCell(b) == .missing ? "missing x value" : "expected a time like the first row (\(timeParser.familyName)), got \(quoted(b))"
            throw RowError(column: cell.column, message: "column '\(xName ?? "x")': \(hint)")
        case .number:
            let value = cell.kind == .number ? DecimalParser.parseNumber(b, 0, b.count).map { CellValue.number($0) } ?? .invalid
                : numbers.parseCell(b)
            if case let .number(v) = value, v.isFinite {
                guard abs(v) <= Series.magnitudeLimit else {
                    throw RowError(column: cell.column, message: "column '\(xName ?? "x")': \(quoted(b)) is outside the x values rangepipe keeps (±1e300)")
                }
                return v
            }
            if value == .missing { throw RowError(column: cell.column, message: "missing x value ('\(xName ?? "x")')") }
            if DecimalParser.isOutOfRange(b) {
                throw RowError(column: cell.column, message: "column '\(xName ?? "x")': \(quoted(b)) is outside Float64's range (±1.8e308)")
            }
            throw RowError(column: cell.column, message: "column '\(xName ?? "x")': expected a number, got \(quoted(b))",
                           hint: numberHint(b))
        case .category:
            let text = b.validatedString
            guard let label = text, !label.holdsNUL else {
                throw RowError(column: cell.column, message: "column '\(xName ?? "x")': category label " + TextEncoding.notText(text))
            }
            let trimmed = label.trimmingSpaces
            if trimmed.isEmpty || trimmed.withByteView({ numbers.isNull($0, 0, $0.count) }) {
                throw RowError(column: cell.column, message: "missing x value ('\(xName ?? "x")')")
            }
            return Double(categoryLabels[series, default: CategoryLabels()].ordinal(of: trimmed))
        }
    }

    private func detectAxis(_ cell: Cell, _ b: ByteView) throws {
        if numbers.parseCell(b) == .missing {
            throw RowError(column: cell.column, message: "missing x value ('\(xName ?? "x")')")
        }
        if let parser = TimeParser.detect(b, offset: plan.timezone) {
            plan.decide(axis: .time, timeParser: parser)
        } else if plan.axis == .time {
            throw RowError(column: cell.column,
                           message: "column '\(xName ?? "x")': \(quoted(b)) is not a time in a known format (give --input-time-format)")
        } else if case .number = numbers.parseCell(b) {
            plan.decide(axis: .number, timeParser: nil)
        } else {
            plan.decide(axis: .category, timeParser: nil)
        }
    }

    // MARK: Capacity

    /// Sizes every column once for `rows` rows in all (with a margin):
    /// columns then fill without the copies and page faults of doubling,
    /// and a split's second half is appended in place. Capacity is only
    /// address space until rows are written, so a generous estimate costs
    /// no memory.
    func expectRows(_ rows: Int) {
        let room = Int(Double(rows) * 1.1)
        if room >= Self.smallestReservation { self.rows.value.reserve(room) }
    }

    /// Below this many expected rows the columns are not reserved.
    static let smallestReservation = 4096
}
