import Testing
@testable import RangePipeKit

/// The Schubfach digits and `description` layout against Swift's own
/// `Double.description` (a second implementation: the standard library's
/// SwiftDtoa): random bit patterns, every exponent, and the edges.
@Suite struct ShortestDecimalTests {
    private func text(_ v: Double) -> String {
        var out = TextBuffer()
        out.append(description: v)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The values that differ, at most `limit` of them (so a wrong
    /// algorithm fails with a short message, not a million lines).
    private func mismatches(_ values: some Sequence<Double>, limit: Int = 5) -> [String] {
        var found: [String] = []
        for v in values where text(v) != v.description {
            found.append("\(v.bitPattern): \(text(v)) ≠ \(v.description)")
            if found.count == limit { break }
        }
        return found
    }

    @Test("10^6 random finite bit patterns print as description does")
    func randomBits() {
        var rng = SeededGenerator(seed: 0xD7_0A)
        var values: [Double] = []
        values.reserveCapacity(1_000_000)
        while values.count < 1_000_000 {
            let v = Double(bitPattern: rng.next())
            if v.isFinite { values.append(v) }
        }
        #expect(mismatches(values) == [])
    }

    @Test("Whole numbers (the digits-and-\".0\" path) print as description does, up to 2^53 and past it")
    func wholeNumbers() {
        var rng = SeededGenerator(seed: 53)
        var values: [Double] = [1, 9, 10, 99, 100, 0x1p53 - 1, 0x1p53, 0x1p53 + 2, 1e15, 1e16, 1e17, 123_456_789_012_345]
        for _ in 0 ..< 200_000 {
            // Every digit count: a random magnitude, then a whole number under it.
            let bits = rng.int(in: 1 ... 54)
            values.append(Double(rng.next() >> UInt64(64 - bits)))
        }
        values += values.map { -$0 }
        #expect(mismatches(values) == [])
    }

    @Test("Values of the kind frames hold: data, times in ms and s, pixels, fractions of them")
    func frameLikeValues() {
        var rng = SeededGenerator(seed: 17)
        var values: [Double] = []
        for _ in 0 ..< 200_000 {
            let u = Double(rng.next() >> 11) / Double(1 << 53)
            values.append(u * 1000)
            values.append(1_704_067_200_000 + u * 1e8)
            values.append(1_704_067_200 + u * 1e5)
            values.append(u * 800 - 400)
            values.append(Double(rng.next() % 1_000_000) / 1000 + 1 / 3)
        }
        #expect(mismatches(values) == [])
    }

    @Test("Few decimal places (read from \"n e-p\" text, p 1 to 9, n of every digit count), their neighbours and the halfway points print as description does")
    func fewPlaces() throws {
        var rng = SeededGenerator(seed: 0xF3_77)
        var values: [Double] = []
        for _ in 0 ..< 100_000 {
            let p = rng.int(in: 1 ... 9), bits = rng.int(in: 1 ... 56)
            let n = rng.next() >> UInt64(64 - bits)
            // Parsed from text, as data files give them: the nearest double to n·10^-p.
            let v = try #require(Double("\(n)e-\(p)"))
            values += [v, v.nextUp, v.nextDown, -v]
            // Halfway between two neighbours at p places: two candidates may read back.
            if let half = Double("\(n)5e-\(p + 1)") { values += [half, half.nextUp, half.nextDown] }
        }
        #expect(mismatches(values) == [])
        // The few-places search answers the data kind (so the cases above exercise it) and leaves long ones to Schubfach.
        #expect(ShortestDecimal.fewPlacesDecimal(104.4032).map { [$0.digits, UInt64($0.exponent + 100)] } == [1_044_032, 96])
        #expect(ShortestDecimal.fewPlacesDecimal(0.25).map { [$0.digits, UInt64($0.exponent + 100)] } == [25, 98])
        #expect(ShortestDecimal.fewPlacesDecimal(0.1 + 0.2) == nil)
        #expect(ShortestDecimal.fewPlacesDecimal(496.55172413793105) == nil)
        #expect(ShortestDecimal.fewPlacesDecimal(1e-9) == nil)
        let answered = values.filter { $0 > 0 && $0 != $0.rounded() && ShortestDecimal.fewPlacesDecimal($0) != nil }.count
        #expect(answered > values.count / 8, "\(answered) of \(values.count)")
    }

    @Test("Edges: zeros, subnormals, extremes, powers of two and ten, format switch points")
    func edges() {
        var values: [Double] = [0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
                                -.greatestFiniteMagnitude, .ulpOfOne, 1, -1, 0.1, 0.2, 0.3, 1 / 3, 2.0 / 3,
                                0x1p53, 0x1p53.nextUp, 0x1p53.nextDown, 0x1p54, 1e-4, 1e16, 5e-324, 1e23, 9007199254740993]
        // Every power of two, and its neighbours.
        for e in -1074 ... 1023 {
            let p = Double(sign: .plus, exponent: e, significand: 1)
            values += [p, p.nextUp, p.nextDown, -p]
        }
        // Every power of ten the type holds, its neighbours, and values at
        // the decimal/exponential switch points (1e-4 and 2^53).
        for e in -323 ... 308 {
            let p = Double("1e\(e)")!
            values += [p, p.nextUp, p.nextDown, 9.999_999_999_999_999 * p / 10, 5 * p, 1.5 * p]
        }
        for v in [1e-4, 0x1p53] {
            var lo = v, hi = v
            for _ in 0 ..< 50 { lo = lo.nextDown; hi = hi.nextUp; values += [lo, hi] }
        }
        // The smallest subnormals, one by one, and the largest.
        for m in UInt64(1) ... 100_000 { values.append(Double(bitPattern: m)) }
        for m in UInt64(0) ..< 1000 { values.append(Double(bitPattern: (1 << 52) - 1 - m)) }
        // Integers near 2^53 and round numbers.
        for n in 0 ..< 1000 { values += [Double(9_007_199_254_740_992 - n * 3), Double(n) * 1000, Double(n) / 8] }
        #expect(mismatches(values.filter(\.isFinite)) == [])
        #expect(text(-0.0) == "-0.0" && text(1e16) == "1e+16" && text(0x1p53) == "9007199254740992.0")
        #expect(text(5e-324) == "5e-324" && text(1e-5) == "1e-05" && text(0.0001) == "0.0001" && text(1e100) == "1e+100")
    }

    @Test("Whole numbers print as String(_:) does: 0, each digit count, the extremes")
    func integers() {
        var values = [0, 1, 9, 10, -1, -10, Int.max, Int.min + 1, 99, 100, 101]
        var p = 1
        for _ in 0 ..< 18 { p *= 10; values += [p - 1, p, p + 1, -p] }
        var rng = SeededGenerator(seed: 3)
        for _ in 0 ..< 10_000 { values.append(Int(truncatingIfNeeded: rng.next()) >> Int(rng.next() % 64)) }
        for n in values {
            var out = TextBuffer()
            out.write(reserving: 1) { $0.append(integer: n) }
            #expect(String(decoding: out.bytes, as: UTF8.self) == String(n))
        }
    }

    @Test("The shift formulas for ⌊log10 2^q⌋, ⌊log10 ¾·2^q⌋ and ⌊log2 10^e⌋ match a direct count")
    func logFormulas() {
        // Direct: the largest k with 10^k ≤ x, by repeated scaling in
        // exact binary steps is unavailable for huge q, so compare with a
        // Double logarithm away from integers, where it cannot be wrong.
        for q in -1100 ... 1100 {
            let x = Double(q) * 0.301_029_995_663_981_2
            if abs(x - x.rounded()) > 1e-9 { #expect(ShortestDecimal.floorLog10Pow2(q) == Int(x.rounded(.down)), "\(q)") }
            let y = x + (-0.124_938_736_608_299_95)
            if abs(y - y.rounded()) > 1e-9 { #expect(ShortestDecimal.floorLog10ThreeQuartersPow2(q) == Int(y.rounded(.down)), "\(q)") }
        }
        for e in -400 ... 400 {
            let x = Double(e) * 3.321_928_094_887_362_3
            if abs(x - x.rounded()) > 1e-9 { #expect(ShortestDecimal.floorLog2Pow10(e) == Int(x.rounded(.down)), "\(e)") }
        }
    }
}
