#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A computation on its own thread, joined once for its result.
///
/// Ingest uses one to parse the second half of a split file on the second
/// core. The body and its result never touch the starting thread's state
/// until `join`, which is what makes the unchecked `Sendable` sound.
final class BackgroundJob<Result>: @unchecked Sendable {
    private var result: Result?
    private var thread: pthread_t?

    /// Starts `body` on a new thread (or runs it here if none can be made).
    static func start(_ body: @escaping () -> Result) -> BackgroundJob {
        let job = BackgroundJob()
        let entry = ThreadEntry { job.result = body() }
        let context = Unmanaged.passRetained(entry).toOpaque()
        var thread = pthread_t()
        if pthread_create(&thread, nil, threadMain, context) == 0 {
            job.thread = thread
        } else {
            Unmanaged<ThreadEntry>.fromOpaque(context).release()
            entry.run()
        }
        return job
    }

    /// Waits for the body to finish and returns its result.
    func join() -> Result {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        return result!
    }
}

private final class ThreadEntry: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

private func threadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadEntry>.fromOpaque(context!).takeRetainedValue().run()
    return nil
}
