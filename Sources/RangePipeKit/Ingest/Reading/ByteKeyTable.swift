/// Maps short byte strings (series keys) to small integers without creating
/// a `String` per lookup: FNV-1a hashing and open addressing over a flat
/// key store. Long-format files interleave series row by row, so this runs
/// once per row.
struct ByteKeyTable {
    private struct Entry {
        var hash: UInt64
        var start: Int
        var length: Int
    }

    private var slots: [Int32]          // entry index + 1, 0 = empty
    private var entries: [Entry] = []
    private var keys: [UInt8] = []
    var count: Int { entries.count }

    init() { slots = [Int32](repeating: 0, count: 64) }

    @inline(__always)
    static func hash(_ b: ByteView) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in b { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return h
    }

    /// The value stored for `key`, or nil.
    /// - Complexity: O(key length) expected.
    func find(_ key: ByteView) -> Int? {
        let h = Self.hash(key)
        return keys.withByteView { stored in
            let mask = slots.count - 1
            var i = Int(truncatingIfNeeded: h) & mask
            while true {
                let s = Int(slots[i])
                if s == 0 { return nil }
                let entry = entries[s - 1]
                if entry.hash == h, entry.length == key.count, stored.holds(key, at: entry.start) {
                    return s - 1
                }
                i = (i + 1) & mask
            }
        }
    }

    /// The value stored for `key`, trying `near` and the value after it
    /// first: rows of one series come in runs (series-major files), or
    /// cycle through the series in their order of first appearance, which
    /// is the order of the values (time-major fleet exports). Those two
    /// guesses read the entries in sequence; only a miss hashes, and with
    /// 10^5 series a hashed lookup is a cache miss or two per row.
    /// - Complexity: O(key length) expected.
    @inline(__always)
    func find(_ key: ByteView, near: Int) -> Int? {
        let guess = keys.withByteView { stored -> Int? in
            @inline(__always) func holds(_ candidate: Int) -> Bool {
                let entry = entries[candidate]
                guard entry.length == key.count else { return false }
                guard key.count > 0 else { return true }
                // Keys of a fleet differ mostly in their last bytes
                // ("cpu12", "cpu15"): test the last byte before comparing
                // the rest, so a wrong guess costs no call.
                let last = key.count - 1
                return stored[entry.start + last] == key[last]
                    && stored.holds(key[0 ..< last], at: entry.start)
            }
            guard near < entries.count else { return nil }
            if holds(near) { return near }
            let next = near + 1 == entries.count ? 0 : near + 1
            return holds(next) ? next : nil
        }
        return guess ?? find(key)
    }

    /// Adds a key not yet in the table; returns its value (insertion order).
    mutating func insert(_ key: ByteView) -> Int {
        if (count + 1) * 2 > slots.count { grow() }
        let e = count
        entries.append(Entry(hash: Self.hash(key), start: keys.count, length: key.count))
        keys.append(bytesOf: key)
        place(e)
        return e
    }

    private mutating func place(_ e: Int) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: entries[e].hash) & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = Int32(e + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for e in 0 ..< count { place(e) }
    }
}
