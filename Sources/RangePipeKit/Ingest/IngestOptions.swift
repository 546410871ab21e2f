/// Input formats `ingest` reads.
public enum InputFormat: String, Sendable, CaseIterable {
    case auto, csv, tsv, ndjson, json
}

/// `--axis`: the x axis kind, or detection.
public enum AxisChoice: String, Sendable, CaseIterable {
    case auto, time, category, number
}

/// `--on-error`.
public enum ErrorPolicy: String, Sendable, CaseIterable {
    case fail, skip
}

/// `--mode`: what happens to a series that is already in the store.
public enum WriteMode: String, Sendable, CaseIterable {
    case replace, append
}

/// `--duplicates`: the same x twice in one series.
public enum DuplicatePolicy: String, Sendable, CaseIterable {
    case last, first, error, keep
}

/// Everything that shapes how input files become series (SPEC 1.1).
public struct IngestOptions: Sendable {
    public var format: InputFormat = .auto
    public var xColumn: String?
    public var yColumns: [String]?
    public var seriesColumn: String?
    public var seriesName: String?
    public var splitFields = false
    public var axis: AxisChoice = .auto
    public var timeFormat: TimeFormat = .auto
    public var timezone: UTCOffset = .utc
    public var delimiter: UInt8?
    public var hasHeader = true
    public var onError: ErrorPolicy = .fail
    public var rejectsPath: String?
    public var mode: WriteMode = .replace
    public var duplicates: DuplicatePolicy = .last

    public init() {}
}
