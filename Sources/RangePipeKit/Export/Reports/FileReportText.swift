/// How the ingest summary and `inspect` describe what was sniffed and
/// chosen for a file, and the warning for rows that collapsed.
public enum FileReportText {
    /// `x: datetime (time, 2010-03-24 09:51:00 ISO-8601 pattern) — the only column of times`
    public static func xLine(_ x: XChoice, reading: String? = nil) -> String {
        var kind = x.isRowNumber ? "number" : "?"
        if let reading {
            kind = reading
        } else if let p = x.profile {
            switch p.kind {
            case .time:
                let example = p.example.map { "\($0) " } ?? ""
                kind = "time, \(example)\(p.time.map(shortFamily) ?? "") pattern"
            case .number: kind = "number"
            case .text: kind = "category"
            case .empty: kind = "empty"
            }
        }
        return "x: \(x.column) (\(kind)) — \(x.reason)"
    }

    /// "ISO-8601" rather than the parser's longer "ISO-8601 (2004-01-02T03:04:05Z)".
    static func shortFamily(_ shape: TimeShape) -> String {
        shape.family.split(separator: " (").first.map(String.init) ?? shape.family
    }

    /// The dialect when it differs from plain comma-separated text with a header.
    public static func dialectLine(_ report: FileReport) -> String? {
        guard let sample = report.sample, report.format == .csv || report.format == .tsv else { return nil }
        var parts: [String] = []
        let usual: UInt8 = report.format == .tsv ? 0x09 : 0x2c
        if sample.delimiter != usual { parts.append("delimiter \(character(sample.delimiter))") }
        if sample.quote != 0x22 { parts.append("quote \(character(sample.quote))") }
        if !sample.hasHeader { parts.append("no header") }
        if sample.skippedRecords > 0, let line = sample.headerLine {
            parts.append("the header on line \(line) (\(line - 1) \(line == 2 ? "line" : "lines") above it skipped)")
        }
        if sample.rowNames {
            parts.append("an unnamed first column of row names (the header is one name short), not a value field")
        } else if sample.rowNamesColumn != nil, let name = sample.names.first {
            parts.append("a first column of row names ('\(name)'), not a value field")
        }
        if report.decimalComma { parts.append("decimal comma") }
        if report.thousands { parts.append("thousands separators") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    static func character(_ b: UInt8) -> String {
        b == 0x09 ? "'\\t'" : "'\(Character(UnicodeScalar(b)))'"
    }

    /// `12,149 of 12,154 rows repeat an x …; the file looks long-format: try --series-column Ticker`
    public static func warning(_ report: FileReport) -> String? {
        guard let c = report.collapse else { return nil }
        var text = "\(report.file): \(grouped(c.dropped)) of \(grouped(c.rows)) rows repeat an x ('\(c.xColumn)') "
            + "and were dropped (--duplicates \(c.policy.rawValue)); "
        if c.repeatsObservations {
            text += "in the sample, rows that repeat an x repeat its numbers too (they differ only in text), "
                + "so each x is one point; --duplicates keep keeps every row"
        } else if let column = c.seriesColumn {
            text += "the file looks long-format: try --series-column \(ShellWords.quote(column))"
        } else {
            text += "if the file is long-format, name its series column with --series-column; --duplicates keep keeps every row"
        }
        return text
    }

    /// `252 columns of numbers and 36 rows: …; add --layout rows --series-column col1`
    public static func rowLayoutWarning(_ report: FileReport) -> String? {
        guard let hint = report.rowLayout else { return nil }
        return "\(report.file): " + hint.advice
    }

    /// Two columns split a long file as well: the one taken and the flags for the other.
    public static func longFormatWarning(_ report: FileReport) -> String? {
        report.longFormatAmbiguity.map { "\(report.file): \($0)" }
    }

    /// 12149 → "12,149".
    public static func grouped(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        var out = ""
        for (k, d) in digits.enumerated() {
            if k > 0, (digits.count - k) % 3 == 0 { out += "," }
            out.append(d)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// The long-format split the sniffer chose, with the flags that name it.
    public static func longFormatLine(_ report: FileReport) -> String? {
        guard let series = report.longFormat, let x = report.x else { return nil }
        return "long format: one series per '\(series)' (as --series-column \(ShellWords.quote(series)) --x \(ShellWords.quote(x.column)))"
    }

    /// The lines the ingest summary adds per file (x choice, dialect), to
    /// be escaped as lines (`escapedLines`).
    public static func summaryLines(_ report: FileReport) -> [String] {
        var lines: [String] = []
        if let dialect = dialectLine(report) { lines.append("\(report.file): read with \(dialect)") }
        if let x = report.x { lines.append("\(report.file): \(xLine(x, reading: report.xReading))") }
        if let line = longFormatLine(report) { lines.append("\(report.file): \(line)") }
        return lines
    }

    /// One JSON object per file for `--json`.
    public static func json(_ report: FileReport) -> String {
        var s = "{\"file\":\(JSONText.string(report.file)),\"format\":\"\(report.format.rawValue)\""
        if let sample = report.sample, report.format == .csv || report.format == .tsv {
            s += ",\"delimiter\":\(JSONText.string(String(UnicodeScalar(sample.delimiter))))"
            s += ",\"quote\":\(JSONText.string(String(UnicodeScalar(sample.quote)))),\"header\":\(sample.hasHeader)"
            s += ",\"decimal_comma\":\(report.decimalComma),\"thousands\":\(report.thousands)"
            if sample.skippedRecords > 0, let line = sample.headerLine { s += ",\"header_line\":\(line)" }
            if sample.rowNamesColumn != nil || sample.rowNames { s += ",\"row_names\":true" }
        }
        if let x = report.x {
            s += ",\"x\":{\"column\":\(JSONText.string(x.column)),\"reason\":\(JSONText.string(x.reason))"
            if let p = x.profile {
                s += ",\"kind\":\"\(p.kind.rawValue)\""
                if let t = p.time { s += ",\"time_format\":\(JSONText.string(shortFamily(t)))" }
                if let e = p.example { s += ",\"example\":\(JSONText.string(e))" }
            }
            s += "}"
        }
        if let pattern = report.timePattern {
            s += ",\"input_time_format\":\(JSONText.string(pattern))"
        }
        if let series = report.longFormat {
            s += ",\"long_format\":{\"series_column\":\(JSONText.string(series))}"
        }
        if let c = report.collapse {
            s += ",\"collapse\":{\"rows\":\(c.rows),\"duplicates_dropped\":\(c.dropped),\"x\":\(JSONText.string(c.xColumn))"
            s += ",\"series_column\":\(c.seriesColumn.map(JSONText.string) ?? "null")"
            s += ",\"message\":\(JSONText.string(warning(report) ?? ""))}"
        }
        return s + "}"
    }
}
