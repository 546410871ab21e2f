import Testing
@testable import RangePipeKit

@Suite("ByteKeyTable")
struct ByteKeyTableTests {
    /// Keys of every length from 0 to 40 (inline up to 23 bytes, stored
    /// apart past it), many sharing prefixes, checked against a Dictionary.
    @Test("finds every key it was given, by insertion order, and no other")
    func agreesWithDictionary() {
        var rng = SeededGenerator(seed: 12)
        var table = ByteKeyTable()
        var oracle: [[UInt8]: Int] = [:]
        var keys: [[UInt8]] = []
        for k in 0 ..< 150_000 {
            let length = Int(rng.next() % 41)
            var key = Array("s\(k % 70_000)".utf8).prefix(length).map { $0 }
            while key.count < length { key.append(UInt8(truncatingIfNeeded: rng.next())) }
            keys.append(key)
            let found = key.withByteView { table.find($0) }
            #expect(found == oracle[key], "key \(k)")
            if found == nil {
                let value = key.withByteView { table.insert($0) }
                #expect(value == oracle.count)
                oracle[key] = value
            }
        }
        #expect(table.count == oracle.count)
        for key in keys {
            #expect(key.withByteView { table.find($0) } == oracle[key])
        }
        // Keys never inserted: one byte longer or changed in the last byte.
        for key in keys.prefix(5_000) where !key.isEmpty {
            for other in [key + [0x7f], Array(key.dropLast()) + [key.last! ^ 0x80]] where oracle[other] == nil {
                #expect(other.withByteView { table.find($0) } == nil)
            }
        }
    }
}
