import Foundation
import Testing
@testable import RangePipeKit

/// A mapped file lets go of pages read long ago; that is only a hint, so
/// its bytes must read the same afterwards.
@Suite("Mapped files")
struct MappedFileTests {
    @Test("released pages still read as the file's bytes")
    func releasedPagesReadBack() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("big.bin")
        // 42 MiB of a byte pattern that is a function of the offset.
        let count = 42 << 20
        var bytes = [UInt8](repeating: 0, count: count)
        for k in 0 ..< count { bytes[k] = UInt8(truncatingIfNeeded: k &* 31 &+ k >> 16) }
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let source = try InputSource(path: path)
        let mapped = try #require(source.mappedBytes)
        // Read it all in slices: the first 32 MiB are released on the way.
        var total = 0
        while true {
            let slice = try source.mappedChunk(preferred: 1 << 20)
            if slice.isEmpty { break }
            total += slice.count
        }
        #expect(total == count)
        var mismatches = 0
        for k in stride(from: 0, to: count, by: 4093) where mapped[k] != bytes[k] { mismatches += 1 }
        #expect(mismatches == 0)
        #expect(mapped[0] == bytes[0] && mapped[count - 1] == bytes[count - 1])
    }

    @Test("a gzip file is not mapped; an empty file is not mapped")
    func notMapped() throws {
        let dir = try TemporaryDirectory()
        let gz = dir.path("a.csv.gz"), empty = dir.path("e.csv")
        FileManager.default.createFile(atPath: gz, contents: Data([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]))
        FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(try InputSource(path: gz).mappedBytes == nil)
        #expect(try InputSource(path: empty).mappedBytes == nil)
    }
}
