import Foundation
import Testing
@testable import RangePipeKit

/// Inputs that end early, change underfoot, or carry numbers and names
/// meant to break things: each is one located line and a documented exit
/// code, never a signal, and nothing is stored.
@Suite("Hostile input")
struct HostileInputTests {
    func gzip(_ data: Data, in dir: TemporaryDirectory) throws -> Data {
        let plain = try dir.write("plain", data: data)
        let r = try runShell("gzip -c -n '\(plain)'")
        try #require(r.status == 0)
        return r.stdout
    }

    func rows(_ n: Int) -> String {
        var rng = SeededGenerator(seed: 7)
        return "t,v\n" + (0 ..< n).map { "\($0),\(rng.int(in: 1 ... 300))" }.joined(separator: "\n") + "\n"
    }

    @Test("a gzip input cut anywhere is refused (exit 65, the compressed byte named) and nothing is stored")
    func truncatedGzip() throws {
        let dir = try TemporaryDirectory()
        let whole = try gzip(Data(rows(5000).utf8), in: dir)
        var rng = SeededGenerator(seed: 11)
        // Every cut in the trailer, and random ones in the body.
        let cuts = Array(whole.count - 8 ..< whole.count) + (0 ..< 25).map { _ in rng.int(in: 1 ..< whole.count - 8) }
        for cut in cuts {
            let file = try dir.write("cut.csv.gz", data: whole.prefix(cut))
            let store = dir.path("s-\(cut).sqlite")
            let r = try runRangepipe(["ingest", file, "--store", store, "--quiet"])
            #expect(r.status == 65, "cut at \(cut): \(r.stderr)")
            #expect(r.stderr.hasPrefix("rangepipe: error: \(file): byte "), "cut at \(cut): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: store))
        }
        // The same through a pipe.
        let file = try dir.write("cut.gz", data: whole.prefix(whole.count / 2))
        let piped = try runShell("cat '\(file)' | \"$RANGEPIPE\" ingest - --series p --store '\(dir.path("p.sqlite"))'")
        #expect(piped.status == 65)
        #expect(piped.stderr.contains("ends before its trailer"))
    }

    @Test("a wrong CRC, a wrong length and trailing garbage are refused; zero padding and concatenated members are read")
    func damagedGzip() throws {
        let dir = try TemporaryDirectory()
        let text = rows(300)
        let whole = try gzip(Data(text.utf8), in: dir)
        func ingest(_ bytes: Data, _ name: String = "g.csv.gz") throws -> RunResult {
            let file = try dir.write(name, data: bytes)
            return try runRangepipe(["ingest", file, "--store", dir.path("\(UUID()).sqlite"), "--quiet", "--json"])
        }
        var crc = whole
        crc[crc.count - 6] ^= 1
        let r1 = try ingest(crc)
        #expect(r1.status == 65)
        #expect(r1.stderr.contains("incorrect data check"))
        var length = whole
        length[length.count - 2] ^= 1
        let r2 = try ingest(length)
        #expect(r2.status == 65)
        #expect(r2.stderr.contains("incorrect length check"))
        let r3 = try ingest(whole + Data("garbage".utf8))
        #expect(r3.status == 65)
        #expect(r3.stderr.contains("byte \(whole.count): bytes after the end of the gzip stream"))
        let r4 = try ingest(whole + Data(count: 512))
        #expect(r4.status == 0, "\(r4.stderr)")
        #expect(r4.out.contains("\"points\":300"))
        // Two members: the second's header row is then a data row.
        let second = try gzip(Data("300,5\n".utf8), in: dir)
        let r5 = try ingest(whole + second)
        #expect(r5.status == 0, "\(r5.stderr)")
        #expect(r5.out.contains("\"points\":301"))
    }

