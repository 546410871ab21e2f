import Testing
@testable import RangePipeKit

/// Scans one object and returns (key, kind, decoded text) per member.
func scanJSON(_ text: String) throws -> [(key: String, kind: CellKind, text: String)]? {
    var scanner = JSONObjectScanner()
    var batch = RecordBatch()
    let bytes = Array(text.utf8)
    let end = try bytes.withByteView { try scanner.scanObject($0, at: 0, into: &batch, rawOriginal: false) }
    guard end != nil else { return nil }
    return batch.cells.map { cell in
        (scanner.slotNames[cell.slot], cell.kind, String(decoding: batch.bytes[cell.start ..< cell.start + cell.count], as: UTF8.self))
    }
}

@Suite("JSON object scanner")
struct JSONScannerTests {
    @Test("escapes and unicode decode; nested values are skipped")
    func escapes() throws {
        let text = #"{"a":"x\"y\\z\/\n\u00e9\ud83d\ude00","b":-1.5e3,"c":null,"d":true,"e":{"n":[1,{"x":"}]"}]},"ключ":"значение","f":0}"#
        let members = try #require(try scanJSON(text))
        #expect(members.map(\.key) == ["a", "b", "c", "d", "e", "ключ", "f"])
        #expect(members[0].text == "x\"y\\z/\né😀")
        #expect(members[0].kind == .text)
        #expect(members[1].kind == .number && members[1].text == "-1.5e3")
        #expect(members[2].kind == .null)
        #expect(members[3].kind == .bool)
        #expect(members[4].kind == .nested)
        #expect(members[5].text == "значение")
        #expect(members[6].text == "0")
    }

    @Test("numbers in every JSON form", arguments: ["0", "-0", "1.5", "1e5", "1E-5", "-0.0e+0", "123456789", "2.5E+10", "-12.75"])
    func numberForms(number: String) throws {
        let members = try #require(try scanJSON("{\"v\":\(number)}"))
        #expect(members[0].kind == .number)
        #expect(members[0].text == number)
        // The value the builder will store: the literal read by Swift itself.
        let bytes = Array(number.utf8)
        let parsed = bytes.withByteView { DecimalParser.parseNumber($0, 0, $0.count) }
        #expect(parsed == Double(number)!)
    }

    @Test("numbers JSON forbids are errors", arguments: ["01", "1.", ".5", "+1", "-", "1e", "1e+", "NaN", "Infinity"])
    func badNumbers(number: String) {
        #expect(throws: JSONObjectScanner.Failure.self) { _ = try scanJSON("{\"v\":\(number)}") }
    }

    @Test("structural errors name their offset")
    func structuralErrors() {
        for (text, offset) in [(#"{"a" 1}"#, 5), (#"{"a":1,}"#, 7), (#"[1]"#, 0), (#"{"a":tru}"#, 5), (#"{"a":[1}]}"#, 7), ("{\"a\":\"x\u{1}\"}", 7)] {
            #expect {
                _ = try scanJSON(text)
            } throws: { error in
                (error as? JSONObjectScanner.Failure)?.offset == offset
            }
        }
    }

    @Test("a truncated object asks for more bytes")
    func truncated() throws {
        for text in [#"{"a":1"#, #"{"a":"#, #"{"a":"abc"#, #"{"a":[1,2"#, #"{"#, #"{"a":12"#] {
            #expect(try scanJSON(text) == nil, "\(text)")
        }
    }

    @Test("deep nesting does not recurse")
    func deepNesting() throws {
        let depth = 200_000
        let text = "{\"deep\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + ",\"v\":1}"
        let members = try #require(try scanJSON(text))
        #expect(members.map(\.kind) == [.nested, .number])
    }
}

@Suite("Script JSON parser")
struct JSONValueTests {
    @Test("escapes, nesting, numbers, key order")
    func values() throws {
        let v = try JSONValue.parse(Array(#"{"a": "x\u00e9\n\"", "b": [1, -2.5e2, true, null], "c": {}}"#.utf8))
        guard case let .object(members) = v else { Issue.record("not an object"); return }
        #expect(members.map(\.0) == ["a", "b", "c"])
        #expect(members[0].1 == .string("xé\n\""))
        #expect(members[1].1 == .array([.number(1), .number(-250), .bool(true), .null]))
    }

    @Test("errors carry line and column", arguments: [
        ("{\n  \"a\": tru\n}", 2, 8), ("{\"a\": \"\\x\"}", 1, 9), ("{\"a\": 1,}", 1, 9), ("{\"a\": 1} x", 1, 10),
        ("{\"a\": 1, \"a\": 2}", 1, 10), (String(repeating: "[", count: 300), 1, 257),
    ])
    func errors(text: String, line: Int, column: Int) {
        #expect {
            _ = try JSONValue.parse(Array(text.utf8))
        } throws: { error in
            guard let e = error as? JSONValue.SyntaxError else { return false }
            return e.line == line && e.column == column
        }
    }
}
