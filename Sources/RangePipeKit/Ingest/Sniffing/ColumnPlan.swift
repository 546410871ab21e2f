/// What the columns of one input file are and how each is read: the x,
/// series and value columns, the axis and time format, the number style
/// and missing-value markers. The rules from the options are fixed when
/// the plan is made; the layout is filled in by the header (or by JSON
/// keys as they first appear) and each open choice is settled once, by
/// the first value that decides it — only through the mutating methods
/// below. A `TableBuilder` holds one plan, and a fork copies it whole.
struct ColumnPlan {
    /// The part a column plays in a row.
    enum Role: Equatable {
        /// `.xPart(n)`: the n-th part of a time written over several columns (`CompositeTime`);
        /// `.seriesPart(n)`: the n-th column of a series key over several (`--series-column a,b`).
        case x, xPart(Int), series, seriesPart(Int), value(Int), ignored
    }

    /// How far a value column's type is decided.
    enum ColumnState: Equatable {
        /// Named by `--y`, or shown numeric by its first non-missing value.
        case numeric
        /// Default `--y`: nothing but missing values so far.
        case undecided
        /// Default `--y`: its first non-missing value was text; not a field.
        case text
    }

    /// One value column: its name and how far its type is decided.
    struct ValueColumn {
        var name: String
        var state: ColumnState
        /// Named by `--y` (kept even when it holds no number).
        var explicit: Bool
    }

    // MARK: Rules (fixed)

    /// The input's name in messages.
    let file: String
    /// `--series-column`: one series per distinct value of this column.
    let seriesColumn: String?
    /// `--x`, or the sniffer's choice; nil takes the first column.
    let xColumn: String?
    /// `--y`; nil makes every other column a candidate value column.
    let yColumns: [String]?
    /// Whether the input has a header row (else `--x 2` may name column 2).
    let hasHeader: Bool
    /// The zone for times written without one.
    let timezone: UTCOffset
    /// Decimal comma, thousands and `--null` markers (general path only).
    let numbers: NumberReader
    /// The header is one name short of the rows: the first field is an unnamed row name.
    let rowNames: Bool
    /// The header ends in an empty name the rows have no field for: it is dropped.
    let trailingEmptyName: Bool
    /// The first column holds row names: not a value field unless `--y` names it.
    let rowNamesColumn: Bool
    /// x is each row's number within its series (`--x '(row number)'` naming no column).
    private(set) var rowNumberX = false
    /// The parts of a time written over several columns (`--x year,quarter`); 0 for one x column.
    private(set) var xPartCount = 0
    /// The columns of a series key over several (`--series-column state,gender`); 0 for one.
    private(set) var seriesPartCount = 0

    // MARK: Layout and decisions (settled as the input is read)

    /// Column names: the header, `col1…` without one, or JSON keys in order of first appearance.
    private(set) var names: [String] = []
    /// The role of each column in `names`.
    private(set) var roles: [Role] = []
    /// True once the header (or the first JSON key) is known.
    private(set) var headerSet = false
    private(set) var xName: String?
    private(set) var valueColumns: [ValueColumn] = []
    /// Nil until given or detected from the first x value.
    private(set) var axis: Axis?
    /// The time format of a time axis, once given or detected.
    private(set) var timeParser: TimeParser?

    /// A plan for `file` under `options`, with the axis decided up front
    /// when `--axis` or `--input-time-format` say enough.
    /// - Throws: `.usage` for `--input-time-format` with a number or category axis.
    init(file: String, options: IngestOptions) throws {
        self.file = file
        seriesColumn = options.seriesColumn
        xColumn = options.xColumn
        yColumns = options.yColumns
        hasHeader = options.hasHeader
        timezone = options.timezone
        numbers = NumberReader(options: options)
        rowNames = options.rowNames
        trailingEmptyName = options.trailingEmptyName
        rowNamesColumn = options.rowNamesColumn
        switch (options.axis, options.timeFormat) {
        case (.number, .auto): axis = .number
        case (.category, .auto): axis = .category
        case (.number, _), (.category, _):
            throw RangePipeError.usage("--input-time-format applies only to a time axis")
        case (.auto, .auto), (.time, .auto):
            if options.axis == .time { axis = .time } // parser detected from the first value
        case (_, let format):
            axis = .time
            timeParser = try TimeParser(format: format, offset: options.timezone)
        }
    }

