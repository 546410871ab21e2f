extension IngestReport {
    /// Series this ingest replaced that other files had written: one per
    /// set of earlier files, in the order the store was written (names in
    /// byte order).
    public struct Replacement: Sendable, Equatable {
        /// The files the replaced series came from (canonical paths; `-`
        /// is standard input).
        public var files: [String]
        public var count: Int
        /// The first `Replacement.namesKept` replaced series' names.
        public var names: [String]

        /// How many names a report keeps: enough to recognise the series.
        public static let namesKept = 10
    }
}
