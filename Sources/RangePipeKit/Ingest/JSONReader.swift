/// Reads NDJSON (one object per line) or a top-level JSON array of objects,
/// streamed in chunks: memory holds one chunk plus the longest object, never
/// the whole input.
struct JSONReader {
    enum Layout { case lines, array }
    var layout: Layout
    /// Longest line or object accepted; past it the input is refused.
    static let maxRecordBytes = 64 << 20
    static let chunkSize = 1 << 20

    func read(_ source: InputSource, into sink: any RecordSink) throws {
        var scanner = JSONObjectScanner()
        scanner.onNewSlot = { name, slot in sink.addSlot(named: name, index: slot) }
        sink.originalText = { record, _, _ in "" }
        switch layout {
        case .lines: try readLines(source, sink, &scanner)
        case .array: try readArray(source, sink, &scanner)
        }
    }

    /// A growable window over the input.
    private struct Window {
        var bytes: [UInt8] = []
        var start = 0
        var eof = false
        /// Line number and absolute offset of `start` in the stream's lines.
        mutating func refill(_ source: InputSource) throws {
            if start > 0 {
                bytes.removeSubrange(0 ..< start)
                start = 0
            }
            let want = max(source.chunkSize(JSONReader.chunkSize), bytes.count)
            let old = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: want))
            let n = try bytes.withUnsafeMutableBytes { raw in
                try source.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[old...]))
            }
            bytes.removeSubrange((old + n)...)
            if n == 0 { eof = true }
        }
    }

    private func readLines(_ source: InputSource, _ sink: any RecordSink, _ scanner: inout JSONObjectScanner) throws {
        let file = source.displayName
        var window = Window()
        var line = 1
        var batch = RecordBatch()
        var sawRecord = false
        var firstChunk = true
        while true {
            try window.refill(source)
            if firstChunk {
                firstChunk = false
                if window.bytes.count >= 3, window.bytes[0] == 0xEF, window.bytes[1] == 0xBB, window.bytes[2] == 0xBF {
                    window.start = 3
                }
            }
            // Process every complete line (and the last one at EOF).
            try window.bytes.withUnsafeBufferPointer { b in
                var lineBegin = window.start
                while lineBegin < b.count {
                    var lineEnd = lineBegin
                    while lineEnd < b.count, b[lineEnd] != 0x0a { lineEnd += 1 }
                    if lineEnd - lineBegin > Self.maxRecordBytes {
                        throw RangePipeError.badData(SourceLocation(file: file, line: line, column: 1),
                                                     "line longer than \(Self.maxRecordBytes >> 20) MiB")
                    }
                    if lineEnd == b.count, !window.eof { break }
                    var contentEnd = lineEnd
                    if contentEnd > lineBegin, b[contentEnd - 1] == 0x0d { contentEnd -= 1 }
                    let lineBytes = UnsafeBufferPointer(rebasing: b[lineBegin ..< contentEnd])
                    try scanLine(lineBytes, line: line, file: file, &scanner, &batch, sink)
                    sawRecord = sawRecord || !batch.records.isEmpty
                    try deliver(&batch, sink)
                    line += 1
                    lineBegin = min(lineEnd + 1, b.count)
                }
                window.start = lineBegin
            }
            if window.bytes.count - window.start > Self.maxRecordBytes {
                throw RangePipeError.badData(SourceLocation(file: file, line: line, column: 1),
                                             "line longer than \(Self.maxRecordBytes >> 20) MiB")
            }
            if window.eof { break }
        }
        if !sawRecord {
            throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1), "empty input: no JSON objects")
        }
    }

    private func scanLine(_ b: UnsafeBufferPointer<UInt8>, line: Int, file: String, _ scanner: inout JSONObjectScanner,
                          _ batch: inout RecordBatch, _ sink: any RecordSink) throws {
        scanner.line = line
        scanner.lineStart = 0
        var i = 0
        guard scanner.skipWhitespace(b, &i) else { return } // blank line
        let original = { String(decoding: b, as: UTF8.self) }
        do {
            guard let end = try scanner.scanObject(b, at: i, into: &batch, rawOriginal: true) else {
                try sink.reject(line: line, column: b.count + 1, reason: "truncated JSON object (the line ends inside it)", original: original())
                return
            }
            var j = end
            if scanner.skipWhitespace(b, &j) {
                batch.records.removeLast()
                try sink.reject(line: line, column: j + 1, reason: "unexpected text after the JSON object", original: original())
            }
        } catch let failure as JSONObjectScanner.Failure {
            try sink.reject(line: line, column: failure.offset + 1, reason: failure.message, original: original())
        }
    }

    private func readArray(_ source: InputSource, _ sink: any RecordSink, _ scanner: inout JSONObjectScanner) throws {
        let file = source.displayName
        var window = Window()
        var batch = RecordBatch()
        enum State { case beforeArray, beforeElement, afterElement, done }
        var state = State.beforeArray
        var elements = 0
        scanner.line = 1
        scanner.lineStart = 0

        func fail(_ offset: Int, _ message: String) -> RangePipeError {
            RangePipeError.badData(SourceLocation(file: file, line: scanner.line, column: offset - scanner.lineStart + 1), message)
        }

        while true {
            // refill() drops the consumed prefix; offsets move with it.
            scanner.lineStart -= window.start
            try window.refill(source)
            if elements == 0, state == .beforeArray, window.bytes.count >= 3,
               window.bytes[0] == 0xEF, window.bytes[1] == 0xBB, window.bytes[2] == 0xBF {
                window.start = 3
            }
            var needMore = false
            try window.bytes.withUnsafeBufferPointer { b in
                var i = window.start
                while !needMore {
                    guard scanner.skipWhitespace(b, &i) else { window.start = i; needMore = true; break }
                    window.start = i
                    switch state {
                    case .beforeArray:
                        guard b[i] == 0x5b else { throw fail(i, "expected a JSON array of objects ('[')") }
                        i += 1
                        state = .beforeElement
                    case .beforeElement:
                        if b[i] == 0x5d {
                            guard elements == 0 else { throw fail(i, "expected an object after ','") }
                            i += 1
                            state = .done
                            break
                        }
                        do {
                            guard let end = try scanner.scanObject(b, at: i, into: &batch, rawOriginal: true) else {
                                needMore = true
                                break
                            }
                            i = end
                            elements += 1
                            state = .afterElement
                        } catch let failure as JSONObjectScanner.Failure {
                            throw fail(failure.offset, failure.message)
                        }
                    case .afterElement:
                        if b[i] == 0x2c { i += 1; state = .beforeElement }
                        else if b[i] == 0x5d { i += 1; state = .done }
                        else { throw fail(i, "expected ',' or ']' after an array element") }
                    case .done:
                        throw fail(i, "unexpected text after the JSON array")
                    }
                    if !needMore { window.start = i }
                }
            }
            try deliver(&batch, sink)
            if window.eof {
                if state != .done {
                    throw fail(window.bytes.count, state == .beforeArray && elements == 0
                        ? "empty input: expected a JSON array"
                        : "truncated JSON: the input ends inside the array")
                }
                break
            }
            if window.bytes.count - window.start > Self.maxRecordBytes {
                throw fail(window.start, "JSON object longer than \(Self.maxRecordBytes >> 20) MiB")
            }
        }
        if elements == 0 {
            throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1), "empty JSON array: no rows")
        }
    }

    private func deliver(_ batch: inout RecordBatch, _ sink: any RecordSink) throws {
        if batch.records.isEmpty { return }
        let raw = batch.raw
        sink.originalText = { record, _, _ in
            guard record.rawCount >= 0 else { return "" }
            return String(decoding: raw[record.rawStart ..< record.rawStart + record.rawCount], as: UTF8.self)
        }
        try batch.bytes.withUnsafeBufferPointer { bytes in
            for record in batch.records {
                try sink.consume(record, cells: batch.cells[record.firstCell ..< record.firstCell + record.cellCount], bytes: bytes)
            }
        }
        batch.removeAll()
    }
}
