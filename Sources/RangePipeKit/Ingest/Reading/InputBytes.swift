/// A whole small input read into memory: a script file or stdin, gzip
/// decompressed like any input.
public enum InputBytes {
    /// Reads all of `path` ("-" is stdin), throwing `tooLarge()` once more
    /// than `limit` bytes have been read.
    /// - Throws: `RangePipeError.noInput` when the file cannot be opened.
    /// - Complexity: O(bytes).
    public static func read(path: String, limit: Int, tooLarge: () -> any Error) throws -> [UInt8] {
        let source = try InputSource(path: path)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = try source.read(into: &chunk)
            if n == 0 { break }
            bytes += chunk[0 ..< n]
            if bytes.count > limit { throw tooLarge() }
        }
        return bytes
    }
}
