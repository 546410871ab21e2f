/// Splitting one CSV or NDJSON file across cores: each later piece of the
/// file is read by a fork of the builder, which the builder of the pieces
/// before it absorbs when both are done (see `FileSplit`).
extension TableBuilder: SplittableSink {
    func forkForSplit() -> (any SplittableSink)? { fork() }

    var bytesPerRow: Int { rows.value.bytesPerRow }

    func absorbSplit(_ later: any SplittableSink, lineOffset: Int) {
        // A fork is made by `fork()`, so it is a table builder too.
        absorb(later as! TableBuilder, lineOffset: lineOffset)
    }

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
        // The fork's series looked up in this half's key table (no String
        // hashing: a fleet of 10^6 series is renumbered in one cheap pass).
        var seriesMap: [Int32] = []
        seriesMap.reserveCapacity(later.seriesNames.count)
        for name in later.seriesNames {
            let known = options.seriesColumn == nil ? (seriesNames.isEmpty ? nil : 0) : name.withByteView { keyTable.find($0) }
            if let known {
                seriesMap.append(Int32(known))
                continue
            }
            if options.seriesColumn != nil { name.withByteView { _ = keyTable.insert($0) } }
            seriesMap.append(Int32(seriesNames.count))
            addSeries(named: name)
        }
        rows.value.absorb(later.rows.value, seriesMap: seriesMap, lineOffset: lineOffset)
        later.rows.value = FileRows(manySeries: false, keepLines: false)
        later.seriesNames = []
    }
}
