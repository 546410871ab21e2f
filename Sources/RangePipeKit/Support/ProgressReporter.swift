#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress bar on stderr, shown only when stderr is a terminal,
/// not `--quiet`, and the work has run for more than a second (SPEC 1).
public final class ProgressReporter: @unchecked Sendable {
    public static let shared = ProgressReporter()

    private var enabled = false
    private var start = 0.0
    private var lastDraw = 0.0
    private var drew = false
    private var label = ""
    private var total: Int64 = 0
    private var done: Int64 = 0

    public func configure(quiet: Bool) {
        enabled = !quiet && isatty(2) == 1
        start = monotonicSeconds()
    }

    public func begin(_ label: String, total: Int64) {
        self.label = label
        self.total = total
        done = 0
    }

    public func advance(by bytes: Int) {
        guard enabled else { return }
        done += Int64(bytes)
        let now = monotonicSeconds()
        guard now - start > 1, now - lastDraw > 0.1 else { return }
        lastDraw = now
        drew = true
        let mb = Double(done) / 1_048_576
        var line = "\r\(label): \(Int(mb)) MiB"
        if total > 0 {
            let fraction = min(1, Double(done) / Double(total))
            let width = 30
            let filled = Int(fraction * Double(width))
            line += " [" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] \(Int(fraction * 100))%"
        }
        writeToStandardError(line + "\u{1B}[K")
    }

    public func finish() {
        guard enabled, drew else { return }
        writeToStandardError("\r\u{1B}[K")
        drew = false
    }
}
