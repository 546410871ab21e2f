import Foundation
import Testing
@testable import RangePipeKit

/// The package root: the nearest folder above this file's path that holds
/// Package.swift (the file is compiled into every test module through a
/// `Helpers` link, so its depth depends on the path the build names).
let packageRoot: URL = {
    var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while dir.path != "/" {
        if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir }
        dir = dir.deletingLastPathComponent()
    }
    fatalError("no Package.swift above \(#filePath)")
}()

/// The `rangepipe` that `swift build` produced for this test run's
/// configuration: it sits beside the test executable in the same build
/// directory. Never another configuration's copy, which may be stale.
let rangepipeBinary: URL = {
    let testExecutable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: testExecutable).deletingLastPathComponent().appendingPathComponent("rangepipe")
}()

struct BinaryProblem: Error, CustomStringConvertible {
    var description: String
}

/// The binary, checked once: it must exist and be linked after the newest
/// object of the library and executable targets, or every CLI test fails
/// saying so (rather than quietly testing an old build).
let checkedBinary: Result<URL, BinaryProblem> = {
    let fm = FileManager.default
    let path = rangepipeBinary.path
    guard fm.isExecutableFile(atPath: path) else {
        return .failure(BinaryProblem(description: "no rangepipe binary at \(path): run `swift build` before `swift test`"))
    }
    func modified(_ p: String) -> Date { ((try? fm.attributesOfItem(atPath: p))?[.modificationDate] as? Date) ?? .distantPast }
    let built = modified(path)
    let buildDir = rangepipeBinary.deletingLastPathComponent()
    for target in ["RangePipeKit.build", "rangepipe.build"] {
        let dir = buildDir.appendingPathComponent(target).path
        for name in (try? fm.contentsOfDirectory(atPath: dir)) ?? [] where name.hasSuffix(".o") {
            if modified(dir + "/" + name) > built {
                return .failure(BinaryProblem(description: "\(path) is older than \(target)/\(name): run `swift build` before `swift test`"))
            }
        }
    }
    return .success(rangepipeBinary)
}()

struct RunResult {
    var status: Int32
    var stdout: Data
    var stderr: String
    var out: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs the real binary as a subprocess. stdin bytes, when given, come
/// from a file; use `runShell` where a real pipe matters.
@discardableResult
func runRangepipe(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> RunResult {
    try runProcess(try checkedBinary.get(), arguments, stdin: stdin, in: directory)
}

/// Runs `sh -c script` with `$RANGEPIPE` set to the binary (for pipelines).
/// Runs the binary as an unprivileged user (root ignores file modes), or
/// as is when the tests already run unprivileged.
func runUnprivileged(_ arguments: [String]) throws -> RunResult {
    guard geteuid() == 0 else { return try runRangepipe(arguments) }
    return try runProcess(URL(fileURLWithPath: "/usr/bin/setpriv"),
                          ["--reuid=65534", "--regid=65534", "--clear-groups", try checkedBinary.get().path] + arguments,
                          stdin: nil, in: nil)
}

@discardableResult
func runShell(_ script: String, in directory: URL? = nil) throws -> RunResult {
    try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script], stdin: nil, in: directory,
                   environment: ["RANGEPIPE": try checkedBinary.get().path])
}

func runProcess(_ executable: URL, _ arguments: [String], stdin: Data?, in directory: URL?,
                environment: [String: String] = [:]) throws -> RunResult {
    let scratch = try TemporaryDirectory()
    let outPath = scratch.path("stdout"), errPath = scratch.path("stderr")
    FileManager.default.createFile(atPath: outPath, contents: nil)
    FileManager.default.createFile(atPath: errPath, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    if let directory { process.currentDirectoryURL = directory }
    let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    process.standardOutput = outHandle
    process.standardError = errHandle
    if let stdin {
        let inPath = scratch.path("stdin")
        FileManager.default.createFile(atPath: inPath, contents: stdin)
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
    } else {
        process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    let out = try Data(contentsOf: URL(fileURLWithPath: outPath))
    let err = try Data(contentsOf: URL(fileURLWithPath: errPath))
    return RunResult(status: process.terminationStatus, stdout: out, stderr: String(decoding: err, as: UTF8.self))
}

/// A fresh temporary directory, removed when the value is dropped.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("rangepipe-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let p = path(name)
        if name.hasSuffix(".json") { ScriptFixtures.record(text) }
        try text.write(toFile: p, atomically: false, encoding: .utf8)
        return p
    }

    @discardableResult
    func write(_ name: String, data: Data) throws -> String {
        let p = path(name)
        try data.write(to: URL(fileURLWithPath: p))
        return p
    }
}

