import Foundation
import Testing
@testable import RangePipeKit

/// One rule for every command (`RunPaths`): an output may not be an input,
/// the store or another output, by any spelling. The cases are generated:
/// every command × every pair of its roles of which one writes × every way
/// to spell the same file. Each refused run exits 64 naming both roles, and
/// leaves the directory byte for byte as it was.
@Suite("Path identity matrix")
struct PathIdentityMatrixTests {
    /// A role a command gives a path: its option as messages name it, and
    /// whether the run needs a file there already (what it reads).
    struct Role: Hashable, Sendable, CustomStringConvertible {
        let option: String
        let writes: Bool
        var description: String { option }
    }

    /// A command as a function of the path each role gets.
    struct Command: Sendable, CustomStringConvertible {
        let name: String
        let roles: [Role]
        let arguments: @Sendable ([Role: String]) -> [String]
        var description: String { name }
    }

    static let script = Role(option: "the script", writes: false)
    static let store = Role(option: "--store", writes: false)
    static let writtenStore = Role(option: "--store", writes: true)
    static let input = Role(option: "input", writes: false)
    static let inputOption = Role(option: "--input", writes: false)
    static let output = Role(option: "-o", writes: true)
    static let rejects = Role(option: "--rejects", writes: true)
    static let state = Role(option: "--changed-since", writes: true)
    static let recording = Role(option: "the recording", writes: false)
    static let base = Role(option: "--base", writes: false)
    static let layout = Role(option: "--layout", writes: false)

    static let commands: [Command] = [
        Command(name: "ingest", roles: [input, writtenStore, rejects]) {
            ["ingest", $0[input]!, "--store", $0[writtenStore]!, "--on-error", "skip", "--rejects", $0[rejects]!, "--series", "s"]
        },
        Command(name: "play", roles: [script, store, output, state]) {
            ["play", $0[script]!, "--store", $0[store]!, "-o", $0[output]!, "--changed-since", $0[state]!]
        },
        Command(name: "play --input", roles: [script, inputOption, output, rejects]) {
            ["play", $0[script]!, "--input", $0[inputOption]!, "--input-series", "s", "--on-error", "skip", "--rejects", $0[rejects]!,
             "-o", $0[output]!]
        },
        Command(name: "preview", roles: [script, store, output]) {
            ["preview", $0[script]!, "--store", $0[store]!, "--frame", "1", "-o", $0[output]!]
        },
        Command(name: "player", roles: [script, store, output]) {
            ["player", $0[script]!, "--store", $0[store]!, "-o", $0[output]!]
        },
        Command(name: "render --input", roles: [script, inputOption, output]) {
            ["render", $0[script]!, "--input", $0[inputOption]!, "--input-series", "s", "--on-error", "skip", "--size", "32x32", "--format", "png", "--quiet",
             "-o", $0[output]!]
        },
        Command(name: "script from-events", roles: [recording, base, layout, output]) {
            ["script", "from-events", $0[recording]!, "--from", "pointer-ndjson", "--base", $0[base]!, "--layout", $0[layout]!,
             "-o", $0[output]!]
        },
    ]

    /// The other spellings of a path `name` in the run's directory.
    enum Spelling: String, CaseIterable, CustomStringConvertible {
        case same, symbolicLink, hardLink, dotDot, absolute, danglingLink
        var description: String { rawValue }
    }

