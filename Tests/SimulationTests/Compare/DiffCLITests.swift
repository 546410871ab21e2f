import Foundation
import Testing
@testable import RangePipeKit

/// `rangepipe diff` through the binary. Inputs are written by hand here,
/// so every expected line and count is read off the text of the test.
@Suite("diff through the binary")
struct DiffCLITests {
    /// An NDJSON frame in SPEC 5's shape.
    static func frame(_ k: Int, series: String = "AAPL", t: String, phase: String = "idle",
                      min: String = "\"2004-01-01T00:00:00Z\"", max: String = "1234.5", y: String = "10.25") -> String {
        #"{"series":"\#(series)","frame":\#(k),"t":\#(t),"phase":"\#(phase)","window":{"min":\#(min),"max":\#(max)},"#
            + #""selector":{"min_px":12.5,"max_px":400.0},"y":{"min":1.0,"max":\#(y)},"#
            + #""annotation":{"x":"2004-01-02T00:00:00Z","y":9.5,"label":"$9.50","visible":true}}"#
    }

    static let threeFrames = [frame(0, t: "0.0"), frame(1, t: "0.5"), frame(2, t: "1.0")]

    static let csvHeader = "series,frame,t,phase,window_min,window_max,selector_min_px,selector_max_px,y_min,y_max,annotation_x,annotation_y,annotation_label,annotation_visible,values"

    static func csvRow(_ k: Int, t: String, max: String = "1234.5", y: String = "10.25",
                       values: String = #""[{""x"":""Q1"",""y"":120.0},{""x"":""Q2, late"",""y"":140.0}]""#) -> String {
        "AAPL,\(k),\(t),idle,2004-01-01T00:00:00Z,\(max),12.5,400.0,1.0,\(y),2004-01-02T00:00:00Z,9.5,\"$9.50, close\",true,\(values)"
    }

    func write(_ dir: TemporaryDirectory, _ name: String, _ lines: [String]) throws -> String {
        try dir.write(name, lines.joined(separator: "\n") + "\n")
    }

