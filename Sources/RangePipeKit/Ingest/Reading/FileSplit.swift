#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One plain file read on up to `--jobs` cores: the rest of the file is cut
/// into pieces at line starts, each later piece read by a background reader
/// into a fork of the sink, while the calling reader reads the first.
///
/// At the end of each piece it read, the calling reader joins the next
/// piece only if it ended exactly between records and that piece's fork
/// met no bad row, ended between records and decided nothing its original
/// had left open. Otherwise it reads that piece itself, and tries the next
/// one at its end, so errors, rejects and results are always those of one
/// sequential pass, whatever the number of pieces.
enum FileSplit {
    /// Below this many bytes in a file, a split costs more than it saves.
    static let minimumBytes = 8 << 20
    /// The least a piece holds: a thread and a join cost more than smaller
    /// pieces save.
    static let minimumPieceBytes = 1 << 20

    /// Whether a file of `size` bytes is cut into pieces when the reader is
    /// at `position` (with `--jobs` above 1): the one rule for the split and
    /// for the files parsed ahead, which leave such a plain file to its turn.
    static func cuts(size: Int, at position: Int = 0) -> Bool {
        size >= minimumBytes && size - position >= 2 * minimumPieceBytes
    }

    /// How many of `wanted` pieces of bytes `begin ..< end` fit the memory
    /// budget beside what one pass holds (the file mapped, its rows held
    /// twice while they are grouped): each later piece adds its
    /// thread (`MemoryBudget.threadBytes`), its mapping (from byte 0 to its
    /// end) and its fork's rows.
    /// - Complexity: O(wanted²), wanted ≤ 64.
    static func affordablePieces(_ wanted: Int, begin: Int, end: Int, rowsPerByte: Double, bytesPerRow: Int) -> Int {
        let rowBytes = { (bytes: Int) in Int(min(Double(Int.max / 4), Double(bytes) * max(rowsPerByte, 0) * Double(bytesPerRow))) }
        let thread = MemoryBudget.threadBytes
        return MemoryBudget.parts(wanted, onePass: end + 2 * rowBytes(end)) { n in
            (1 ..< n).reduce(0) { added, k in
                let pieceEnd = begin + (end - begin) * (k + 1) / n
                return added + thread + pieceEnd + rowBytes((end - begin) / n) * 11 / 10
            }
        }
    }

    /// What a fork made of its piece: the sink, and the lines it read.
    struct PieceRead {
        let sink: any SplittableSink
        let lines: Int
    }

    /// A later piece, read in the background.
    struct Piece {
        let job: BackgroundJob<PieceRead?>
        let range: Range<Int>
    }

    enum State {
        case undecided
        /// The pieces not yet joined or read, in file order.
        case running([Piece], SplitCancel)
        case done
    }

    /// What the calling reader does at the end of its range.
    enum Next {
        /// Every later piece was joined (holding `joinedLines` lines): the
        /// input is read.
        case finished(joinedLines: Int)
        /// Read on from the source's position (a piece it must read
        /// itself), after adding `joinedLines` to its line count.
        case readOn(joinedLines: Int)
    }

    /// Tells `sink` how many rows the whole input should hold, from the
    /// rows per byte so far; returns that rate.
    @discardableResult
    static func estimateRows(_ source: InputSource, _ sink: any RecordSink, rowsSoFar: Int) -> Double {
        guard source.sizeHint > 0, source.position > 0, rowsSoFar > 0 else { return 0 }
        let rate = Double(rowsSoFar) / Double(source.position)
        sink.expectRows(Int(rate * Double(source.sizeHint)))
        return rate
    }

