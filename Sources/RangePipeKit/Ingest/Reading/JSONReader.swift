#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads NDJSON (one object per line) or a top-level JSON array of objects,
/// streamed in chunks: memory holds one chunk plus the longest object, never
/// the whole input.
///
/// NDJSON lines that repeat the previous line's keys in the plain form are
/// scanned by a `JSONLineTemplate` and handed to the sink as runs that
/// point into the input; the rest go through `JSONObjectScanner`. A large
/// plain NDJSON file is split across `jobs` cores (`FileSplit`): a line
/// never holds a raw newline, so every cut falls between records.
struct JSONReader {
    enum Layout { case lines, array }
    var layout: Layout
    /// False: every line goes through the general scanner.
    var usesTemplates = true
    /// The pieces a large plain NDJSON file may be read in at once (`--jobs`).
    var jobs = 1
    /// Longest line or object accepted; past it the input is refused.
    static let maxRecordBytes = 64 << 20
    static let chunkSize = 1 << 20
    /// Records per run handed to the sink: enough to amortise the call,
    /// few enough that the run's cells stay in cache.
    static let runLength = 2048

    func read(_ source: InputSource, into sink: any RecordSink) throws {
        switch layout {
        case .lines: try readLines(source, sink, slotNames: [], speculative: nil)
        case .array:
            var scanner = JSONObjectScanner()
            scanner.onNewSlot = { name, slot in sink.addSlot(named: name, index: slot) }
            sink.originalText = { record, _, _ in "" }
            try readArray(source, sink, &scanner)
        }
    }

    /// Records scanned by the template, their cells pointing into the window.
    private struct Run {
        var records: [RecordInfo] = []
        var cells: [Cell] = []

        init() {
            records.reserveCapacity(JSONReader.runLength)
            cells.reserveCapacity(JSONReader.runLength * 4)
        }

        mutating func deliver(_ sink: any RecordSink, _ b: ByteView, keyOrder: [Int]?) throws {
            guard !records.isEmpty, let keyOrder else { return }
            sink.originalText = { record, _, _ in
                b[record.rawStart ..< record.rawStart + record.rawCount].string
            }
            try sink.consumeRun(records[...], cells: cells, bytes: b, keyOrder: keyOrder)
            records.removeAll(keepingCapacity: true)
            cells.removeAll(keepingCapacity: true)
        }
    }