    @Test("equal files exit 0 and print nothing, NDJSON and CSV")
    func equalFiles() throws {
        let dir = try TemporaryDirectory()
        let a = try write(dir, "a.ndjson", Self.threeFrames), b = try write(dir, "b.ndjson", Self.threeFrames)
        let r = try runRangepipe(["diff", a, b])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out.isEmpty && r.stderr.isEmpty)
        let rows = [Self.csvHeader, Self.csvRow(0, t: "0.0"), Self.csvRow(1, t: "0.5")]
        let c = try runRangepipe(["diff", try write(dir, "a.csv", rows), try write(dir, "b.csv", rows)])
        #expect(c.status == 0, "\(c.stderr)")
        #expect(c.out.isEmpty)
    }

    @Test("numbers past Float64's range differ unless they are the same infinity")
    func hugeNumbers() throws {
        let dir = try TemporaryDirectory()
        let a = try write(dir, "a.ndjson", [Self.frame(0, t: "0.0", max: "1e400")])
        let b = try write(dir, "b.ndjson", [Self.frame(0, t: "0.0", max: "5")])
        let c = try write(dir, "c.ndjson", [Self.frame(0, t: "0.0", max: "-1e400")])
        let d = try write(dir, "d.ndjson", [Self.frame(0, t: "0.0", max: "2e400")])
        #expect(try runRangepipe(["diff", a, b]).status == 1)
        #expect(try runRangepipe(["diff", a, c]).status == 1)
        #expect(try runRangepipe(["diff", a, d]).status == 0)
    }

    @Test("one changed number: exit 1, the first difference and the count")
    func oneNumberChanged() throws {
        let dir = try TemporaryDirectory()
        let a = try write(dir, "a.ndjson", Self.threeFrames)
        let b = try write(dir, "b.ndjson", [Self.frame(0, t: "0.0"), Self.frame(1, t: "0.5", max: "1234.6"), Self.frame(2, t: "1.0")])
        let r = try runRangepipe(["diff", a, b])
        #expect(r.status == 1)
        #expect(r.out == "frame 1 (t 0.5) series \"AAPL\": window.max: 1234.5 ≠ 1234.6\n1 of 3 frames differs\n")
        // Two changed frames: the first is reported, both are counted.
        let c = try write(dir, "c.ndjson", [Self.frame(0, t: "0.0"), Self.frame(1, t: "0.5", y: "11"), Self.frame(2, t: "1.0", max: "7")])
        let r2 = try runRangepipe(["diff", a, c])
        #expect(r2.status == 1)
        #expect(r2.out == "frame 1 (t 0.5) series \"AAPL\": y.max: 10.25 ≠ 11\n2 of 3 frames differ\n")
    }

    @Test("CSV: a changed number, and a changed value inside the quoted values cell")
    func csvDifferences() throws {
        let dir = try TemporaryDirectory()
        let a = try write(dir, "a.csv", [Self.csvHeader, Self.csvRow(0, t: "0.0"), Self.csvRow(1, t: "0.5")])
        let b = try write(dir, "b.csv", [Self.csvHeader, Self.csvRow(0, t: "0.0", max: "1234.6"), Self.csvRow(1, t: "0.5")])
        let r = try runRangepipe(["diff", a, b])
        #expect(r.status == 1)
        #expect(r.out == "frame 0 (t 0.0) series \"AAPL\": window_max: 1234.5 ≠ 1234.6\n1 of 2 frames differs\n")
        let c = try write(dir, "c.csv", [Self.csvHeader, Self.csvRow(0, t: "0.0"),
                                        Self.csvRow(1, t: "0.5", values: #""[{""x"":""Q1"",""y"":120.0},{""x"":""Q2, late"",""y"":141.0}]""#)])
        let r2 = try runRangepipe(["diff", a, c])
        #expect(r2.status == 1)
        #expect(r2.out == "frame 1 (t 0.5) series \"AAPL\": values[1].y: 140.0 ≠ 141.0\n1 of 2 frames differs\n")
    }

    @Test("tolerance: |a − b| ≤ tol · max(1, |a|, |b|), on both sides of the bound")
    func tolerance() throws {
        let dir = try TemporaryDirectory()
        func compare(_ x: String, _ y: String, _ tol: String, field: String = "max") throws -> Int32 {
            let a = try write(dir, "ta.ndjson", [Self.frame(0, t: "0.0", max: x)])
            let b = try write(dir, "tb.ndjson", [Self.frame(0, t: "0.0", max: y)])
            return try runRangepipe(["diff", a, b, "--tolerance", tol]).status
        }
        // Relative above 1: the bound is 1e-3 · 1001 = 1.001 (then 1.001002).
        #expect(try compare("1000", "1001", "1e-3") == 0)
        #expect(try compare("1000", "1001.002", "1e-3") == 1)
        // Absolute below 1: the bound is 1e-3.
        #expect(try compare("0.5", "0.5009", "1e-3") == 0)
        #expect(try compare("0.5", "0.5011", "1e-3") == 1)
        #expect(try compare("-0.5", "-0.5011", "1e-3") == 1)
        // The default 1e-9 absorbs last-digit noise, not a real change.
        #expect(try compare("0.30000000000000004", "0.3", "1e-9") == 0)
        #expect(try compare("0.3", "0.3000001", "1e-9") == 1)
        // Tolerance 0 is exact, whatever the spelling of the number.
        #expect(try compare("1.5e3", "1500.0", "0") == 0)
        #expect(try compare("1500", "1500.0000000001", "0") == 1)
    }

    @Test("times are instants: compared in seconds, zone and digits aside")
    func times() throws {
        let dir = try TemporaryDirectory()
        func compare(_ x: String, _ y: String, _ tol: String) throws -> RunResult {
            let a = try write(dir, "ta.ndjson", [Self.frame(0, t: "0.0", min: "\"\(x)\"")])
            let b = try write(dir, "tb.ndjson", [Self.frame(0, t: "0.0", min: "\"\(y)\"")])
            return try runRangepipe(["diff", a, b, "--tolerance", tol])
        }
        #expect(try compare("2004-01-01T00:00:00Z", "2004-01-01T02:00:00+02:00", "0").status == 0)
        #expect(try compare("2004-01-01T00:00:00Z", "2004-01-01T00:00:00.000Z", "0").status == 0)
        // Seconds apart, not relative to 10^9 seconds since 1970.
        #expect(try compare("2004-01-01T00:00:00Z", "2004-01-01T00:00:00.0005Z", "1e-3").status == 0)
        #expect(try compare("2004-01-01T00:00:00Z", "2004-01-01T00:00:00.0015Z", "1e-3").status == 1)
        let r = try compare("2004-01-01T00:00:00Z", "2004-01-01T00:00:00.000001Z", "1e-9")
        #expect(r.status == 1)
        #expect(r.out == "frame 0 (t 0.0) series \"AAPL\": window.min: \"2004-01-01T00:00:00Z\" ≠ \"2004-01-01T00:00:00.000001Z\"\n1 of 1 frame differs\n")
        // A date across a month end: 2004 is a leap year.
        #expect(try compare("2004-02-29T12:00:00Z", "2004-03-01T00:00:00+12:00", "0").status == 0)
    }

    @Test("--fields leaves out what it does not name; unknown names are usage errors")
    func fields() throws {
        let dir = try TemporaryDirectory()
        let a = try write(dir, "a.ndjson", Self.threeFrames)
        let b = try write(dir, "b.ndjson", [Self.frame(0, t: "0.0"), Self.frame(1, t: "0.5", y: "99"), Self.frame(2, t: "1.0", phase: "drag")])
        #expect(try runRangepipe(["diff", a, b, "--fields", "window,selector,annotation"]).status == 0)
        let y = try runRangepipe(["diff", a, b, "--fields", "window,y"])
        #expect(y.status == 1)
        #expect(y.out == "frame 1 (t 0.5) series \"AAPL\": y.max: 10.25 ≠ 99\n1 of 3 frames differs\n")
        let phase = try runRangepipe(["diff", a, b, "--fields", "phase"])
        #expect(phase.out == "frame 2 (t 1.0) series \"AAPL\": phase: \"idle\" ≠ \"drag\"\n1 of 3 frames differs\n")
        // CSV: `y` names the y_min and y_max columns.
        let ca = try write(dir, "a.csv", [Self.csvHeader, Self.csvRow(0, t: "0.0")])
        let cb = try write(dir, "b.csv", [Self.csvHeader, Self.csvRow(0, t: "0.0", y: "99")])
        #expect(try runRangepipe(["diff", ca, cb, "--fields", "window,annotation,values"]).status == 0)
        #expect(try runRangepipe(["diff", ca, cb, "--fields", "y"]).out == "frame 0 (t 0.0) series \"AAPL\": y_max: 10.25 ≠ 99\n1 of 1 frame differs\n")
        let bad = try runRangepipe(["diff", a, b, "--fields", "window,widow"])
        #expect(bad.status == 64)
        // One line, naming the value and the option, listing the names.
        #expect(bad.stderr.hasPrefix("rangepipe: error: The value 'window,widow' is invalid for '--fields <fields>'. Please provide one of the following: frame, t, phase,"), "\(bad.stderr)")
        #expect(bad.stderr.filter { $0 == "\n" }.count == 1, "\(bad.stderr)")
    }

    @Test("frames only in one file: a longer series, a series only in one file")
    func frameCountMismatch() throws {
        let dir = try TemporaryDirectory()
        let a = try write(dir, "a.ndjson", Self.threeFrames)
        let b = try write(dir, "b.ndjson", Array(Self.threeFrames.prefix(2)))
        let r = try runRangepipe(["diff", a, b])
        #expect(r.status == 1)
        #expect(r.out == "frame 2 (t 1.0) series \"AAPL\": only in \(a)\n1 of 3 frames differs\n")
        let r2 = try runRangepipe(["diff", b, a])
        #expect(r2.out == "frame 2 (t 1.0) series \"AAPL\": only in \(a)\n1 of 3 frames differs\n")
        // A: AAPL ×3 then MSFT ×2; B: AAPL ×3 then IBM ×1. MSFT's two frames
        // and IBM's one are each in one file: 3 of 3 + 2 + 1 = 6 frames.
        let c = try write(dir, "c.ndjson", Self.threeFrames + [Self.frame(0, series: "MSFT", t: "0.0"), Self.frame(1, series: "MSFT", t: "0.5")])
        let d = try write(dir, "d.ndjson", Self.threeFrames + [Self.frame(0, series: "IBM", t: "0.0")])
        let r3 = try runRangepipe(["diff", c, d])
        #expect(r3.status == 1)
        #expect(r3.out == "frame 0 (t 0.0) series \"MSFT\": only in \(c) (\(d) has series \"IBM\" here)\n3 of 6 frames differ\n")
    }

    @Test("a key in one file only, and keys in another order")
    func keys() throws {
        let dir = try TemporaryDirectory()
        let a = try write(dir, "a.ndjson", [#"{"series":"S","frame":0,"t":0.0,"window":{"min":1,"max":2},"y":null}"#])
        let b = try write(dir, "b.ndjson", [#"{"series":"S","frame":0,"t":0.0,"window":{"max":2,"min":1},"y":null}"#])
        #expect(try runRangepipe(["diff", a, b, "--tolerance", "0"]).status == 0)
        let c = try write(dir, "c.ndjson", [#"{"series":"S","frame":0,"t":0.0,"window":{"min":1,"max":2},"y":{"min":0,"max":3}}"#])
        let r = try runRangepipe(["diff", a, c])
        #expect(r.out == "frame 0 (t 0.0) series \"S\": y: null ≠ absent\n1 of 1 frame differs\n")
        let d = try write(dir, "d.ndjson", [#"{"series":"S","frame":0,"t":0.0,"window":{"min":1}}"#])
        #expect(try runRangepipe(["diff", d, a]).out == "frame 0 (t 0.0) series \"S\": window.max: absent ≠ 2\n1 of 1 frame differs\n")
    }

    @Test("malformed input: exit 65, one line with file:line:column")
    func malformed() throws {
        let dir = try TemporaryDirectory()
        let a = try write(dir, "a.ndjson", Self.threeFrames)
        let broken = Self.threeFrames[1].replacingOccurrences(of: #""phase":"idle""#, with: #""phase":idle"#)
        let b = try write(dir, "b.ndjson", [Self.threeFrames[0], broken, Self.threeFrames[2]])
        let r = try runRangepipe(["diff", a, b])
        #expect(r.status == 65)
        // The column is the 1-based byte of the bad value in line 2.
        let column = broken.utf8.count - broken[broken.range(of: ":idle,")!.lowerBound...].utf8.count + 2
        #expect(r.stderr == "rangepipe: error: \(b):2:\(column): expected a value\n")
        #expect(r.out.isEmpty)
        let trailing = try write(dir, "c.ndjson", [Self.threeFrames[0] + " x"])
        #expect(try runRangepipe(["diff", a, trailing]).stderr
            == "rangepipe: error: \(trailing):1:\(Self.threeFrames[0].utf8.count + 2): unexpected text after the object\n")
        // CSV: the column is the field; a short row and a stray quote.
        let ca = try write(dir, "a.csv", [Self.csvHeader, Self.csvRow(0, t: "0.0")])
        let short = try write(dir, "b.csv", [Self.csvHeader, Self.csvRow(0, t: "0.0"), "AAPL,1,0.5"])
        let s = try runRangepipe(["diff", ca, short])
        #expect(s.status == 65)
        #expect(s.stderr == "rangepipe: error: \(short):3:4: expected 15 fields as in the header, got 3\n")
        let quote = try write(dir, "c.csv", [Self.csvHeader, #"AAPL,0,0.0,id"le,"#])
        #expect(try runRangepipe(["diff", ca, quote]).stderr == "rangepipe: error: \(quote):2:4: a quote inside an unquoted field\n")
    }

    @Test("usage: one NDJSON and one CSV file, both on stdin, a negative tolerance")
    func usage() throws {
        let dir = try TemporaryDirectory()
        let a = try write(dir, "a.ndjson", Self.threeFrames)
        let c = try write(dir, "a.csv", [Self.csvHeader, Self.csvRow(0, t: "0.0")])
        let mixed = try runRangepipe(["diff", a, c])
        #expect(mixed.status == 64)
        #expect(mixed.stderr == "rangepipe: error: diff: \(a) is NDJSON and \(c) is CSV; compare two tracks of one format\n")
        #expect(try runRangepipe(["diff", "-", "-"]).status == 64)
        #expect(try runRangepipe(["diff", a, a, "--tolerance", "-1"]).status == 64)
        #expect(try runRangepipe(["diff", a, dir.path("missing.ndjson")]).status == 66)
    }

    @Test("stdin as one of the tracks")
    func standardInput() throws {
        let dir = try TemporaryDirectory()
        let a = try write(dir, "a.ndjson", Self.threeFrames)
        let same = try runRangepipe(["diff", "-", a], stdin: Data((Self.threeFrames.joined(separator: "\n") + "\n").utf8))
        #expect(same.status == 0, "\(same.stderr)")
        let other = try runRangepipe(["diff", a, "-"], stdin: Data(Self.frame(0, t: "0.0", max: "1").utf8))
        #expect(other.status == 1)
        #expect(other.out == "frame 0 (t 0.0) series \"AAPL\": window.max: 1234.5 ≠ 1\n3 of 3 frames differ\n")
    }
}
