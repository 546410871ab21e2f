/// The pointers down in a contact, the unit raw input is cut into: a
/// contact runs from a down while no pointer is down to the up that leaves
/// none down (docs/script-events.md, "Raw pointer input"; docs/recordings.md).
/// A script's raw samples and a recording are both cut with it; each keeps
/// its own `State` for a pointer (where the pointer went down, its last point)
/// and words its own errors.
struct ContactTracker<State> {
    /// Each pointer down: the order it went down in, and its state.
    private var down: [Int: (order: Int, pointer: State)] = [:]
    private var presses = 0

    init() {}

    /// True when no pointer is down (between contacts).
    var isEmpty: Bool { down.isEmpty }

    /// Whether pointer `id` is down.
    func isDown(_ id: Int) -> Bool { down[id] != nil }

    /// Pointer `id`'s state, while it is down; setting it keeps its order.
    subscript(_ id: Int) -> State? {
        get { down[id]?.pointer }
        set {
            guard let old = down[id] else { return }
            down[id] = newValue.map { (old.order, $0) }
        }
    }

    /// Pointer `id` goes down; false (and nothing changes) when it already is.
    /// - Complexity: O(1) expected.
    mutating func press(_ id: Int, _ pointer: State) -> Bool {
        guard down[id] == nil else { return false }
        down[id] = (presses, pointer)
        presses += 1
        return true
    }

    /// Pointer `id` goes up: its state, and whether the contact ends with it
    /// (no pointer is left down); nil when it is not down.
    /// - Complexity: O(1) expected.
    mutating func lift(_ id: Int) -> (pointer: State, endsContact: Bool)? {
        guard let p = down.removeValue(forKey: id) else { return nil }
        return (p.pointer, down.isEmpty)
    }

    /// The pointer down longest (the one an error at the end names), or nil.
    /// - Complexity: O(pointers down).
    var earliest: (id: Int, pointer: State)? {
        down.min { $0.value.order < $1.value.order }.map { ($0.key, $0.value.pointer) }
    }
}
