import Foundation
import Testing
@testable import RangePipeKit

/// A store is a regular file or absent: every other kind of file, reached
/// directly or through a link, is refused at once by every command that
/// opens a store (readers 66, ingest 73), never opened (a FIFO would block
/// SQLite's `open` forever; a device of zeros reads as an empty store).
/// And an intact store on a full disk is still read.
@Suite("Store path kinds")
struct StorePathKindTests {
    /// The commands that open a store, with the exit code a refusal gives.
    static func commands(_ store: String, _ dir: TemporaryDirectory) throws -> [(String, [String], Int32)] {
        let script = try dir.write("s.json", #"{"series":"s","fps":4,"duration":0.5,"events":[]}"#)
        let csv = try dir.write("in.csv", "x,v\n1,2\n2,3\n")
        return [("series", ["series", "--store", store], 66),
                ("play", ["play", script, "--store", store], 66),
                ("preview", ["preview", script, "--store", store, "--frame", "0", "-o", dir.path("p.svg")], 66),
                ("player", ["player", script, "--store", store, "-o", dir.path("p.html")], 66),
                ("render", ["render", script, "--store", store, "--size", "32x32", "-o", dir.path("frames") + "/", "--quiet"], 66),
                ("script check", ["script", "check", script, "--store", store], 66),
                ("ingest", ["ingest", csv, "--store", store, "--series", "s", "--quiet"], 73)]
    }

    /// Makes a file of `kind` at `path` (a private node, FIFO or socket).
    static func make(_ kind: String, at path: String) throws {
        switch kind {
        case "a FIFO": try #require(mkfifo(path, 0o644) == 0)
        case "a character device":
            // makedev(1, 5): the zero device's numbers, as a private node.
            try #require(mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | 5)) == 0, "mknod needs root (the tests run as root in CI)")
        case "a socket":
            let r = try runProcess(URL(fileURLWithPath: "/usr/bin/env"),
                                   ["python3", "-c", "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", path],
                                   stdin: nil, in: nil)
            try #require(r.status == 0, "\(r.stderr)")
        default: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
    }

    @Test("a FIFO, a device, a socket or a directory as --store, directly or through a link, is refused at once by every command",
          arguments: ["a FIFO", "a character device", "a socket", "a directory"], [false, true])
    func notAFile(kind: String, throughLink: Bool) throws {
        let dir = try TemporaryDirectory()
        try Self.make(kind, at: dir.path("node"))
        let store = throughLink ? dir.path("link.sqlite") : dir.path("node")
        if throughLink { try FileManager.default.createSymbolicLink(atPath: store, withDestinationPath: "node") }
        for (name, args, code) in try Self.commands(store, dir) {
            // `timeout`: a command that opened the FIFO would block for ever.
            let r = try runProcess(URL(fileURLWithPath: "/usr/bin/timeout"), ["20", try checkedBinary.get().path] + args, stdin: nil, in: dir.url)
            #expect(r.status == code, "\(name) on \(kind): \(r.stderr)")
            #expect(r.stderr == "rangepipe: error: \(store): \(code == 73 ? "cannot create: " : "")is \(kind), not a store (name the store's file)\n",
                    "\(name) on \(kind): \(r.stderr)")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.contains("node") || $0.contains("link") }
            #expect(Set(left) == Set(throughLink ? ["node", "link.sqlite"] : ["node"]), "\(name) on \(kind): \(left)")
        }
    }

    @Test("a first ingest through a dangling link makes the store where the link points, as -o does")
    func danglingLink() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("real"), withIntermediateDirectories: false)
        let link = dir.path("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/s.sqlite")
        let csv = try dir.write("in.csv", "x,v\n1,2\n2,3\n")
        let r = try runRangepipe(["ingest", csv, "--store", link, "--series", "s", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/s.sqlite")
        #expect(try sqlite3(dir.path("real/s.sqlite"), "SELECT name FROM series") == ["s"])
    }

    /// A 2 MiB tmpfs of the test's own (the tests run as root in CI).
    final class SmallDisk {
        let path: String
        init(_ dir: TemporaryDirectory) throws {
            path = dir.path("disk")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            let r = try runProcess(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=2m", "tmpfs", path], stdin: nil, in: nil)
            try #require(r.status == 0, "mounting a tmpfs needs root (the tests run as root in CI): \(r.stderr)")
        }
        /// Fills what is left with one file.
        func fill() throws {
            _ = try runShell("dd if=/dev/zero of='\(path)/fill' bs=64k 2>/dev/null")
            #expect(try runShell("df --output=avail '\(path)' | tail -1").out.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        }
        deinit { _ = try? runProcess(URL(fileURLWithPath: "/bin/umount"), ["-l", path], stdin: nil, in: nil) }
    }

    @Test("on a full disk an intact store is read by every reader, and a failed ingest leaves no journal behind")
    func fullDisk() throws {
        let dir = try TemporaryDirectory()
        let disk = try SmallDisk(dir)
        let store = disk.path + "/s.sqlite"
        let csv = try dir.write("data.csv", "x,v\n" + (1 ... 500).map { "\($0),\($0 % 13)" }.joined(separator: "\n") + "\n")
        #expect(try runRangepipe(["ingest", csv, "--store", store, "--series", "s", "--quiet"]).status == 0)
        try disk.fill()
        let listing = try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted()
        for (name, args, _) in try Self.commands(store, dir) where name != "ingest" {
            let r = try runRangepipe(args)
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == listing, "\(name) left files")
        }
        let r = try runRangepipe(["ingest", csv, "--store", store, "--series", "t", "--quiet"])
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("rangepipe: error: \(store): "), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == listing)
        // A first ingest on the full disk names the user's path, not its temporary one.
        let r2 = try runRangepipe(["ingest", csv, "--store", disk.path + "/new.sqlite", "--series", "t", "--quiet"])
        #expect(r2.status == 74 || r2.status == 73, "\(r2.stderr)")
        #expect(r2.stderr.hasPrefix("rangepipe: error: \(disk.path)/new.sqlite: ") && !r2.stderr.contains(".tmp-"), "\(r2.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == listing)
    }
}
