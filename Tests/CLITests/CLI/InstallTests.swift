import Foundation
import Testing

/// `make install` / `make uninstall` into a temporary DESTDIR (never the
/// machine's own prefix): the binary, the bash/zsh/fish completions and the
/// man page land where other tools put theirs, work from there, and
/// uninstall removes exactly them. The test installs the binary this run
/// tests (BIN), with the man page made from its build.
@Suite("make install", .serialized)
struct InstallTests {
    /// Where the files go under DESTDIR, PREFIX=/usr/local.
    static let files = ["bin/rangepipe", "share/bash-completion/completions/rangepipe", "share/zsh/site-functions/_rangepipe",
                        "share/fish/vendor_completions.d/rangepipe.fish", "share/man/man1/rangepipe.1"]

    /// `make TARGET` with the binary this run tests and the man page made
    /// from its build: `make test` made it before the suite; otherwise it is
    /// made now as `make test` makes it (`make test-man`: the plugin's own
    /// `generate-manual` tool, built past the lock `swift test` holds).
    /// Never the plugin itself here: run on a build the tests use, it can
    /// leave a nested module cache that breaks the next build.
    static func make(_ target: String, _ stage: String) throws -> RunResult {
        let bin = try checkedBinary.get()
        let configDir = bin.deletingLastPathComponent()
        var scratchDir = configDir.deletingLastPathComponent()
        // `.build/debug` is a link to `.build/<triple>/debug`: the scratch path is above the triple.
        if scratchDir.lastPathComponent.split(separator: "-").count >= 3 { scratchDir.deleteLastPathComponent() }
        let scratch = scratchDir.path
        let page = scratch + "/plugins/GenerateManual/outputs/rangepipe/rangepipe.1"
        if !FileManager.default.fileExists(atPath: page) {
            let made = try runProcess(URL(fileURLWithPath: "/usr/bin/env"),
                                      ["make", "-C", packageRoot.path, "test-man", "TEST_CONFIG=\(configDir.lastPathComponent)",
                                       "TEST_SCRATCH=\(scratch)", "TEST_SWIFTPM=--ignore-lock", "TEST_BIN=\(bin.path)"],
                                      stdin: nil, in: nil)
            guard made.status == 0 else { return made }
        }
        return try runProcess(URL(fileURLWithPath: "/usr/bin/env"),
                              ["make", "-C", packageRoot.path, target, "DESTDIR=\(stage)", "PREFIX=/usr/local",
                               "BIN=\(bin.path)", "MAN_SCRATCH=\(scratch)", "MAN_READY=1"],
                              stdin: nil, in: nil)
    }

    static func shell(_ command: [String]) throws -> RunResult {
        try runProcess(URL(fileURLWithPath: "/usr/bin/env"), command, stdin: nil, in: nil, environment: ["MANPAGER": "cat"])
    }

    /// Regular files (and links) under `dir`, relative.
    static func filesUnder(_ dir: String) -> [String] {
        let e = FileManager.default.enumerator(atPath: dir)
        var out: [String] = []
        while let p = e?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir + "/" + p, isDirectory: &isDir), !isDir.boolValue { out.append(p) }
        }
        return out.sorted()
    }

    @Test("install puts the binary, completions and man page under DESTDIR/PREFIX; they run; uninstall removes exactly them")
    func installRunUninstall() throws {
        let dir = try TemporaryDirectory()
        let stage = dir.path("stage")
        let root = stage + "/usr/local"
        // A file of someone else's in the prefix, which uninstall must leave.
        try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        try "#!/bin/sh\n".write(toFile: root + "/bin/other-tool", atomically: false, encoding: .utf8)

        let install = try Self.make("install", stage)
        try #require(install.status == 0, "\(install.out)\(install.stderr)")
        #expect(Self.filesUnder(root) == (Self.files + ["bin/other-tool"]).sorted())

        // The binary runs from the prefix.
        let bin = root + "/bin/rangepipe"
        let version = try Self.shell([bin, "--version"])
        #expect(version.status == 0 && version.out == "0.1.0\n", "\(version.out)\(version.stderr)")
        let help = try Self.shell([bin, "play", "--help"])
        let unwrapped = help.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(help.status == 0 && unwrapped.contains("(values: ndjson, csv; default: ndjson)"), "\(help.out)")

        // Completions: valid for their shells, and they offer the enums' values.
        let bash = root + "/" + Self.files[1], zsh = root + "/" + Self.files[2], fish = root + "/" + Self.files[3]
        let bashCheck = try Self.shell(["bash", "-c", "set -e; bash -n \"$0\"; source \"$0\"; complete -p rangepipe", bash])
        #expect(bashCheck.status == 0 && bashCheck.out.contains("rangepipe"), "\(bashCheck.out)\(bashCheck.stderr)")
        #expect(try Self.shell(["zsh", "-n", zsh]).status == 0)
        #expect(try Self.shell(["fish", "--no-execute", fish]).status == 0)
        for script in [bash, zsh, fish] {
            let text = try String(contentsOfFile: script, encoding: .utf8)
            #expect(text.contains("last") && text.contains("first") && text.contains("keep"), "\(script): --duplicates' values")
            #expect(text.contains("echarts-recorder"), "\(script): --from's values")
        }

        // The man page renders and documents the subcommands and their options.
        let man = try Self.shell(["man", "-l", "-P", "cat", root + "/" + Self.files[4]])
        #expect(man.status == 0, "\(man.stderr)")
        #expect(man.out.contains("rangepipe") && man.out.contains("ingest") && man.out.contains("--duplicates"), "\(man.out.prefix(400))")

        let uninstall = try Self.make("uninstall", stage)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(Self.filesUnder(root) == ["bin/other-tool"])
    }
}
