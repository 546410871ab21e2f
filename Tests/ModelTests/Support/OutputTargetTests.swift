import Foundation
import Testing
@testable import RangePipeKit

/// `-o` the way coreutils writes (issue: hostile output targets). Every
/// target lives in a private temporary directory: the device is a private
/// `mknod` node for the null device, never the system's `/dev/null`.
@Suite("Output targets")
struct OutputTargetTests {
    /// The `-o` commands, each as a function of its output path.
    func commands(_ fx: (store: String, script: String)) -> [(String, (String) -> [String])] {
        [("play", { ["play", fx.script, "--store", fx.store, "-o", $0] }),
         ("preview", { ["preview", fx.script, "--store", fx.store, "--frame", "3", "-o", $0] }),
         ("player", { ["player", fx.script, "--store", fx.store, "-o", $0] }),
         ("script schema", { ["script", "schema", "-o", $0] })]
    }

    func kind(_ path: String) -> Platform.FileKind? { Platform.status(path, followLinks: false)?.kind }

    @Test("a character device is written in place and stays a device")
    func device() throws {
        let dir = try TemporaryDirectory()
        let fx = try playFixture(dir)
        let node = dir.path("null")
        // mknod(2) for (1, 3), the null device's numbers: a private node.
        // makedev(1, 3) (a macro in C): major 1 in bits 8-19, minor 3 in bits 0-7.
        try #require(mknod(node, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0, "mknod needs root (the tests run as root in CI)")
        for (name, args) in commands(fx) {
            let r = try runRangepipe(args(node))
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(kind(node) == .characterDevice, "\(name) replaced the device")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test("a FIFO is streamed to its reader and stays a FIFO")
    func fifo() throws {
        let dir = try TemporaryDirectory()
        let fx = try playFixture(dir)
        let fifo = dir.path("pipe")
        try #require(mkfifo(fifo, 0o644) == 0)
        let expected = try runRangepipe(["play", fx.script, "--store", fx.store]).stdout
        // The reader is `cat` into a file, started before the writer opens.
        let copy = dir.path("copy")
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, copy]
        try reader.run()
        let r = try runRangepipe(["play", fx.script, "--store", fx.store, "-o", fifo])
        reader.waitUntilExit()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(kind(fifo) == .fifo)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == expected)
    }

    @Test("a symbolic link is followed: the link stays, its target is replaced whole, keeping its mode")
    func symlink() throws {
        let dir = try TemporaryDirectory()
        let fx = try playFixture(dir)
        let target = try dir.write("target.ndjson", "old\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
        let link = dir.path("link.ndjson")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.ndjson")
        let r = try runRangepipe(["play", fx.script, "--store", fx.store, "-o", link])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(kind(link) == .symbolicLink)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.ndjson")
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(written == String(decoding: try runRangepipe(["play", fx.script, "--store", fx.store]).stdout, as: UTF8.self))
        #expect(Platform.status(target)?.permissions == 0o600)
        // A dangling link gets its target created.
        let dangling = dir.path("dangling.ndjson")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "made.ndjson")
        #expect(try runRangepipe(["play", fx.script, "--store", fx.store, "-o", dangling]).status == 0)
        #expect(kind(dir.path("made.ndjson")) == .regular)
        #expect(kind(dangling) == .symbolicLink)
    }

