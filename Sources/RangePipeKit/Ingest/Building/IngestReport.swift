/// The result of one ingest, for the summary.
public struct IngestReport: Sendable {
    /// Every series written, in order of first appearance in the input.
    public var series: Entries
    /// Rejected rows that could not be tied to a series (bad series cell, JSON syntax).
    public var unattributedRejects: Int
    public var seconds: Double
    /// Per input file: the sniffed dialect, the x choice, collapse warnings.
    public var files: [FileReport] = []
    /// Series replaced that came from other files (`--mode replace`).
    public var replaced: [Replacement] = []

    /// One series written: its listing as stored, and its row counts.
    public struct Entry: Sendable {
        public var info: SeriesInfo
        public var stats: IngestedSeries.Stats
    }
}
