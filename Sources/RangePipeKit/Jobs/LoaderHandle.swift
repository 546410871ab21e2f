/// The series loader of `PlayJob.playAllParallel`, handed to the thread
/// that loads the next batch.
///
/// `@unchecked Sendable`: `load` (with the store connection behind it) is
/// called by one thread at a time — the loader thread of one batch, which
/// `playAllParallel` joins before it loads or starts the next — and never
/// after `playAllParallel` returns (it joins any loader first).
final class LoaderHandle: @unchecked Sendable {
    let load: (Int) throws -> Series

    init(load: @escaping (Int) throws -> Series) {
        self.load = load
    }
}
