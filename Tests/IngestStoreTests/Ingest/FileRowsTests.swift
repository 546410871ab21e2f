import Testing
@testable import RangePipeKit

@Suite("File rows and row groups")
struct FileRowsTests {
    /// Rows 0..<n of series i % seriesCount, x = offset + i, value columns
    /// i·(k+1), `columns` of them, line offset + i + 2.
    static func filled(_ n: Int, offset: Int, series seriesCount: Int, columns: Int, reserve: Int?) -> FileRows {
        var rows = FileRows(manySeries: true, keepLines: true)
        if let reserve { rows.reserve(reserve) }
        for i in 0 ..< n {
            let row = (0 ..< columns).map { Double(i * ($0 + 1)) }
            rows.append(series: i % seriesCount, x: Double(offset + i), values: row, line: offset + i + 2)
        }
        return rows
    }

    @Test("absorbing a later part gives the rows in order, renumbered, in place when reserved and by copy when not",
          arguments: [(2000 as Int?, 1, 1), (nil, 1, 1), (2000, 1, 2), (nil, 2, 1), (1100, 1, 1)])
    func absorb(reserve: Int?, earlierColumns: Int, laterColumns: Int) {
        var head = Self.filled(1000, offset: 0, series: 3, columns: earlierColumns, reserve: reserve)
        // The later part's series 0, 1, 2, 3 are this part's 2, 0, 3 (new) and 1.
        var tail = Self.filled(700, offset: 0, series: 4, columns: laterColumns, reserve: nil)
        let before = head.x.withUnsafeBufferPointer { $0.baseAddress }
        head.absorb(tail, seriesMap: [2, 0, 3, 1], lineOffset: 1000)
        tail = FileRows(manySeries: false, keepLines: false)
        let map = [2, 0, 3, 1]
        #expect(head.x == (0 ..< 1000).map(Double.init) + (0 ..< 700).map(Double.init))
        #expect(head.lines == (0 ..< 1700).map { Int32($0 + 2) })
        #expect(head.series == (0 ..< 1000).map { Int32($0 % 3) } + (0 ..< 700).map { Int32(map[$0 % 4]) })
        // Series 0: 334 earlier rows and the later series 1's 175; 1: 333 + 175; 2: 333 + 175; 3: 175.
        let groups = RowGroups(series: head.series!, seriesCount: 4)
        #expect((0 ..< 4).map(groups.count(of:)) == [334 + 175, 333 + 175, 333 + 175, 175])
        #expect(head.columns.count == max(earlierColumns, laterColumns))
        for k in head.columns.indices {
            let want = (0 ..< 1700).map { i -> Double in
                let local = i < 1000 ? i : i - 1000
                let present = i < 1000 ? k < earlierColumns : k < laterColumns
                return present ? Double(local * (k + 1)) : .nan
            }
            #expect(sameValues(head.columns[k], want), "column \(k)")
        }
        // Reserved room for both parts: no new buffer.
        let inPlace = (reserve ?? 0) >= 1700
        #expect((head.x.withUnsafeBufferPointer { $0.baseAddress } == before) == inPlace)
    }

    @Test("a column added after rows arrived is missing in those rows; a row with fewer values pads the rest")
    func columnsGrow() {
        var rows = FileRows(manySeries: false, keepLines: false)
        rows.reserve(10)
        rows.append(series: 0, x: 0, values: [1.0], line: 1)
        rows.append(series: 0, x: 1, values: [2.0, 3.0], line: 2)
        rows.append(series: 0, x: 2, values: [4.0], line: 3)
        #expect(sameValues(rows.columns[0], [1, 2, 4]))
        #expect(sameValues(rows.columns[1], [.nan, 3, .nan]))
        #expect(rows.columns[1].capacity >= 10)
        #expect(rows.series == nil && rows.lines == nil)
    }

    @Test("row groups list each series' rows in arrival order, series by series", arguments: [1, 7, 500])
    func groups(seriesCount: Int) {
        var state: UInt64 = 0x9e37_79b9_7f4a_7c15
        let series = (0 ..< 3000).map { _ -> Int32 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int32((state >> 33) % UInt64(seriesCount))
        }
        // One series more than the rows name: it has none.
        let groups = RowGroups(series: series, seriesCount: seriesCount + 1)
        let column = (0 ..< 3000).map { Double($0) * 0.5 }
        for s in 0 ... seriesCount {
            // Brute force: the rows whose series is s, in order.
            let want = series.indices.filter { Int(series[$0]) == s }
            #expect(groups.range(of: s).count == want.count)
            #expect(groups.gather(column, series: s) == want.map { Double($0) * 0.5 })
            if let last = want.indices.last { #expect(groups.row(last, of: s) == want[last]) }
        }
    }
}
