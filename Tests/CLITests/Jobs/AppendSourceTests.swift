import Foundation
import Testing
@testable import RangePipeKit

/// `append` with `from`: the rows a source series gives, resolved at plan time.
@Suite("append from a series: which rows come next")
struct AppendSourceTests {
    func plan(_ json: String, _ played: Series, _ sources: [Series]) throws -> ScriptPlan {
        var script = try decodeScript(json)
        for s in sources { script.appendSources[s.name] = s }
        return try ScriptPlan(script: script, series: played)
    }

    static let played = Series(name: "p", axis: .number, x: [0, 1, 2],
                               fields: [.init(name: "a", values: [1, 2, 3]), .init(name: "b", values: [4, 5, 6])])

    @Test("rows after the played series' last x, in order; equal x taken once; fields by name, the rest missing")
    func next() throws {
        let src = Series(name: "src", axis: .number, x: [1, 2, 3, 3, 5, 8, 9],
                         fields: [.init(name: "b", values: [10, 20, 30, 31, 50, 80, 90]), .init(name: "z", values: [0, 0, 0, 0, 0, 0, 0])])
        let json = #"{"events": [{"at": 1, "action": "append", "from": {"series": "src", "rows": 2}}, {"at": 2, "action": "append", "from": {"series": "src", "rows": 5}}]}"#
        let p = try plan(json, Self.played, [src])
        let first = try #require(p.events[0].batch), second = try #require(p.events[1].batch)
        #expect(first.x == [3, 5] && first.values[1] == [30, 50] && first.values[0].allSatisfy(\.isNaN))
        #expect(second.x == [8, 9] && second.values[1] == [80, 90] && second.lastBefore == 5)
    }

    @Test("category sources give their labels the played series lacks, in source order")
    func categories() throws {
        let played = Series(name: "p", axis: .category, x: [0, 1], fields: [.init(name: "v", values: [1, 2])], categories: ["a", "b"])
        let src = Series(name: "src", axis: .category, x: [0, 1, 2, 3], fields: [.init(name: "w", values: [7, 8, 9, 10])], categories: ["b", "c", "a", "d"])
        let json = #"{"events": [{"at": 1, "action": "append", "from": {"series": "src", "rows": 5}}]}"#
        let p = try plan(json, played, [src])
        let batch = try #require(p.events[0].batch)
        // One field on each side: taken though the names differ.
        #expect(batch.x == [2, 3] && batch.values[0] == [8, 10])
        #expect(p.categories == ["a", "b", "c", "d"])
    }

    @Test("another axis kind, or no shared field between multi-field series, is a located error")
    func mismatches() throws {
        let json = #"{"events": [{"at": 1, "action": "append", "from": {"series": "src", "rows": 1}}]}"#
        let time = Series(name: "src", axis: .time, x: [5], fields: [.init(name: "a", values: [1])])
        let other = Series(name: "src", axis: .number, x: [5], fields: [.init(name: "c", values: [1]), .init(name: "d", values: [1])])
        for (src, message) in [(time, "t.json: events[0].from.series: series 'src' has a time axis, but series 'p' has a number axis"),
                               (other, "t.json: events[0].from.series: series 'src' shares no field with series 'p' (fields: a, b)")] {
            do {
                _ = try plan(json, Self.played, [src])
                Issue.record("no error")
            } catch let error as RangePipeError {
                #expect(error.description == message)
            }
        }
    }
}