/// SplitMix64: a small seeded generator so random tests are reproducible.
/// Tests draw through the helpers below, which derive values from the raw
/// 64-bit outputs themselves: the standard library's `random(in:using:)`
/// algorithms may change between Swift versions, these do not.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1) from the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    mutating func double(in r: ClosedRange<Double>) -> Double { r.lowerBound + unit() * (r.upperBound - r.lowerBound) }
    mutating func double(in r: Range<Double>) -> Double { r.lowerBound + unit() * (r.upperBound - r.lowerBound) }
    /// Uniform integer by modulo (the bias is below 2^-40 for our ranges).
    mutating func int(in r: ClosedRange<Int>) -> Int { r.lowerBound + Int(next() % UInt64(r.upperBound - r.lowerBound + 1)) }
    mutating func int(in r: Range<Int>) -> Int { int(in: r.lowerBound ... r.upperBound - 1) }
    mutating func int64(in r: ClosedRange<Int64>) -> Int64 { r.lowerBound + Int64(next() % UInt64(r.upperBound - r.lowerBound + 1)) }
    mutating func byte(in r: ClosedRange<UInt8> = 0 ... 255) -> UInt8 { UInt8(int(in: Int(r.lowerBound) ... Int(r.upperBound))) }
    mutating func bool() -> Bool { next() >> 63 == 1 }
}

extension Collection {
    /// An element chosen by the seeded generator (the collection is not empty).
    func element(using rng: inout SeededGenerator) -> Element {
        self[index(startIndex, offsetBy: rng.int(in: 0 ..< count))]
    }
}

/// Loads one series from a store file with the `sqlite3` CLI (not the
/// library's reader, so a bug shared by writing and reading shows), checking
/// each chunk's count, first index and min/max against its values.
func loadStored(_ store: String, _ name: String) throws -> Series? {
    let quoted = "'" + name.replacingOccurrences(of: "'", with: "''") + "'"
    guard let row = try sqlite3(store, "SELECT id, axis, points FROM series WHERE name = \(quoted)").first else { return nil }
    let parts = row.split(separator: "|").map(String.init)
    let id = parts[0], points = Int(parts[2])!
    let axis = try #require(Axis(rawValue: parts[1]))
    func text(_ hex: Substring) -> String { String(decoding: hexBytes(hex), as: UTF8.self) }
    let version = try storeVersion(store)
    let fieldNames = try sqlite3(store, "SELECT hex(name) FROM \(fieldRows(version: version)) WHERE series_id = \(id) ORDER BY ordinal").map { text(Substring($0)) }
    let labels = try sqlite3(store, "SELECT hex(label) FROM category WHERE series_id = \(id) ORDER BY ordinal").map { text(Substring($0)) }
    var columns = [[Double]](repeating: [], count: fieldNames.count + 1)
    // A packed series (schema version 3): its slice of its pack, x then each field.
    let packed = version >= 3
        ? try sqlite3(store, "SELECT hex(substr(p.data, s.pack_offset + 1, \(points * columns.count * 8))) FROM series s JOIN pack p ON p.id = s.pack_id WHERE s.id = \(id)")
        : []
    if let hex = packed.first {
        let values = float64s(hex: hex)
        #expect(values.count == points * columns.count, "\(name): a packed slice of \(values.count) values")
        for k in columns.indices where values.count >= (k + 1) * points { columns[k] = Array(values[k * points ..< (k + 1) * points]) }
    }
    for line in try sqlite3(store, "SELECT column_index, first_index, count, ifnull(min, 'null'), ifnull(max, 'null'), hex(data) FROM chunk WHERE series_id = \(id) ORDER BY column_index, seq") {
        let f = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let column = Int(f[0])! + 1, values = float64s(hex: f[5])
        #expect(Int(f[1]) == columns[column].count && Int(f[2]) == values.count && values.count <= 65_536, "\(name) chunk \(line.prefix(40))")
        let present = values.filter { !$0.isNaN }
        // sqlite3 prints REALs with 15 significant digits.
        func near(_ printed: String, _ v: Double?) -> Bool { v.map { abs((Double(printed) ?? .nan) - $0) <= 1e-14 * max(1, abs($0)) } ?? (printed == "null") }
        #expect(near(f[3], present.min()) && near(f[4], present.max()), "\(name) column \(column - 1): chunk min/max \(f[3]), \(f[4]) vs \(String(describing: present.min())), \(String(describing: present.max()))")
        columns[column] += values
    }
    #expect(columns.allSatisfy { $0.count == points }, "\(name): columns of \(columns.map(\.count)) values, \(points) points listed")
    return Series(name: name, axis: axis, x: columns[0], fields: zip(fieldNames, columns.dropFirst()).map { .init(name: $0, values: $1) },
                  categories: labels)
}

func hexBytes(_ hex: Substring) -> [UInt8] {
    let digits = Array(hex.utf8)
    func nibble(_ c: UInt8) -> UInt8 { c <= 0x39 ? c - 0x30 : c - 0x41 + 10 }
    return stride(from: 0, to: digits.count, by: 2).map { nibble(digits[$0]) << 4 | nibble(digits[$0 + 1]) }
}

/// NaN-aware equality for value arrays.
func sameValues(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
}
