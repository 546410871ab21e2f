import Foundation
import Testing

/// `play --all` reads a store in one scan (`SeriesScan`): the series in
/// name order, each with its first field in its row and the others from
/// the field table in series-id order, each series looking its own up by
/// id where that order stepped over them. The
/// class is "stores whose series ids are not in name order": written by
/// several ingests, series replaced by later ones with other fields, names
/// that sort before older ones. Generated from a seed: groups of series
/// ingested in a shuffled order, each group with its own field set (one
/// field, two, another name, the same names as the group before), small
/// (packed) and long (chunked) series, number and category x. Every
/// series' frames must be those `play --series` gives when each series is
/// loaded by name (the list in reverse name order leaves the scan at once).
@Suite("fleet scan: stores whose ids are not in name order")
struct FleetScanOrderTests {
    /// A deterministic generator (xorshift), so a failure names a store
    /// that can be made again.
    struct Seeded {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(n))
        }
    }

    /// The field sets a group's series carry (CSV value columns).
    static let fieldSets = [["v"], ["v"], ["a", "b"], ["a"], ["b", "a"], ["w", "v", "u"]]

    /// One group's CSV: `count` series named `prefix` + a number, each with
    /// `points` rows of `fields`; category x when `category`.
    static func group(_ prefix: String, count: Int, points: Int, fields: [String], category: Bool, _ rng: inout Seeded) -> String {
        var text = "x,s," + fields.joined(separator: ",") + "\n"
        for k in 0 ..< count {
            for i in 0 ..< points {
                let x = category ? "L\(i)" : "\(Double(i) * 1.5 + Double(k % 3))"
                let values = fields.map { _ in String(Double(rng.next(10_000)) / 8) }
                text += "\(x),\(prefix)\(k),\(values.joined(separator: ","))\n"
            }
        }
        return text
    }

    @Test("play --all gives each series the frames it has when loaded by name, --jobs 1 and 2, for three seeds", arguments: [1, 2, 3])
    func scanMatchesLoadByName(seed: Int) throws {
        var rng = Seeded(state: 0x9E37_79B9_7F4A_7C15 &* UInt64(seed + 1))
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        // Prefixes whose names interleave in name order; written in a shuffled order.
        var prefixes = ["m", "c", "x", "a", "q", "e"]
        for k in prefixes.indices.reversed() { prefixes.swapAt(k, rng.next(k + 1)) }
        for (k, prefix) in prefixes.enumerated() {
            let fields = Self.fieldSets[rng.next(Self.fieldSets.count)]
            let points = [2, 5, 80][rng.next(3)]
            let csv = Self.group(prefix, count: 40, points: points, fields: fields, category: k % 3 == 2, &rng)
            let r = try runRangepipe(["ingest", try dir.write("g\(k).csv", csv), "--series-column", "s", "--store", store, "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        // Some series of the first group written again with other fields: new rows, later ids.
        let again = Self.group(prefixes[0], count: 10, points: 4, fields: ["z", "v"], category: false, &rng)
        #expect(try runRangepipe(["ingest", try dir.write("again.csv", again), "--series-column", "s", "--store", store, "--quiet"]).status == 0)

        // The class holds: name order is not id order here.
        let byName = try sqlite3(store, "SELECT id FROM series ORDER BY name").compactMap { Int($0) }
        #expect(byName.count == 240 && byName != byName.sorted())

        let names = try sqlite3(store, "SELECT name FROM series ORDER BY name")
        // Without a field (the first), and naming "v": series without it are
        // skipped with their fields listed, the others play v wherever it is.
        for (k, field) in ["", #""field": "v", "#].enumerated() {
            let script = try dir.write("p\(k).json", #"{"fps": 10, "duration": 0.2, "# + field
                + #""window": {"initial": {"fraction": [0.2, 0.9]}}, "events": []}"#)
            var byNameArgs = ["play", script, "--store", store, "--on-series-error", "skip"]
            for name in names.reversed() { byNameArgs += ["--series", name] }
            let loaded = try runRangepipe(byNameArgs)
            #expect([0, 3].contains(loaded.status), "\(loaded.stderr)")
            let expected = Self.blockMap(loaded.out)
            #expect(expected.count == (field.isEmpty ? 240 : names.count - Self.skipped(loaded.stderr).count))
            for jobs in ["1", "2"] {
                let all = try runRangepipe(["play", script, "--store", store, "--all", "--jobs", jobs, "--on-series-error", "skip"])
                #expect(all.status == loaded.status, "\(all.stderr)")
                let blocks = Self.blocks(all.out)
                #expect(blocks.map(\.name) == names.filter { expected[$0] != nil }, "--jobs \(jobs): name order")
                for block in blocks where expected[block.name] != block.lines {
                    Issue.record("seed \(seed), script \(k), --jobs \(jobs): series \(block.name) differs from its load by name")
                }
                // The reasons name each skipped series' fields as its load by name does.
                #expect(Self.skipped(all.stderr).sorted() == Self.skipped(loaded.stderr).sorted(), "seed \(seed), --jobs \(jobs)")
            }
        }
    }

    @Test("a store whose first name was written last: the scan steps over more series' field rows than it keeps ids of (4,096), then looks each series up, and plays as the store written in name order")
    func passedOverPastTheLimit() throws {
        let dir = try TemporaryDirectory()
        let late = dir.path("late.sqlite"), ordered = dir.path("ordered.sqlite")
        var csv = "x,s,v,w\n"
        for k in 0 ..< 5_000 { for i in 0 ..< 2 { csv += "\(i),s\(k),\(k + i),\(2 * k + i)\n" } }
        let fleet = try dir.write("fleet.csv", csv)
        // "a" sorts before every s…: written after them in one store, with them in the other.
        let first = try dir.write("a.csv", "x,s,v,w\n0,a,1,2\n1,a,3,4\n")
        for (store, ingests) in [(late, [[fleet], [first]]), (ordered, [[fleet, first]])] {
            for files in ingests {
                let r = try runRangepipe(["ingest"] + files + ["--series-column", "s", "--store", store, "--quiet"])
                #expect(r.status == 0, "\(r.stderr)")
            }
        }
        #expect(try sqlite3(late, "SELECT name FROM series ORDER BY id DESC LIMIT 1") == ["a"])
        let script = try dir.write("p.json", #"{"fps": 10, "duration": 0.1, "field": "w", "events": []}"#)
        for jobs in ["1", "2"] {
            let a = try runRangepipe(["play", script, "--store", late, "--all", "--jobs", jobs])
            let b = try runRangepipe(["play", script, "--store", ordered, "--all", "--jobs", jobs])
            #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
            #expect(Self.blocks(a.out).count == 5_001 && a.out == b.out, "--jobs \(jobs)")
        }
    }

    @Test("hand-edited fields read in the scan as by name: field rows whose ids are not integers (2.5, '2x'), orphan rows (past every series, and of a deleted series between two), a series with no field rows, a NUL inside a name (series row and field row), a series row without its first field", arguments: 0 ..< 6)
    func handEditedFieldRows(edit: Int) throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        // Two fields: v in each series row, w a field row (schema version 4).
        var csv = "x,s,v,w\n"
        for name in ["a", "b", "c", "d", "e"] {
            for i in 0 ..< 3 { csv += "\(i),\(name),\(Double(i) * 1.25 + Double(name.utf8.first!)),\(i * 2)\n" }
        }
        #expect(try runRangepipe(["ingest", try dir.write("f.csv", csv), "--series-column", "s", "--store", store, "--quiet"]).status == 0)
        #expect(try sqlite3(store, "SELECT count(*) FROM field WHERE ordinal = 1") == ["5"])
        let ids = try sqlite3(store, "SELECT id FROM series ORDER BY name").compactMap { Int($0) }
        let insert = "INSERT INTO field(series_id, ordinal, name, min, max, missing) VALUES "
        switch edit {
        case 0:
            // A real just past a's id sorts among its rows; a text sorts after every number, where e's scan stands.
            _ = try sqlite3(store, insert + "(\(ids[0]).5, 2, 'junk', NULL, NULL, 0)")
            _ = try sqlite3(store, insert + "('\(ids[4])x', 2, 't', NULL, NULL, 0)")
        case 1: _ = try sqlite3(store, insert + "(\(ids.max()! + 7), 1, 'orphan', NULL, NULL, 0)")
        case 2: _ = try sqlite3(store, "DELETE FROM series WHERE name = 'c'") // its field row stays, between b's and d's
        case 3: _ = try sqlite3(store, "DELETE FROM field WHERE series_id = \(ids[1])")
        case 4:
            // SQLite keeps the bytes after the NUL; the name is read up to it, here "v" as the others'.
            _ = try sqlite3(store, "UPDATE series SET field_name = 'v' || char(0) || 'x' WHERE id = \(ids[2])")
            _ = try sqlite3(store, "UPDATE field SET name = 'w' || char(0) || 'v' WHERE series_id = \(ids[3])")
        default: _ = try sqlite3(store, "UPDATE series SET field_name = NULL WHERE id = \(ids[3])")
        }
        let names = try sqlite3(store, "SELECT name FROM series ORDER BY name")
        // Naming the field makes the names count: a series whose name differs is skipped with its fields listed.
        let script = try dir.write("p.json", #"{"fps": 10, "duration": 0.1, "field": "v", "events": []}"#)
        var byNameArgs = ["play", script, "--store", store, "--on-series-error", "skip"]
        for name in names.reversed() { byNameArgs += ["--series", name] }
        let byName = try runRangepipe(byNameArgs)
        #expect([0, 3].contains(byName.status), "\(byName.stderr)")
        let expected = Self.blockMap(byName.out)
        #expect(expected.count >= 3, "edit \(edit): \(byName.stderr)")
        let all = try runRangepipe(["play", script, "--store", store, "--all", "--on-series-error", "skip"])
        #expect(all.status == byName.status, "edit \(edit): \(all.stderr)")
        #expect(Self.blocks(all.out).map(\.name) == names.filter { expected[$0] != nil }, "edit \(edit)")
        for block in Self.blocks(all.out) { #expect(expected[block.name] == block.lines, "edit \(edit): series \(block.name)") }
        #expect(Self.skipped(all.stderr).sorted() == Self.skipped(byName.stderr).sorted(), "edit \(edit)")
    }

    /// The "skipped series" lines of a run's standard error.
    static func skipped(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("rangepipe: skipped series") }
    }

    /// NDJSON lines grouped by series, in order.
    static func blocks(_ out: String) -> [(name: String, lines: [String])] {
        var blocks: [(name: String, lines: [String])] = []
        for line in out.split(separator: "\n").map(String.init) {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let name = object?["series"] as? String ?? ""
            if blocks.last?.name == name { blocks[blocks.count - 1].lines.append(line) } else { blocks.append((name, [line])) }
        }
        return blocks
    }

    /// Each series' lines by name.
    static func blockMap(_ out: String) -> [String: [String]] {
        Dictionary(blocks(out).map { ($0.name, $0.lines) }, uniquingKeysWith: { a, _ in a })
    }
}
