extension PlayState {
    /// State files past this size are refused (a key line is 33 bytes:
    /// about 8 million series).
    static let maxBytes = 1 << 28

    /// The state recorded at `path`, or nil when there is no file yet (the
    /// first run plays every series). A version 1 file has no keys
    /// (`seen` nil): it covers nothing.
    /// - Throws: `.noInput` when the file cannot be read, `.badData` for
    ///   bad JSON or a bad key line (line and column), `.invalid` naming
    ///   the key for a header that is JSON but not a state's.
    /// - Complexity: O(file bytes).
    package static func read(path: String) throws -> PlayState? {
        guard Platform.status(path) != nil else { return nil }
        let bytes = try InputBytes.read(path: path, limit: maxBytes) {
            RangePipeError.invalid("\(path): state file larger than \(maxBytes >> 20) MiB (not a play state)")
        }
        let headerEnd = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
        let root = try JSONValue.parse(Array(bytes[..<headerEnd]), file: path) { RangePipeError.badData($0, $1) }
        func failure(_ mismatch: JSONObject.Mismatch) -> RangePipeError {
            .invalid("\(path): \(mismatch.path.isEmpty ? "(top level)" : mismatch.path): \(mismatch.message)")
        }
        do {
            let object = try JSONObject(root, path: "")
            let version: Int
            switch object.value("rangepipe-play-state") {
            case .number(1)?: version = 1
            case .number(2)?: version = 2
            default:
                throw JSONObject.Mismatch(path: "rangepipe-play-state", message: "expected 1 or 2 (a state file `play --changed-since` wrote)")
            }
            func member(_ key: String) throws -> JSONValue {
                guard let value = object.value(key) else { throw JSONObject.Mismatch(path: key, message: "missing") }
                return value
            }
            func whole(_ key: String) throws -> Int64 {
                let n = try JSONObject.number(member(key), at: key)
                guard n >= 0, n <= 9e15, n == n.rounded() else {
                    throw JSONObject.Mismatch(path: key, message: "expected a whole number from 0")
                }
                return Int64(n)
            }
            let settings = try JSONObject.string(member("settings"), at: "settings")
            let store = try JSONObject.string(member("store"), at: "store")
            let mark = SeriesStore.ChangeMark(storeID: store, generation: try whole("generation"))
            guard version == 2 else { return PlayState(settings: settings, mark: mark, seen: nil) }
            let count = try whole("series")
            guard count <= Int64(maxBytes / 33) else {
                throw JSONObject.Mismatch(path: "series", message: "more series than a state file can hold")
            }
            let rest = headerEnd == bytes.endIndex ? bytes[headerEnd...] : bytes[(headerEnd + 1)...]
            let seen = try Seen.parse(rest, count: Int(count), file: path, firstLine: 2)
            return PlayState(settings: settings, mark: mark, seen: seen)
        } catch let mismatch as JSONObject.Mismatch {
            throw failure(mismatch)
        }
    }

    /// Replaces the file at `path` with this state, whole (a temporary file
    /// renamed over it, as `-o` is written).
    package func write(path: String) throws {
        try FileOutput.withOutput(path) { try $0.write(bytes: bytes) }
    }
}
