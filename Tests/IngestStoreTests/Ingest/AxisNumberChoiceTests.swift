import Foundation
import Testing
@testable import RangePipeKit

/// `--axis number` on a file with a column of times: x is another column,
/// and the reason `inspect` and `ingest` print names the times passed over
/// instead of claiming no column holds times. A matrix of time spellings ×
/// the time column's place × what the other columns hold.
@Suite("--axis number names the columns of times it passes over")
struct AxisNumberChoiceTests {
    static let spellings = ["day", "instant", "month", "space"]

    /// Row `i`'s time in spelling `k`: a date, an instant, a month, a date and time with a space.
    static func cell(_ k: Int, _ i: Int) -> String {
        let two = String(format: "%02d", i + 1)
        switch k {
        case 0: return "2024-01-\(two)"
        case 1: return "2024-01-\(two)T06:30:00Z"
        case 2: return "2024-\(two)"
        default: return "2024-01-\(two) 06:30"
        }
    }

    /// Ten rows: the time column `when` at `place` among `v` (unsorted
    /// numbers) and `b` (increasing numbers, or unsorted too).
    static func file(_ dir: TemporaryDirectory, spelling: Int, place: Int, increasing: Bool) throws -> String {
        var header = ["v", "b"]
        header.insert("when", at: place)
        var text = header.joined(separator: ",") + "\n"
        for i in 0 ..< 10 {
            var row = ["\((i * 7) % 5)", increasing ? "\(i)" : "\((i * 3) % 7)"]
            row.insert(cell(spelling, i), at: place)
            text += row.joined(separator: ",") + "\n"
        }
        return try dir.write("t\(spelling)-\(place)-\(increasing).csv", text)
    }

    /// The `x:` line `inspect` prints.
    static func xLine(_ file: String, _ extra: [String]) throws -> String {
        let r = try runRangepipe(["inspect", file] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        return r.out.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("x:") }.map(String.init) ?? ""
    }

    @Test("the x line names the times passed over; without the flag the times are x",
          arguments: 0 ..< 4, [0, 1, 2])
    func namesTheTimes(spelling: Int, place: Int) throws {
        let dir = try TemporaryDirectory()
        for increasing in [true, false] {
            let file = try Self.file(dir, spelling: spelling, place: place, increasing: increasing)
            let plain = try Self.xLine(file, [])
            #expect(plain.contains("x: when "), "\(Self.spellings[spelling]): \(plain)")
            let forced = try Self.xLine(file, ["--axis", "number"])
            #expect(forced.contains("--axis number passes over the times in 'when'"), "\(forced)")
            #expect(!forced.contains("x: when "), "\(forced)")
            #expect(!forced.contains("no column holds times"), "\(forced)")
            if increasing { #expect(forced.contains("x: b "), "\(forced)") }
            // The ingest summary carries the same reason.
            let ingest = try runRangepipe(["ingest", file, "--store", dir.path("s\(increasing).sqlite"), "--axis", "number"])
            #expect(ingest.status == 0, "\(ingest.stderr)")
            #expect(ingest.stderr.contains("--axis number passes over the times in 'when'"), "\(ingest.stderr)")
        }
    }

    @Test("a file without times keeps its reason unchanged under --axis number")
    func noTimesNoNote() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("n.csv", "v,b,c\n3,1,a\n1,5,b\n4,2,a\n1,6,b\n5,3,a\n9,0,b\n2,4,a\n6,1,b\n5,9,a\n3,2,b\n")
        let forced = try Self.xLine(file, ["--axis", "number"])
        #expect(forced.contains("the first column (no column holds times or sorted numbers)"), "\(forced)")
        #expect(!forced.contains("passes over"), "\(forced)")
    }
}
