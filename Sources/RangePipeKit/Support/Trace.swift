/// Diagnostics on stderr, chosen by `RANGEPIPE_TRACE` (a comma-separated
/// list): `split` reports each split's outcome (tests use it to know which
/// path ran), `phases` the seconds each ingest phase took, `inserts` what
/// a store's insert thread (`InsertWriter`) did.
enum Trace {
    /// When the traced run began; messages carry the seconds since.
    /// Unsynchronised on purpose: `IngestJob.run` sets it once, before it
    /// starts any other thread, and it is only read after.
    nonisolated(unsafe) static var start = 0.0

    /// The topics asked for, read once: `progress` is asked per series
    /// written, 10^6 times in a fleet's ingest.
    private static let topics: [String] = Platform.environment("RANGEPIPE_TRACE").map {
        $0.split(separator: ",").map(String.init)
    } ?? []

    static func isOn(_ topic: String) -> Bool {
        !topics.isEmpty && topics.contains(topic)
    }

    static func say(_ topic: String, _ message: @autoclosure () -> String) {
        guard isOn(topic) else { return }
        var elapsed = ""
        if start > 0 {
            let ms = Int((Platform.monotonicSeconds() - start) * 1000)
            let fraction = String(ms % 1000)
            elapsed = "\(ms / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s: "
        }
        Platform.writeIgnoringErrors(Platform.standardError, "rangepipe: \(elapsed)\(message())\n")
    }

    /// `progress`: one line per ingest milestone (`started`, `parsed`,
    /// `stored series NAME`, `before commit`, `committed`, `linked`), so the
    /// kill test chooses its moments by what the process has done, not by
    /// time. With `gate` as well, the process then waits for one byte (or
    /// EOF) on stdin, so a test can kill it exactly at a milestone.
    static func progress(_ milestone: @autoclosure () -> String) {
        guard isOn("progress") else { return }
        Platform.writeIgnoringErrors(Platform.standardError, "rangepipe: progress: \(milestone())\n")
        if isOn("gate") {
            var byte: [UInt8] = [0]
            _ = Platform.read(Platform.standardInput, into: &byte)
        }
    }
}