    @Test("a mapped input shortened by another process mid-ingest ends with exit 74 or 65 and one line, never a signal")
    func shrinkingInput() throws {
        let dir = try TemporaryDirectory()
        let text = rows(400_000)
        for delay in [0, 20_000, 60_000, 150_000] as [useconds_t] {
            let file = try dir.write("big.csv", text)
            let store = dir.path("s-\(delay).sqlite")
            let process = Process()
            process.executableURL = try checkedBinary.get()
            process.arguments = ["ingest", file, "--store", store, "--quiet"]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            usleep(delay)
            #expect(truncate(file, 10_000) == 0)
            process.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationReason == .exit, "delay \(delay): a signal (\(process.terminationStatus))")
            #expect([0, 65, 74].contains(process.terminationStatus), "delay \(delay): \(message)")
            if process.terminationStatus != 0 {
                #expect(message.split(separator: "\n").count == 1, "\(message)")
                #expect(message.hasPrefix("rangepipe: error: \(file)"), "\(message)")
            }
        }
    }

    @Test("numbers past Float64's range or ±1e300, and times outside years 0000-9999, are located errors", arguments: [
        ("v.csv", "t,v\n1,2\n2,1e400\n", "v.csv:3:2: column 'v': \"1e400\" is outside Float64's range"),
        ("v1.csv", "t,v\n1,-1e400\n2,3\n", "v1.csv:2:2: column 'v': \"-1e400\" is outside Float64's range"),
        ("v2.csv", "t,v\n1,2\n2,1e301\n", "v2.csv:3:2: column 'v': \"1e301\" is outside the values rangepipe keeps (±1e300)"),
        ("x.csv", "x,v\n-1e308,1\n0,2\n1e308,3\n", "x.csv:2:1: column 'x': \"-1e308\" is outside the x values rangepipe keeps"),
        ("v.ndjson", "{\"t\":1,\"v\":2}\n{\"t\":2,\"v\":1e999}\n", "v.ndjson:2:12: column 'v': \"1e999\" is outside Float64's range"),
        ("e.csv", "t,v\n1,1\n1e300,2\n", "e.csv:3:1: column 't': \"1e300\" is outside the times rangepipe can write"),
        ("e2.csv", "t,v\n0,1\n253402300800,2\n", "e2.csv:3:1: column 't': \"253402300800\" is outside the times rangepipe can write"),
    ])
    func extremeNumbers(file: String, text: String, message: String) throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write(file, text)
        var args = ["ingest", path, "--store", dir.path("s.sqlite")]
        if file.hasPrefix("e") { args += ["--input-time-format", "epoch-s"] }
        let r = try runRangepipe(args)
        #expect(r.status == 65)
        #expect(r.stderr == "rangepipe: error: \(dir.path(message))\n" || r.stderr.hasPrefix("rangepipe: error: \(dir.path(message))"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("s.sqlite")))
    }

    @Test("the widest accepted values play, preview and draw without trapping")
    func widestValues() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let csv = try dir.write("w.csv", "x,v\n-1e300,1e300\n0,-1e300\n1e300,1e300\n")
        #expect(try runRangepipe(["ingest", csv, "--store", store, "--series", "w", "--quiet"]).status == 0)
        let script = try dir.write("w.json", #"{"series":"w","duration":0.5,"y":{"padding":0.5},"events":[{"at":0,"gesture":"wheel","x":400,"path":[[0,-30]]},{"at":0.2,"gesture":"pan","path":[[0,0],[0.1,300]],"release":"fling"}]}"#)
        let play = try runRangepipe(["play", script, "--store", store, "--tracks", "points"])
        #expect(play.status == 0, "\(play.stderr)")
        #expect(!play.out.contains("null"))
        #expect(try runRangepipe(["preview", script, "--store", store, "--frame", "10", "-o", dir.path("p.svg")]).status == 0)
        #expect(try runRangepipe(["player", script, "--store", store, "-o", dir.path("p.html")]).status == 0)
    }

    @Test("scripts: time bounds past year 9999, tiny fps and sizes are refused by script check and play alike", arguments: [
        (#""window":{"bounds":{"min":0,"max":1e28}}"#, "window.bounds.max: 1e+28 s is outside the times rangepipe can write"),
        (#""window":{"initial":{"min":-1e300,"max":0}}"#, "window.initial.min: -1e+300 s is outside the times rangepipe can write"),
        (#""fps":5e-324"#, "fps: 5e-324 is out of range (at least 0.001, at most 1000)"),
        (#""main":{"width":1e-300}"#, "main.width: 1e-300 is out of range (at least 1, at most 100000)"),
        (#""overview":{"height":0.5}"#, "overview.height: 0.5 is out of range (at least 1, at most 100000)"),
    ])
    func extremeScripts(setting: String, message: String) throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let csv = try dir.write("t.csv", "t,v\n2004-01-01,1\n2004-02-01,2\n2004-03-01,3\n")
        #expect(try runRangepipe(["ingest", csv, "--store", store, "--series", "t", "--quiet"]).status == 0)
        let script = try dir.write("t.json", #"{"series":"t","duration":0.2,"events":[],"# + setting + "}")
        for command in [["script", "check"], ["play"], ["preview", "--frame", "0", "-o", dir.path("p.svg")], ["player", "-o", dir.path("p.html")]] {
            let r = try runRangepipe(Array(command.prefix(command[0] == "script" ? 2 : 1)) + [script, "--store", store] + Array(command.dropFirst(command[0] == "script" ? 2 : 1)))
            #expect(r.status == 65, "\(command): \(r.stderr)")
            #expect(r.stderr.hasPrefix("rangepipe: error: \(script): \(message)"), "\(command): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("p.svg")))
    }

    @Test("a path step of 1e-300 s plays without trapping on every x scale")
    func tinySteps() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let csv = try dir.write("n.csv", "x,v\n" + (1 ... 300).map { "\($0),\($0 % 7)" }.joined(separator: "\n") + "\n")
        #expect(try runRangepipe(["ingest", csv, "--store", store, "--series", "n", "--quiet"]).status == 0)
        for scale in ["linear", "log"] {
            for gesture in [#""gesture":"pan","path":[[0,0],[1e-300,100]],"release":"fling""#,
                            #""gesture":"pinch","path":[[0,100,200],[1e-300,10,700]]"#,
                            #""gesture":"double-tap-drag","path":[[0,100,0],[1e-300,100,300]]"#] {
                let script = try dir.write("t.json", #"{"series":"n","x":{"scale":""# + scale + #""},"duration":0.5,"events":[{"at":0,"# + gesture + "}]}")
                let r = try runRangepipe(["play", script, "--store", store, "--tracks", "points"])
                #expect(r.status == 0, "\(scale) \(gesture): \(r.stderr)")
            }
        }
    }

    @Test("a field spring at the slowest fps keeps its memory (O(1) in 1/fps)")
    func slowSpring() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let csv = try dir.write("c.csv", "q,a,b\nQ1,1,5\nQ2,2,6\nQ3,3,7\n")
        #expect(try runRangepipe(["ingest", csv, "--store", store, "--series", "c", "--quiet"]).status == 0)
        let script = try dir.write("c.json", #"{"series":"c","fps":0.001,"duration":86400,"field":"a","events":[{"at":0,"action":"switch-field","field":"b"}]}"#)
        let r = try runProcess(URL(fileURLWithPath: "/usr/bin/time"), ["-f", "%M", try checkedBinary.get().path, "play", script, "--store", store],
                               stdin: nil, in: nil)
        #expect(r.status == 0, "\(r.stderr)")
        let kilobytes = Int(r.stderr.split(separator: "\n").last ?? "") ?? .max
        #expect(kilobytes < 200_000, "peak \(kilobytes) KB")
    }

    @Test("a FIFO input whose duplicates would want a second read is read once")
    func fifoInput() throws {
        let dir = try TemporaryDirectory()
        let fifo = dir.path("in.csv")
        try #require(mkfifo(fifo, 0o644) == 0)
        // x repeats on 1.5 rows on average: too few for the long-format split, enough for the collapse warning.
        let text = "g,x,v\n" + (0 ..< 400).map { "\(["a", "b"][$0 % 2]),\($0 * 2 / 3),\($0)" }.joined(separator: "\n") + "\n"
        let source = try dir.write("src.csv", text)
        let r = try runShell("cat '\(source)' > '\(fifo)' & timeout 30 \"$RANGEPIPE\" ingest '\(fifo)' --x x --store '\(dir.path("s.sqlite"))' --quiet --json; echo \"rc=$?\"")
        #expect(r.out.contains("rc=0"), "\(r.out) \(r.stderr)")
        #expect(r.stderr.contains("duplicate"), "\(r.stderr)")
    }
}
