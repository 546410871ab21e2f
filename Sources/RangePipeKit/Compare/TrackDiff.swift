/// `rangepipe diff`: two tracks as `play` writes them, compared frame by
/// frame in one streaming pass.
///
/// Pairing: each file is a sequence of series blocks (runs of frames with
/// the same `series`); the k-th block of A pairs with the k-th block of B
/// when both name the same series, and their frames pair by index within
/// the block. Frames left over in the longer block, and every frame of two
/// blocks that name different series, are frames "only in" one file: each
/// counts as a differing frame.
package enum TrackDiff {
    /// Compares the tracks at `a` and `b` (`-`: stdin, for one of them).
    ///
    /// Throws usage errors (both `-`, an NDJSON and a CSV file), exit 66
    /// for a missing file, and exit 65 with `file:line:column` for
    /// malformed input, which stops the comparison where it is found.
    /// - Complexity: O(bytes of both files); memory for the longest frame.
    package static func compare(_ a: String, _ b: String, options: TrackDiffOptions) throws -> TrackDiffResult {
        guard !(a == "-" && b == "-") else { throw RangePipeError.usage("diff: only one of the two tracks can be '-' (stdin)") }
        var readerA = try TrackReader(path: a, fields: options.fields)
        defer { readerA.close() }
        var readerB = try TrackReader(path: b, fields: options.fields)
        defer { readerB.close() }
        if let fa = readerA.format, let fb = readerB.format, fa != fb {
            throw RangePipeError.usage("diff: \(a) is \(fa.title) and \(b) is \(fb.title); compare two tracks of one format")
        }
        var pass = TrackDiffPass(tolerance: options.tolerance)
        try pass.run(&readerA, &readerB)
        return pass.result
    }
}
