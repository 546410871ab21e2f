import ArgumentParser
import RangePipeKit

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
        writeMessage("rangepipe: error: \(error)")
        throw ExitCode(error.status.rawValue)
    }
}

/// Writes text to stdout, failing with exit 74 if stdout is gone.
func writeStdout(_ text: String) throws {
    let out = FileOutput.standardOutput()
    try out.write(text)
    try out.flush()
}

func stdoutIsTerminal() -> Bool { FileOutput.standardOutputIsTerminal }

/// The library's atomic output writer (see `FileOutput.withOutput`).
func withOutput(_ path: String?, _ body: (FileOutput) throws -> Void) throws {
    try FileOutput.withOutput(path, body)
}
