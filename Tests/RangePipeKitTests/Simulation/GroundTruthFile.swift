import Foundation

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
}
