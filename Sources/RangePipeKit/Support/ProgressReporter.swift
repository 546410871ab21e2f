/// A one-line progress bar on stderr, shown only when stderr is a terminal,
/// not `--quiet`, and the work has run for more than a second (SPEC 1).
/// `RANGEPIPE_PROGRESS_DELAY` (seconds, default 1) sets that second: 0
/// shows the bar from the first byte, which is how the tests see it
/// without depending on how fast the machine is.
///
/// `@unchecked Sendable`, and why that is sound: all its mutable state is
/// in `state`, which is only read or written holding `lock`; so `shared`
/// may be called from any thread (the reading thread of a split ingest).
public final class ProgressReporter: @unchecked Sendable {
    /// The one reporter of the process (stderr is one terminal line).
    public static let shared = ProgressReporter()

    private struct State {
        var enabled = false
        var start = 0.0
        var delay = 1.0
        var lastDraw = 0.0
        var drew = false
        var label = ""
        var total: Int64 = 0
        var done: Int64 = 0
        /// What is counted: nil for bytes (shown in MiB), else its plural name.
        var unit: String?
    }

    private let lock = Platform.Mutex()
    private var state = State()

    /// Turns the bar on when stderr is a terminal and not `quiet`; the work
    /// starts now.
    public func configure(quiet: Bool) {
        lock.withLock {
            state.enabled = !quiet && Platform.isTerminal(Platform.standardError)
            state.start = Platform.monotonicSeconds()
            state.delay = Self.delay
        }
    }

    /// The delay before the bar shows: `RANGEPIPE_PROGRESS_DELAY` when it is
    /// a number of seconds ≥ 0, else one second.
    static var delay: Double {
        guard let text = Platform.environment("RANGEPIPE_PROGRESS_DELAY"), let seconds = Double(text),
              seconds.isFinite, seconds >= 0 else { return 1 }
        return seconds
    }

    /// Starts a new input: `label` is shown, `total` bytes (0: unknown),
    /// or `total` of `unit` (`frames`) counted as they are. The next
    /// advance redraws at once, so every label that runs past the delay
    /// is shown at least once.
    public func begin(_ label: String, total: Int64, unit: String? = nil) {
        lock.withLock {
            state.label = label
            state.total = total
            state.done = 0
            state.unit = unit
            state.lastDraw = -.infinity
        }
    }

    /// Counts `bytes` more read, redrawing at most ten times a second.
    /// - Complexity: O(1); O(bar width) when it redraws.
    public func advance(by bytes: Int) {
        lock.withLock {
            guard state.enabled else { return }
            state.done += Int64(bytes)
            let now = Platform.monotonicSeconds()
            guard now - state.start >= state.delay, now - state.lastDraw > 0.1 else { return }
            state.lastDraw = now
            state.drew = true
            let count = state.unit.map { "\(state.done) \($0)" } ?? "\(Int(Double(state.done) / 1_048_576)) MiB"
            var line = "\r\(state.label.escapedLine): \(count)"
            if state.total > 0 {
                let fraction = min(1, Double(state.done) / Double(state.total))
                let width = 30
                let filled = Int(fraction * Double(width))
                line += " [" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] \(Int(fraction * 100))%"
            }
            writeControlsToStandardError(line + "\u{1B}[K")
        }
    }

    /// Clears the bar if one was drawn.
    public func finish() {
        lock.withLock {
            guard state.enabled, state.drew else { return }
            writeControlsToStandardError("\r\u{1B}[K")
            state.drew = false
        }
    }
}
