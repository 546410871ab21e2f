import Testing
@testable import RangePipeKit

@Suite("Series accumulator")
struct SeriesAccumulatorTests {
    /// Rows 0..<n with x = offset + i, value columns i·(k+1), `columns` of them.
    static func filled(_ n: Int, offset: Int, columns: Int, reserve: Int?, lines: Bool) -> SeriesAccumulator {
        let acc = SeriesAccumulator(name: "s", keepLines: lines)
        if let reserve { acc.reserve(reserve) }
        for i in 0 ..< n {
            let row = (0 ..< columns).map { Double(i * ($0 + 1)) }
            acc.append(x: Double(offset + i), values: row, line: offset + i + 2)
        }
        return acc
    }

    @Test("absorbing a later part gives the rows in order, in place when reserved and by copy when not",
          arguments: [(2000 as Int?, 1, 1), (nil, 1, 1), (2000, 1, 2), (nil, 2, 1), (1100, 1, 1)])
    func absorb(reserve: Int?, earlierColumns: Int, laterColumns: Int) {
        let head = Self.filled(1000, offset: 0, columns: earlierColumns, reserve: reserve, lines: true)
        let tail = Self.filled(700, offset: 1000, columns: laterColumns, reserve: nil, lines: true)
        let before = head.x.withUnsafeBufferPointer { $0.baseAddress }
        head.absorb(tail)
        #expect(head.x == (0 ..< 1700).map(Double.init))
        #expect(head.lines == (0 ..< 1700).map { Int32($0 + 2) })
        #expect(head.columns.count == max(earlierColumns, laterColumns))
        for k in head.columns.indices {
            let want = (0 ..< 1700).map { i -> Double in
                let local = i < 1000 ? i : i - 1000
                let present = i < 1000 ? k < earlierColumns : k < laterColumns
                return present ? Double(local * (k + 1)) : .nan
            }
            #expect(sameValues(head.columns[k], want), "column \(k)")
        }
        #expect(tail.x.isEmpty && tail.columns.isEmpty)
        // Reserved room for both parts (and every column the later part has): no new buffer.
        let inPlace = (reserve ?? 0) >= 1700 && earlierColumns >= laterColumns
        #expect((head.x.withUnsafeBufferPointer { $0.baseAddress } == before) == inPlace)
    }

    @Test("a column added after rows arrived is missing in those rows; a row with fewer values pads the rest")
    func columnsGrow() {
        let acc = SeriesAccumulator(name: "s", keepLines: false)
        acc.reserve(10)
        acc.append(x: 0, values: [1.0], line: 1)
        acc.append(x: 1, values: [2.0, 3.0], line: 2)
        acc.append(x: 2, values: [4.0], line: 3)
        #expect(sameValues(acc.columns[0], [1, 2, 4]))
        #expect(sameValues(acc.columns[1], [.nan, 3, .nan]))
        #expect(acc.columns[1].capacity >= 10)
    }
}
