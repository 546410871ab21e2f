import Foundation
import Testing
@testable import RangePipeKit

/// The package root, found from this file's path.
let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The built `rangepipe` binary (`swift build` runs before `swift test` in `make test`).
let rangepipeBinary: URL = {
    let candidates = [".build/debug/rangepipe", ".build/x86_64-unknown-linux-gnu/debug/rangepipe",
                      ".build/aarch64-unknown-linux-gnu/debug/rangepipe", ".build/release/rangepipe"]
    for c in candidates {
        let url = packageRoot.appendingPathComponent(c)
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return packageRoot.appendingPathComponent(candidates[0])
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
    try runProcess(rangepipeBinary, arguments, stdin: stdin, in: directory)
}

/// Runs `sh -c script` with `$RANGEPIPE` set to the binary (for pipelines).
@discardableResult
func runShell(_ script: String, in directory: URL? = nil) throws -> RunResult {
    try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script], stdin: nil, in: directory,
                   environment: ["RANGEPIPE": rangepipeBinary.path])
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
}

/// Loads one series from a store file through the library's reader.
func loadStored(_ store: String, _ name: String) throws -> Series? {
    let s = try SeriesStore.openForReading(path: store)
    defer { s.close() }
    return try s.loadSeries(named: name)
}

/// NaN-aware equality for value arrays.
func sameValues(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
}
