import Testing

/// README "diff": numbers are equal when |a − b| ≤ tolerance · max(1, |a|,
/// |b|); times when at most `tolerance` seconds apart. "≤": a difference
/// exactly at the bound is equal. The numbers are binary fractions, so the
/// bound and the difference are exact and the comparison is the rule's own.
@Suite("documented boundaries: diff's tolerance, exactly at the bound")
struct DocumentedBoundaryDiffTests {
    /// diff's exit status for one frame whose window max is `x` against one where it is `y`.
    static func status(_ x: String, _ y: String, tolerance: String, time: Bool = false) throws -> Int32 {
        let dir = try TemporaryDirectory()
        func file(_ name: String, _ v: String) throws -> String {
            try dir.write(name, (time ? DiffCLITests.frame(0, t: "0.0", min: "\"\(v)\"") : DiffCLITests.frame(0, t: "0.0", max: v)) + "\n")
        }
        return try runRangepipe(["diff", try file("a.ndjson", x), try file("b.ndjson", y), "--tolerance", tolerance]).status
    }

    @Test("relative above 1: 3 vs 4 at 0.25 is exactly 0.25·4 apart (equal); 3 vs 4.0625 is past 0.25·4.0625 (different)")
    func relative() throws {
        #expect(try Self.status("3", "4", tolerance: "0.25") == 0)
        #expect(try Self.status("3", "4.0625", tolerance: "0.25") == 1)
    }

    @Test("absolute below 1: 0.5 vs 0.75 at 0.25 is exactly 0.25 apart (equal); 0.5 vs 0.8125 is not")
    func absolute() throws {
        #expect(try Self.status("0.5", "0.75", tolerance: "0.25") == 0)
        #expect(try Self.status("0.5", "0.8125", tolerance: "0.25") == 1)
    }

    @Test("times: a quarter second apart at tolerance 0.25 s is equal; half a second is not")
    func times() throws {
        #expect(try Self.status("2004-01-01T00:00:00Z", "2004-01-01T00:00:00.25Z", tolerance: "0.25", time: true) == 0)
        #expect(try Self.status("2004-01-01T00:00:00Z", "2004-01-01T00:00:00.5Z", tolerance: "0.25", time: true) == 1)
    }
}