    @Test("an existing file keeps its mode; a new one gets 0666 less the umask")
    func modes() throws {
        let dir = try TemporaryDirectory()
        let fx = try playFixture(dir)
        for mode in [0o600, 0o640, 0o604] {
            let out = try dir.write("out-\(mode).ndjson", "old\n")
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: out)
            for (name, args) in commands(fx) {
                let r = try runRangepipe(args(out))
                #expect(r.status == 0, "\(name): \(r.stderr)")
                #expect(Platform.status(out)?.permissions == UInt32(mode), "\(name) changed mode \(String(mode, radix: 8))")
            }
        }
        let fresh = dir.path("fresh.ndjson")
        let r = try runShell("umask 027; \"$RANGEPIPE\" play '\(fx.script)' --store '\(fx.store)' -o '\(fresh)'")
        #expect(r.status == 0)
        #expect(Platform.status(fresh)?.permissions == 0o640)
    }

    @Test("refusals name the user's path: a directory, a missing directory, a loop of links")
    func refusals() throws {
        let dir = try TemporaryDirectory()
        let fx = try playFixture(dir)
        let r1 = try runRangepipe(["play", fx.script, "--store", fx.store, "-o", dir.url.path])
        #expect(r1.status == 73)
        #expect(r1.stderr.contains("is a directory"))
        let missing = dir.path("nodir/out.ndjson")
        let r2 = try runRangepipe(["play", fx.script, "--store", fx.store, "-o", missing])
        #expect(r2.status == 73)
        #expect(r2.stderr == "rangepipe: error: \(missing): cannot create: No such file or directory\n")
        try FileManager.default.createSymbolicLink(atPath: dir.path("a"), withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: dir.path("b"), withDestinationPath: "a")
        let r3 = try runRangepipe(["play", fx.script, "--store", fx.store, "-o", dir.path("a")])
        #expect(r3.status == 73)
        #expect(r3.stderr.contains("too many levels of symbolic links"))
        #expect(kind(dir.path("a")) == .symbolicLink)
    }

    /// A play long enough to be interrupted while it writes.
    func longPlay(_ dir: TemporaryDirectory) throws -> (store: String, script: String) {
        let store = dir.path("store.sqlite")
        let csv = try dir.write("s.csv", "x,v\n" + (0 ..< 2000).map { "\($0),\($0 % 17)" }.joined(separator: "\n") + "\n")
        #expect(try runRangepipe(["ingest", csv, "--store", store, "--series", "s", "--quiet"]).status == 0)
        let script = try dir.write("long.json", #"{"series":"s","fps":1000,"duration":40000,"events":[{"at":0,"gesture":"pan","path":[[0,0],[39000,300000]]}]}"#)
        return (store, script)
    }

    @Test("INT, TERM and HUP while writing -o leave no temporary file; the old output stays", arguments: [SIGINT, SIGTERM, SIGHUP])
    func interrupted(signal number: Int32) throws {
        let dir = try TemporaryDirectory()
        let fx = try longPlay(dir)
        let out = try dir.write("out.ndjson", "previous\n")
        let process = try startUnblocked(["play", fx.script, "--store", fx.store, "-o", out, "--tracks", "points"])
        // Wait until the temporary file exists and has grown.
        let temporary = try awaitGrowingFile(in: dir, prefix: "out.ndjson.tmp-", bytes: 1 << 16, seconds: 30)
        #expect(temporary != nil, "the play never started writing")
        kill(process.processIdentifier, number)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == number)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.url.path)
        #expect(!names.contains { $0.contains(".tmp-") }, "left behind: \(names)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "previous\n")
    }

    @Test("a temporary file of a process that is gone is removed by the next run to the path; a live one's stays")
    func staleTemporary() throws {
        let dir = try TemporaryDirectory()
        let fx = try playFixture(dir)
        let out = dir.path("out.ndjson")
        // A pid that exists (this test process) and one that cannot (above pid_max).
        let live = dir.path("out.ndjson.tmp-\(getpid())")
        let stale = dir.path("out.ndjson.tmp-2147483646")
        FileManager.default.createFile(atPath: live, contents: Data("live".utf8))
        FileManager.default.createFile(atPath: stale, contents: Data(repeating: 1, count: 4096))
        #expect(try runRangepipe(["play", fx.script, "--store", fx.store, "-o", out]).status == 0)
        #expect(kind(stale) == nil)
        #expect(kind(live) == .regular)
    }
}
