import Foundation
import Testing
@testable import RangePipeKit

@Suite("The real sample files")
struct SampleIngestTests {
    let samples = packageRoot.appendingPathComponent("samples")

    @Test("stocks-monthly: 5 symbols on a time axis from 'Jan 1 2000' dates")
    func stocks() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let r = try runRangepipe(["ingest", samples.appendingPathComponent("stocks-monthly.csv").path,
                                  "--series-column", "symbol", "--store", store, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let listing = try runRangepipe(["series", "--store", store, "--json"])
        let objects = try listing.out.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        #expect(objects.map { $0["name"] as! String } == ["AAPL", "AMZN", "GOOG", "IBM", "MSFT"])
        #expect(objects.allSatisfy { $0["axis"] as! String == "time" })
        // Independent counts from the raw file: rows per symbol.
        let text = try String(contentsOf: samples.appendingPathComponent("stocks-monthly.csv"), encoding: .utf8)
        var counts: [String: Int] = [:]
        var maxPrice: [String: Double] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let parts = line.split(separator: ",")
            counts[String(parts[0]), default: 0] += 1
            maxPrice[String(parts[0])] = max(maxPrice[String(parts[0])] ?? -.infinity, Double(parts[2])!)
        }
        for object in objects {
            let name = object["name"] as! String
            #expect(object["points"] as! Int == counts[name])
            let y = (object["y"] as! [String: Any])["price"] as! [String: Any]
            #expect(y["max"] as! Double == maxPrice[name])
        }
        let aapl = objects.first { $0["name"] as! String == "AAPL" }!
        #expect((aapl["x"] as! [String: String])["min"] == "2000-01-01T00:00:00Z")
        #expect((aapl["x"] as! [String: String])["max"] == "2010-03-01T00:00:00Z")
    }

    @Test("seattle-weather: wide table, slash dates, the text column is not a field")
    func seattle() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", samples.appendingPathComponent("seattle-weather.csv").path, "--store", store]).status == 0)
        let series = try #require(try loadStored(store, "seattle-weather"))
        #expect(series.axis == .time)
        #expect(series.fields.map(\.name) == ["precipitation", "temp_max", "temp_min", "wind"])
        #expect(series.count == 1461)
        #expect(series.x.first == 1325376000) // 2012-01-01
        #expect(series.x.last == 1451520000)  // 2015-12-31
        #expect(series.fields[0].values.first == 0.0)
        #expect(series.fields[1].values[1] == 10.6) // 2012/01/02 temp_max
    }

    @Test("quarterly sales: a category series with three fields")
    func quarterly() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", samples.appendingPathComponent("quarterly-sales.csv").path, "--store", store]).status == 0)
        let series = try #require(try loadStored(store, "quarterly-sales"))
        #expect(series.axis == .category)
        #expect(series.categories == ["Q1", "Q2", "Q3", "Q4"])
        #expect(series.x == [0, 1, 2, 3])
        #expect(series.fields.map(\.name) == ["2012", "2013", "2014"])
        #expect(series.fields[0].values == [120, 140, 50, 120])
        #expect(series.fields[1].values == [10, 60, 110, 40])
        #expect(series.fields[2].values == [150, 120, 160, 100])
    }
}
