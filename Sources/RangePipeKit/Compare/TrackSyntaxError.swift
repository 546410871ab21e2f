/// Malformed text in a track: what was wrong and where in the line (a
/// 0-based byte offset; CSV reports the field instead). The reader turns
/// it into `RangePipeError.badData` with the file and line.
struct TrackSyntaxError: Error, Sendable, Equatable {
    var offset: Int
    var message: String
}
