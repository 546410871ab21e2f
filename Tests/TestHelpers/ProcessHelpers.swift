import Foundation
import Testing
@testable import RangePipeKit

/// Tests write to pipes of processes that may have died; a write must fail
/// with EPIPE instead of killing the test process.
let ignoreSIGPIPE: Void = { signal(SIGPIPE, SIG_IGN) }()

/// Reads a pipe line by line (the last line may lack its newline).
final class LineReader {
    let handle: FileHandle
    private var buffer = Data()
    init(_ handle: FileHandle) { self.handle = handle }

    /// The next line, or nil at end of file.
    func next() -> String? {
        while true {
            if let nl = buffer.firstIndex(of: 0x0a) {
                let line = String(decoding: buffer[buffer.startIndex ..< nl], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex ... nl)
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            buffer.append(chunk)
        }
    }
}

/// A rangepipe run with `RANGEPIPE_TRACE=progress,gate`: it stops at every
/// progress milestone until released, so a test can act (kill, read the
/// store) at a known point of the ingest instead of after a guessed delay.
final class GatedRun {
    let process = Process()
    private let input = Pipe()
    private let lines: LineReader
    /// stderr lines that were not milestones.
    private(set) var otherOutput: [String] = []

    init(_ arguments: [String]) throws {
        _ = ignoreSIGPIPE
        let errors = Pipe()
        process.executableURL = try checkedBinary.get()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["RANGEPIPE_TRACE": "progress,gate"]) { _, new in new }
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        lines = LineReader(errors.fileHandleForReading)
        try process.run()
    }

    /// The next milestone the process stopped at, or nil when it ended.
    func next() -> String? {
        let prefix = "rangepipe: progress: "
        while let line = lines.next() {
            if line.hasPrefix(prefix) { return String(line.dropFirst(prefix.count)) }
            otherOutput.append(line)
        }
        return nil
    }

    /// Lets the process go on past the milestone it waits at.
    func release() { try? input.fileHandleForWriting.write(contentsOf: Data([0x2e])) }

    func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Releases every later milestone (EOF) and waits for the exit status.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        while next() != nil {}
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A python3 program holding an SQLite transaction open on a store: it
/// prints `ready` once the transaction holds, then waits for EOF on stdin.
final class TransactionHolder {
    let process = Process()
    private let input = Pipe()
    private let lines: LineReader

    /// `statements` run after `connect`, e.g. `BEGIN IMMEDIATE`.
    init(_ store: String, _ statements: [String], after: [String] = []) throws {
        _ = ignoreSIGPIPE
        let program = """
        import sqlite3, sys
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        def run(sql):
            for row in c.execute(sql).fetchall(): print('|'.join(str(v) for v in row))
        for sql in \(pythonList(statements)): run(sql)
        print('ready', flush=True)
        sys.stdin.read()
        for sql in \(pythonList(after)): run(sql)
        print('done', flush=True)
        """
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program, store]
        process.standardInput = input
        process.standardOutput = output
        lines = LineReader(output.fileHandleForReading)
        try process.run()
    }

    /// Lines printed before `ready`; throws when the holder never got ready.
    func waitReady() throws -> [String] {
        var printed: [String] = []
        while let line = lines.next() {
            if line == "ready" { return printed }
            printed.append(line)
        }
        process.waitUntilExit()
        throw BinaryProblem(description: "the transaction holder exited (\(process.terminationStatus)) before it was ready")
    }

    /// Ends the wait; returns what the `after` statements printed.
    func release() -> [String] {
        try? input.fileHandleForWriting.close()
        var printed: [String] = []
        while let line = lines.next(), line != "done" { printed.append(line) }
        process.waitUntilExit()
        return printed
    }
}

private func pythonList(_ items: [String]) -> String {
    "[" + items.map { "'" + $0.replacingOccurrences(of: "'", with: "\\'") + "'" }.joined(separator: ", ") + "]"
}

