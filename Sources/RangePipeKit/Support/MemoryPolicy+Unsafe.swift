#if canImport(Glibc)
import Glibc
#endif

extension MemoryPolicy {
    /// Below this many bytes of capacity, huge pages are not asked for.
    static let hugePageMinimum = 8 << 20

    /// Asks the kernel to back the not yet touched capacity of `array` with
    /// 2 MiB pages (`madvise(MADV_HUGEPAGE)` over the whole 2 MiB blocks it
    /// spans). A file's columns are written once, front to back: with 4 KiB
    /// pages every 4 KiB costs a page fault, 20,000 for a 10^7-row column
    /// of doubles, and those faults were a sixth of a large ingest's CPU.
    /// Advice only: where it is not available (another kernel, a
    /// `never` setting), nothing changes.
    /// - Complexity: O(1), one system call.
    static func adviseHugePages<Element>(_ array: inout [Element]) {
        #if os(Linux)
        let bytes = array.capacity * MemoryLayout<Element>.stride
        guard bytes >= hugePageMinimum else { return }
        array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let huge = 2 << 20
            let start = (UInt(bitPattern: base) + UInt(huge - 1)) & ~UInt(huge - 1)
            let end = (UInt(bitPattern: base) + UInt(bytes)) & ~UInt(huge - 1)
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(pointer, Int(end - start), MADV_HUGEPAGE)
        }
        #endif
    }
}
