import Testing
@testable import RangePipeKit

/// `parseBulk` with its day cache against hand-computed epoch seconds and
/// against `parse` (the general path, which keeps no cache), over rows
/// whose date repeats, changes, turns invalid and comes back.
@Suite("Time parsing, bulk rows")
struct TimeParserBulkTests {
    /// Runs `texts` through one cache in order.
    private func bulk(_ parser: TimeParser, _ texts: [String]) -> [Double?] {
        var cache = TimeParser.DayCache()
        return texts.map { text in
            var s = text
            return s.withByteView { parser.parseBulk($0, &cache) }
        }
    }

    @Test("a repeated date reuses its day; a new, invalid or returning date is read again")
    func dayCache() throws {
        let parser = try #require(TimeParser.detect("2024-01-01T00:00:00Z"))
        // 2024-01-01 is day 19723 (1704067200 / 86400); 2024-02-29 is 59 days later,
        // 2024-03-01 60; 2023-02-28 is 307 days before 2024-01-01.
        let rows: [(String, Double?)] = [
            ("2024-01-01T00:00:00.000Z", 1_704_067_200),
            ("2024-01-01T00:00:00.010Z", 1_704_067_200.01),
            ("2024-01-01T23:59:59Z", 1_704_067_200 + 86_399),
            ("2024-01-01T24:00:00Z", 1_704_067_200 + 86_400),
            ("2024-01-01T24:00:01Z", nil),
            ("2024-01-01T12:60:00Z", nil),
            ("2024-02-29T01:02:03Z", 1_704_067_200 + 59 * 86_400 + 3723),
            ("2024-02-30T01:02:03Z", nil),
            ("2024-02-29T01:02:03Z", 1_704_067_200 + 59 * 86_400 + 3723),
            ("2024-03-01T00:00:00Z", 1_704_067_200 + 60 * 86_400),
            ("2023-02-29T00:00:00Z", nil),
            ("2023-02-28T00:00:00Z", 1_704_067_200 - 307 * 86_400),
            ("2024-01-01T00:00:00", 1_704_067_200),
            ("2024-01-0xT00:00:00Z", nil),
            ("2024-01-01T00:00:00Z", 1_704_067_200),
            // Other shapes take `parse`: a space separator, an offset.
            ("2024-01-01 00:00:05", 1_704_067_205),
            ("2024-01-01T02:00:00+02:00", 1_704_067_200),
        ]
        let got = bulk(parser, rows.map(\.0))
        for (k, row) in rows.enumerated() {
            #expect(got[k] == row.1, "\(row.0)")
            #expect(got[k] == parser.parse(row.0), "\(row.0) agrees with parse")
        }
    }

    @Test("a zone offset (--timezone) applies to cached and fresh dates alike")
    func offsetWithCache() throws {
        let parser = TimeParser(kind: .iso, offset: UTCOffset(seconds: 3600))
        let got = bulk(parser, ["2024-01-01T01:00:00", "2024-01-01T01:00:00", "2024-01-01T01:00:00Z"])
        #expect(got == [1_704_067_200, 1_704_067_200, 1_704_067_200 + 3600])
    }

    @Test("every day of 2023–2025 at noon, walked in order, matches a day count")
    func walkDays() throws {
        let parser = try #require(TimeParser.detect("2024-01-01T00:00:00Z"))
        let monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var texts: [String] = [], expected: [Double?] = []
        // 2023-01-01 is day 19358.
        var day = 19358
        for year in 2023 ... 2025 {
            for (m, n) in monthDays.enumerated() {
                let days = n + (m == 1 && year % 4 == 0 ? 1 : 0)
                for d in 1 ... days {
                    let text = "\(year)-\(m < 9 ? "0" : "")\(m + 1)-\(d < 10 ? "0" : "")\(d)T12:00:00Z"
                    texts += [text, text]
                    expected += [Double(day * 86_400 + 43_200), Double(day * 86_400 + 43_200)]
                    day += 1
                }
            }
        }
        #expect(bulk(parser, texts) == expected)
    }
}
