import Foundation
import Testing
@testable import RangePipeKit

/// A file `-o` creates has its write-back started as it is written, every
/// `FileOutput.writebackBytes`, so the sync that ends it waits for the
/// last stretch only; a device or FIFO, opened as it is and never synced,
/// gets no such hint.
@Suite("FileOutput write-back")
struct FileOutputWritebackTests {
    /// 40 writes of 513 KiB (each past the 64 KiB buffer): 20 MiB and a bit.
    static let chunks = (0 ..< 40).map { [UInt8](repeating: UInt8($0), count: 513 << 10) }

    @Test("a created file: write-back starts after every 8 MiB written (twice in 20 MiB); the file holds every byte")
    func createdFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("out.bin")
        let out = try FileOutput.create(path: path)
        for chunk in Self.chunks { try out.write(bytes: chunk) }
        try out.close()
        // 16 chunks are 8,208 KiB, the first past 8 MiB: starts after the 16th and the 32nd.
        #expect(out.writebackStarts == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(Self.chunks.joined()))
    }

    @Test("a device opened as it is: no write-back hint")
    func device() throws {
        let dir = try TemporaryDirectory()
        let node = dir.path("null")
        // A private node with the null device's numbers (1, 3), never the system's /dev/null.
        try #require(mknod(node, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0, "mknod needs root (the tests run as root in CI)")
        let out = try FileOutput.openExisting(path: node, name: node)
        for chunk in Self.chunks { try out.write(bytes: chunk) }
        try out.close()
        #expect(out.writebackStarts == 0)
    }
}
