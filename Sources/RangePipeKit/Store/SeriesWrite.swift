/// What one `SeriesStore.write` did: the series' listing as stored, and
/// the source (a `source` row id) of the series it replaced, when there was
/// one and it had a recorded source.
public struct SeriesWrite: Sendable {
    public var info: SeriesInfo
    public var replacedSource: Int64?
}
