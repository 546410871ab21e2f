import Testing
@testable import RangePipeKit

/// The CSV reader refills the same cell arrays for every 1 MiB chunk; if
/// they were regrown from empty each time, every chunk would page-fault in
/// fresh memory (issue 17: half of an ingest's page faults).
@Suite("CSV collector keeps its memory between chunks")
struct CSVCollectorCapacityTests {
    @Test("a chunk ending inside a record keeps the cells' capacity and rebases the open record")
    func straddling() throws {
        let parser = LibCSVParser(delimiter: 0x2c)
        // 10,000 records of 3 fields, then "4,5" with no newline: the field
        // "4" is delivered, "5" is still inside libcsv.
        let text = String(repeating: "1,2,3\n", count: 10_000) + "4,5"
        try Array(text.utf8).withUnsafeBytes { try parser.parse($0) }
        #expect(parser.collector.value.batch.records.count == 10_000)
        let grown = parser.collector.value.batch.cells.capacity
        #expect(grown >= 30_001)
        parser.discardDeliveredRecords()
        let cells = parser.collector.value.batch.cells
        #expect(cells.capacity == grown)
        #expect(cells.count == 1)
        #expect(cells.first?.start == 0 && cells.first?.count == 1)
        #expect(parser.fieldBytes.count == 1 && parser.fieldBytes.buffer.first == 0x34)
        try Array("\n".utf8).withUnsafeBytes { try parser.parse($0) }
        try parser.finish()
        let batch = parser.batch
        let bytes = parser.fieldBytes.buffer
        #expect(batch.records.count == 1)
        let fields = batch.cells.map { String(decoding: bytes[$0.start ..< $0.start + $0.count], as: UTF8.self) }
        #expect(fields == ["4", "5"])
        #expect(batch.records.first?.line == 10_001)
    }

    @Test("a chunk ending between records keeps the cells' capacity too")
    func between() throws {
        let parser = LibCSVParser(delimiter: 0x2c)
        try Array(String(repeating: "1,2\n", count: 5_000).utf8).withUnsafeBytes { try parser.parse($0) }
        let grown = parser.collector.value.batch.cells.capacity
        #expect(grown >= 10_000)
        parser.discardDeliveredRecords()
        #expect(parser.collector.value.batch.cells.isEmpty)
        #expect(parser.collector.value.batch.cells.capacity == grown)
    }
}