    /// What a role's file holds when the run needs one.
    static func content(_ role: Role, _ dir: TemporaryDirectory) throws -> Data {
        switch role {
        case script, base: return Data(#"{"series":"s","fps":4,"duration":0.5,"events":[]}"#.utf8)
        case store: return try Data(contentsOf: URL(fileURLWithPath: storeFixture(dir)))
        case layout: return Data(#"{"overview":{"left":0,"top":100,"width":800,"height":60},"main":{"left":0,"top":0,"width":800,"height":100}}"#.utf8)
        case recording:
            return Data(#"{"type":"pointermove","pointerId":1,"pointerType":"mouse","clientX":300,"clientY":50,"timeStamp":1000,"buttons":0}"#.utf8 + [0x0a])
        default: return Data("x,v\n1,2\n2,x\n3,4\n".utf8)
        }
    }

    static func storeFixture(_ dir: TemporaryDirectory) throws -> String {
        let store = dir.path("fixture/s.sqlite")
        guard !FileManager.default.fileExists(atPath: store) else { return store }
        try FileManager.default.createDirectory(atPath: dir.path("fixture"), withIntermediateDirectories: true)
        let csv = try dir.write("fixture/s.csv", "x,v\n1,2\n2,3\n3,4\n")
        let r = try runRangepipe(["ingest", csv, "--store", store, "--series", "s", "--quiet"])
        try #require(r.status == 0, "\(r.stderr)")
        return store
    }

    /// Every file under `root` (not the fixture) with its bytes, links as their text.
    static func snapshot(_ root: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let fm = FileManager.default
        for name in (try? fm.subpathsOfDirectory(atPath: root)) ?? [] where !name.hasPrefix("fixture") {
            let path = root + "/" + name
            if let target = try? fm.destinationOfSymbolicLink(atPath: path) {
                files[name] = Data(("link:" + target).utf8)
            } else {
                var isDirectory: ObjCBool = false
                _ = fm.fileExists(atPath: path, isDirectory: &isDirectory)
                files[name] = isDirectory.boolValue ? Data("dir".utf8) : (fm.contents(atPath: path) ?? Data("unreadable".utf8))
            }
        }
        return files
    }

    /// Every pair of roles of which at least one writes, for every command.
    static let pairs: [(Command, Role, Role)] = commands.flatMap { command in
        command.roles.enumerated().flatMap { i, a in
            command.roles[(i + 1)...].filter { a.writes || $0.writes }.map { (command, a, $0) }
        }
    }

    @Test("two roles naming one file, in every spelling, are refused (64) and nothing changes", arguments: pairs)
    func aliased(command: Command, first: Role, second: Role) throws {
        var cases = 0
        for spelling in Spelling.allCases {
            let dir = try TemporaryDirectory()
            try FileManager.default.createDirectory(atPath: dir.path("sub"), withIntermediateDirectories: true)
            // The first role's file; the second names it again.
            let needsFile = !first.writes || !second.writes
            if !needsFile, spelling == .hardLink { continue }
            if needsFile, spelling == .danglingLink { continue }
            var paths: [Role: String] = [:]
            for role in command.roles {
                paths[role] = "r-\(role.option.filter(\.isLetter)).dat"
                if !role.writes { try dir.write(paths[role]!, data: try Self.content(role, dir)) }
            }
            let name = paths[first]!
            if first.writes, needsFile { try dir.write(name, data: try Self.content(second, dir)) }
            switch spelling {
            case .same: paths[second] = name
            case .symbolicLink, .danglingLink:
                try FileManager.default.createSymbolicLink(atPath: dir.path("alias"), withDestinationPath: name)
                paths[second] = "alias"
            case .hardLink:
                try FileManager.default.linkItem(atPath: dir.path(name), toPath: dir.path("alias"))
                paths[second] = "alias"
            case .dotDot: paths[second] = "sub/../" + name
            case .absolute: paths[second] = dir.path(name)
            }
            let before = Self.snapshot(dir.url.path)
            let r = try runRangepipe(command.arguments(paths), in: dir.url)
            let context = "\(command) \(first)=\(second) as \(spelling)"
            #expect(r.status == 64, "\(context): \(r.stderr)")
            #expect(r.stderr.hasPrefix("rangepipe: error: ") && r.stderr.split(separator: "\n").count == 1, "\(context): \(r.stderr)")
            #expect(r.stderr.contains(first.option) && r.stderr.contains(second.option) && r.stderr.contains("same file"), "\(context): \(r.stderr)")
            #expect(Self.snapshot(dir.url.path) == before, "\(context): the directory changed")
            cases += 1
        }
        #expect(cases >= 4)
    }

    @Test("the same commands with every path distinct run (the rule refuses only a shared file)", arguments: commands)
    func distinct(command: Command) throws {
        let dir = try TemporaryDirectory()
        var paths: [Role: String] = [:]
        for role in command.roles {
            paths[role] = dir.path("r-\(role.option.filter(\.isLetter)).dat")
            if !role.writes { try dir.write("r-\(role.option.filter(\.isLetter)).dat", data: try Self.content(role, dir)) }
        }
        if command.name.hasPrefix("render") { paths[Self.output] = dir.path("frames") + "/" }
        let r = try runRangepipe(command.arguments(paths), in: dir.url)
        #expect(r.status == 0, "\(command): \(r.stderr)")
    }

    @Test("an output at a store's journal, a temporary name, a frame file, or a character device twice")
    func companions() throws {
        let dir = try TemporaryDirectory()
        let store = try Self.storeFixture(dir)
        let script = try dir.write("s.json", #"{"series":"s","fps":4,"duration":0.5,"events":[]}"#)
        for journal in ["-wal", "-shm", "-journal"] {
            let r = try runRangepipe(["play", script, "--store", store, "-o", store + journal])
            #expect(r.status == 64 && r.stderr.contains("--store's '\(store)\(journal)'"), "\(journal): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: store + journal) || journal == "-shm" || journal == "-wal")
        }
        // A later run would remove `NAME.tmp-PID` of a dead process as abandoned.
        let input = try dir.write("out.ndjson.tmp-99999", "x,v\n1,2\n2,3\n")
        let r1 = try runRangepipe(["play", script, "--input", input, "--input-series", "s", "-o", dir.path("out.ndjson")])
        #expect(r1.status == 64 && r1.stderr.contains("temporary file of -o"), "\(r1.stderr)")
        #expect(FileManager.default.fileExists(atPath: input))
        // render -o DIR/ writes DIR/frame-NNNNNN.png: an input there is one of them.
        try FileManager.default.createDirectory(atPath: dir.path("frames"), withIntermediateDirectories: true)
        let inFrames = try dir.write("frames/frame-000001.png", "x,v\n1,2\n2,3\n")
        let r2 = try runRangepipe(["render", script, "--input", inFrames, "--input-series", "s", "--size", "32x32", "--quiet", "-o", dir.path("frames") + "/"])
        #expect(r2.status == 64 && r2.stderr.contains("one of the frames"), "\(r2.stderr)")
        #expect(try String(contentsOfFile: inFrames, encoding: .utf8) == "x,v\n1,2\n2,3\n")
        // A character device may be named twice: writing it destroys nothing.
        // A private node with the null device's numbers, never the system's.
        let null = dir.path("null")
        try #require(mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0, "mknod needs root (the tests run as root in CI)")
        let r3 = try runRangepipe(["ingest", try dir.write("bad.csv", "x,v\n1,2\n2,x\n"), "--store", dir.path("n.sqlite"), "--on-error", "skip",
                                   "--rejects", null, "--quiet"])
        #expect(r3.status == 0, "\(r3.stderr)")
    }

    @Test("standard output or input that is a file the run also reads or writes")
    func standardStreams() throws {
        let dir = try TemporaryDirectory()
        let store = try Self.storeFixture(dir)
        let storeBytes = try Data(contentsOf: URL(fileURLWithPath: store))
        let script = try dir.write("s.json", #"{"series":"s","fps":4,"duration":0.5,"events":[]}"#)
        let csv = try dir.write("in.csv", "x,v\n1,2\n2,3\n")
        let cases: [(String, String)] = [
            ("\"$RANGEPIPE\" play '\(script)' --store '\(store)' >> '\(store)'", "standard output and --store"),
            ("\"$RANGEPIPE\" series --store '\(store)' >> '\(store)'", "standard output and --store"),
            ("\"$RANGEPIPE\" play '\(script)' --input '\(csv)' --input-series s >> '\(csv)'", "standard output and --input"),
            ("\"$RANGEPIPE\" diff '\(csv)' '\(script)' >> '\(csv)'", "standard output and track"),
            ("\"$RANGEPIPE\" play '\(script)' --input - --input-series s -o '\(csv)' < '\(csv)'", "-o '\(csv)' and standard input"),
        ]
        for (command, message) in cases {
            let r = try runShell(command)
            #expect(r.status == 64, "\(command): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(command): \(r.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == storeBytes)
        #expect(try String(contentsOfFile: csv, encoding: .utf8) == "x,v\n1,2\n2,3\n")
    }
}
