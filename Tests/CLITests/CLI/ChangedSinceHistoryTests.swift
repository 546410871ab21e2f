import Foundation
import Testing
@testable import RangePipeKit

/// `play --changed-since` against histories a write counter cannot see
/// through (issue 42): copied stores, restored backups, forks, deletions,
/// renames, reverted and rewritten content. The test keeps its own model
/// of what every store holds and of what the state's run saw, and expects
/// the re-run to play exactly the series whose content differs from what
/// the state recorded: never fewer, and none it need not.
@Suite("play --changed-since: histories")
struct ChangedSinceHistoryTests {
    enum Kind: String, CaseIterable, Sendable {
        case copy, restore, diverge, delete, rename, revert, same
    }

    /// One store on disk and the model of its content: name → CSV rows after the name.
    struct Store {
        let path: String
        var content: [String: [String]]
    }

    /// The series a case changes: one, or several.
    static let widths: [[String]] = [["s3"], ["s1", "s4", "s6"]]

    static let fleetSize = 8

    /// s0 … s7, three days each, v = 10·k + day + shift.
    static func rows(_ k: Int, shift: Int = 0) -> [String] {
        (1 ... 3).map { "2024-01-0\($0),\(10 * k + $0 + shift)" }
    }

    static func make(_ dir: TemporaryDirectory, _ name: String) throws -> Store {
        var store = Store(path: dir.path(name), content: [:])
        for k in 0 ..< fleetSize { store.content["s\(k)"] = rows(k) }
        try write(dir, &store, store.content, mode: "replace")
        return store
    }

    /// Ingests `series` (name → rows) with `mode` and updates the model.
    static func write(_ dir: TemporaryDirectory, _ store: inout Store, _ series: [String: [String]], mode: String) throws {
        var text = "s,date,v\n"
        for name in series.keys.sorted() { for row in series[name]! { text += "\(name),\(row)\n" } }
        let csv = try dir.write("w-\(UUID().uuidString).csv", text)
        let r = try runRangepipe(["ingest", csv, "--series-column", "s", "--store", store.path, "--mode", mode, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        for (name, rows) in series { store.content[name] = mode == "append" ? (store.content[name] ?? []) + rows : rows }
    }

    /// A day appended to each of `names`, its value told apart by `salt`.
    static func append(_ dir: TemporaryDirectory, _ store: inout Store, _ names: [String], day: Int, salt: Int) throws {
        let rows = Dictionary(uniqueKeysWithValues: names.map { ($0, ["2024-01-\(day < 10 ? "0" : "")\(day),\(1000 * salt + day)"]) })
        try write(dir, &store, rows, mode: "append")
    }

    /// The store file copied whole (a stopped store: its log, if any, with it).
    static func copy(_ from: Store, to path: String) throws -> Store {
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: from.path + suffix) {
            try? FileManager.default.removeItem(atPath: path + suffix)
            try FileManager.default.copyItem(atPath: from.path + suffix, toPath: path + suffix)
        }
        try? FileManager.default.removeItem(atPath: path + "-shm")
        if !FileManager.default.fileExists(atPath: from.path + "-wal") { try? FileManager.default.removeItem(atPath: path + "-wal") }
        return Store(path: path, content: from.content)
    }

    /// A directory with the script, the state's path and store a (s0 … s7).
    static func start() throws -> (dir: TemporaryDirectory, script: String, state: String, a: Store) {
        let dir = try TemporaryDirectory()
        return (dir, try dir.write("s.json", ChangedSinceCLITests.script), dir.path("state"), try make(dir, "a.sqlite"))
    }

    /// A `--changed-since` run; returns the names it played.
    static func rerun(_ store: Store, script: String, state: String) throws -> RunResult {
        let r = try runRangepipe(["play", script, "--store", store.path, "--all", "--changed-since", state])
        #expect(r.status == 0, "\(r.stderr)")
        return r
    }

    /// Asserts that a re-run of `store` against the state recorded as `seen`
    /// plays exactly the differing series, in a full run's order and with its bytes.
    static func expectRerun(_ store: Store, seen: [String: [String]], script: String, state: String,
                            _ label: String) throws {
        let expected = Set(store.content.keys.filter { seen[$0] != store.content[$0] })
        let full = try runRangepipe(["play", script, "--store", store.path, "--all"])
        #expect(Set(ChangedSinceCLITests.played(full.out)) == Set(store.content.keys), "\(label): the model is the store")
        let r = try rerun(store, script: script, state: state)
        #expect(ChangedSinceCLITests.played(r.out) == ChangedSinceCLITests.played(full.out).filter(expected.contains),
                "\(label): expected \(expected.sorted())")
        #expect(ChangedSinceCLITests.lines(r.out, of: expected) == ChangedSinceCLITests.lines(full.out, of: expected), "\(label)")
    }

