extension RenderJob {
    /// What one drawing thread holds at once beside its stack: its canvas,
    /// its frames of the batch being drawn and of the batch being written
    /// (raw pixels at most: a PNG is smaller).
    /// - Complexity: O(1).
    static func bytesPerThread(width: Int, height: Int) -> Int {
        let frame = width.multipliedReportingOverflow(by: height * 4)
        guard !frame.overflow else { return .max }
        let held = frame.partialValue.multipliedReportingOverflow(by: 1 + 2 * framesPerThread)
        return held.overflow ? .max : held.partialValue
    }

    /// The drawing threads that fit the memory budget: at most `jobs`, and
    /// at most the budget over what one thread holds; under `ulimit -v`
    /// also what `MemoryBudget.threads` finds left of the limit (one pass
    /// is the calling thread drawing and the writer thread writing). The
    /// frames are the same for any count, so fewer threads change the
    /// time, never the output.
    /// - Throws: `.outOfMemory` naming the output when even one thread does
    ///   not fit (a picture too large for the memory there is).
    /// - Complexity: O(jobs).
    func threadsWithinBudget() throws -> Int {
        let perThread = Self.bytesPerThread(width: width, height: height)
        let output = switch target {
        case let .video(_, path): path
        case let .frames(directory): directory
        }
        try MemoryBudget.require(perThread, for: "a \(width)×\(height) frame", of: output)
        // Under `ulimit -v`, what is left of the limit (`MemoryBudget.threads`);
        // and always the budget itself, as each thread's frames are touched.
        let touched = max(1, MemoryBudget.budget / (perThread + MemoryBudget.threadBytes))
        let threads = min(touched, MemoryBudget.threads(jobs, onePass: perThread + MemoryBudget.threadBytes, perThread: perThread))
        if threads < jobs { Trace.say("render", "\(threads) of \(jobs) drawing threads fit the memory budget (ulimit -v)") }
        return threads
    }
}
