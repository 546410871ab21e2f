/// What a store write computes from every value of a series: its content
/// hash (`Series.contentHashWords`) and its listing (`SeriesInfo`, the field
/// ranges). Made apart from the write, it can be made on another thread
/// while the store writes the series before (`ingest --jobs`).
public struct SeriesDigest: Sendable {
    public var hash: (hi: UInt64, lo: UInt64)
    public var info: SeriesInfo

    /// The digest of `series`.
    /// - Complexity: O(points × (fields + 1)).
    public init(_ series: Series) {
        hash = series.contentHashWords
        info = SeriesInfo(series)
    }
}
