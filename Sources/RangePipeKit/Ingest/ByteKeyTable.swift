/// Maps short byte strings (series keys) to small integers without creating
/// a `String` per lookup: FNV-1a hashing and open addressing over a flat
/// key store. Long-format files interleave series row by row, so this runs
/// once per row.
struct ByteKeyTable {
    private var slots: [Int32]          // entry index + 1, 0 = empty
    private var hashes: [UInt64] = []
    private var starts: [Int] = []
    private var lengths: [Int] = []
    private var keys: [UInt8] = []
    private(set) var count = 0

    init() { slots = [Int32](repeating: 0, count: 64) }

    @inline(__always)
    static func hash(_ b: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in b { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return h
    }

    /// The value stored for `key`, or nil.
    func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        let h = Self.hash(key)
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: h) & mask
        return keys.withUnsafeBufferPointer { stored in
            while true {
                let s = Int(slots[i])
                if s == 0 { return nil }
                let e = s - 1
                if hashes[e] == h, lengths[e] == key.count {
                    var same = true
                    let start = starts[e]
                    for k in 0 ..< key.count where stored[start + k] != key[k] { same = false; break }
                    if same { return e }
                }
                i = (i + 1) & mask
            }
        }
    }

    /// Adds a key not yet in the table; returns its value (insertion order).
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        if (count + 1) * 2 > slots.count { grow() }
        let e = count
        hashes.append(Self.hash(key))
        starts.append(keys.count)
        lengths.append(key.count)
        keys.append(contentsOf: key)
        count += 1
        place(e)
        return e
    }

    private mutating func place(_ e: Int) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hashes[e]) & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = Int32(e + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for e in 0 ..< count { place(e) }
    }
}
