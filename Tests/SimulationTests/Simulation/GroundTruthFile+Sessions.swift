import Foundation
@testable import RangePipeKit

extension GroundTruthFile {
    /// One library's recorded sessions: the file named by the environment
    /// variable `env`, else Tests/Conformance/LIBRARY/ground-truth.json.gz,
    /// read with the project's own JSON reader (its numbers correctly rounded).
    static func sessions(of library: String, env: String) throws -> [[String: Any]] {
        let path = ProcessInfo.processInfo.environment[env]
            ?? packageRoot.appendingPathComponent("Tests/Conformance/\(library)/ground-truth.json.gz").path
        let doc = BokehProfileGroundTruthTests.plain(try JSONValue.parse([UInt8](try bytes(path)), maxDepth: 64)) as? [String: Any]
        return (doc?["sessions"] as? [[String: Any]] ?? []).filter { $0["library"] as? String == library }
    }
}
