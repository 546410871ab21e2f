/// Reads a tzdata TZif file (`/usr/share/zoneinfo/Area/City`) whole. The
/// only I/O the time zones need; Model's `DisplayZone` parses the bytes.
public enum ZoneInfoFile {
    /// Where tzdata installs its files on Debian and macOS.
    public static let directory = "/usr/share/zoneinfo"
    /// TZif files are a few KiB; anything past this is not one.
    static let limit = 1 << 22

    /// The file's bytes, or nil when it is missing, unreadable, a
    /// directory, or larger than 4 MiB.
    /// - Complexity: O(file size).
    public static func read(_ path: String) -> [UInt8]? {
        let fd = Platform.open(path, .readOnly)
        guard fd >= 0 else { return nil }
        defer { Platform.close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = Platform.read(fd, into: &buffer)
            if n < 0, Platform.wasInterrupted { continue }
            if n < 0 { return nil }
            if n == 0 { return out }
            out.append(contentsOf: buffer[0 ..< n])
            if out.count > limit { return nil }
        }
    }
}
