import Testing
@testable import RangePipeKit

/// Random NDJSON lines over the keys t, s, v, w: mostly plain (the shape
/// the template reads), the rest bent in one way each — another key order,
/// a missing or extra or repeated key, escapes, literals, nested values,
/// numbers JSON forbids, trailing text, spacing.
struct NDJSONLineMaker {
    var rng: SeededGenerator

    mutating func pick<T>(_ options: [T]) -> T { options[rng.int(in: 0 ..< options.count)] }
    mutating func chance(_ p: Double) -> Bool { rng.double(in: 0 ..< 1) < p }

    mutating func number() -> String {
        if chance(0.05) { return pick(["01", "1.", "+1", "-", "1e", ".5", "NaN", "1e400", "-0", "0.0e+0", "12345678901234567890123"]) }
        let v = rng.int(in: -99_999 ... 99_999)
        return pick(["\(v)", "\(v).\(rng.int(in: 0 ... 99))", "\(v)e-2", "\(v).5E+1"])
    }

    mutating func value(for key: String) -> String {
        if chance(0.06) { return pick(["null", "true", "false", "[1,2]", "{\"a\":1}", "\"\"", "\"NA\"", "\" 12 \"", "\"12\"", "\"a\\\"b\"", "\"x\\u0041\""]) }
        switch key {
        case "t": return chance(0.5) ? "\"2024-01-0\(rng.int(in: 1 ... 9))T00:00:\(rng.int(in: 10 ... 59)).000Z\"" : "\"2024-01-01 10:00\""
        case "s": return "\"" + pick(["a", "b", "c", "null", "é"]) + "\""
        default: return number()
        }
    }

    mutating func line() -> String {
        var keys = ["t", "s", "v", "w"]
        if chance(0.08) { keys.shuffle(using: &rng) }
        if chance(0.05) { keys.remove(at: rng.int(in: 0 ..< keys.count)) }
        if chance(0.04) { keys.append(pick(["x2", "t", "v"])) }
        let space = chance(0.2) ? pick([" ", "  ", "\t", " \r"]) : ""
        var members: [String] = []
        for key in keys {
            let name = chance(0.02) ? "\\u0074" : key // an escaped "t"
            members.append("\"\(name)\"\(space):\(space)\(value(for: key))")
        }
        var text = "{" + space + members.joined(separator: "," + space) + space + "}"
        if chance(0.03) { text = pick([text + " x", text + ",", String(text.dropLast()), " " + text + " ", text + "\r", "", "[]", "{}"]) }
        return text
    }
}

@Suite("NDJSON line templates")
struct JSONLineTemplateTests {
    /// Scans `text` with the general scanner: its cells as (slot, kind,
    /// column, text), or nil when the scanner refuses or needs more bytes.
    static func general(_ text: [UInt8], _ names: [String]) -> [(Int, CellKind, Int, [UInt8])]? {
        var scanner = JSONObjectScanner(slotNames: names)
        var batch = RecordBatch()
        let scanned = text.withByteView { b -> Int? in
            var i = 0
            guard scanner.skipWhitespace(b, &i), let end = try? scanner.scanObject(b, at: i, into: &batch, rawOriginal: false) else { return nil }
            var j = end
            return scanner.skipWhitespace(b, &j) ? nil : end
        }
        guard scanned != nil else { return nil }
        return batch.cells.map { ($0.slot, $0.kind, $0.column, Array(batch.bytes[$0.start ..< $0.start + $0.count])) }
    }

    @Test("a line the template reads is read the same by the general scanner; plain lines are all read")
    func agreesWithTheGeneralScanner() throws {
        let names = ["t", "s", "v", "w", "x2"]
        let template = try #require(JSONLineTemplate(slots: [0, 1, 2, 3], names: names))
        var maker = NDJSONLineMaker(rng: SeededGenerator(seed: 41))
        var read = 0, plain = 0
        for _ in 0 ..< 20_000 {
            let text = Array(maker.line().utf8)
            var cells: [Cell] = []
            let record = text.withByteView { b in
                var end = b.count
                if end > 0, b[end - 1] == 0x0d { end -= 1 }
                return template.scan(b, 0, end, line: 3, into: &cells)
            }
            let reference = Self.general(text, names)
            if let record {
                read += 1
                let got = cells.map { ($0.slot, $0.kind, $0.column, Array(text[$0.start ..< $0.start + $0.count])) }
                let want = try #require(reference, "the template read a line the general scanner refuses: \(String(decoding: text, as: UTF8.self))")
                #expect(got.elementsEqual(want) { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 && $0.3 == $1.3 },
                        "\(String(decoding: text, as: UTF8.self))")
                #expect(record.cellCount == 4 && record.line == 3 && cells.allSatisfy { $0.line == 3 })
                #expect(text[record.rawStart] == 0x7b && text[record.rawStart + record.rawCount - 1] == 0x7d)
            } else {
                #expect(cells.isEmpty, "a refused line left cells behind")
            }
            // Plain: the keys in order, no escapes, each value a string, number or null.
            if let reference, reference.map(\.0) == [0, 1, 2, 3], reference.allSatisfy({ $0.1 != .bool && $0.1 != .nested }),
               !text.contains(0x5c) {
                plain += 1
                #expect(record != nil, "a plain line was not read: \(String(decoding: text, as: UTF8.self))")
            }
        }
        #expect(read > 10_000 && plain >= read)
    }

    @Test("keys that repeat, or that could only be written escaped, make no template")
    func refusedKeys() {
        #expect(JSONLineTemplate(slots: [0, 0], names: ["a"]) == nil)
        #expect(JSONLineTemplate(slots: [], names: []) == nil)
        #expect(JSONLineTemplate(slots: [0], names: ["a\"b"]) == nil)
        #expect(JSONLineTemplate(slots: [0], names: ["a\\b"]) == nil)
        #expect(JSONLineTemplate(slots: [0], names: ["a\nb"]) == nil)
        #expect(JSONLineTemplate(slots: [1, 0], names: ["a", "b"]) != nil)
    }

    @Test("ingest with templates equals ingest with the general scanner alone: series, rejects, errors", arguments: [1, 2, 3, 4])
    func ingestAgrees(seed: Int) {
        var maker = NDJSONLineMaker(rng: SeededGenerator(seed: UInt64(seed)))
        // Runs of plain lines with bent lines between, over more than one read chunk.
        var text = ""
        while text.utf8.count < 3 << 20 { text += maker.line() + "\n" }
        var variants: [IngestOptions] = []
        for policy in [ErrorPolicy.fail, .skip] {
            for series in [nil, "s"] as [String?] {
                var options = IngestOptions()
                options.format = .ndjson
                options.onError = policy
                options.seriesColumn = series
                if seed % 2 == 0 { options.duplicates = .keep }
                variants.append(options)
            }
        }
        var failures = 0
        for options in variants {
            let bytes = Array(text.utf8)
            let fast = FuzzDrivers.ingestOutcome(bytes, options, jsonTemplates: true)
            let general = FuzzDrivers.ingestOutcome(bytes, options, jsonTemplates: false)
            #expect(fast == general, "\(options.onError) \(options.seriesColumn ?? "-")")
            if case .failed = fast { failures += 1 }
            if options.onError == .skip, case let .series(series, rejects) = fast {
                #expect(!series.isEmpty && !rejects.isEmpty)
            }
        }
        #expect(failures >= 1, "the bent lines never made an error")
    }
}
