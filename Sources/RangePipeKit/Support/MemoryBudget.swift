#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much memory a command may plan to hold at once, and the check made
/// before a large allocation of a known size.
///
/// Running out of memory cannot be caught in Swift (a failed allocation is
/// fatal; `MemoryGuard` turns it into one line and exit 71 as a last
/// resort), so what a command holds in proportion to its input or its
/// parallelism is checked against this budget BEFORE it is allocated, and
/// fails as `RangePipeError.outOfMemory` naming the user's file.
public enum MemoryBudget {
    /// The memory the process may use: the address-space limit
    /// (`ulimit -v`) when one is set, else the machine's physical memory.
    /// - Complexity: O(1), two system calls.
    public static var total: Int { limits.total }

    /// Whether the process runs under an address-space limit (`ulimit -v`
    /// below physical memory), where reserved memory counts whole.
    public static var isAddressSpaceLimited: Bool { limits.isAddressSpace }

    /// What the budget is half of, for messages: "half of ulimit -v" or
    /// "half of physical memory".
    public static var source: String { limits.isAddressSpace ? "half of ulimit -v" : "half of physical memory" }

    private static var limits: (total: Int, isAddressSpace: Bool) {
        var limit = rlimit()
        #if os(Linux)
        let resource = __rlimit_resource_t(RLIMIT_AS.rawValue)
        #else
        let resource = RLIMIT_AS
        #endif
        let physical = max(1, sysconf(Int32(_SC_PHYS_PAGES))) * max(1, sysconf(Int32(_SC_PAGESIZE)))
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max, Int(clamping: limit.rlim_cur) < physical else {
            return (physical, false)
        }
        return (Int(clamping: limit.rlim_cur), true)
    }

    /// What one command may plan to hold at once for data in flight
    /// (buffered frames, an input line, a file read whole): half of
    /// `total`, the other half left to the program itself, its threads'
    /// stacks and the libraries it loads.
    public static var budget: Int { total / 2 }

    /// Fails unless holding `bytes` for `what` (e.g. "a line") of `path`
    /// fits in `budget`.
    /// - Throws: `.outOfMemory`.
    public static func require(_ bytes: Int, for what: String, of path: String) throws {
        let budget = budget
        guard bytes <= budget else {
            throw RangePipeError.outOfMemory(path: path, needed: bytes, budget: budget, what: what)
        }
    }

    /// What one more thread costs against `total`: its stack (reserved
    /// whole, which `ulimit -v` counts although it is untouched). Ingest
    /// keeps one malloc arena (`MemoryPolicy`), so a thread adds no heap.
    static var threadBytes: Int { Platform.threadStackBytes }

    /// How many of `wanted` parts to run at once (pieces of a file, files
    /// read ahead) under an address-space limit (`ulimit -v`), where what a
    /// part reserves counts whether it is touched or not (a thread's whole
    /// stack, a whole mapping): the most `n` for which what one pass holds
    /// (`onePass`) plus twice what running `n` parts adds to it (`added(n)`:
    /// threads' stacks, mappings, rows) fits what is left, the budget or
    /// the limit less what the process has mapped now if that is less (the
    /// runtime and libraries count too, and at a small limit take more
    /// than the half the budget leaves them); at least 1, one part being
    /// one pass. So `--jobs N` narrows itself instead of failing where
    /// `--jobs 1` would not. Twice: threads sharing one malloc arena
    /// interleave their allocations, and the heap they leave fragmented
    /// grows by more than they hold (at `ulimit -v` 75 MB one thread
    /// parsing 1 MB files ahead failed 8 runs in 10 when counted once).
    /// Without such a limit, `wanted`: untouched reservations cost no
    /// memory, and what is held is checked as it grows (`require`).
    /// - Complexity: O(wanted) calls of `added`.
    static func parts(_ wanted: Int, onePass: Int, added: (Int) -> Int) -> Int {
        let limits = limits
        guard limits.isAddressSpace else { return max(1, wanted) }
        let left = min(limits.total / 2, limits.total - (Platform.addressSpaceInUse ?? 0))
        var n = 1
        while n < wanted {
            let (twice, overflowTwice) = added(n + 1).multipliedReportingOverflow(by: 2)
            let (total, overflow) = onePass.addingReportingOverflow(twice)
            guard !overflowTwice, !overflow, total <= left else { break }
            n += 1
        }
        return n
    }

    /// How many of `wanted` threads to run at once (the calling thread
    /// among them) when one pass holds `onePass` bytes and each further
    /// thread adds `perThread` beside its stack: `parts`, each added
    /// thread counted as its stack (`threadBytes`) and `perThread`. Under
    /// an address-space limit, malloc is first kept to one arena: a new
    /// arena reserves 64 MiB (`HEAP_MAX_SIZE`, twice the 32 MiB
    /// `DEFAULT_MMAP_THRESHOLD_MAX` on 64-bit; glibc 2.36 malloc/arena.c)
    /// that `ulimit -v` counts whole, and each thread may open one.
    /// Render's and play's threads for `--jobs` are counted here, ingest's
    /// pieces with `parts` directly, so `--jobs N` narrows itself where
    /// `--jobs 1` fits.
    /// - Complexity: O(wanted).
    static func threads(_ wanted: Int, onePass: Int, perThread: Int) -> Int {
        guard wanted > 1 else { return 1 }
        if limits.isAddressSpace { Platform.limitMallocArenas(to: 1) }
        let (each, overflow) = threadBytes.addingReportingOverflow(perThread)
        return parts(wanted, onePass: onePass) { n in
            let (added, over) = (n - 1).multipliedReportingOverflow(by: each)
            return overflow || over ? Int.max / 4 : added
        }
    }

    /// A byte count as people read it: bytes below 10 KiB, then whole KiB,
    /// MiB or GiB, rounded down, or up with `roundingUp` (a need just over
    /// a budget never reads as equal to it).
    public static func text(_ bytes: Int, roundingUp: Bool = false) -> String {
        func whole(_ shift: Int) -> Int {
            roundingUp ? (bytes >> shift) + (bytes & ((1 << shift) - 1) == 0 ? 0 : 1) : bytes >> shift
        }
        switch bytes {
        case (10 << 30)...: return "\(whole(30)) GiB"
        case (10 << 20)...: return "\(whole(20)) MiB"
        case (10 << 10)...: return "\(whole(10)) KiB"
        default: return "\(bytes) bytes"
        }
    }
}
