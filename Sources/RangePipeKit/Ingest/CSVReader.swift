#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Reads a CSV/TSV stream with libcsv in 1 MiB chunks and hands each record
/// to a `RecordSink`. The first record is the header unless `hasHeader` is
/// false; a UTF-8 byte-order mark at the start is dropped.
///
/// A large plain file is split across the two cores once the sink's bulk
/// path is ready: a background reader parses the second half (from the
/// first line start after the middle) into a fork of the sink, while this
/// thread parses up to that point. The halves are joined only if libcsv
/// ended the first half exactly between records (the split newline was not
/// inside a quoted field) and the second half met no bad row; otherwise
/// this thread simply reads on, so errors, rejects and results are always
/// those of one sequential pass.
struct CSVReader {
    var delimiter: UInt8
    var hasHeader: Bool
    static let chunkSize = 1 << 20
    /// Below this many bytes left, a split costs more than it saves.
    static let minimumSplit = 8 << 20

    func read(_ source: InputSource, into sink: any RecordSink) throws {
        try read(source, into: sink, speculative: nil)
    }

    /// - Parameter speculative: set for the second half of a split: no
    ///   header or byte-order mark, no split of its own, and it stops early
    ///   when the flag is raised.
    private func read(_ source: InputSource, into sink: any RecordSink, speculative: SplitCancel?) throws {
        let file = source.displayName
        let parser = LibCSVParser(delimiter: delimiter)
        let delimiter = self.delimiter
        sink.originalText = { record, cells, bytes in
            CSVReader.reencode(cells: cells, bytes: bytes, delimiter: delimiter)
        }
        var needHeader = hasHeader && speculative == nil
        var sawRecord = false
        var firstChunk = speculative == nil
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: source.chunkSize(Self.chunkSize), alignment: 16)
        defer { buffer.deallocate() }
        var split = speculative == nil ? SplitState.undecided : .done
        defer {
            if case let .running(job, cancel, _) = split {
                cancel.raise()
                _ = job.join()
            }
        }

        func drain() throws {
            let batch = parser.batch
            let bytes = parser.fieldBytes.buffer
            var records = batch.records[...]
            if let record = records.first, needHeader {
                records = records.dropFirst()
                sawRecord = true
                needHeader = false
                var names: [String] = []
                for cell in batch.cells[record.firstCell ..< record.firstCell + record.cellCount] {
                    let slice = UnsafeBufferPointer(rebasing: bytes[cell.start ..< cell.start + cell.count])
                    guard let name = String(validating: slice, as: UTF8.self), !name.utf8.contains(0) else {
                        throw RangePipeError.badData(SourceLocation(file: file, line: record.line, column: cell.column),
                                                     "header: column name is not valid UTF-8 text")
                    }
                    names.append(name.trimmingSpaces)
                }
                try sink.setHeader(names, line: record.line)
            }
            if !records.isEmpty {
                sawRecord = true
                try sink.consumeCSV(records, cells: batch.cells, bytes: bytes)
            }
            parser.discardDeliveredRecords()
        }

