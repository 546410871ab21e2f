/// One value at a fixed heap address, reached through a `let`: a class's
/// stored `var` pays a dynamic exclusivity check per access (as much as a
/// row append itself), this does not. C callbacks can be handed `context`.
/// Freed explicitly, once, by its owner; used by one thread at a time.
struct FixedAddress<Stored> {
    private let pointer: UnsafeMutablePointer<Stored>

    /// `value` moved to a new heap cell.
    init(_ value: Stored) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    /// Deinitializes and frees the cell; the box must not be used after.
    func free() {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// The value, read and changed in place.
    var value: Stored {
        _read { yield pointer.pointee }
        nonmutating _modify { yield &pointer.pointee }
    }

    /// The cell's address, for a C callback's context argument.
    var context: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
}