    @Test("the re-run plays exactly the series whose content differs from what the state recorded",
          arguments: Kind.allCases, widths)
    func history(kind: Kind, changed: [String]) throws {
        let (dir, script, state, first) = try Self.start()
        var a = first
        let others = (0 ..< Self.fleetSize).map { "s\($0)" }.filter { !changed.contains($0) }
        let label = "\(kind) \(changed)"
        var seen: [String: [String]]
        var target: Store
        switch kind {
        case .copy:
            _ = try Self.rerun(a, script: script, state: state)
            seen = a.content
            target = try Self.copy(a, to: dir.path("b.sqlite"))
            try Self.append(dir, &target, changed, day: 4, salt: 1)
        case .restore:
            // Backup; writes the state sees; the backup restored; as many writes again, and one more.
            let backup = try Self.copy(a, to: dir.path("backup.sqlite"))
            for (i, name) in changed.enumerated() { try Self.append(dir, &a, [name], day: 4 + i, salt: 2) }
            _ = try Self.rerun(a, script: script, state: state)
            seen = a.content
            target = try Self.copy(backup, to: a.path)
            for i in 0 ... changed.count { try Self.append(dir, &target, [others[i]], day: 4 + i, salt: 3) }
        case .diverge:
            // Two copies, one write each: the same id and the same write count.
            var b = try Self.copy(a, to: dir.path("b.sqlite"))
            try Self.append(dir, &a, changed, day: 4, salt: 4)
            _ = try Self.rerun(a, script: script, state: state)
            seen = a.content
            try Self.append(dir, &b, [others[0]], day: 4, salt: 5)
            target = b
        case .delete:
            _ = try Self.rerun(a, script: script, state: state)
            seen = a.content
            let list = changed.map { "'\($0)'" }.joined(separator: ",")
            _ = try sqlite3(a.path, "PRAGMA foreign_keys=ON; DELETE FROM series WHERE name IN (\(list));")
            for name in changed { a.content[name] = nil }
            // Back again: the first with other content, the second as it was; the rest stay deleted.
            let k = Int(changed[0].dropFirst())!
            try Self.write(dir, &a, [changed[0]: Self.rows(k, shift: 7)], mode: "replace")
            if changed.count > 1 {
                try Self.write(dir, &a, [changed[1]: Self.rows(Int(changed[1].dropFirst())!)], mode: "replace")
            }
            target = a
        case .rename:
            _ = try Self.rerun(a, script: script, state: state)
            seen = a.content
            for name in changed {
                _ = try sqlite3(a.path, "UPDATE series SET name = '\(name)r' WHERE name = '\(name)';")
                a.content[name + "r"] = a.content.removeValue(forKey: name)
            }
            target = a
        case .revert:
            // The state sees the new content; the series then go back to what they held before.
            let before = a.content
            try Self.write(dir, &a, Dictionary(uniqueKeysWithValues: changed.map { ($0, Self.rows(Int($0.dropFirst())!, shift: 50)) }),
                           mode: "replace")
            _ = try Self.rerun(a, script: script, state: state)
            seen = a.content
            try Self.write(dir, &a, before.filter { changed.contains($0.key) }, mode: "replace")
            target = a
        case .same:
            _ = try Self.rerun(a, script: script, state: state)
            seen = a.content
            try Self.write(dir, &a, a.content.filter { changed.contains($0.key) }, mode: "replace")
            target = a
        }
        try Self.expectRerun(target, seen: seen, script: script, state: state, label)
    }

    @Test("issue 42: a copy appended to plays against the state the original wrote after a write of its own")
    func issueCopy() throws {
        let (dir, script, state, first) = try Self.start()
        var a = first
        var b = try Self.copy(a, to: dir.path("b.sqlite"))
        try Self.append(dir, &a, ["s5"], day: 4, salt: 1)
        _ = try Self.rerun(a, script: script, state: state)
        try Self.append(dir, &b, ["s2"], day: 4, salt: 2)
        // s2 was appended to; s5 holds what the original held before its write.
        #expect(ChangedSinceCLITests.played(try Self.rerun(b, script: script, state: state).out) == ["s2", "s5"])
    }

    @Test("issue 42: a restored backup written three times plays both changed and both reverted series, not only the last write's")
    func issueRestore() throws {
        let (dir, script, state, first) = try Self.start()
        var a = first
        let backup = try Self.copy(a, to: dir.path("backup.sqlite"))
        try Self.append(dir, &a, ["s1"], day: 4, salt: 1)
        try Self.append(dir, &a, ["s2"], day: 4, salt: 1)
        _ = try Self.rerun(a, script: script, state: state)
        var restored = try Self.copy(backup, to: a.path)
        for name in ["s4", "s5", "s6"] { try Self.append(dir, &restored, [name], day: 4, salt: 2) }
        #expect(ChangedSinceCLITests.played(try Self.rerun(restored, script: script, state: state).out) == ["s1", "s2", "s4", "s5", "s6"])
    }

    @Test("a version 1 state, even one naming this store and its last write, covers nothing: every series once, then a version 2 state")
    func version1State() throws {
        let (dir, script, state, a) = try Self.start()
        defer { withExtendedLifetime(dir) {} }
        _ = try Self.rerun(a, script: script, state: state)
        // The old format: the header alone, without "series" or keys, at the store's current generation.
        let header = try String(contentsOfFile: state, encoding: .utf8).split(separator: "\n")[0]
        let old = header.replacingOccurrences(of: #""rangepipe-play-state": 2"#, with: #""rangepipe-play-state": 1"#)
            .replacingOccurrences(of: #", "series": 8}"#, with: "}")
        #expect(old.hasPrefix(#"{"rangepipe-play-state": 1,"#) && old.hasSuffix(#""generation": 1}"#), "\(old)")
        try old.write(toFile: state, atomically: false, encoding: .utf8)
        #expect(ChangedSinceCLITests.played(try Self.rerun(a, script: script, state: state).out).count == Self.fleetSize)
        #expect(try String(contentsOfFile: state, encoding: .utf8).hasPrefix(#"{"rangepipe-play-state": 2,"#))
        #expect(try Self.rerun(a, script: script, state: state).out.isEmpty)
    }
}
