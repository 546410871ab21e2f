extension Ingestor {
    /// More than 1% of a file's rows dropped as duplicates (any policy but
    /// `keep`): the count, and the text column that would tell the rows
    /// apart — from the sample, or else from a second read of the file.
    func collapse(_ builder: TableBuilder, _ report: FileReport, _ options: IngestOptions,
                  _ format: InputFormat) -> FileReport.Collapse? {
        let totals = builder.totals
        let rows = totals.rowsRead - totals.rowsRejected
        guard options.duplicates != .keep, totals.duplicatesDropped * 100 > rows else { return nil }
        let x = builder.xName ?? "x"
        var column = report.sampleRepeats?.seriesColumn
        let candidates = builder.textColumns.filter { $0 != options.seriesColumn }
        // Only a regular file is read twice: a FIFO, pipe or device gives
        // its bytes once (opening it again would wait for a new writer).
        let observations = report.sampleRepeats?.repeatsObservations ?? false
        if column == nil, !observations, report.file != "-", !candidates.isEmpty, Platform.status(report.file)?.kind == .regular {
            let probe = LongFormatProbe(x: x, series: options.seriesColumn, candidates: candidates, names: builder.names)
            // Best effort: the file parsed once already; a failure only loses the hint.
            if let source = try? InputSource(path: report.file), (try? Self.reader(format, options)(source, probe)) != nil {
                column = probe.bestColumn
            }
        }
        return FileReport.Collapse(rows: rows, dropped: totals.duplicatesDropped, xColumn: x,
                                   policy: options.duplicates, seriesColumn: column, repeatsObservations: observations)
    }
}
