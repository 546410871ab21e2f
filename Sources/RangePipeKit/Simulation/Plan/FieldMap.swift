/// What a plan keeps per shown field (query indices), by field number. A
/// script shows one field or a few, so a list searched in order is made,
/// read and freed for less than a hash table: a fleet makes one per series
/// and reads it every frame. Iterates in the order keys were first set.
public struct FieldMap<PerField: Sendable>: Sendable, Sequence {
    private var entries: [(key: Int, value: PerField)] = []

    /// An empty map.
    public init() {}

    /// The value for field `key`; setting nil removes it.
    /// - Complexity: O(fields in the map).
    public subscript(key: Int) -> PerField? {
        get {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
        set {
            guard let i = entries.firstIndex(where: { $0.key == key }) else {
                if let newValue { entries.append((key, newValue)) }
                return
            }
            if let newValue { entries[i].value = newValue } else { entries.remove(at: i) }
        }
    }

    /// True when no field has a value.
    public var isEmpty: Bool { entries.isEmpty }

    /// The fields with a value.
    public var count: Int { entries.count }

    /// The same fields with `transform` of each value.
    /// - Complexity: O(fields in the map).
    public func mapValues<T: Sendable>(_ transform: (PerField) throws -> T) rethrows -> FieldMap<T> {
        var out = FieldMap<T>()
        out.entries = try entries.map { ($0.key, try transform($0.value)) }
        return out
    }

    public func makeIterator() -> IndexingIterator<[(key: Int, value: PerField)]> { entries.makeIterator() }
}
