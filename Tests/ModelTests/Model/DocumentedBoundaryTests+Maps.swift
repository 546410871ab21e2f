import Foundation
import Testing
import RangePipeKit

/// docs/script-views.md "x scales": the ordinal map puts point i at u = i, runs
/// linearly in each gap, and beyond the first and last point extends with
/// the first and last gap; the log map is u = ln x with every point mapping
/// back exactly. Expected values are the doc's closed forms on x values
/// whose gaps all differ, so a wrong gap shows.
@Suite("documented boundaries: ordinal and log x maps at and beyond the ends")
struct DocumentedBoundaryMapTests {
    /// Gaps 1, 2, 4, 8: the first and last gap differ eightfold.
    static let xs: [Double] = [0, 1, 3, 7, 15]

    @Test("ordinal u(x): on the points, inside the last gap, at the last point and past it (with the last gap, 8)")
    func ordinalAfterLast() {
        let s = XScale(.ordinal, x: Self.xs)
        #expect(s.u(15) == 4)
        #expect(s.u(14) == 3 + 7.0 / 8)
        #expect(s.u(16) == 4 + 1.0 / 8)
        #expect(s.u(15 + 4) == 4.5)
        #expect(s.u(15 + 80) == 14)
    }

    @Test("ordinal x(u): at the last index, just inside and beyond it (the last gap, 8)")
    func ordinalAfterLastInverse() {
        let s = XScale(.ordinal, x: Self.xs)
        #expect(s.x(4) == 15)
        #expect(s.x(3.5) == 11)
        #expect(s.x(4.5) == 19)
        #expect(s.x(6) == 31)
    }

    @Test("ordinal before the first point: with the first gap (1), both ways")
    func ordinalBeforeFirst() {
        let s = XScale(.ordinal, x: Self.xs)
        #expect(s.u(0) == 0)
        #expect(s.u(0.5) == 0.5)
        #expect(s.u(-0.5) == -0.5)
        #expect(s.u(-3) == -3)
        #expect(s.x(0) == 0)
        #expect(s.x(-2) == -2)
        #expect(s.x(0.25) == 0.25)
    }

    @Test("ordinal: every point and mid-gap maps back (brute force over the points)")
    func ordinalRoundTrip() {
        let s = XScale(.ordinal, x: Self.xs)
        for (i, x) in Self.xs.enumerated() {
            #expect(s.u(x) == Double(i) && s.x(Double(i)) == x)
            if i + 1 < Self.xs.count {
                let mid = (x + Self.xs[i + 1]) / 2
                #expect(s.u(mid) == Double(i) + 0.5 && s.x(Double(i) + 0.5) == mid)
            }
        }
    }

    /// Decimal x values, many of which exp(ln x) does not give back exactly.
    static let logXs: [Double] = (1 ... 400).map { Double($0) / 7 + 0.1 }

    @Test("log: u = ln x at, between and beyond the points; every point comes back exactly")
    func logMap() {
        let s = XScale(.log, x: Self.logXs)
        // The test can fail: some points do not survive exp(ln x).
        #expect(Self.logXs.contains { Foundation.exp(Foundation.log($0)) != $0 })
        for x in Self.logXs {
            #expect(s.u(x) == Foundation.log(x))
            #expect(s.x(s.u(x)) == x, "\(x)")
        }
        let first = Self.logXs[0], last = Self.logXs[Self.logXs.count - 1]
        for x in [first / 2, first * 0.999, last * 1.001, last * 10] {
            #expect(s.u(x) == Foundation.log(x))
            #expect(s.x(Foundation.log(x)) == Foundation.exp(Foundation.log(x)))
        }
    }
}
