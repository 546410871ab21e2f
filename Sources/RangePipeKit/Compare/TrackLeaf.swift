/// A scalar of a frame with its path (`window.max`, `values[2].y`,
/// `annotation_label`), as ranges into its `TrackRecord`'s storage.
struct TrackLeaf: Sendable {
    /// The path's bytes in `TrackRecord.paths`.
    var path: Range<Int>
    /// The value's bytes in `TrackRecord.text`: a number's token as written,
    /// a string's unescaped content; empty for the other kinds.
    var text: Range<Int>
    var value: TrackValue
}
