import Foundation
@testable import RangePipeKit

/// Hands the scripts the tests use to `make test-schema`: with
/// `RANGEPIPE_SCRIPT_DUMP=DIR` set, every script a test decodes or writes
/// for the binary lands in DIR/accepted/ (the decoder takes it) or
/// DIR/rejected/ (with the decoder's message beside it in a .err file),
/// named by a hash of its text. The Python test validates those against
/// docs/script.schema.json, so its corpus is the tests' own scripts, never a
/// copy that can drift. Without the variable nothing happens.
enum ScriptFixtures {
    static let directory: URL? = ProcessInfo.processInfo.environment["RANGEPIPE_SCRIPT_DUMP"].flatMap {
        $0.isEmpty ? nil : URL(fileURLWithPath: $0)
    }

    /// Records `text` when it is a JSON object (a script or a broken one).
    static func record(_ text: String) {
        guard let directory, text.first(where: { !$0.isWhitespace }) == "{" else { return }
        let bytes = Array(text.utf8)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        let name = String(hash, radix: 16)
        let fm = FileManager.default
        do {
            _ = try ScriptDecoder.decode(bytes, source: "t.json")
            let dir = directory.appendingPathComponent("accepted")
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(bytes).write(to: dir.appendingPathComponent(name + ".json"), options: .atomic)
        } catch {
            let dir = directory.appendingPathComponent("rejected")
            try? fm.createDirectory(at: dir, withIntermediateDirectories: true)
            try? Data("\(error)".utf8).write(to: dir.appendingPathComponent(name + ".err"), options: .atomic)
            try? Data(bytes).write(to: dir.appendingPathComponent(name + ".json"), options: .atomic)
        }
    }
}
