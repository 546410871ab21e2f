import Foundation
@testable import RangePipeKit

/// The browser recordings' bytes (Tests/Conformance/LIBRARY/ground-truth.json.gz,
/// or a plain .json), decompressed with the system's gzip.
enum GroundTruthFile {
    static func bytes(_ path: String) throws -> Data {
        guard path.hasSuffix(".gz") else { return try Data(contentsOf: URL(fileURLWithPath: path)) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/gzip")
        p.arguments = ["-dc", path]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return data
    }

    /// One library's recorded sessions, and the whole document, from the
    /// file `environment` names or else Tests/Conformance/LIBRARY/ground-truth.json.gz.
    static func sessions(of library: String, environment: String) throws -> (doc: [String: Any], sessions: [[String: Any]]) {
        let path = ProcessInfo.processInfo.environment[environment]
            ?? packageRoot.appendingPathComponent("Tests/Conformance/\(library)/ground-truth.json.gz").path
        let doc = BokehProfileGroundTruthTests.plain(try JSONValue.parse([UInt8](try bytes(path)), maxDepth: 64)) as? [String: Any] ?? [:]
        return (doc, (doc["sessions"] as? [[String: Any]] ?? []).filter { $0["library"] as? String == library })
    }

    /// A session's chart as its set-up gives it (seconds on a date axis), the
    /// main chart's height and the library's units per data unit (ms: 1000).
    static func chart(of session: [String: Any], drag: MainDrag, points: [Double] = []) -> (chart: ProfileChart, height: Double, unit: Double) {
        typealias Bokeh = BokehProfileGroundTruthTests
        let setup = session["setup"] as! [String: Any], main = setup["main"] as! [String: Any]
        let isTime = setup["axis"] as? String == "date"
        let unit = isTime ? 1000.0 : 1
        let initial = (setup["initial_ms"] as! [Any]).map { Bokeh.number($0)! / unit }
        let chart = ProfileChart(mainWidth: Bokeh.number(main["width"])!, overviewWidth: Bokeh.number(main["width"])!,
                                 initial: Window(initial[0], initial[1]), extent: Bokeh.extents[setup["series"] as! String]!,
                                 isTime: isTime, drag: drag, points: points)
        return (chart, Bokeh.number(main["height"])!, unit)
    }
}
