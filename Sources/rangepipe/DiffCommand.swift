import ArgumentParser
import RangePipeKit

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two tracks written by play (NDJSON or CSV): exit 0 when equal within the tolerance, 1 when not.",
        discussion: """
        Frames pair up by series, then by index: each file is read as runs of frames with the same "series"; \
        the k-th run of A pairs with the k-th run of B when both name the same series, frame by frame in file order. \
        A frame only in one file (a longer run, or runs naming different series) is a differing frame.

        Numbers are equal when |a - b| <= tolerance * max(1, |a|, |b|). Strings that read as ISO-8601 times \
        (window edges, time x values) are compared as instants: equal when at most TOLERANCE seconds apart, \
        whatever their zone or fraction digits. Other strings, true/false and null compare exactly. \
        Keys (or columns) in one file only are differences.

        --fields takes top-level names: frame, t, phase, window, selector, y, annotation, values, points. \
        For CSV they name the flattened columns (window: window_min and window_max; annotation: annotation_x, \
        annotation_y, annotation_label, annotation_visible; ...). "series" is how frames pair up and always counts.

        On a difference, stdout gets the first differing frame, series and key, then the count:
          frame 57 (t 0.95) series "AAPL": window.max: 1234.5 ≠ 1234.6
          3 of 300 frames differ
        Exit codes: 0 equal, 1 different, 64 usage (one NDJSON and one CSV file, an unknown --fields name), \
        65 malformed input (file:line:column; column is the byte in an NDJSON line, the field in a CSV row), \
        66 a missing file.
        """
    )

    @Argument(help: "The first track (NDJSON or CSV; '-' is stdin).")
    var a: String
    @Argument(help: "The second track, of the same format ('-' is stdin, if A is not).")
    var b: String
    @Option(help: "Numbers equal when |a - b| <= tolerance * max(1, |a|, |b|); times when at most this many seconds apart.")
    var tolerance: Double = 1e-9
    @Option(help: "Comma-separated parts to compare (default: all).")
    var fields: ChoiceList<TrackField>?

    func run() throws {
        try runReportingErrors {
            try RunPaths.check { paths in
                paths.reads([a, b], as: "track")
                paths.writesStandardOutput()
            }
            let options = try TrackDiffOptions(tolerance: tolerance, fields: fields?.values)
            let result = try TrackDiff.compare(a, b, options: options)
            guard !result.isEqual else { return }
            try writeStdout(result.report)
            throw ExitCode(1)
        }
    }
}
