import Testing
@testable import RangePipeKit

/// Scripts' JSON numbers are read with the standard library's `Double(_:)`
/// (Support cannot use Model's DecimalParser); both are correctly rounded,
/// so they must agree to the bit on every JSON number text.
@Suite("JSON numbers")
struct JSONValueNumberTests {
    @Test("JSONValue reads every JSON number as the ingest's DecimalParser does")
    func agreesWithDecimalParser() {
        var rng = SeededGenerator(seed: 2026)
        var texts = ["0", "-0", "0.0", "-0.0e5", "1", "0.1", "1e23", "9007199254740993", "5e-324", "2.4703282292062327e-324",
                     "2.4703282292062328e-324", "1.7976931348623157e308", "1.7976931348623159e308", "1e400", "-1e400", "1e-400",
                     "123456789012345678901234567890", "0.30000000000000004", "2.2250738585072011e-308", "4.9406564584124654E-324"]
        for _ in 0 ..< 20_000 {
            var t = rng.bool() ? "-" : ""
            let integerDigits = rng.int(in: 0 ... 25)
            t += integerDigits == 0 ? "0" : String(rng.int(in: 1 ... 9)) + (0 ..< integerDigits - 1).map { _ in String(rng.int(in: 0 ... 9)) }.joined()
            if rng.bool() { t += "." + (0 ..< rng.int(in: 1 ... 25)).map { _ in String(rng.int(in: 0 ... 9)) }.joined() }
            if rng.bool() { t += (rng.bool() ? "e" : "E") + ["", "+", "-"][rng.int(in: 0 ... 2)] + String(rng.int(in: 0 ... 330)) }
            texts.append(t)
        }
        for text in texts {
            let bytes = Array(text.utf8)
            let expected = bytes.withByteView { DecimalParser.parseNumber($0, 0, $0.count) }
            let parsed = try? JSONValue.parse(bytes)
            if let expected, expected.isFinite {
                guard case let .number(v)? = parsed else { Issue.record("\(text): \(String(describing: parsed))"); continue }
                #expect(v.bitPattern == expected.bitPattern, "\(text): \(v) vs \(expected)")
            } else {
                #expect(parsed == nil, "\(text): out of range, read as \(String(describing: parsed))")
            }
        }
    }
}
