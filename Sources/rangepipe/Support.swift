import ArgumentParser
import RangePipeKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum RangePipeVersion {
    static let string = "0.1.0"
}

/// Options every store-using command shares.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "The series store (a SQLite file).")
    var store: String = "rangepipe.sqlite"
}

/// Runs a command body, turning rangepipe's errors into one stderr line and
/// the documented exit code.
func runReportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as RangePipeError {
        ProgressReporter.shared.finish()
        writeToStandardError("rangepipe: error: \(error)\n")
        throw ExitCode(error.status.rawValue)
    }
}

/// Writes text to stdout, failing with exit 74 if stdout is gone.
func writeStdout(_ text: String) throws {
    let out = FileOutput.standardOutput()
    try out.write(text)
    try out.flush()
}

func stdoutIsTerminal() -> Bool { isatty(1) == 1 }

/// Runs `body` with an output: stdout for nil or "-", else a file written
/// beside its path and renamed into place when complete, so a failed run
/// never leaves a half-written file.
func withOutput(_ path: String?, _ body: (FileOutput) throws -> Void) throws {
    guard let path, path != "-" else {
        let out = FileOutput.standardOutput()
        try body(out)
        try out.flush()
        return
    }
    let temporary = "\(path).tmp-\(getpid())"
    let out = try FileOutput.create(path: temporary)
    do {
        try body(out)
        try out.close()
    } catch {
        unlink(temporary)
        throw error
    }
    if rename(temporary, path) != 0 {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw RangePipeError.cannotCreate(path: path, reason: reason)
    }
}
