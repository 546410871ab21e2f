/// `--axis`: the x axis kind, or detection.
public enum AxisChoice: String, Sendable, CaseIterable {
    case auto, time, category, number
}

/// `--layout`: how a file lays its series out.
public enum InputLayout: String, Sendable, CaseIterable {
    /// Columns are fields over x (the usual table; long format by `--series-column`).
    case columns
    /// Each row is one series over its columns, x its values' positions
    /// from 1 (UCR/UEA classification sets; see `RowLayoutReader`).
    case rows
}

/// `--on-error`.
public enum ErrorPolicy: String, Sendable, CaseIterable {
    case fail, skip
}

/// `--mode`: what happens to a series that is already in the store.
public enum WriteMode: String, Sendable, CaseIterable {
    case replace, append
}

/// Everything that shapes how input files become series (SPEC 1.1).
public struct IngestOptions: Sendable {
    public var format: InputFormat = .auto
    public var xColumn: String?
    public var yColumns: [String]?
    public var seriesColumn: String?
    public var seriesName: String?
    public var splitFields = false
    /// `--layout rows`: each row is one series (see `RowLayoutReader`).
    public var layout: InputLayout = .columns
    public var axis: AxisChoice = .auto
    public var timeFormat: TimeFormat = .auto
    public var timezone: UTCOffset = .utc
    public var delimiter: UInt8?
    /// The CSV quote character (sniffed: `"` or `'`).
    public var quote: UInt8 = 0x22
    /// Whether the first CSV row names the columns; nil: sniffed (see `Sniffer`).
    public var header: Bool?
    public var hasHeader: Bool { header ?? true }
    /// Records before the header (a title or metadata lines; sniffed).
    public var skipRecords = 0
    /// The header is one name short: the first field of every row is an
    /// unnamed row name, as R's `write.csv` writes it (sniffed).
    public var rowNames = false
    /// The header ends in an empty name the rows have no field for (sniffed).
    public var trailingEmptyName = false
    /// The first column holds row names (`RowNames`, sniffed): never a value field.
    public var rowNamesColumn = false
    /// `1,5` is one and a half (`--decimal-comma`, or sniffed for `;` files).
    public var decimalComma = false
    /// `1,234.5`: commas group thousands (sniffed when unambiguous).
    public var thousands = false
    /// Missing-value markers added to the defaults (`--null`, repeatable).
    public var nulls: [String] = []
    /// Sniff the dialect and choose x from a sample before parsing (CSV/TSV).
    public var sniff = true
    /// Why x is the column it is, when the sniffer chose it (for messages).
    public var xChoice: XChoice?
    public var onError: ErrorPolicy = .fail
    public var rejectsPath: String?
    public var mode: WriteMode = .replace
    public var duplicates: DuplicatePolicy = .last
    /// `--jobs`: the pieces one large plain file is read in at once
    /// (default: the cores this process may use, at most `maxJobs`). The
    /// result is the same for any value.
    public var jobs = min(Platform.usableCores, IngestOptions.maxJobs)
    /// The most `--jobs` accepts.
    public static let maxJobs = 64

    /// The defaults: format, axis and time format sniffed, header sniffed, `--on-error fail`, replace mode, last duplicate kept.
    public init() {}
}
