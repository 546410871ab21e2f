import Foundation
import Testing
@testable import RangePipeKit

/// A mapped CSV file is parsed in place: cells point into the file while
/// each field is exactly its bytes there. These check the records against
/// hand-written expectations and against the copying path (the same file
/// given as in-memory bytes, which is never mapped), across hazards that
/// make libcsv's text differ from the input: quotes, trimmed spaces,
/// space-only lines, CRLF, a byte-order mark, a last line without newline.
@Suite("CSV read in place from a mapped file")
struct CSVInPlaceTests {
    /// Every record a reader hands over: its line and fields as text.
    final class CollectingSink: RecordSink {
        var header: [String] = []
        var records: [[String]] = []
        var lines: [Int] = []
        var originalText: ((RecordInfo, ArraySlice<Cell>, ByteView) -> String)?

        func setHeader(_ names: [String], line: Int) throws { header = names }
        func addSlot(named name: String, index: Int) {}
        func consume(_ record: RecordInfo, cells: ArraySlice<Cell>, bytes: ByteView) throws {
            lines.append(record.line)
            records.append(cells.map { bytes[$0.start ..< $0.start + $0.count].string })
        }
        func reject(line: Int, column: Int, reason: String, original: String?) throws {}
    }

    private func readFile(_ bytes: [UInt8], delimiter: UInt8 = 0x2c) throws -> CollectingSink {
        let dir = try TemporaryDirectory()
        let path = dir.path("in.csv")
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let source = try InputSource(path: path)
        #expect(source.mappedBytes != nil)
        let sink = CollectingSink()
        try CSVReader(delimiter: delimiter, hasHeader: true).read(source, into: sink)
        return sink
    }

    private func readMemory(_ bytes: [UInt8], delimiter: UInt8 = 0x2c) throws -> CollectingSink {
        let source = InputSource(name: "mem", bytes: bytes)
        #expect(source.mappedBytes == nil)
        let sink = CollectingSink()
        try CSVReader(delimiter: delimiter, hasHeader: true).read(source, into: sink)
        return sink
    }

    @Test("small files: records and lines as written by hand", arguments: [
        ("x,y\n1,2\r\n\n3,4", ["x", "y"], [[1, 2], [3, 4]], [2, 4]),
        ("x,y\n 1,2 \n3 , 4\n", ["x", "y"], [[1, 2], [3, 4]], [2, 3]),
        ("x,y\n  \n5,6\n", ["x", "y"], [[5, 6]], [3]),
        ("x,y\n\"7,8\",2\n3,4\n", ["x", "y"], [[78, 2], [3, 4]], [2, 3]),
        ("\u{FEFF}x,y\n1,2\n", ["x", "y"], [[1, 2]], [2]),
        ("x,y\n1,2\n9,", ["x", "y"], [[1, 2], [9, -1]], [2, 3]),
        ("x,y\n,\n1,", ["x", "y"], [[-1, -1], [1, -1]], [2, 3]),
        ("x,y\n1,2\r3,4\r", ["x", "y"], [[1, 2], [3, 4]], [2, 3]),
    ] as [(String, [String], [[Int]], [Int])])
    func small(text: String, header: [String], rows: [[Int]], lines: [Int]) throws {
        // -1 stands for an empty field; "7,8" (quoted) for 78.
        let expected = rows.map { $0.map { $0 == -1 ? "" : $0 == 78 ? "7,8" : String($0) } }
        let sink = try readFile(Array(text.utf8))
        #expect(sink.header == header)
        #expect(sink.records == expected)
        #expect(sink.lines == lines)
    }

    @Test("tab-delimited: only spaces are trimmed")
    func tabs() throws {
        let sink = try readFile(Array("x\ty\n 1\t2 \n3\t4\n".utf8), delimiter: 0x09)
        #expect(sink.records == [["1", "2"], ["3", "4"]])
    }

    @Test("3 MiB with hazards scattered over several slices: the same records and lines as the copying path",
          arguments: [(400, true), (40_000, true), (40_000, false)] as [(UInt64, Bool)])
    func largeAgainstCopies(oneIn: UInt64, quotes: Bool) throws {
        // A slice with a quote is copied whole: without quotes, every
        // other hazard meets the in-place path.
        var rng = SeededGenerator(seed: 17)
        var text = "t,s,v\n"
        var row = 0
        while text.utf8.count < 3 << 20 {
            row += 1
            let hazard = rng.next() % oneIn
            switch hazard {
            case 0: text += "  \n"
            case 1: text += "\(row), s\(row % 7),\(row)\n"
            case 2 where quotes: text += "\(row),\"q,\nr\",\(row)\n"
            case 3: text += "\(row),s\(row % 7),\(row) \r\n"
            case 4: text += "\n"
            case 5: text += "\(row),,\n"
            default: text += "\(row),s\(row % 7),\(Double(row) / 8)\n"
            }
        }
        text += "\(row + 1),end,1"
        let bytes = Array(text.utf8)
        let mapped = try readFile(bytes), copied = try readMemory(bytes)
        #expect(mapped.header == copied.header)
        #expect(mapped.records.count == copied.records.count)
        #expect(mapped.records == copied.records)
        #expect(mapped.lines == copied.lines)
        #expect(mapped.records.last == ["\(row + 1)", "end", "1"])
    }

    @Test("the parser reads in place until a field differs from its input bytes, then copies")
    func switchesToCopies() throws {
        let input = Array("a,b\nc,d\n e,f\ng,h\n".utf8)
        let parser = LibCSVParser(delimiter: 0x2c)
        try input.withUnsafeBytes { all in
            try parser.parse(UnsafeRawBufferPointer(rebasing: all[0 ..< 8]), within: all)
            #expect(parser.collector.value.direct != nil)
            #expect(parser.batch.cells.map(\.start) == [0, 2, 4, 6])
            parser.discardDeliveredRecords()
            try parser.parse(UnsafeRawBufferPointer(rebasing: all[8...]), within: all)
            #expect(parser.collector.value.direct == nil)
            let bytes = parser.cellBytes
            let fields = parser.batch.cells.map { bytes[$0.start ..< $0.start + $0.count].string }
            #expect(fields == ["e", "f", "g", "h"])
        }
    }
}