    /// Assigns every column its role from the header row (CSV/TSV): a name
    /// seen before gets a suffix (`ISE`, `ISE.2`), and an R row-name
    /// column (`rowNames`) an empty name before the others.
    /// - Throws: `.badData` for an unknown column name, `.usage`
    ///   when `--x`, `--y` and `--series-column` overlap.
    mutating func setHeader(_ written: [String], line: Int) throws {
        headerSet = true
        let header = HeaderNames.names(written, rowNames: rowNames, trailingEmpty: trailingEmptyName, rowNamesColumn: rowNamesColumn)
        names = header
        let file = self.file, hasHeader = self.hasHeader
        func locate(_ wanted: String, _ flag: String) throws -> Int {
            if let k = header.firstIndex(of: wanted) { return k }
            if !hasHeader, let k = Int(wanted), k >= 1, k <= header.count { return k - 1 }
            throw RangePipeError.badData(SourceLocation(file: file, line: line, column: 1),
                                         "\(flag) \(wanted): no such column (columns: \(header.joined(separator: ", ")))")
        }
        // `--series-column a,b`: a key over several columns, unless one column has that name.
        let seriesParts = try seriesColumn.map { wanted -> [Int] in
            guard let parts = SeriesKeyParts.names(wanted), !header.contains(wanted) else { return [try locate(wanted, "--series-column")] }
            var found: [Int] = []
            for part in parts {
                let k = try locate(part, "--series-column")
                guard !found.contains(k) else { throw RangePipeError.usage("--series-column \(wanted): '\(part)' is named twice") }
                found.append(k)
            }
            return found
        } ?? []
        let seriesIndex = seriesParts.count == 1 ? seriesParts[0] : nil
        var xParts: [Int] = []
        if xColumn == XChoice.rowNumber, !header.contains(XChoice.rowNumber) {
            rowNumberX = true
            axis = .number
            timeParser = nil
            xName = XChoice.rowNumber
        } else if let wanted = xColumn, let composite = CompositeTime.named(wanted, in: header) {
            if timeParser == nil {
                guard let pattern = composite.pattern else {
                    throw RangePipeError.usage("--x \(wanted): no time pattern for these parts (their names are not year, quarter, "
                                               + "month, day, hour); give --input-time-format for the parts joined by spaces, e.g. '%Y %m'")
                }
                timeParser = try TimeParser(format: .pattern(pattern), offset: timezone)
            }
            axis = .time
            xParts = composite.parts
            xName = composite.name
        } else {
            let xIndex: Int
            if let wanted = xColumn {
                xIndex = try locate(wanted, "--x")
            } else {
                guard let first = header.indices.first(where: { !seriesParts.contains($0) }) else {
                    throw RangePipeError.badData(SourceLocation(file: file, line: line, column: 1), "no column left for x")
                }
                xIndex = first
            }
            xParts = [xIndex]
            xName = header[xIndex]
        }
        if seriesParts.contains(where: xParts.contains) {
            throw RangePipeError.usage("--x and --series-column name the same column")
        }
        roles = Array(repeating: .ignored, count: header.count)
        if xParts.count == 1 { roles[xParts[0]] = .x } else { for (n, k) in xParts.enumerated() { roles[k] = .xPart(n) } }
        if let seriesIndex { roles[seriesIndex] = .series } else { for (n, k) in seriesParts.enumerated() { roles[k] = .seriesPart(n) } }
        seriesPartCount = seriesParts.count > 1 ? seriesParts.count : 0
        if let ys = yColumns {
            for y in ys {
                let k = try locate(y, "--y")
                guard roles[k] == .ignored else {
                    throw RangePipeError.usage("--y \(y): that column is already the x or series column")
                }
                roles[k] = .value(valueColumns.count)
                valueColumns.append(ValueColumn(name: header[k], state: .numeric, explicit: true))
            }
        } else {
            for k in header.indices where roles[k] == .ignored && !(k == 0 && rowNamesColumn) {
                roles[k] = .value(valueColumns.count)
                valueColumns.append(ValueColumn(name: header[k], state: .undecided, explicit: false))
            }
        }
        xPartCount = xParts.count > 1 ? xParts.count : 0
    }

    /// Adds a JSON key, seen for the first time, as the next column.
    mutating func addSlot(named name: String) {
        headerSet = true
        names.append(name)
        if xColumn == XChoice.rowNumber, !rowNumberX {
            rowNumberX = true
            axis = .number
            timeParser = nil
            xName = XChoice.rowNumber
        }
        let role: Role
        let seriesParts = seriesColumn.flatMap(SeriesKeyParts.names)
        if name == seriesColumn {
            role = .series
        } else if let n = seriesParts?.firstIndex(of: name) {
            role = .seriesPart(n)
            seriesPartCount = seriesParts!.count
        } else if xColumn.map({ $0 == name }) ?? (xName == nil) {
            role = .x
            xName = name
        } else if let n = compositeXPart(name) {
            role = .xPart(n)
        } else if let ys = yColumns {
            if ys.contains(name) {
                role = .value(valueColumns.count)
                valueColumns.append(ValueColumn(name: name, state: .numeric, explicit: true))
            } else {
                role = .ignored
            }
        } else {
            role = .value(valueColumns.count)
            valueColumns.append(ValueColumn(name: name, state: .undecided, explicit: false))
        }
        roles.append(role)
    }

    /// A JSON key that is part `n` of a time over several keys (`--x
    /// year,quarter`, or the sniffer's choice): the first part seen sets
    /// the time up as `setHeader` does for a CSV header; a record missing a
    /// part is then a located "missing x value" of that part.
    private mutating func compositeXPart(_ name: String) -> Int? {
        guard let wanted = xColumn, let parts = SeriesKeyParts.names(wanted), let n = parts.firstIndex(of: name),
              let composite = CompositeTime.named(wanted, in: parts) else { return nil }
        if xPartCount == 0 {
            xPartCount = parts.count
            xName = composite.name
            axis = .time
            if timeParser == nil, let pattern = composite.pattern {
                timeParser = try? TimeParser(format: .pattern(pattern), offset: timezone)
            }
        }
        return n
    }

    /// Settles an undecided value column by its first non-missing value.
    mutating func decide(valueColumn index: Int, _ state: ColumnState) {
        valueColumns[index].state = state
    }

    /// Settles the axis (and a time axis' format) by the first x value.
    mutating func decide(axis: Axis, timeParser: TimeParser?) {
        self.axis = axis
        if let timeParser { self.timeParser = timeParser }
    }

    /// Column names that hold text (the candidates for a series column).
    var textColumns: [String] {
        names.indices.filter { k in
            switch roles[k] {
            case .ignored: return true
            case let .value(v): return valueColumns[v].state == .text
            case .x, .xPart, .series, .seriesPart: return false
            }
        }.map { names[$0] }
    }
}
