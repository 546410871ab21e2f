extension PlayState {
    /// State files past this size are refused (one is about 120 bytes).
    static let maxBytes = 1 << 20

    /// The state recorded at `path`, or nil when there is no file yet (the
    /// first run plays every series).
    /// - Throws: `.noInput` when the file cannot be read, `.badData` for
    ///   bad JSON (line and column), `.invalid` naming the key for a file
    ///   that is JSON but not a state.
    package static func read(path: String) throws -> PlayState? {
        guard Platform.status(path) != nil else { return nil }
        let bytes = try InputBytes.read(path: path, limit: maxBytes) {
            RangePipeError.invalid("\(path): state file larger than 1 MiB (not a play state)")
        }
        let root = try JSONValue.parse(bytes, file: path) { RangePipeError.badData($0, $1) }
        func failure(_ mismatch: JSONObject.Mismatch) -> RangePipeError {
            .invalid("\(path): \(mismatch.path.isEmpty ? "(top level)" : mismatch.path): \(mismatch.message)")
        }
        do {
            let object = try JSONObject(root, path: "")
            guard case .number(1)? = object.value("rangepipe-play-state") else {
                throw JSONObject.Mismatch(path: "rangepipe-play-state", message: "expected 1 (a state file `play --changed-since` wrote)")
            }
            func member(_ key: String) throws -> JSONValue {
                guard let value = object.value(key) else { throw JSONObject.Mismatch(path: key, message: "missing") }
                return value
            }
            let settings = try JSONObject.string(member("settings"), at: "settings")
            let store = try JSONObject.string(member("store"), at: "store")
            let generation = try JSONObject.number(member("generation"), at: "generation")
            guard generation >= 0, generation <= 9e15, generation == generation.rounded() else {
                throw JSONObject.Mismatch(path: "generation", message: "expected a whole number from 0")
            }
            return PlayState(settings: settings, mark: .init(storeID: store, generation: Int64(generation)))
        } catch let mismatch as JSONObject.Mismatch {
            throw failure(mismatch)
        }
    }

    /// Replaces the file at `path` with this state, whole (a temporary file
    /// renamed over it, as `-o` is written).
    package func write(path: String) throws {
        try FileOutput.withOutput(path) { try $0.write(text) }
    }
}