/// Runs SQL through the `sqlite3` command-line tool, independent of the
/// library's own reader; returns its output lines.
func sqlite3(_ store: String, _ sql: String) throws -> [String] {
    let r = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", store, sql], stdin: nil, in: nil)
    guard r.status == 0 else { throw BinaryProblem(description: "sqlite3 \(store) \"\(sql)\": \(r.stderr)") }
    return r.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

/// Everything the store holds for each series, by name (ids may differ
/// between stores holding the same data), read with the `sqlite3` CLI.
func storeContents(_ store: String) throws -> [String] {
    let version = try storeVersion(store)
    return try sqlite3(store, """
        PRAGMA user_version;
        SELECT 'series', name, axis, points, x_min, x_max FROM series ORDER BY name;
        SELECT 'field', s.name, f.ordinal, f.name, f.min, f.max, f.missing FROM \(fieldRows(version: version)) f JOIN series s ON s.id = f.series_id ORDER BY s.name, f.ordinal;
        SELECT 'category', s.name, c.ordinal, c.label FROM category c JOIN series s ON s.id = c.series_id ORDER BY s.name, c.ordinal;
        SELECT 'chunk', s.name, c.column_index, c.seq, c.first_index, c.count, c.min, c.max, hex(c.data)
          FROM chunk c JOIN series s ON s.id = c.series_id ORDER BY s.name, c.column_index, c.seq;
        """) + (version >= 3 ? sqlite3(store, packedSlices(version: version)) : [])
}

/// The store's schema version, read with the `sqlite3` CLI.
func storeVersion(_ store: String) throws -> Int {
    Int(try sqlite3(store, "PRAGMA user_version").first ?? "") ?? -1
}

/// Every field of every series as `field` rows (`series_id, ordinal, name,
/// min, max, missing`), in SQL: from version 4 a series' first field is in
/// its own row (docs/store.md).
func fieldRows(version: Int) -> String {
    version < 4 ? "field" : """
    (SELECT id AS series_id, 0 AS ordinal, field_name AS name, field_min AS min, field_max AS max, field_missing AS missing
       FROM series WHERE field_name IS NOT NULL
     UNION ALL SELECT series_id, ordinal, name, min, max, missing FROM field)
    """
}

/// Each packed series' slice of its pack (schema version 3 on): its name
/// and the hex of its columns, x then each field, read with `substr`;
/// series named `except` left out.
func packedSlices(except: String? = nil, version: Int = 4) -> String {
    """
    SELECT 'packed', s.name, hex(substr(p.data, s.pack_offset + 1, s.points * ((SELECT count(*) FROM \(fieldRows(version: version)) f WHERE f.series_id = s.id) + 1) * 8))
      FROM series s JOIN pack p ON p.id = s.pack_id WHERE s.name != '\(except ?? "")' ORDER BY s.name;
    """
}

/// Float64 values from the hex of a chunk's little-endian blob.
func float64s(hex: String) -> [Double] {
    let bytes = hexBytes(Substring(hex))
    return stride(from: 0, to: bytes.count, by: 8).map { start in
        var bits: UInt64 = 0
        for k in 0 ..< 8 { bits |= UInt64(bytes[start + k]) << (8 * UInt64(k)) }
        return Double(bitPattern: bits)
    }
}

/// Starts the binary with `arguments` and no signal blocked, as from a
/// shell: a child of the test runner inherits its blocked INT, TERM and
/// HUP, and would never see the signal a test sends. Its stderr is dropped.
func startUnblocked(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
                         try checkedBinary.get().path] + arguments
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// The name of the first file in `directory` starting with `prefix` once
/// it holds more than `bytes`, polling every 20 ms; nil after `seconds`.
func awaitGrowingFile(in directory: TemporaryDirectory, prefix: String, bytes: Int, seconds: Double) throws -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    var found: String?
    while Date() < deadline {
        found = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).first { $0.hasPrefix(prefix) }
        if let found, (Platform.status(directory.path(found))?.size ?? 0) > bytes { return found }
        usleep(20_000)
    }
    return found
}

/// Waits until no process's command line names `text` (polling
/// /proc every 20 ms); false after `seconds`. A test waits with it for the
/// helpers a killed run left running (ffmpeg finishing a video) instead of
/// sleeping for a guess.
func awaitNoProcessNaming(_ text: String, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let running = pids.contains { pid in
            guard pid.allSatisfy(\.isNumber), let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: line, as: UTF8.self).contains(text)
        }
        if !running { return true }
        usleep(20_000)
    }
    return false
}

/// Address-space limits in KiB for a ladder of `ulimit -v` runs: from
/// `first`, each 1.5 times the last, below `end`.
func addressSpaceLadder(from first: Double, below end: Double) -> [Int] {
    var limit = first, out: [Int] = []
    while limit < end {
        out.append(Int(limit))
        limit *= 1.5
    }
    return out
}
