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

    /// What one more thread costs against `total`: its stack, and under an
    /// address-space limit also the 64 MiB heap glibc's malloc reserves for
    /// a thread's own arena (`HEAP_MAX_SIZE` in glibc's malloc/arena.c:
    /// twice the largest mmap threshold), which `ulimit -v` counts although
    /// it is untouched.
    static var threadBytes: Int {
        Platform.threadStackBytes + (limits.isAddressSpace ? 64 << 20 : 0)
    }

    /// How many of `wanted` parts to run at once (pieces of a file, files
    /// read ahead): the most `n` for which what one pass holds (`onePass`)
    /// plus what running `n` parts adds to it (`added(n)`: threads' stacks,
    /// mappings, rows held twice) fits `budget`; at least 1, one part being
    /// one pass. So `--jobs N` narrows itself under a memory limit instead
    /// of failing where `--jobs 1` would not.
    /// - Complexity: O(wanted) calls of `added`.
    static func parts(_ wanted: Int, onePass: Int, added: (Int) -> Int) -> Int {
        let budget = budget
        var n = 1
        while n < wanted {
            let (total, overflow) = onePass.addingReportingOverflow(added(n + 1))
            guard !overflow, total <= budget else { break }
            n += 1
        }
        return n
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
