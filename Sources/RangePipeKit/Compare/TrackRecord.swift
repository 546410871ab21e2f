/// One frame of a track, flattened to its leaves. Parsers refill one
/// record per line, keeping its arrays' capacity, so a file of any length
/// is read with the memory of its longest frame.
struct TrackRecord: Sendable {
    /// The `series` value's bytes (the pairing key, not a leaf).
    var series: [UInt8] = []
    var leaves: [TrackLeaf] = []
    /// Every leaf's path, back to back.
    var paths: [UInt8] = []
    /// Every leaf's value text, back to back.
    var text: [UInt8] = []
    /// The `frame` and `t` tokens (kept for messages even when `--fields`
    /// leaves them out), as ranges into `text`.
    var frameText: Range<Int>?
    var timeText: Range<Int>?
    /// The 1-based line the frame starts on.
    var line = 0

    mutating func reset() {
        series.removeAll(keepingCapacity: true)
        leaves.removeAll(keepingCapacity: true)
        paths.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
        frameText = nil
        timeText = nil
    }

    /// Appends a leaf with the path `prefix` and the text appended to
    /// `text` since `textStart`.
    mutating func addLeaf(prefix: [UInt8], textStart: Int, _ value: TrackValue) {
        let start = paths.count
        paths.append(contentsOf: prefix)
        leaves.append(TrackLeaf(path: start ..< paths.count, text: textStart ..< text.count, value: value))
    }

    func path(_ k: Int) -> ArraySlice<UInt8> { paths[leaves[k].path] }
    func text(_ k: Int) -> ArraySlice<UInt8> { text[leaves[k].text] }
}
