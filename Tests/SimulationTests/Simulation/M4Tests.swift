import Testing
@testable import RangePipeKit

@Suite("M4 points")
struct M4Tests {
    /// Brute force: every point in the window, grouped by pixel column.
    static func bruteM4(_ x: [Double], _ y: [Double], _ w: Window, width: Int) -> [(Double, Double)] {
        let scale = Double(width) / w.span
        var byColumn: [Int: [Int]] = [:]
        for i in x.indices where x[i] >= w.lower && x[i] <= w.upper && !y[i].isNaN {
            byColumn[min(Int((x[i] - w.lower) * scale), width - 1), default: []].append(i)
        }
        var out: [(Double, Double)] = []
        for column in byColumn.keys.sorted() {
            let members = byColumn[column]!
            var lo = members[0], hi = members[0]
            for i in members { if y[i] < y[lo] { lo = i }; if y[i] > y[hi] { hi = i } }
            for i in Set([members.first!, lo, hi, members.last!]).sorted() { out.append((x[i], y[i])) }
        }
        return out
    }

    @Test("matches brute force on random data with gaps, and rasterises to the same column min/max")
    func randomWindows() {
        var rng = SeededGenerator(seed: 31)
        for round in 0 ..< 120 {
            let n = rng.int(in: 2 ... 20_000)
            var x: [Double] = []
            var u = 0.0
            // Mostly even steps, with bursts and gaps, so column widths in points vary a lot.
            let burst = round % 3 == 0
            for k in 0 ..< n {
                x.append(u)
                let step = Double(rng.int(in: 1 ... 4)) * 0.5
                u += burst && (k / 500) % 2 == 1 ? step * 0.001 : rng.int(in: 0 ..< 400) == 0 ? step * 300 : step
            }
            let y = (0 ..< n).map { _ in rng.int(in: 0 ..< 12) == 0 ? Double.nan : Double(rng.int(in: -300 ... 300)) }
            let index = SeriesIndex(x: x, values: y)
            let shown = ShownValues(index: index, inFlight: nil, clampMin: nil)
            let a = rng.double(in: -5 ... u * 0.7)
            let w = Window(a, a + rng.double(in: 0.3 ... u))
            let width = [1, 3, 17, 200, 800, 1000].element(using: &rng)
            let got = M4.points(w, shown, width: Double(width))
            // The cut points at a and b are the first and last entries when present.
            var inner = got
            if let first = inner.first, first.x == w.lower, !x.contains(w.lower) { inner.removeFirst() }
            if let last = inner.last, last.x == w.upper, !x.contains(w.upper) { inner.removeLast() }
            let want = Self.bruteM4(x, y, w, width: width)
            #expect(inner.count == want.count && zip(inner, want).allSatisfy { $0.x == $1.0 && $0.y == $1.1 }, "round \(round): n \(n) width \(width)")
            // Same columns' min/max as drawing every point.
            let scale = Double(width) / w.span
            var rawColumns: [Int: (Double, Double)] = [:], m4Columns: [Int: (Double, Double)] = [:]
            for i in x.indices where x[i] >= w.lower && x[i] <= w.upper && !y[i].isNaN {
                let c = min(Int((x[i] - w.lower) * scale), width - 1)
                let r = rawColumns[c] ?? (y[i], y[i]); rawColumns[c] = (min(r.0, y[i]), max(r.1, y[i]))
            }
            for p in inner {
                let c = min(Int((p.x - w.lower) * scale), width - 1)
                let r = m4Columns[c] ?? (p.y, p.y); m4Columns[c] = (min(r.0, p.y), max(r.1, p.y))
            }
            #expect(rawColumns.count == m4Columns.count && rawColumns.allSatisfy { m4Columns[$0.key]! == $0.value }, "round \(round)")
            // The scan path (used during springs) agrees with the pyramid path.
            let scanned = M4.points(w, ShownValues(index: index, inFlight: y, clampMin: nil), width: Double(width))
            #expect(scanned.count == got.count && zip(scanned, got).allSatisfy { $0.x == $1.x && ($0.y == $1.y) }, "round \(round) scan vs pyramid")
        }
    }

    @Test("argMinMax returns first occurrences, like a scan")
    func argMinMax() {
        var rng = SeededGenerator(seed: 8)
        for _ in 0 ..< 200 {
            let n = rng.int(in: 1 ... 3000)
            let v = (0 ..< n).map { _ -> Double in
                switch rng.int(in: 0 ..< 30) {
                case 0 ..< 5: .nan
                case 5: .infinity
                case 6: -.infinity
                default: Double(rng.int(in: 0 ... 9))
                }
            }
            let p = MinMaxPyramid(v)
            let lo = rng.int(in: 0 ..< n), hi = rng.int(in: lo ... n)
            let present = (lo ..< hi).filter { !v[$0].isNaN }
            let got = v.withUnsafeBufferPointer { p.argMinMax($0, lo, hi) }
            if present.isEmpty { #expect(got == nil); continue }
            let mn = present.map { v[$0] }.min()!, mx = present.map { v[$0] }.max()!
            #expect(got?.min == present.first { v[$0] == mn } && got?.max == present.first { v[$0] == mx })
            let range = p.minMax(v, lo, hi)
            #expect(range?.min == mn && range?.max == mx)
        }
    }
}