    /// Starts the later pieces on other threads when the input allows it:
    /// at most `jobs` pieces in all, none under `minimumPieceBytes`.
    /// `readLater` reads a range of the file into a fork, stopping when the
    /// cancel flag is raised, and returns the lines it read. `chunkSize` is
    /// the reader's read size: for a short while a gzip check may still be open.
    static func start(_ source: InputSource, _ sink: any RecordSink, jobs: Int, chunkSize: Int, rowsPerByte: Double,
                      readLater: @escaping (InputSource, any SplittableSink, SplitCancel) throws -> Int) -> State {
        guard jobs > 1, let whole = sink as? any SplittableSink, let path = source.regularFilePath,
              cuts(size: source.sizeHint, at: source.position) else { return .done }
        guard source.isPlainFile else { return source.position < chunkSize * 2 ? .undecided : .done }
        let end = source.sizeHint, begin = source.position
        let wanted = min(jobs, (end - begin) / minimumPieceBytes)
        let count = affordablePieces(wanted, begin: begin, end: end, rowsPerByte: rowsPerByte, bytesPerRow: whole.bytesPerRow)
        if count < wanted { trace("\(count) of \(wanted) pieces fit the memory budget (ulimit -v)") }
        var cuts: [Int] = []
        for k in 1 ..< count {
            let target = begin + Int(Double(end - begin) * Double(k) / Double(count))
            guard let cut = lineStart(in: path, after: max(target, cuts.last ?? begin), end: end) else { break }
            if cut > (cuts.last ?? begin) { cuts.append(cut) }
        }
        guard !cuts.isEmpty else { return .done }
        var forks: [any SplittableSink] = []
        for _ in cuts {
            guard let fork = whole.forkForSplit() else { return .undecided }
            forks.append(fork)
        }
        // Every piece's source is opened before any piece starts: a piece
        // that could not be opened (no descriptor left) would leave its
        // bytes unread, so then the file is read in one pass.
        let ranges = cuts.indices.map { k in cuts[k] ..< (k + 1 < cuts.count ? cuts[k + 1] : end) }
        var sources: [InputSource] = []
        for range in ranges {
            guard let later = try? InputSource(path: path, range: range) else {
                trace("piece at byte \(range.lowerBound) could not be opened: one pass")
                return .done
            }
            sources.append(later)
        }
        let cancel = SplitCancel()
        var pieces: [Piece] = []
        for (k, range) in ranges.enumerated() {
            let later = sources[k], fork = forks[k]
            fork.expectRows(Int(Double(range.count) * rowsPerByte))
            let job = BackgroundJob<PieceRead?>.start { [later, fork] in
                do {
                    let lines = try readLater(later, fork, cancel)
                    return fork.keptForkDecisions ? PieceRead(sink: fork, lines: lines) : nil
                } catch {
                    return nil
                }
            }
            if job.ranHere { trace("piece at byte \(range.lowerBound): no thread could start, read before the first") }
            pieces.append(Piece(job: job, range: range))
        }
        let first = pieces[0]
        source.stopAt = first.range.lowerBound
        trace("\(pieces.count + 1) pieces, later ones from byte \(first.range.lowerBound)")
        return .running(pieces, cancel)
    }

    /// Called when the calling reader reaches the end of its range
    /// (`boundary`: it ended between records; `linesRead`: its line count):
    /// joins the following pieces it can into `sink`, in order, and says
    /// whether anything is left to read.
    static func next(_ state: inout State, _ source: InputSource, _ sink: any RecordSink,
                     boundary: Bool, linesRead: Int) -> Next {
        guard case .running(var pieces, let cancel) = state else { return .finished(joinedLines: 0) }
        var joined = 0
        while !pieces.isEmpty {
            let piece = pieces.removeFirst()
            let read = piece.job.join()
            if boundary || joined > 0, let read, let whole = sink as? any SplittableSink {
                whole.absorbSplit(read.sink, lineOffset: linesRead + joined)
                joined += read.lines
                trace("piece at byte \(piece.range.lowerBound): joined")
                continue
            }
            trace("piece at byte \(piece.range.lowerBound): read on (\(boundary || joined > 0 ? "the piece met a bad row or a new key, or ended inside a record" : "the cut fell inside a record"))")
            source.skip(to: piece.range.lowerBound)
            source.stopAt = pieces.first?.range.lowerBound
            state = pieces.isEmpty ? .done : .running(pieces, cancel)
            if pieces.isEmpty { Trace.say("phases", "all pieces read") }
            return .readOn(joinedLines: joined)
        }
        state = .done
        Trace.say("phases", "all pieces read")
        return .finished(joinedLines: joined)
    }

    /// Stops the running pieces when the calling reader failed.
    static func abandon(_ state: State) {
        if case let .running(pieces, cancel) = state {
            cancel.raise()
            for piece in pieces { _ = piece.job.join() }
        }
    }

    static func trace(_ message: String) { Trace.say("split", message) }

    /// The offset just after the first LF at or after `offset`, if any
    /// comes before `end`.
    static func lineStart(in path: String, after offset: Int, end: Int) -> Int? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var window = [UInt8](repeating: 0, count: 1 << 16)
        var position = offset
        while position < end {
            let n = Platform.read(fd, into: &window, count: end - position, at: position)
            guard n > 0 else { return nil }
            if let k = window[0 ..< n].firstIndex(of: 0x0a) {
                return position + k + 1 < end ? position + k + 1 : nil
            }
            position += n
        }
        return nil
    }
}
