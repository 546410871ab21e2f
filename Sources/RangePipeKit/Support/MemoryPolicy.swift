/// Process-wide allocator settings for ingest.
enum MemoryPolicy {
    /// Columns grow by reallocation on two threads while a split file is
    /// read; with a malloc arena per thread, space freed by one thread's
    /// growth cannot serve the other's, and peak memory rose by a third in
    /// the benchmark. One arena keeps it close to the live columns (the
    /// threads allocate rarely, so sharing its lock costs nothing measurable).
    static func shareOneArena() {
        Platform.limitMallocArenas(to: 1)
    }
}
