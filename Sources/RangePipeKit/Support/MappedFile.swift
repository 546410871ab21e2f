/// A whole regular file mapped into memory, read-only, for the life of this
/// object: a large input is parsed where it lies, with no `read` copies into
/// buffers (see `InputSource`). Used by one thread at a time.
final class MappedFile {
    /// The file's bytes; valid until this object is released.
    let bytes: UnsafeRawBufferPointer

    /// Maps `size` bytes of the open descriptor `fd` (which the caller may
    /// close afterwards); nil when the file cannot be mapped.
    /// - Complexity: O(1); pages are read as they are first touched.
    init?(_ fd: Platform.Descriptor, size: Int) {
        guard let bytes = Platform.mapReadOnly(fd, size: size) else { return nil }
        self.bytes = bytes
    }

    deinit { Platform.unmap(bytes) }
}
