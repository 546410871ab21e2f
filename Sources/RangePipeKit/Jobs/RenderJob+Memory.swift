extension RenderJob {
    /// The stack a drawing thread reserves (the platform's default, 8 MiB):
    /// under an address-space limit it counts as much as the heap.
    static let threadStack = 8 << 20

    /// What one drawing thread holds at once: its canvas, its frames of the
    /// batch being drawn and of the batch being written (raw pixels at
    /// most: a PNG is smaller), and its stack.
    /// - Complexity: O(1).
    static func bytesPerThread(width: Int, height: Int) -> Int {
        let frame = width.multipliedReportingOverflow(by: height * 4)
        guard !frame.overflow else { return .max }
        let held = frame.partialValue.multipliedReportingOverflow(by: 1 + 2 * framesPerThread)
        return held.overflow ? .max : held.partialValue + threadStack
    }

    /// The drawing threads that fit the memory budget (`MemoryBudget`): at
    /// most `jobs`, fewer when `jobs` of them would not fit. The frames are
    /// the same for any count, so fewer threads change the time, never the
    /// output.
    /// - Throws: `.outOfMemory` naming the output when even one thread does
    ///   not fit (a picture too large for the memory there is).
    /// - Complexity: O(1).
    func threadsWithinBudget() throws -> Int {
        let perThread = Self.bytesPerThread(width: width, height: height)
        let output = switch target {
        case let .video(_, path): path
        case let .frames(directory): directory
        }
        try MemoryBudget.require(perThread, for: "a \(width)×\(height) frame", of: output)
        return max(1, min(jobs, MemoryBudget.budget / perThread))
    }
}
