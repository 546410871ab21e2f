import Foundation
import Testing

/// Issue 44: row names as R, readr and pandas write them are never a value
/// field, and a file with row names stores what the same file without them
/// stores. A generated matrix: writer × row-names kind × dataset shape.
@Suite("Row names as writers write them (issue 44)")
struct RowNamesWriterTests {
    /// How a writer puts row names before a table (`header`, `rows`: the table's cells, unquoted).
    enum Writer: String, CaseIterable {
        /// R `write.csv`: every string quoted, `""` over the row names (R's documented `col.names = NA`).
        case writeCSV
        /// R `write.table(sep = ",")`: row names but no header name for them (one name short).
        case writeTableComma
        /// R `write.table(sep = "\t")`: the same, tab-separated.
        case writeTableTab
        /// readr/tibble `rownames_to_column("rownames")` then `write_csv`.
        case readrRownames
        /// pandas `to_csv()` with its unnamed index: an empty first header name.
        case pandasIndex
        /// pandas `to_csv()` of a frame read back without `index_col`: `Unnamed: 0`.
        case pandasUnnamed

        var rowNamesColumn: String {
            switch self {
            case .writeCSV, .writeTableComma, .writeTableTab, .pandasIndex: return "(row names)"
            case .readrRownames: return "rownames"
            case .pandasUnnamed: return "Unnamed: 0"
            }
        }

        func write(header: [String], rows: [[String]], names: [String]) -> String {
            let sep = self == .writeTableTab ? "\t" : ","
            func rQuote(_ cell: String) -> String { Double(cell) == nil ? "\"\(cell)\"" : cell }
            switch self {
            case .writeCSV:
                return ([["\"\""] + header.map(rQuote)] + zip(names, rows).map { [rQuote($0)] + $1.map(rQuote) })
                    .map { $0.joined(separator: sep) }.joined(separator: "\n") + "\n"
            case .writeTableComma, .writeTableTab:
                return ([header.map { "\"\($0)\"" }] + zip(names, rows).map { ["\"\($0)\""] + $1.map(rQuote) })
                    .map { $0.joined(separator: sep) }.joined(separator: "\n") + "\n"
            case .readrRownames, .pandasIndex, .pandasUnnamed:
                let first = self == .pandasIndex ? "" : rowNamesColumn
                return ([[first] + header] + zip(names, rows).map { [$0] + $1 })
                    .map { $0.joined(separator: sep) }.joined(separator: "\n") + "\n"
            }
        }
    }

    enum Kind: CaseIterable {
        case fromOne, fromZero, labels
        func names(_ n: Int) -> [String] {
            switch self {
            case .fromOne: return (1 ... n).map(String.init)
            case .fromZero: return (0 ..< n).map(String.init)
            case .labels: return (0 ..< n).map { "case \($0 * 7 % n)" }
            }
        }
    }

    /// A table and what ingest must store from it, worked out from the table itself.
    struct Dataset {
        var header: [String]
        var rows: [[String]]
        var fields: Set<String>
        /// x's column; nil: the row names' column.
        var x: String?
        var series: Int
    }

    static let datasets: [Dataset] = [
        // A daily series: the date is x.
        Dataset(header: ["date", "open", "close"],
                rows: (0 ..< 10).map { ["2024-01-\(String(format: "%02d", $0 + 1))", "\(10 + $0 * 3 % 7)", "\(11 + $0 % 4)"] },
                fields: ["open", "close"], x: "date", series: 1),
        // A panel of three plants over four years: long format, split by plant.
        Dataset(header: ["plant", "year", "uptake"],
                rows: (0 ..< 12).map { ["P\($0 % 3 + 1)", "\(2000 + $0 / 3)", "\(($0 * 37) % 23 + 1).5"] },
                fields: ["uptake"], x: "year", series: 3),
        // Measurements alone: nothing but the row names can be x.
        Dataset(header: ["mpg", "hp"], rows: (0 ..< 10).map { ["\(20 + $0 * 7 % 9)", "\(100 + $0 * 5 % 11)"] },
                fields: ["mpg", "hp"], x: nil, series: 1),
    ]

