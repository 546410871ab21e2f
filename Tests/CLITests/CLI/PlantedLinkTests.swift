import Foundation
import Testing
@testable import RangePipeKit

/// Files a command makes for itself never follow a link someone planted:
/// render's frames inside its directory, and every temporary name beside an
/// output. And a file the user may not write is refused alike by every
/// command that writes `-o`.
@Suite("Planted links and read-only outputs")
struct PlantedLinkTests {
    /// A one-series store and a short script over it (the output-target tests' own).
    func fixture(_ dir: TemporaryDirectory) throws -> (store: String, script: String) { try playFixture(dir) }

    @Test("render -o DIR/ replaces links planted at its frame names; the files they point to are untouched")
    func plantedFrames() throws {
        let dir = try TemporaryDirectory()
        let fx = try fixture(dir)
        let frames = dir.path("frames")
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: false)
        let victims = try (0 ..< 3).map { try dir.write("victim-\($0).txt", "precious \($0)\n") }
        for (k, victim) in victims.enumerated() {
            // Absolute, relative, and one to a file not made yet.
            let target = k == 0 ? victim : k == 1 ? "../victim-1.txt" : dir.path("absent.txt")
            try FileManager.default.createSymbolicLink(atPath: frames + "/" + RenderFormat.frameFileName(k), withDestinationPath: target)
        }
        let r = try runRangepipe(["render", fx.script, "--store", fx.store, "--size", "32x32", "-o", frames + "/", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        for (k, victim) in victims.enumerated() {
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious \(k)\n")
            let frame = frames + "/" + RenderFormat.frameFileName(k)
            #expect(Platform.status(frame, followLinks: false)?.kind == .regular, "frame \(k) is still a link")
            #expect(try Data(contentsOf: URL(fileURLWithPath: frame)).prefix(4) == Data([0x89, 0x50, 0x4e, 0x47]))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("absent.txt")))
    }

    @Test("a temporary name is created exclusively: a link, FIFO or file planted there is replaced, never followed or opened")
    func plantedTemporary() throws {
        let dir = try TemporaryDirectory()
        let victim = try dir.write("victim.txt", "precious\n")
        let fifo = dir.path("planted-fifo")
        try #require(mkfifo(fifo, 0o644) == 0)
        for (name, plant) in [("link", { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: victim) }),
                              ("dangling", { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: dir.path("nowhere")) }),
                              ("fifo link", { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: fifo) })]
            as [(String, (String) throws -> Void)] {
            let temporary = dir.path("out-\(name).tmp")
            try plant(temporary)
            let out = try FileOutput.create(path: temporary, name: "out")
            try out.write("new\n")
            try out.close()
            #expect(Platform.status(temporary, followLinks: false)?.kind == .regular, "\(name)")
            #expect(try String(contentsOfFile: temporary, encoding: .utf8) == "new\n", "\(name)")
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(!FileManager.default.fileExists(atPath: dir.path("nowhere")))
    }

    @Test("an existing file the user may not write is refused (73) by every -o command alike, and stays as it was")
    func readOnlyOutput() throws {
        if geteuid() == 0 {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv (util-linux) to drop root")
        }
        let dir = try TemporaryDirectory()
        let fx = try fixture(dir)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: fx.store)
        let commands: [(String, (String) -> [String])] = [
            ("play", { ["play", fx.script, "--store", fx.store, "-o", $0] }),
            ("preview", { ["preview", fx.script, "--store", fx.store, "--frame", "1", "-o", $0] }),
            ("player", { ["player", fx.script, "--store", fx.store, "-o", $0] }),
            ("render", { ["render", fx.script, "--store", fx.store, "--size", "32x32", "--format", "gif", "--quiet", "-o", $0] }),
            ("script schema", { ["script", "schema", "-o", $0] }),
            ("ingest --rejects", { ["ingest", dir.path("bad.csv"), "--store", dir.path("n.sqlite"), "--on-error", "skip", "--rejects", $0] }),
        ]
        try dir.write("bad.csv", "x,v\n1,2\n2,x\n")
        for (name, args) in commands {
            let file = try dir.write("ro-\(name.filter(\.isLetter)).out", "keep me\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
            let r = try runUnprivileged(args(file))
            #expect(r.status == 73, "\(name): \(r.stderr)")
            #expect(r.stderr == "rangepipe: error: \(file): cannot create: permission denied (the file is read-only)\n", "\(name): \(r.stderr)")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me\n", "\(name)")
        }
    }
}
