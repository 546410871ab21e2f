import Testing
@testable import RangePipeKit

/// `ContentHasher.combine(values:)`, the loop every store write hashes a
/// series' values with, against the fingerprint as documented, written
/// again here, and against the one-word-at-a-time `combine(_:)` that
/// stores' hashes were made with: a changed hash would make every stored
/// series look changed to `play --changed-since`.
@Suite("ContentHasher: a run of numbers hashed as one at a time")
struct ContentHasherValuesTests {
    /// The fingerprint as the type's documentation states it, written again
    /// here: two lanes of multiply-xorshift, a NaN one word, the words
    /// counted, splitmix64's mixer.
    static func reference(_ words: [UInt64]) -> (UInt64, UInt64) {
        var a: UInt64 = 0x243F_6A88_85A3_08D3, b: UInt64 = 0x1319_8A2E_0370_7344
        for w in words {
            a = (a ^ w) &* 0x9E37_79B9_7F4A_7C15; a ^= a >> 29
            b = (b &+ ((w << 31) | (w >> 33))) &* 0xC2B2_AE3D_27D4_EB4F; b ^= b >> 32
        }
        func mix(_ x: UInt64) -> UInt64 {
            var z = x &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let n = UInt64(words.count)
        return (mix(a ^ n), mix(b ^ (n &* 0x9E37_79B9_7F4A_7C15)))
    }

    @Test("random runs with every kind of double (NaNs with payloads, ±0, ±inf, subnormals, extremes), empty and long, after other words")
    func sameAsReference() {
        var rng = SeededGenerator(seed: 37)
        let specials: [Double] = [.nan, -.nan, Double(bitPattern: 0x7FF0_0000_0000_0001), Double(bitPattern: 0xFFF8_0000_0000_0042),
                                  0, -0.0, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNormalMagnitude,
                                  .greatestFiniteMagnitude, 1e-310, 1]
        for length in [0, 1, 2, 3, 7, 64, 1_000] {
            for _ in 0 ..< 5 {
                let values = (0 ..< length).map { _ in
                    rng.bool() ? specials.element(using: &rng) : Double(bitPattern: rng.next())
                }
                var h = ContentHasher()
                h.combine(count: length)
                h.combine(values: values)
                let words = [UInt64(length)] + values.map { $0.isNaN ? 0x7FF8_0000_0000_0000 : $0.bitPattern }
                let (hi, lo) = h.finalizeWords()
                #expect(hi == Self.reference(words).0 && lo == Self.reference(words).1, "length \(length)")
                var one = ContentHasher()
                one.combine(count: length)
                for v in values { one.combine(v) }
                #expect(one.finalize() == h.finalize(), "length \(length)")
            }
        }
    }
}
