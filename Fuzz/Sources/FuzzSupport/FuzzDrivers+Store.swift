public import RangePipeKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store reader over damaged stores: a small valid store is built once,
/// then each input says which of its bytes to flip (groups of five bytes:
/// a 32-bit offset, taken modulo the file's size, and a byte to XOR in).
/// The damaged copy is opened, listed, and every series loaded; any error
/// is fine, a crash is a finding.
extension FuzzDrivers {
    /// The pristine store's bytes, built once in a private directory that
    /// is removed again (nothing is left in the temporary directory).
    static let pristineStore: [UInt8]? = {
        guard let dir = makeScratchDirectory() else { return nil }
        defer { removeScratch(dir, files: ["in.csv", "pristine.sqlite"]) }
        let csv = dir + "/in.csv"
        var rows = "name,x,v,w\n"
        for k in 0 ..< 40 { rows += "\(["a", "b", "c"][k % 3]),\(k / 3),\(k % 7 == 3 ? "" : "\(k * k % 11)"),\(k)\n" }
        guard let file = fopen(csv, "w") else { return nil }
        fputs(rows, file)
        fclose(file)
        var options = IngestOptions()
        options.seriesColumn = "name"
        let store = dir + "/pristine.sqlite"
        guard (try? IngestJob(options: options).run(files: [csv], storePath: store, wait: nil)) != nil,
              let bytes = readAll(store) else { return nil }
        return bytes
    }()

    /// Reads a damaged copy of the pristine store; returns the series loaded.
    /// The copy lives in its own temporary directory, removed before returning.
    @discardableResult
    public static func readDamagedStore(_ damage: [UInt8]) -> Int {
        guard let pristine = pristineStore, !pristine.isEmpty, let dir = makeScratchDirectory() else { return 0 }
        defer { removeScratch(dir, files: ["damaged.sqlite"]) }
        let scratch = dir + "/damaged.sqlite"
        var bytes = pristine
        var k = 0
        while k + 5 <= damage.count {
            let offset = Int(damage[k]) | Int(damage[k + 1]) << 8 | Int(damage[k + 2]) << 16 | Int(damage[k + 3]) << 24
            bytes[offset % bytes.count] ^= damage[k + 4]
            k += 5
        }
        guard let file = fopen(scratch, "w") else { return 0 }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        var loaded = 0
        guard let store = try? SeriesStore.openForReading(path: scratch) else { return 0 }
        defer { store.close() }
        for name in (try? store.seriesNames()) ?? [] {
            if let series = try? store.loadSeries(named: name) {
                loaded += 1
                // What the simulator relies on, which validation promises.
                var previous = -Double.infinity
                for x in series.x {
                    precondition(x.isFinite && x >= previous, "a loaded series with x out of order or not finite")
                    previous = x
                }
            }
        }
        _ = try? store.listSeries()
        return loaded
    }

    /// A new private directory under `$TMPDIR` (or /tmp).
    private static func makeScratchDirectory() -> String? {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/rangepipe-fuzz-store-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        return String(cString: made)
    }

    /// Removes `files` (with SQLite's side files) and then `dir`.
    private static func removeScratch(_ dir: String, files: [String]) {
        for name in files {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(dir + "/" + name + suffix) }
        }
        rmdir(dir)
    }

    private static func readAll(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n == 0 { break }
            out += chunk[..<n]
        }
        return out
    }
}
