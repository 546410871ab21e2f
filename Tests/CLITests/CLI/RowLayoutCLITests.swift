import Foundation
import Testing
@testable import RangePipeKit

/// `--layout rows` (issue 29): a file whose every row is one series, read
/// through the binary; the expected series and points are written out by hand.
@Suite("ingest --layout rows: one series per row")
struct RowLayoutCLITests {
    /// Three rows: a class label, then 4, 4 and 3 values (the last with a
    /// missing one, NA); two rows share the label 1.
    static let text = "1\t0.5\t1.5\t2.5\t3.5\n2\t-1\t-2\t-3\t-4\n1\t10\tNA\t30\n"

    @Test("with a label column: series LABEL #K, x = 1…n, one 'value' field, NA kept as missing")
    func labelled() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("ucr.tsv", Self.text)
        let store = dir.path("s.sqlite")
        let r = try runRangepipe(["ingest", data, "--store", store, "--layout", "rows", "--series-column", "col1", "--json", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out.contains(#""column":"(column position)""#), "\(r.out)")
        let s = try SeriesStore.openForReading(path: store)
        let first = try #require(try s.loadSeries(named: "ucr/1 #1"))
        #expect(first.axis == .number)
        #expect(first.x == [1, 2, 3, 4])
        #expect(first.fields.map(\.name) == ["value"])
        #expect(first.fields[0].values == [0.5, 1.5, 2.5, 3.5])
        let second = try #require(try s.loadSeries(named: "ucr/2 #1"))
        #expect(second.x == [1, 2, 3, 4])
        #expect(second.fields[0].values == [-1, -2, -3, -4])
        let third = try #require(try s.loadSeries(named: "ucr/1 #2"))
        #expect(third.x == [1, 2, 3])
        #expect(third.fields[0].values[0] == 10 && third.fields[0].values[1].isNaN && third.fields[0].values[2] == 30)
        #expect(try s.loadSeries(named: "ucr/row 1") == nil)
    }

    @Test("without a label: series BASE/row N over every column; distinct labels name series alone")
    func unlabelled() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("w.csv", "7,8\n9,10\n")
        let store = dir.path("s.sqlite")
        let r = try runRangepipe(["ingest", data, "--store", store, "--layout", "rows", "--series", "w", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let s = try SeriesStore.openForReading(path: store)
        #expect(try s.loadSeries(named: "w/row 2")?.fields[0].values == [9, 10])
        #expect(try s.loadSeries(named: "w/row 1")?.x == [1, 2])
        let named = try dir.write("n.csv", "id,a,b\nfirst,1,2\nsecond,3,4\n")
        let store2 = dir.path("t.sqlite")
        #expect(try runRangepipe(["ingest", named, "--store", store2, "--layout", "rows", "--series-column", "id", "--quiet"]).status == 0)
        let t = try SeriesStore.openForReading(path: store2)
        #expect(try t.loadSeries(named: "n/second")?.fields[0].values == [3, 4])
    }

    @Test("a wide all-numeric file read column-wise: ingest warns and inspect notes the flags, which then read it row-wise")
    func advice() throws {
        let dir = try TemporaryDirectory()
        // 8 rows (as the row-number rule needs) of an unsorted class label and 24 values: 25 columns, many more than rows.
        let labels = [1, 2, 2, 1, 2, 1, 1, 2]
        let rows = (0 ..< 8).map { r in (["\(labels[r])"] + (0 ..< 24).map { "\(Double(r) + Double($0) / 10)" }).joined(separator: ",") }
        let data = try dir.write("wide.csv", rows.joined(separator: "\n") + "\n")
        let advice = "25 columns of numbers and 8 rows: if each row is one series over its columns after a label in 'col1', "
            + "add --layout rows --series-column col1"
        let ingest = try runRangepipe(["ingest", data, "--store", dir.path("a.sqlite"), "--quiet"])
        #expect(ingest.status == 0)
        #expect(ingest.stderr == "rangepipe: warning: \(data): \(advice)\n")
        let inspect = try runRangepipe(["inspect", data])
        #expect(inspect.out.contains("note: \(advice)"), "\(inspect.out)")
        let store = dir.path("b.sqlite")
        let followed = try runRangepipe(["ingest", data, "--store", store, "--layout", "rows", "--series-column", "col1", "--quiet"])
        #expect(followed.status == 0 && followed.stderr.isEmpty, "\(followed.stderr)")
        let s = try SeriesStore.openForReading(path: store)
        let row3 = try #require(try s.loadSeries(named: "wide/2 #2"))
        #expect(row3.x == (1 ... 24).map(Double.init))
        #expect(row3.fields[0].values == (0 ..< 24).map { 2 + Double($0) / 10 })
        // A narrow table gets no such advice.
        let narrow = try runRangepipe(["ingest", try dir.write("n.csv", "1,2\n3,4\n"), "--store", dir.path("c.sqlite"), "--quiet"])
        #expect(!narrow.stderr.contains("--layout"))
    }

    @Test("a word among the values stops ingest at its cell with --null advice; --x does not apply")
    func errors() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("e.csv", "1,2,3\n4,oops,6\n")
        let r = try runRangepipe(["ingest", data, "--store", dir.path("s.sqlite"), "--layout", "rows"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("\(data):2:2: 'oops' is not a number"), "\(r.stderr)")
        #expect(r.stderr.contains("add --null oops"))
        #expect(try runRangepipe(["ingest", data, "--store", dir.path("s.sqlite"), "--layout", "rows", "--null", "oops", "--quiet"]).status == 0)
        let x = try runRangepipe(["ingest", data, "--store", dir.path("t.sqlite"), "--layout", "rows", "--x", "col1"])
        #expect(x.status == 64)
    }
}
