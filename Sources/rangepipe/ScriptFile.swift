import RangePipeKit

/// The `SCRIPT` argument of play, preview and player: the file read here,
/// decoded by the library.
enum ScriptFile {
    /// Scripts past this size are refused before decoding.
    static let maxBytes = 64 << 20

    /// Reads and decodes the script at `path` ("-" is stdin).
    static func load(path: String) throws -> Script {
        try read(path: path).script
    }

    /// The script at `path`, decoded, and the bytes it was read from.
    static func read(path: String) throws -> (script: Script, bytes: [UInt8]) {
        let bytes = try InputBytes.read(path: path, limit: maxBytes) {
            RangePipeError.invalid("\(path): script larger than 64 MiB")
        }
        return (try ScriptDecoder.decode(bytes, source: path), bytes)
    }
}
