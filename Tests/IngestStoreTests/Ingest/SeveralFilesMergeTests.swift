import Foundation
import Testing
@testable import RangePipeKit

/// Several files feed series by name: the stored series are those of one
/// file holding all their rows in file order (the oracle: that file,
/// ingested alone), whatever the duplicates policy, for numeric and
/// category x, unsorted and repeated within and across files, and for any
/// `--jobs` (later files parsed ahead).
@Suite("Several files merge as their rows concatenated")
struct SeveralFilesMergeTests {
    /// `files` CSV texts of `rows` rows each over four series; x drawn from
    /// a few values (repeats within and across files, in no order).
    static func texts(files: Int, rows: Int, category: Bool, seed: UInt64) -> (header: String, bodies: [String]) {
        var rng = SeededGenerator(seed: seed)
        var bodies: [String] = []
        for _ in 0 ..< files {
            var body = ""
            for _ in 0 ..< rows {
                let x = rng.int(in: 0 ..< 40)
                let label = category ? "q\(x)" : "\(x)"
                body += "s\(rng.int(in: 0 ..< 4)),\(label),\(rng.int(in: -500 ... 500))\n"
            }
            bodies.append(body)
        }
        return ("series,x,v\n", bodies)
    }

    static func stored(_ store: String) throws -> [String] {
        try sqlite3(store, "SELECT name, axis, points, x_min, x_max, content_hash FROM series ORDER BY name")
    }

    @Test("the store of several files is the store of their rows in one file",
          arguments: ["first", "last", "keep"], [false, true])
    func mergedAsConcatenated(duplicates: String, category: Bool) throws {
        let dir = try TemporaryDirectory()
        let (header, bodies) = Self.texts(files: 7, rows: 400, category: category, seed: category ? 31 : 32)
        var files: [String] = []
        for (k, body) in bodies.enumerated() { files.append(try dir.write("f\(k).csv", header + body)) }
        let whole = try dir.write("all.csv", header + bodies.joined())
        let flags = ["--series-column", "series", "--x", "x", "--duplicates", duplicates, "--quiet"]
        let one = try runRangepipe(["ingest", whole, "--store", dir.path("one.sqlite")] + flags)
        #expect(one.status == 0, "\(one.stderr)")
        let expected = try Self.stored(dir.path("one.sqlite"))
        #expect(expected.count == 4)
        for jobs in [1, 3] {
            let store = dir.path("several\(jobs).sqlite")
            let r = try runRangepipe(["ingest"] + files + ["--store", store, "--jobs", "\(jobs)"] + flags)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try Self.stored(store) == expected, "--jobs \(jobs), --duplicates \(duplicates)")
        }
    }
}