    /// - Parameters:
    ///   - slotNames: the keys already numbered (a later piece of a split
    ///     continues the numbering of the piece before it).
    ///   - speculative: set for a later piece of a split: no byte-order
    ///     mark, no split of its own, and it stops early when the flag is raised.
    /// - Returns: the lines read.
    @discardableResult
    private func readLines(_ source: InputSource, _ sink: any RecordSink, slotNames: [String], speculative: SplitCancel?) throws -> Int {
        let file = source.displayName
        var scanner = JSONObjectScanner(slotNames: slotNames)
        scanner.onNewSlot = { name, slot in sink.addSlot(named: name, index: slot) }
        var window = Window()
        var line = 1
        var batch = RecordBatch()
        var run = Run()
        var template: JSONLineTemplate?
        var rowsPerByte = 0.0
        var sawRecord = false
        var firstChunk = speculative == nil
        var split = speculative == nil ? FileSplit.State.undecided : .done
        defer { FileSplit.abandon(split) }
        reading: while true {
            if let speculative, speculative.isRaised { throw SplitCancel.Stopped() }
            try window.refill(source, line: line)
            if window.eof, case .running = split {
                // A piece ends at a line start: join the next ones, or read on.
                switch FileSplit.next(&split, source, sink, boundary: window.start == window.count, linesRead: line - 1) {
                case let .finished(joinedLines):
                    line += joinedLines
                    break reading
                case let .readOn(joinedLines) where joinedLines > 0:
                    line += joinedLines
                    window.resume(at: source)
                case .readOn:
                    break
                }
                continue
            }
            if firstChunk {
                firstChunk = false
                if window.startsWithByteOrderMark(source) { window.start = 3 }
            }
            // Process every complete line (and the last one at EOF).
            window.start = try window.withView(source) { b in
                // A local copy, so the line loop borrows it: no retain per line.
                var lineTemplate = template
                defer { template = lineTemplate }
                var lineBegin = window.start
                while lineBegin < b.count {
                    let lineEnd = b.newline(from: lineBegin)
                    if lineEnd - lineBegin > Self.maxRecordBytes {
                        throw RangePipeError.badData(SourceLocation(file: file, line: line, column: 1),
                                                     "line longer than \(Self.maxRecordBytes >> 20) MiB")
                    }
                    if lineEnd == b.count, !window.eof { break }
                    var contentEnd = lineEnd
                    if contentEnd > lineBegin, b[contentEnd - 1] == 0x0d { contentEnd -= 1 }
                    if let lineTemplate, let record = lineTemplate.scan(b, lineBegin, contentEnd, line: line, into: &run.cells) {
                        run.records.append(record)
                        if run.records.count >= Self.runLength { try run.deliver(sink, b, keyOrder: lineTemplate.slots) }
                    } else {
                        try run.deliver(sink, b, keyOrder: lineTemplate?.slots)
                        let lineBytes = b[lineBegin ..< contentEnd]
                        try scanLine(lineBytes, line: line, file: file, &scanner, &batch, sink)
                        if let record = batch.records.first {
                            let slots = batch.cells[record.firstCell ..< record.firstCell + record.cellCount].map(\.slot)
                            if usesTemplates, lineTemplate?.slots != slots { lineTemplate = JSONLineTemplate(slots: slots, names: scanner.slotNames) }
                        }
                        sawRecord = sawRecord || !batch.records.isEmpty
                        try deliver(&batch, sink)
                    }
                    line += 1
                    lineBegin = min(lineEnd + 1, b.count)
                }
                // A template exists only after a line read the general way, which set sawRecord.
                try run.deliver(sink, b, keyOrder: lineTemplate?.slots)
                return lineBegin
            }
            if window.count - window.start > Self.maxRecordBytes {
                throw RangePipeError.badData(SourceLocation(file: file, line: line, column: 1),
                                             "line longer than \(Self.maxRecordBytes >> 20) MiB")
            }
            if window.eof { break }
            if rowsPerByte == 0, speculative == nil {
                rowsPerByte = FileSplit.estimateRows(source, sink, rowsSoFar: line - 1)
            }
            if case .undecided = split {
                let names = scanner.slotNames
                split = FileSplit.start(source, sink, jobs: jobs, chunkSize: Self.chunkSize, rowsPerByte: rowsPerByte) { later, fork, cancel in
                    try self.readLines(later, fork, slotNames: names, speculative: cancel)
                }
            }
        }
        if !sawRecord {
            throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1), "empty input: no JSON objects")
        }
        return line - 1
    }

    private func scanLine(_ b: ByteView, line: Int, file: String, _ scanner: inout JSONObjectScanner,
                          _ batch: inout RecordBatch, _ sink: any RecordSink) throws {
        scanner.line = line
        scanner.lineStart = 0
        var i = 0
        guard scanner.skipWhitespace(b, &i) else { return } // blank line
        let original = { b.string }
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
            try window.refill(source, line: scanner.line)
            if elements == 0, state == .beforeArray, window.startsWithByteOrderMark(source) {
                window.start = 3
            }
            var needMore = false
            // Where scanning resumes: the window is read while the closure runs, so it is set after.
            var resume = window.start
            try window.withView(source) { b in
                var i = resume
                while !needMore {
                    guard scanner.skipWhitespace(b, &i) else { resume = i; needMore = true; break }
                    resume = i
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
                    if !needMore { resume = i }
                }
            }
            window.start = resume
            try deliver(&batch, sink)
            if window.eof {
                if state != .done {
                    throw fail(window.count, state == .beforeArray && elements == 0
                        ? "empty input: expected a JSON array"
                        : "truncated JSON: the input ends inside the array")
                }
                break
            }
            if window.count - window.start > Self.maxRecordBytes {
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
        try batch.bytes.withByteView { bytes in
            for record in batch.records {
                try sink.consume(record, cells: batch.cells[record.firstCell ..< record.firstCell + record.cellCount], bytes: bytes)
            }
        }
        batch.removeAll()
    }
}
