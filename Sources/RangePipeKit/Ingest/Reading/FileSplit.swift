#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One plain file read on both cores: a background reader parses the
/// second half (from the first line start after the middle) into a fork of
/// the sink, while the calling reader parses up to that point.
///
/// The reader that started the split decides at its end whether to join:
/// only if it ended exactly between records, the fork met no bad row and
/// decided nothing its original had left open. Otherwise it reads on by
/// itself, so errors, rejects and results are always those of one
/// sequential pass.
enum FileSplit {
    /// Below this many bytes left, a split costs more than it saves.
    static let minimumBytes = 8 << 20

    enum State {
        case undecided
        case running(BackgroundJob<(any SplittableSink)?>, SplitCancel, at: Int)
        case done
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

    /// Starts the second half on the other core when the input allows it.
    /// `readLater` reads a range of the file into the fork, stopping when
    /// the cancel flag is raised. `chunkSize` is the reader's read size:
    /// for a short while a gzip check may still be open.
    static func start(_ source: InputSource, _ sink: any RecordSink, chunkSize: Int, rowsPerByte: Double,
                      readLater: @escaping (InputSource, any SplittableSink, SplitCancel) throws -> Void) -> State {
        guard let whole = sink as? any SplittableSink, let path = source.regularFilePath,
              source.sizeHint - source.position >= minimumBytes else { return .done }
        guard source.isPlainFile else { return source.position < chunkSize * 2 ? .undecided : .done }
        guard let fork = whole.forkForSplit() else { return .undecided }
        let end = source.sizeHint
        guard let at = lineStart(in: path, after: source.position + (end - source.position) / 2, end: end),
              let later = try? InputSource(path: path, range: at ..< end) else { return .done }
        fork.expectRows(Int(Double(end - at) * rowsPerByte))
        let cancel = SplitCancel()
        let job = BackgroundJob<(any SplittableSink)?>.start { [later, fork] in
            do {
                try readLater(later, fork, cancel)
                return fork.keptForkDecisions ? fork : nil
            } catch {
                return nil
            }
        }
        source.stopAt = at
        return .running(job, cancel, at: at)
    }

    /// Ends a running split when the first half is done: joins the fork
    /// into `sink` and returns true, or returns false and lets the first
    /// reader read on (`boundary`: the first half ended between records).
    static func finish(_ state: inout State, _ source: InputSource, _ sink: any RecordSink,
                       boundary: Bool, linesRead: Int) -> Bool {
        guard case let .running(job, _, at) = state else { return false }
        state = .done
        let later = job.join()
        Trace.say("phases", "both halves read")
        if boundary, let later, let whole = sink as? any SplittableSink {
            whole.absorbSplit(later, lineOffset: linesRead)
            trace("split at byte \(at): joined")
            return true
        }
        trace("split at byte \(at): read on (\(boundary ? "the second half met a bad row or a new key" : "the split fell inside a record"))")
        source.stopAt = nil
        return false
    }

    /// Stops a running split whose first half failed.
    static func abandon(_ state: State) {
        if case let .running(job, cancel, _) = state {
            cancel.raise()
            _ = job.join()
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
