/// A whole regular file mapped into memory, read-only, for the life of this
/// object: a large input is parsed where it lies, with no `read` copies into
/// buffers (see `InputSource`). Used by one thread at a time.
final class MappedFile {
    /// The file's bytes; valid until this object is released.
    let region: Platform.Mapping

    /// The file's size in bytes.
    var count: Int { region.count }

    /// The byte at `index` (checked against the size).
    subscript(_ index: Int) -> UInt8 { region[index] }

    /// The descriptor the mapping was made from, when the caller keeps it
    /// open (for `requireSize`); -1 otherwise.
    private let fd: Platform.Descriptor

    /// Maps `size` bytes of the open descriptor `fd` (which the caller may
    /// close afterwards, unless it calls `requireSize`); nil when the file
    /// cannot be mapped. If another process shortens the file while it is
    /// mapped, touching a page past the new end would raise SIGBUS: that
    /// ends the process with one line naming `path` and exit 74
    /// (`InterruptCleanup.reportBusErrors`), and `requireSize` finds most
    /// such cuts before any page is touched.
    /// - Complexity: O(1); pages are read as they are first touched.
    init?(_ fd: Platform.Descriptor, size: Int, path: String, keepsDescriptor: Bool = false) {
        guard let region = Platform.mapReadOnly(fd, size: size) else { return nil }
        InterruptCleanup.reportBusErrors(reading: path)
        self.region = region
        self.fd = keepsDescriptor ? fd : -1
    }

    /// Fails when the file is now shorter than `end` bytes (another
    /// process cut it since it was mapped).
    /// - Throws: `.io` naming `path`.
    /// - Complexity: one `fstat`.
    func requireSize(_ end: Int, path: String) throws {
        guard fd >= 0, let status = Platform.status(of: fd) else { return }
        if status.size < end {
            throw RangePipeError.io(path: path, reason: "the file was shortened while it was read (\(status.size) bytes, was \(count))")
        }
    }

    /// Bytes below this offset have been released (`releasePages`).
    private var releasedUpTo = 0

    /// Lets go of the pages of bytes read long ago: a mapped file's pages
    /// count in the process's resident memory, and a 4 GB input would
    /// otherwise hold them all to the end. The last 8 MiB before `offset`
    /// stay (a record straddling slices reads them again); releasing is
    /// only a hint, so a later read of a released byte still sees the file.
    /// - Complexity: O(1) calls, one per 32 MiB read.
    func releasePages(before offset: Int) {
        // 64 KiB: a multiple of every page size in use.
        let upTo = max(0, offset - (8 << 20)) & ~((1 << 16) - 1)
        guard upTo - releasedUpTo >= 32 << 20 else { return }
        region.release(releasedUpTo ..< upTo)
        releasedUpTo = upTo
    }

    deinit { region.unmap() }
}
