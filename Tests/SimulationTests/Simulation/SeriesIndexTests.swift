import Testing
@testable import RangePipeKit

@Suite("Range min/max structure against brute force")
struct SeriesIndexTests {
    @Test("random arrays with NaNs, random windows including empty and single-point ones")
    func pyramidMatchesBruteForce() {
        var rng = SeededGenerator(seed: 11)
        for round in 0 ..< 300 {
            let n = round < 20 ? round : rng.int(in: 1 ... 5000)
            let nanRate = [0, 2, 10, 100].element(using: &rng)
            let values = (0 ..< n).map { _ -> Double in
                if nanRate > 0, rng.int(in: 0 ..< nanRate) == 0 { return .nan }
                return Double(rng.int(in: -1000 ... 1000))
            }
            let index = SeriesIndex(x: (0 ..< n).map(Double.init), values: values)
            for _ in 0 ..< 40 {
                let lo = rng.int(in: 0 ... n)
                let hi = [lo, min(lo + 1, n), rng.int(in: lo ... n)].element(using: &rng)
                let slice = values[lo ..< hi].filter { !$0.isNaN }
                let got = index.minMax(lo, hi)
                if slice.isEmpty {
                    #expect(got == nil, "n \(n) [\(lo), \(hi))")
                } else {
                    #expect(got?.min == slice.min() && got?.max == slice.max(), "n \(n) [\(lo), \(hi))")
                }
                // lastPresent against a linear scan.
                let i = rng.int(in: -1 ..< max(n, 1))
                let expected = i < 0 || n == 0 ? nil : (0 ... min(i, n - 1)).last { !values[$0].isNaN }
                #expect(index.lastPresent(atOrBefore: i) == expected, "lastPresent(\(i)) n \(n)")
            }
        }
    }

    @Test("bounds by binary search agree with a scan, with repeated x")
    func bounds() {
        var rng = SeededGenerator(seed: 5)
        var x: [Double] = []
        for _ in 0 ..< 500 { x.append(Double(rng.int(in: 0 ... 100))) }
        x.sort()
        let index = SeriesIndex(x: x, values: x)
        for u in stride(from: -1.0, through: 101, by: 0.5) {
            #expect(index.lowerBound(u) == (x.firstIndex { $0 >= u } ?? x.count))
            #expect(index.upperBound(u) == (x.firstIndex { $0 > u } ?? x.count))
        }
    }
}
