import Testing
@testable import RangePipeKit

/// Feeds libcsv through `LibCSVParser` in chunks of `chunk` bytes and returns
/// each record's line and fields.
func parseCSV(_ text: String, chunk: Int = 1 << 20, delimiter: UInt8 = 0x2c) throws -> [(line: Int, fields: [String])] {
    let parser = LibCSVParser(delimiter: delimiter)
    var out: [(Int, [String])] = []
    func drain() {
        let batch = parser.batch
        let bytes = parser.fieldBytes.buffer
        for r in batch.records {
            let fields = batch.cells[r.firstCell ..< r.firstCell + r.cellCount].map {
                String(decoding: bytes[$0.start ..< $0.start + $0.count], as: UTF8.self)
            }
            out.append((r.line, fields))
        }
        parser.discardDeliveredRecords()
    }
    let bytes = Array(text.utf8)
    var i = 0
    while i < bytes.count {
        let part = Array(bytes[i ..< min(i + chunk, bytes.count)])
        try part.withUnsafeBytes { try parser.parse($0) }
        drain()
        i += chunk
    }
    try parser.finish()
    drain()
    return out
}

@Suite("CSV through libcsv")
struct CSVParserTests {
    func lines(_ r: [(line: Int, fields: [String])]) -> [Int] { r.map(\.line) }
    func fields(_ r: [(line: Int, fields: [String])]) -> [[String]] { r.map(\.fields) }

    @Test("plain rows with and without a final newline")
    func plain() throws {
        let a = try parseCSV("a,b\n1,2\n")
        #expect(fields(a) == [["a", "b"], ["1", "2"]])
        #expect(lines(a) == [1, 2])
        #expect(fields(try parseCSV("a,b\n1,2")) == [["a", "b"], ["1", "2"]])
    }

    @Test("quotes: delimiters, doubled quotes, empty quoted fields")
    func quoting() throws {
        let r = try parseCSV("\"x,y\",2\n\"he said \"\"hi\"\"\",3\n\"\",4\n")
        #expect(fields(r) == [["x,y", "2"], ["he said \"hi\"", "3"], ["", "4"]])
    }

    @Test("a quoted newline keeps physical line numbers right")
    func quotedNewline() throws {
        let r = try parseCSV("k,v\n\"two\nlines\",1\nafter,2\n")
        #expect(fields(r) == [["k", "v"], ["two\nlines", "1"], ["after", "2"]])
        #expect(lines(r) == [1, 2, 4])
    }

    @Test("CRLF, lone CR and blank lines are counted as lines")
    func lineEnds() throws {
        let r = try parseCSV("a,b\r\n1,2\r\n\r\n3,4\r\n")
        #expect(fields(r) == [["a", "b"], ["1", "2"], ["3", "4"]])
        #expect(lines(r) == [1, 2, 4])
        let cr = try parseCSV("a,b\r1,2\r3,4")
        #expect(lines(cr) == [1, 2, 3])
        let blank = try parseCSV("\n\na,b\n\n1,2\n")
        #expect(lines(blank) == [3, 5])
    }

    @Test("chunk boundaries anywhere, including inside quoted fields and CRLF, give the same records")
    func chunkBoundaries() throws {
        let text = "name,\"quoted, field\",v\r\n\"multi\r\nline \"\"q\"\"\",x,1.5\r\nplain,\"\",2\n\"end\",y,3"
        let whole = try parseCSV(text)
        #expect(whole.count == 4)
        #expect(lines(whole) == [1, 2, 4, 5])
        for chunk in 1 ... text.utf8.count {
            let split = try parseCSV(text, chunk: chunk)
            #expect(fields(split) == fields(whole), "chunk \(chunk)")
            #expect(lines(split) == lines(whole), "chunk \(chunk)")
        }
    }

    @Test("TSV keeps tabs as delimiters")
    func tabs() throws {
        #expect(fields(try parseCSV("a\tb\n1\t 2\n", delimiter: 0x09)) == [["a", "b"], ["1", "2"]])
    }

    @Test("an unterminated quote is an error at the record's line")
    func unterminated() {
        #expect {
            _ = try parseCSV("a,b\n1,2\n3,\"open\nmore\n")
        } throws: { error in
            guard case let LibCSVParser.Failure.unterminated(line, column) = error else { return false }
            return line == 3 && column == 2
        }
    }

    @Test("a quote inside an unquoted field, or text after a closing quote, is malformed")
    func malformed() {
        for text in ["a,b\n1,x\"y\n", "a,b\n\"ab\"c,d\n"] {
            #expect {
                _ = try parseCSV(text)
            } throws: { error in
                guard case let LibCSVParser.Failure.malformed(line, _) = error else { return false }
                return line == 2
            }
        }
    }
}
