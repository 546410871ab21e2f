extension ShortestDecimal {
    /// `v.description`'s bytes for a finite `v`: the shortest round-trip
    /// digits, in plain decimal for 10⁻⁴ ≤ |v| ≤ 2^53 ("0.0001",
    /// "12.5", "100.0"), else exponential with a signed exponent of at least
    /// two digits ("1e-05", "1.5e+16"); "0.0" and "-0.0" for zeros.
    /// - Complexity: O(digits), no allocation.
    static func appendDescription(_ v: Double, to bytes: inout [UInt8]) {
        if v.sign == .minus { bytes.append(UInt8(ascii: "-")) }
        let a = v.magnitude
        guard a != 0 else { bytes.append(contentsOf: zero); return }
        guard let (digits, exponent) = decimal(a) else {
            var text = a.description
            text.withUTF8 { bytes.append(contentsOf: $0) }
            return
        }
        let buffer = Digits(digits)
        // a = 0.d₁d₂…dₙ × 10^point
        let point = buffer.count + exponent
        if point < -3 || a > 0x1p53 {
            bytes.append(buffer.byte(0))
            if buffer.count > 1 {
                bytes.append(UInt8(ascii: "."))
                for i in 1 ..< buffer.count { bytes.append(buffer.byte(i)) }
            }
            bytes.append(UInt8(ascii: "e"))
            let e = point - 1
            bytes.append(e < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            let m = e.magnitude
            if m >= 100 { bytes.append(UInt8(truncatingIfNeeded: m / 100) &+ 48) }
            bytes.append(UInt8(truncatingIfNeeded: m / 10 % 10) &+ 48)
            bytes.append(UInt8(truncatingIfNeeded: m % 10) &+ 48)
        } else if point <= 0 {
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "."))
            for _ in 0 ..< -point { bytes.append(UInt8(ascii: "0")) }
            for i in 0 ..< buffer.count { bytes.append(buffer.byte(i)) }
        } else if point < buffer.count {
            for i in 0 ..< point { bytes.append(buffer.byte(i)) }
            bytes.append(UInt8(ascii: "."))
            for i in point ..< buffer.count { bytes.append(buffer.byte(i)) }
        } else {
            for i in 0 ..< buffer.count { bytes.append(buffer.byte(i)) }
            for _ in buffer.count ..< point { bytes.append(UInt8(ascii: "0")) }
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0"))
        }
    }

    private static let zero: [UInt8] = Array("0.0".utf8)

    /// Up to 20 decimal digits of a number, most significant first, kept in
    /// two words (no heap).
    struct Digits {
        private var high: UInt64 = 0, low: UInt64 = 0
        let count: Int

        init(_ value: UInt64) {
            var n = 1
            var v = value
            while v >= 10 { v /= 10; n += 1 }
            count = n
            // Digit i (from the most significant) in 4 bits at position i.
            var rest = value
            var i = n - 1
            while i >= 0 {
                let d = rest % 10
                rest /= 10
                if i < 16 { high |= d << UInt64(4 * i) } else { low |= d << UInt64(4 * (i - 16)) }
                i -= 1
            }
        }

        @inline(__always)
        func byte(_ i: Int) -> UInt8 {
            let nibble = i < 16 ? high >> UInt64(4 * i) : low >> UInt64(4 * (i - 16))
            return UInt8(truncatingIfNeeded: nibble & 15) &+ 48
        }
    }
}
