import RangePipeKit

/// The `SCRIPT` argument of play, preview and player: the file read here,
/// decoded by the library.
enum ScriptFile {
    /// Scripts past this size are refused before decoding.
    static let maxBytes = 64 << 20

    /// Reads and decodes the script at `path` ("-" is stdin).
    static func load(path: String) throws -> Script {
        let bytes = try InputBytes.read(path: path, limit: maxBytes) {
            RangePipeError.invalid("\(path): script larger than 64 MiB")
        }
        return try ScriptDecoder.decode(bytes, source: path)
    }
}
