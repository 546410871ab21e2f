/// Renders the ingest summary: text for stderr, or one JSON object (`--json`).
package enum IngestSummary {
    /// The summary as one JSON object (`ingest --json`).
    package static func json(_ report: IngestReport, time: TimeOutputFormat = .iso8601) -> String {
        let entries = report.series.map { entry -> String in
            let info = entry.info
            var s = "{\"name\":\(JSONText.string(info.name)),\"axis\":\"\(info.axis.rawValue)\""
            s += ",\"rows_read\":\(entry.stats.rowsRead),\"rows_kept\":\(entry.stats.rowsRead - entry.stats.rowsRejected)"
            s += ",\"rows_rejected\":\(entry.stats.rowsRejected),\"duplicates_dropped\":\(entry.stats.duplicatesDropped)"
            s += ",\"points\":\(info.points)"
            s += ",\"x\":{\"min\":\(info.axis.jsonX(info.xMin, time: time)),\"max\":\(info.axis.jsonX(info.xMax, time: time))}"
            s += ",\"y\":{" + info.fields.map {
                "\(JSONText.string($0.name)):{\"min\":\(JSONText.number($0.min)),\"max\":\(JSONText.number($0.max)),\"missing\":\($0.missing)}"
            }.joined(separator: ",") + "}}"
            return s
        }
        let rejected = report.unattributedRejects + report.series.rowsRejectedTotal
        let seconds = (report.seconds * 1000).rounded() / 1000
        let files = report.files.map(FileReportText.json).joined(separator: ",")
        let replaced = report.replaced.map {
            "{\"from\":[" + $0.files.map(JSONText.string).joined(separator: ",") + "],\"series\":\($0.count),\"names\":["
                + $0.names.map(JSONText.string).joined(separator: ",") + "]}"
        }.joined(separator: ",")
        return "{\"series\":[" + entries.joined(separator: ",") + "],\"rows_rejected\":\(rejected),\"seconds\":\(JSONText.number(seconds))"
            + ",\"files\":[\(files)],\"replaced\":[\(replaced)]}"
    }

    /// Series listed by the text summary before it only counts the rest.
    package static let textRows = 50

    /// The summary for people: series, points, ranges, what was sniffed.
    package static func text(_ report: IngestReport) -> String {
        var rows: [[String]] = [["SERIES", "AXIS", "READ", "KEPT", "REJECTED", "DUPLICATES", "POINTS", "X RANGE", "Y RANGE"]]
        // A fleet of 10^5 series is no table to read on a terminal: the
        // first rows, then a count (`--json` and `series` list them all).
        for entry in report.series.prefix(textRows) {
            let info = entry.info
            let x = "\(info.axis.textX(info.xMin, time: .iso8601)) … \(info.axis.textX(info.xMax, time: .iso8601))"
            let y = info.fields.map { "\($0.name) \(JSONText.number($0.min))…\(JSONText.number($0.max))" }.joined(separator: "; ")
            rows.append([info.name, info.axis.rawValue, String(entry.stats.rowsRead),
                         String(entry.stats.rowsRead - entry.stats.rowsRejected), String(entry.stats.rowsRejected),
                         String(entry.stats.duplicatesDropped), String(info.points), x, y])
        }
        var lines: [String] = []
        if report.series.count > textRows {
            lines.append("… and \(report.series.count - textRows) more series (--json or `rangepipe series` lists them all)")
        }
        for file in report.files { lines += FileReportText.summaryLines(file) }
        if report.unattributedRejects > 0 {
            lines.append("\(report.unattributedRejects) rejected rows named no series")
        }
        let ms = Int((report.seconds * 1000).rounded())
        lines.append("ingested \(report.series.count) series in \(ms) ms")
        return TextTable.render(rows) + lines.escapedLines
    }

    /// Collapse warnings and series replaced that came from other files,
    /// one `rangepipe: warning:` line each (for `writeMessage`): printed on
    /// stderr even with `--quiet` or `--json`.
    package static func warnings(_ report: IngestReport) -> [String] {
        let files = report.files.flatMap {
            [FileReportText.longFormatWarning($0), FileReportText.warning($0), FileReportText.rowLayoutWarning($0)].compactMap { $0 }
        }
        return (files + report.replaced.map(replacementWarning)).map { "rangepipe: warning: \($0)" }
    }

    /// "replaced 5 series that another file wrote (/d/firms.csv): 1, 2, …"
    static func replacementWarning(_ r: IngestReport.Replacement) -> String {
        let from = r.files.map { $0 == "-" ? "standard input" : $0 }.joined(separator: ", ")
        let shown = r.names.prefix(5).joined(separator: ", ") + (r.count > 5 ? " and \(r.count - 5) more" : "")
        return "replaced \(r.count) series that another file wrote (\(from)): \(shown); "
            + "--mode append adds rows to them instead, another --store keeps both"
    }
}
