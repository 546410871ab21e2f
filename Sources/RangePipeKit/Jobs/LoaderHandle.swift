/// The series loader of `PlayJob.playAllParallel`, handed to the thread
/// that loads the runs.
///
/// `@unchecked Sendable`: `load` (with the store connection behind it) is
/// called by one thread only — the loader thread `playAllParallel` starts,
/// which it joins before it returns (so never after).
final class LoaderHandle: @unchecked Sendable {
    let load: (Int) throws -> Series

    init(load: @escaping (Int) throws -> Series) {
        self.load = load
    }
}
