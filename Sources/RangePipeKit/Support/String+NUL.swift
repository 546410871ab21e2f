extension String {
    /// True when the UTF-8 holds a NUL byte. `utf8.contains(0)` walks the
    /// view's generic iterator, ~200 instructions for a short name, and it
    /// is asked per series; native strings (small ones included) lend their
    /// bytes contiguously, so this is a plain byte loop.
    /// - Complexity: O(UTF-8 length).
    var holdsNUL: Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? utf8.contains(0)
    }
}
