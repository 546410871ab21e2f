#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many cores this process may keep busy, for `--jobs` defaults.
extension Platform {
    /// The cores this process may run on, at least 1: on Linux the fewer
    /// of its affinity mask (`Cpus_allowed` in /proc/self/status, which
    /// `taskset` and a container's cpuset narrow) and its cgroup's CPU
    /// quota rounded up (`docker --cpus`: cgroup v2's `cpu.max`, v1's
    /// `cpu.cfs_quota_us` over `cpu.cfs_period_us`, as the container sees
    /// its own cgroup at /sys/fs/cgroup); elsewhere the online cores.
    static let usableCores: Int = {
        let online = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let allowed = smallFile("/proc/self/status").flatMap(allowedCores(inStatus:)) ?? online
        let quota = smallFile("/sys/fs/cgroup/cpu.max").flatMap(quotaCores(inCPUMax:))
            ?? smallFile("/sys/fs/cgroup/cpu/cpu.cfs_quota_us").flatMap { quota in
                smallFile("/sys/fs/cgroup/cpu/cpu.cfs_period_us").flatMap { quotaCores(quota: quota, period: $0) }
            }
        return max(1, min(allowed, quota ?? allowed))
    }()

    /// The bits set in the `Cpus_allowed:` line of a /proc status text
    /// (hexadecimal words, comma-separated); nil when there is none.
    static func allowedCores(inStatus text: [UInt8]) -> Int? {
        let key = Array("\nCpus_allowed:".utf8)
        guard let at = text.indices.first(where: { text[$0...].starts(with: key) }) else { return nil }
        var count = 0
        for byte in text[(at + key.count)...].prefix(while: { $0 != 0x0a }) {
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): count += (byte - 0x30).nonzeroBitCount
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): count += (byte - 0x57).nonzeroBitCount
            default: continue
            }
        }
        return count > 0 ? count : nil
    }

    /// Cores a cgroup v2 `cpu.max` text ("QUOTA PERIOD", or "max PERIOD"
    /// for none) allows, rounded up; nil for no quota or an unreadable text.
    static func quotaCores(inCPUMax text: [UInt8]) -> Int? {
        let words = text.split(whereSeparator: { $0 == 0x20 || $0 == 0x0a })
        guard words.count == 2 else { return nil }
        return quotaCores(quota: Array(words[0]), period: Array(words[1]))
    }

    /// Cores a quota and a period (decimal microseconds; a quota of "max"
    /// or below 1 is none) allow, rounded up.
    static func quotaCores(quota: [UInt8], period: [UInt8]) -> Int? {
        func number(_ text: [UInt8]) -> Int? {
            let digits = text.prefix(while: { $0 != 0x0a })
            guard !digits.isEmpty, digits.count < 16, digits.allSatisfy({ (0x30 ... 0x39).contains($0) }) else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard let q = number(quota), let p = number(period), q > 0, p > 0 else { return nil }
        return (q + p - 1) / p
    }

    /// A small file's bytes (at most 64 KiB), or nil when it cannot be read.
    static func smallFile(_ path: String) -> [UInt8]? {
        let fd = open(path, .readOnly)
        guard fd >= 0 else { return nil }
        defer { _ = close(fd) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while text.count < 1 << 16 {
            let n = read(fd, into: &chunk)
            if n <= 0 { break }
            text += chunk[..<n]
        }
        return text
    }
}