        do {
            while true {
                if let speculative, speculative.isRaised { throw SplitCancel.Stopped() }
                let n = try source.read(into: buffer)
                if n == 0 {
                    guard case let .running(job, _, at) = split else { break }
                    split = .done
                    // The first half ends at `at`: join there or read on.
                    let boundary = parser.atRecordBoundary
                    let later = job.join()
                    if boundary, let later, let whole = sink as? any SplittableRecordSink {
                        whole.absorb(later, lineOffset: parser.line - 1)
                        Self.trace("split at byte \(at): joined")
                        return
                    }
                    Self.trace("split at byte \(at): read on (\(boundary ? "the second half met a bad row" : "the split fell inside a record"))")
                    source.stopAt = nil
                    continue
                }
                var chunk = UnsafeRawBufferPointer(rebasing: buffer[0 ..< n])
                if firstChunk {
                    firstChunk = false
                    if n >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF {
                        chunk = UnsafeRawBufferPointer(rebasing: chunk[3...])
                    }
                }
                try parser.parse(chunk)
                try drain()
                if case .undecided = split { split = startSplit(source, sink) }
            }
            try parser.finish()
            try drain()
        } catch let failure as LibCSVParser.Failure {
            try? drain()
            switch failure {
            case let .malformed(line, column):
                throw RangePipeError.badData(SourceLocation(file: file, line: line, column: column),
                                             "malformed CSV: a quote inside an unquoted field, or text after a closing quote")
            case let .unterminated(line, column):
                throw RangePipeError.badData(SourceLocation(file: file, line: line, column: column),
                                             "unterminated quoted field (no closing quote before the end of the input)")
            case let .tooLarge(line, column):
                throw RangePipeError.badData(SourceLocation(file: file, line: line, column: column),
                                             "field longer than \(csvFieldLimit >> 20) MiB")
            }
        }
        if !sawRecord {
            throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1), "empty input: no header and no rows")
        }
        if needHeader {
            throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1), "no header row")
        }
    }

    private enum SplitState {
        case undecided
        case running(BackgroundJob<(any SplittableRecordSink)?>, SplitCancel, at: Int)
        case done
    }

    /// Starts the second half on the other core when the input allows it.
    private func startSplit(_ source: InputSource, _ sink: any RecordSink) -> SplitState {
        guard let whole = sink as? any SplittableRecordSink, let path = source.regularFilePath,
              source.sizeHint - source.position >= Self.minimumSplit else { return .done }
        guard source.isPlainFile else { return source.position < Self.chunkSize * 2 ? .undecided : .done }
        guard let fork = whole.fork() else { return .undecided }
        let end = source.sizeHint
        guard let at = Self.lineStart(in: path, after: source.position + (end - source.position) / 2, end: end),
              let later = try? InputSource(path: path, range: at ..< end) else { return .done }
        let cancel = SplitCancel()
        let reader = CSVReader(delimiter: delimiter, hasHeader: false)
        let job = BackgroundJob<(any SplittableRecordSink)?>.start {
            do {
                try reader.read(later, into: fork, speculative: cancel)
                return fork
            } catch {
                return nil
            }
        }
        source.stopAt = at
        return .running(job, cancel, at: at)
    }

    /// `RANGEPIPE_TRACE=split` reports each split's outcome on stderr (tests
    /// use it to know which path ran).
    static func trace(_ message: String) {
        guard let value = getenv("RANGEPIPE_TRACE"), String(cString: value).contains("split") else { return }
        "rangepipe: \(message)\n".withCString { _ = write(2, $0, strlen($0)) }
    }

    /// The offset just after the first LF at or after `offset`, if any
    /// comes before `end`.
    static func lineStart(in path: String, after offset: Int, end: Int) -> Int? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var window = [UInt8](repeating: 0, count: 1 << 16)
        var position = offset
        while position < end {
            let n = window.withUnsafeMutableBytes { pread(fd, $0.baseAddress, min($0.count, end - position), off_t(position)) }
            guard n > 0 else { return nil }
            if let k = window[0 ..< n].firstIndex(of: 0x0a) {
                return position + k + 1 < end ? position + k + 1 : nil
            }
            position += n
        }
        return nil
    }

    /// A record as CSV text again (RFC 4180 quoting where needed) — what
    /// `--rejects` writes for a rejected CSV row.
    static func reencode(cells: ArraySlice<Cell>, bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) -> String {
        var out: [UInt8] = []
        for (k, cell) in cells.enumerated() {
            if k > 0 { out.append(delimiter) }
            let slice = bytes[cell.start ..< cell.start + cell.count]
            let needsQuotes = slice.contains { $0 == delimiter || $0 == 0x22 || $0 == 0x0a || $0 == 0x0d }
            if needsQuotes {
                out.append(0x22)
                for b in slice { out.append(b); if b == 0x22 { out.append(0x22) } }
                out.append(0x22)
            } else {
                out.append(contentsOf: slice)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Tells the second half of a split to stop (the first half failed or
/// will read on by itself).
final class SplitCancel: Sendable {
    private let flag = Atomic<Bool>(false)
    struct Stopped: Error {}

    func raise() { flag.store(true, ordering: .relaxed) }
    var isRaised: Bool { flag.load(ordering: .relaxed) }
}
