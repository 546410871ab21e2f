/// A 128-bit fingerprint of content, the same on every machine and in every
/// run (unlike `Hasher`, which is seeded per process): what the store keeps
/// per series and `play --changed-since` compares. Two independent 64-bit
/// lanes, each a multiply-xorshift over 64-bit words, finished with
/// splitmix64's mixer. Not cryptographic: it tells changed data from
/// unchanged, and a chance collision (about 2^-64 between two contents of a
/// lane pair that agree) is far below any fleet's number of nightly runs.
struct ContentHasher {
    private var a: UInt64 = 0x243F_6A88_85A3_08D3
    private var b: UInt64 = 0x1319_8A2E_0370_7344
    private var words: UInt64 = 0

    init() {}

    /// Adds one 64-bit word.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func combine(_ w: UInt64) {
        a = (a ^ w) &* 0x9E37_79B9_7F4A_7C15
        a ^= a >> 29
        b = (b &+ ((w << 31) | (w >> 33))) &* 0xC2B2_AE3D_27D4_EB4F
        b ^= b >> 32
        words &+= 1
    }

    /// Adds a number by its bits; every NaN (a missing value) is the same word.
    @inline(__always)
    mutating func combine(_ value: Double) {
        combine(value.isNaN ? 0x7FF8_0000_0000_0000 : value.bitPattern)
    }

    /// Adds numbers by their bits, as `combine(_:)` one at a time would
    /// (the same fingerprint: stores keep theirs), with the lanes in
    /// locals and the count added once: a store write hashes every value
    /// it holds (23 instructions a value one at a time, callgrind; 19
    /// here, the loop's whole body).
    /// - Complexity: O(values.count).
    mutating func combine(values: [Double]) {
        var a = a, b = b
        for value in values {
            let bits = value.bitPattern
            // A NaN (exponent all ones, mantissa not zero) is one word, without a branch.
            let w = (bits & 0x7FFF_FFFF_FFFF_FFFF) > 0x7FF0_0000_0000_0000 ? 0x7FF8_0000_0000_0000 : bits
            a = (a ^ w) &* 0x9E37_79B9_7F4A_7C15
            a ^= a >> 29
            b = (b &+ ((w << 31) | (w >> 33))) &* 0xC2B2_AE3D_27D4_EB4F
            b ^= b >> 32
        }
        (self.a, self.b) = (a, b)
        words &+= UInt64(values.count)
    }

    /// Adds a count (a length, so that `["ab", "c"]` and `["a", "bc"]` differ).
    mutating func combine(count: Int) { combine(UInt64(bitPattern: Int64(count))) }

    /// Adds bytes, preceded by their count, eight to a word.
    /// - Complexity: O(bytes.count).
    mutating func combine<Octets: Collection>(bytes: Octets) where Octets.Element == UInt8 {
        combine(count: bytes.count)
        var word: UInt64 = 0, shift: UInt64 = 0
        for byte in bytes {
            word |= UInt64(byte) << shift
            shift += 8
            if shift == 64 { combine(word); word = 0; shift = 0 }
        }
        if shift > 0 { combine(word) }
    }

    /// Adds a string's UTF-8, preceded by its length: from its contiguous
    /// bytes when it lends them (native strings do), as the view's generic
    /// iterator costs ~250 instructions a short name, per series hashed.
    mutating func combine(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ combine(bytes: $0) }) == nil {
            combine(bytes: text.utf8)
        }
    }

    /// The fingerprint as 32 lowercase hex digits.
    func finalize() -> String {
        let (hi, lo) = finalizeWords()
        return Self.hex(hi, lo)
    }

    /// The fingerprint as its two 64-bit words (what `finalize` writes in hex).
    func finalizeWords() -> (hi: UInt64, lo: UInt64) {
        func mixed(_ x: UInt64) -> UInt64 {
            var z = x &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (mixed(a ^ words), mixed(b ^ (words &* 0x9E37_79B9_7F4A_7C15)))
    }
}
