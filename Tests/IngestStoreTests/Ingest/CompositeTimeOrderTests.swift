import Foundation
import Testing

/// A time written over several columns, found whatever the columns' order
/// and however the month or quarter is spelled (issue 44 item 2). Every
/// case is generated: parts × spellings × column orders, with a value
/// column between parts in some. The expected x of every row comes from
/// Foundation's Gregorian calendar (a second implementation), and the test
/// reads back every stored point with `play --tracks points`.
@Suite("Composite times in any order and spelling")
struct CompositeTimeOrderTests {
    /// One column of the generated file: its header and its text for a date.
    struct Part: Sendable {
        let header: String
        let text: @Sendable (DateComponents) -> String
    }

    struct Case: CustomStringConvertible, Sendable {
        let description: String
        let csv: String
        /// The same rows as JSON objects (whole numbers as numbers, as
        /// pandas' `to_json` writes them), for NDJSON and a JSON array.
        let objects: [String]
        let expected: [String]
    }

    static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    static let years = [Part(header: "year", text: { "\($0.year!)" }), Part(header: "Year", text: { "\($0.year!)" }),
                        Part(header: "YEAR", text: { "\($0.year!)" })]
    static let months: [(String, Part)] = [
        ("month 1", Part(header: "month", text: { "\($0.month!)" })),
        ("month 01", Part(header: "Month", text: { String(format: "%02d", $0.month!) })),
        ("month Jan", Part(header: "month", text: { monthAbbreviations[$0.month! - 1] })),
        ("month JAN", Part(header: "Month", text: { monthAbbreviations[$0.month! - 1].uppercased() })),
        ("month January", Part(header: "month", text: { monthNames[$0.month! - 1] })),
        ("period M01", Part(header: "period", text: { String(format: "M%02d", $0.month!) })),
    ]
    static let quarters: [(String, Part)] = [
        ("quarter 1", Part(header: "quarter", text: { "\(($0.month! - 1) / 3 + 1)" })),
        ("qtr 1", Part(header: "qtr", text: { "\(($0.month! - 1) / 3 + 1)" })),
        ("quarter Q1", Part(header: "quarter", text: { "Q\(($0.month! - 1) / 3 + 1)" })),
        ("period Q01", Part(header: "period", text: { String(format: "Q%02d", ($0.month! - 1) / 3 + 1) })),
    ]
    static let day = Part(header: "day", text: { "\($0.day!)" })
    static let value = Part(header: "v", text: { _ in "" })

    /// The dates a file holds: 3 years of months (a day in each, never
    /// rising with the row), or of quarters.
    static func dates(quarterly: Bool, withDay: Bool) -> [DateComponents] {
        (1999 ... 2001).flatMap { y in
            (quarterly ? [1, 4, 7, 10] : Array(1 ... 12)).map { m in
                DateComponents(year: y, month: m, day: withDay ? 1 + (m * 11 + y) % 28 : 1)
            }
        }
    }

    /// The file for `parts` in this column order and its expected x.
    static func file(_ name: String, _ parts: [Part], _ dates: [DateComponents]) -> Case {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let iso = ISO8601DateFormatter()
        let lines = dates.enumerated().map { k, date in
            parts.map { $0.header == "v" ? "\(k)" : $0.text(date) }.joined(separator: ",")
        }
        let csv = parts.map(\.header).joined(separator: ",") + "\n" + lines.joined(separator: "\n") + "\n"
        let objects = dates.enumerated().map { k, date in
            "{" + parts.map { part in
                let text = part.header == "v" ? "\(k)" : part.text(date)
                return "\"\(part.header)\":" + (Int(text) != nil && !text.hasPrefix("0") ? text : "\"\(text)\"")
            }.joined(separator: ",") + "}"
        }
        return Case(description: name + ": " + parts.map(\.header).joined(separator: ","), csv: csv, objects: objects,
                    expected: dates.map { iso.string(from: calendar.date(from: $0)!) })
    }

    static let cases: [Case] = {
        var out: [Case] = []
        for (k, (name, month)) in months.enumerated() {
            let year = years[k % years.count]
            let d = dates(quarterly: false, withDay: false)
            out.append(file(name, [year, month, value], d))
            out.append(file(name, [month, year, value], d))
            out.append(file(name, [month, value, year], d))
            // With a day: year, month and day in three orders.
            let dd = dates(quarterly: false, withDay: true)
            guard month.header != "period" else { continue }
            out.append(file(name + " + day", [year, month, day, value], dd))
            out.append(file(name + " + day", [month, day, year, value], dd))
            out.append(file(name + " + day", [day, month, year, value], dd))
        }
        for (k, (name, quarter)) in quarters.enumerated() {
            let year = years[k % years.count]
            let d = dates(quarterly: true, withDay: false)
            out.append(file(name, [year, quarter, value], d))
            out.append(file(name, [quarter, year, value], d))
            out.append(file(name, [value, quarter, year], d))
        }
        return out
    }()

    @Test(arguments: cases)
    func everyRowReadsAsItsDate(_ c: Case) throws {
        try check(c, name: "t.csv", text: c.csv)
    }

    /// The same in JSON (issue 44's writer corpus: pandas' `to_json`
    /// records and lines): each case as NDJSON or as a JSON array, in turn.
    @Test(arguments: cases.indices)
    func sameInJSON(_ k: Int) throws {
        let c = Self.cases[k]
        if k % 2 == 0 {
            try check(c, name: "t.ndjson", text: c.objects.joined(separator: "\n") + "\n")
        } else {
            try check(c, name: "t.json", text: "[" + c.objects.joined(separator: ",\n") + "]\n")
        }
    }

    func check(_ c: Case, name: String, text: String) throws {
        let dir = try TemporaryDirectory()
        // Data, not a script: `write(_:data:)` keeps it out of the schema's fixtures.
        let file = try dir.write(name, data: Data(text.utf8))
        let points = try ingestedPoints(file, in: dir)
        #expect(points.map(\.x) == c.expected)
        #expect(points.map(\.y) == c.expected.indices.map(Double.init))
    }
}
