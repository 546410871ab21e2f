import ArgumentParser
import RangePipeKit

/// `rangepipe script from-events FILE --from FORMAT [--profile P] [--drag D]`:
/// a recorded session as a script of raw pointer events, under an
/// interaction profile (docs/recordings.md, docs/profiles.md).
struct ScriptFromEventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "from-events",
        abstract: "Write a script of raw pointer events from a recorded session.",
        discussion: "Formats: pointer-ndjson (browser PointerEvents/WheelEvents, one per line, as integrations/browser/record.js writes them), webdriver (a W3C WebDriver Actions body), echarts-recorder (the ECharts test recorder's actions file). --profile plotly, bokeh, uplot, dygraphs or echarts writes a script that replays the recording under that library's own rules (a recording made on the library's page of SPEC 4.10 or 4.11, with --drag as the page's drag mode): every event is raw input, x linear, one chart. See docs/recordings.md and docs/profiles.md."
    )

    /// Recordings and layouts past this size are refused before parsing.
    static let maxBytes = 256 << 20

    @Argument(help: "The recording (- for stdin).")
    var file: String
    @Option(name: .customLong("from"), help: ArgumentHelp("The recording's format.", valueName: "format"))
    var format: RecordingFormat
    @Option(help: "A JSON file with the chart's element rectangles in client px: {\"overview\": {\"left\", \"top\", \"width\", \"height\"}, \"main\": {…}} (wins over a layout line in the recording).")
    var layout: String?
    @Option(help: "Seconds added to every event's time (the recording's origin is at 0).")
    var start: Double = 0
    @Option(help: "A script whose settings (series, field, window, …) the output keeps; its events are replaced.")
    var base: String?
    @Option(help: "Whose rules replay the input (written as the script's \"profile\"; default: the base's, else rangepipe).")
    var profile: InteractionProfile?
    @Option(help: "What a one-pointer drag on the main chart did when recording (written as main.drag; default: the base's, else the profile's).")
    var drag: MainDrag?
    @Option(name: .shortAndLong, help: "The script to write (default: stdout).")
    var output: String?

    func run() throws {
        try runReportingErrors {
            guard start.isFinite, start >= 0, start <= ScriptDecoder.maxDuration else {
                throw RangePipeError.usage("--start: expected seconds from 0 to \(Int(ScriptDecoder.maxDuration))")
            }
            try RunPaths.check { paths in
                paths.reads(file, as: "the recording")
                paths.reads(self.layout, as: "--layout")
                paths.reads(base, as: "--base")
                paths.writes(output ?? "-", as: "-o")
            }
            // Standard input can be read once.
            guard [file, self.layout, base].filter({ $0 == "-" }).count <= 1 else {
                throw RangePipeError.usage("only one of FILE, --layout and --base can be - (standard input)")
            }
            let layout = try self.layout.map { path in
                try RecordedSession.readLayout(try read(path, "layout"), source: path)
            }
            var baseValue: JSONValue? = nil
            if let base {
                let bytes = try read(base, "script")
                _ = try ScriptDecoder.decode(bytes, source: base)
                baseValue = try? JSONValue.parse(bytes)
            }
            let session = try RecordedSession.read(try read(file, "recording"), source: file, format: format, layout: layout)
            let text = RecordedScriptText.script(session, start: start, base: baseValue, profile: profile, drag: drag)
            // What play would reject (a coordinate past its limits, events
            // that overlap) fails here, before anything is written.
            _ = try ScriptDecoder.decode(Array(text.utf8), source: "\(file) (as a script)")
            try withOutput(output) { try $0.write(text) }
            if session.droppedContacts > 0 {
                writeMessage("rangepipe: \(file): \(session.droppedContacts) pointer(s) went down outside the chart's areas and were left out")
            }
        }
    }

    func read(_ path: String, _ what: String) throws -> [UInt8] {
        try InputBytes.read(path: path, limit: Self.maxBytes) {
            RangePipeError.invalid("\(path): \(what) larger than 256 MiB")
        }
    }
}
