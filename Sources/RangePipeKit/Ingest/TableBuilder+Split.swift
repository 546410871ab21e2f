/// Splitting one CSV or NDJSON file across the two cores: the second half
/// of the file is read by a fork of the builder, which the first half's
/// builder absorbs when both are done (see `FileSplit`).
extension TableBuilder {
    /// A builder for a later part of the same file, decided exactly as this
    /// one is (header, roles, axis, time format, value columns) and with no
    /// rows; nil until the bulk path is ready. It never writes rejects:
    /// any bad row makes it fail, and the first half then reads the rest.
    func fork() -> TableBuilder? {
        guard fastPlan != nil, plan.axis != .category else { return nil }
        var strict = options
        strict.onError = .fail
        guard let copy = try? TableBuilder(file: file, options: strict, defaultSeriesName: defaultSeriesName,
                                           rejects: RejectWriter(discarding: ())) else { return nil }
        copy.plan = plan
        copy.rowValues = rowValues
        copy.fastPlan = fastPlan
        copy.rowEstimate = rowEstimate.map { (0, $0.shares) }
        copy.forkedPlan = plan
        return copy
    }

    /// False when a fork, while reading, decided something its original
    /// had left open (a new key, a column's type): joining it could then
    /// differ from one sequential pass.
    ///
    /// A fork that met a new key, or typed a column left undecided, would
    /// have decided it without the rows before the split.
    var keptForkDecisions: Bool {
        guard let forkedPlan else { return true }
        return plan.names.count == forkedPlan.names.count
            && plan.valueColumns.map(\.state) == forkedPlan.valueColumns.map(\.state)
    }

    /// Appends the rows a fork read after this builder's last row; the
    /// fork's line numbers start at 1, so `lineOffset` makes them absolute.
    /// Series keep the order of their first row in the file.
    /// - Complexity: O(rows of the fork).
    func absorb(_ later: TableBuilder, lineOffset: Int) {
        for accumulator in later.order {
            if let lines = accumulator.lines {
                accumulator.lines = lines.map { $0 + Int32(truncatingIfNeeded: lineOffset) }
            }
            // Looked up in this half's key table (no String hashing:
            // a fleet of 10^6 series is absorbed in one cheap pass).
            let key = accumulator.name
            let known = options.seriesColumn == nil ? (order.isEmpty ? nil : 0) : key.withByteView { keyTable.find($0) }
            guard let known else {
                key.withByteView { _ = keyTable.insert($0) }
                order.append(accumulator)
                if options.seriesColumn == nil { lastAccumulator = accumulator }
                continue
            }
            order[known].absorb(accumulator)
        }
        later.order = []
        later.orderHandles = []
    }
}

extension SeriesAccumulator {
    /// Moves `later`'s rows after this one's, leaving `later` empty. Each
    /// column is reallocated at its final size once, so the merge never
    /// holds a doubled array.
    func absorb(_ later: SeriesAccumulator) {
        let mine = x.count, theirs = later.x.count
        if x.capacity >= mine + theirs, columns.count >= later.columns.count,
           columns.allSatisfy({ $0.capacity >= mine + theirs }), lines.map({ $0.capacity >= mine + theirs }) ?? true {
            // Reserved for the whole file: append in place, no copy of the first half.
            x.append(contentsOf: later.x)
            later.x = []
            for k in columns.indices {
                if k < later.columns.count {
                    columns[k].append(contentsOf: later.columns[k])
                } else {
                    columns[k].append(contentsOf: repeatElement(.nan, count: theirs))
                }
            }
            later.columns = []
            if lines != nil, let more = later.lines { lines!.append(contentsOf: more) }
            rowsRead += later.rowsRead
            rowsRejected += later.rowsRejected
            return
        }
        x = Self.joined(x, later.x)
        later.x = []
        var merged: [[Double]] = []
        for k in 0 ..< max(columns.count, later.columns.count) {
            let head = k < columns.count ? columns[k] : [Double](repeating: .nan, count: mine)
            let tail = k < later.columns.count ? later.columns[k] : [Double](repeating: .nan, count: theirs)
            if k < columns.count { columns[k] = [] }
            merged.append(Self.joined(head, tail))
        }
        columns = merged
        later.columns = []
        if let lines, let more = later.lines { self.lines = Self.joined(lines, more) }
        rowsRead += later.rowsRead
        rowsRejected += later.rowsRejected
    }

    private static func joined<T>(_ a: [T], _ b: [T]) -> [T] {
        var out: [T] = []
        out.reserveCapacity(a.count + b.count)
        out.append(contentsOf: a)
        out.append(contentsOf: b)
        return out
    }
}
