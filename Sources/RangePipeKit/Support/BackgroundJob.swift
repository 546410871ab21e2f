/// A computation on its own thread, joined once for its result.
///
/// Ingest uses one for each later piece of a split file.
///
/// `@unchecked Sendable`, and why that is sound: `result` is written once,
/// by the body on the new thread, and read only after `join` has waited
/// for that thread (pthread_join orders the write before the read); when
/// no thread can be made the body runs here, before `start` returns.
/// `thread` is only touched by the starting thread (`start`, `join`,
/// `ranHere`). The body and its result never touch the starting
/// thread's state until `join`.
final class BackgroundJob<Result>: @unchecked Sendable {
    private var result: Result?
    private var thread: Platform.Thread?
    /// True when no thread could be made and the body ran in `start`
    /// (read before `join`).
    var ranHere: Bool { thread == nil }

    /// Starts `body` on a new thread (or runs it here if none can be made).
    static func start(_ body: @escaping () -> Result) -> BackgroundJob {
        let job = BackgroundJob()
        let run = { job.result = body() }
        if let thread = Platform.startThread(run) {
            job.thread = thread
        } else {
            run()
        }
        return job
    }

    /// Waits for the body to finish and returns its result.
    func join() -> Result {
        if let thread {
            Platform.join(thread)
            self.thread = nil
        }
        return result!
    }
}
