/// Tells the later pieces of a split to stop (the calling reader failed,
/// or will read on by itself).
///
/// A flag behind `Platform.Mutex` rather than `Synchronization.Atomic`,
/// which needs macOS 15 where the package declares macOS 13; the reader
/// reads it once per 1 MiB chunk, so the lock costs nothing measurable.
/// `@unchecked Sendable`: `raised` is only touched holding `lock`.
final class SplitCancel: @unchecked Sendable {
    private let lock = Platform.Mutex()
    private var raised = false
    struct Stopped: Error {}

    func raise() { lock.withLock { raised = true } }
    var isRaised: Bool { lock.withLock { raised } }
}