    @Test("row names are never a field; x and series are those of the file without them",
          arguments: Writer.allCases, Kind.allCases)
    func matrix(writer: Writer, kind: Kind) throws {
        let dir = try TemporaryDirectory()
        for (k, data) in Self.datasets.enumerated() {
            let text = writer.write(header: data.header, rows: data.rows, names: kind.names(data.rows.count))
            let file = try dir.write("d\(k).\(writer == .writeTableTab ? "tsv" : "csv")", text)
            let run = try runRangepipe(["ingest", file, "--store", dir.path("s\(k).sqlite"), "--json"])
            let label = "\(writer) \(kind) dataset \(k)"
            #expect(run.status == 0, "\(label): \(run.stderr)")
            guard run.status == 0 else { continue }
            let summary = try JSONSerialization.jsonObject(with: Data(run.out.split(separator: "\n")[0].utf8)) as? [String: Any]
            let series = summary?["series"] as? [[String: Any]] ?? []
            let fileReport = (summary?["files"] as? [[String: Any]])?.first
            let x = (fileReport?["x"] as? [String: Any])?["column"] as? String
            #expect(series.count == data.series, "\(label)")
            for s in series {
                #expect(Set((s["y"] as? [String: Any] ?? [:]).keys) == data.fields, "\(label)")
                #expect(s["points"] as? Int == data.rows.count / data.series, "\(label)")
            }
            #expect(x == data.x ?? writer.rowNamesColumn, "\(label)")
            #expect(fileReport?["row_names"] as? Bool == true, "\(label)")
            #expect(!run.stderr.contains("''") && !run.stderr.contains("x:  "), "\(label): \(run.stderr)")
        }
    }

    @Test("explicit flags win: --y reads the named fields, --x may name the row names; a repeating first column is no row names")
    func flags() throws {
        let text = Writer.writeCSV.write(header: ["mpg", "hp"], rows: Self.datasets[2].rows, names: Kind.fromOne.names(10))
        let y = try StoredReading.of("m.csv", text, ["--y", "hp"])
        #expect(y.fields == ["hp"])
        let x = try StoredReading.of("m.csv", text, ["--x", "(row names)", "--y", "mpg"])
        #expect(x.x == "(row names)")
        #expect(x.fields == ["mpg"])
        // An empty-named first column that repeats is a key, named by its column number, not blank.
        let keyed = try StoredReading.of("k.csv", ",v,w\n" + (0 ..< 8).map { "a\($0 % 2),\($0),\($0 * 3 % 5)" }.joined(separator: "\n") + "\n")
        #expect(keyed.run.status == 0, "\(keyed.run.stderr)")
        #expect(!keyed.fields.contains(""))
        #expect(!keyed.run.stderr.contains("''"), "\(keyed.run.stderr)")
    }

    @Test("series of different lengths padded with gaps (pandas): the row names that count every row are x, not a sorted column with gaps")
    func paddedColumns() throws {
        for (first, writer) in [(0, Writer.pandasIndex), (1, Writer.writeCSV)] {
            let rows = (0 ..< 12).map { k in [k < 9 ? "\(3 + Double(k) / 4)" : "", "\(k * 5 % 7)"] }
            let r = try StoredReading.of("z.csv", writer.write(header: ["deflator", "noise"], rows: rows, names: (first ..< first + 12).map(String.init)))
            #expect(r.run.status == 0, "\(writer): \(r.run.stderr)")
            #expect(r.x == "(row names)", "\(writer)")
            #expect(Set(r.fields) == ["deflator", "noise"], "\(writer)")
            #expect(r.points == 12, "\(writer)")
        }
    }

    @Test("inspect names the row names and never a blank column")
    func inspect() throws {
        let dir = try TemporaryDirectory()
        let text = Writer.pandasIndex.write(header: ["mpg", "hp"], rows: Self.datasets[2].rows, names: Kind.fromZero.names(10))
        let run = try runRangepipe(["inspect", try dir.write("p.csv", text)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.out.contains("(row names)  row names (number)"), "\(run.out)")
        #expect(run.out.contains("x: (row names) (number) — row names"), "\(run.out)")
        #expect(!run.out.contains("x:  "), "\(run.out)")
    }

    @Test("a time preset on integer years names --input-time-format %Y, and that flag makes the preset work; other numbers do not")
    func yearPreset() throws {
        let dir = try TemporaryDirectory()
        let script = try dir.write("s.json", #"{"events": [{"at": 1, "action": "set-window", "window": {"preset": "5Y"}}]}"#)
        let years = try dir.write("y.csv", "year,v\n" + (0 ..< 12).map { "\(1990 + $0),\($0 * 7 % 5)" }.joined(separator: "\n") + "\n")
        let r = try runRangepipe(["play", script, "--input", years])
        #expect(r.status == 65)
        #expect(r.stderr.contains("x looks like years: ingest with --input-time-format %Y"), "\(r.stderr)")
        let fixed = try runRangepipe(["play", script, "--input", years, "--input-time-format", "%Y"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        let counts = try dir.write("c.csv", "n,v\n" + (0 ..< 12).map { "\(10 + $0),\($0)" }.joined(separator: "\n") + "\n")
        let other = try runRangepipe(["play", script, "--input", counts])
        #expect(other.status == 65)
        #expect(!other.stderr.contains("--input-time-format"), "\(other.stderr)")
    }
}
