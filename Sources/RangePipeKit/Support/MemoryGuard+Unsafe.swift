#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CMemoryGuard

/// The last resort when memory runs out: a failed allocation anywhere in
/// the process (Swift, sqlite, zlib, cairo) ends it with one line naming
/// the file being read or written, `rangepipe: error: PATH: out of memory:
/// could not allocate N MiB (address-space limit M MiB, ulimit -v)`,
/// removes the temporary files of outputs still being written
/// (`InterruptCleanup`) and exits 71, instead of a Swift `Fatal error`, a
/// backtrace and SIGABRT. The allocator is wrapped in C (CMemoryGuard);
/// this is its Swift side. Budgets (`MemoryBudget`) come first: this only
/// catches what they did not foresee.
public enum MemoryGuard {
    /// Arms the guard for the rest of the process (the executable calls it
    /// once at start; the library inside the tests leaves it unarmed).
    /// - Complexity: O(1).
    public static func arm() {
        InterruptCleanup.prepareForOutOfMemory()
        rangepipe_memory_guard_arm({ InterruptCleanup.removeRegisteredFiles() }, ExitStatus.outOfMemory.rawValue)
    }

    /// Names `path` in the out-of-memory line from now on (the latest
    /// call wins: an input while it is read, an output while written).
    /// - Complexity: O(path length).
    static func name(_ path: String) {
        path.withCString { rangepipe_memory_guard_subject($0) }
    }

    /// The line a failed allocation of `bytes` would print now.
    static func message(forFailureOf bytes: Int) -> String {
        var line = [CChar](repeating: 0, count: 4400)
        let length = line.withUnsafeMutableBufferPointer { buffer in
            rangepipe_memory_guard_message(bytes, buffer.baseAddress, buffer.count)
        }
        return String(decoding: line.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
