import Testing
@testable import RangePipeKit

@Suite("Decimal parsing")
struct DecimalParserTests {
    @Test("accepts the number forms of SPEC 1.1", arguments: [
        ("1.5", 1.5), ("-2", -2.0), ("1e-3", 0.001), (".5", 0.5), ("+3", 3.0), ("5.", 5.0),
        ("999.9743", 999.9743), ("1704067200000", 1704067200000.0), ("  42 ", 42.0), ("1E+2", 100.0),
        ("0.1", 0.1), ("-0", -0.0), ("123456789012345678901234", 123456789012345678901234.0),
        ("1.7976931348623157e308", 1.7976931348623157e308), ("4.9e-324", 4.9e-324), ("0.30000000000000004", 0.30000000000000004),
    ])
    func numbers(text: String, expected: Double) {
        // Expected values are Swift literals: the compiler's own correctly rounded conversion.
        #expect(DecimalParser.parseCell(text) == .number(expected))
    }

    @Test("missing tokens", arguments: ["", "   ", "NA", "N/A", "null", "NaN", "nan", "na", "n/a", "NULL", "nil", "NIL", "-", "?", "#N/A", "#n/a", "."])
    func missing(text: String) {
        #expect(DecimalParser.parseCell(text) == .missing)
    }

    @Test("anything else is invalid", arguments: ["abc", "1,5", "1.2.3", "--1", "e5", "1e", "..", "0x10", "inf", "1 2", "12a", "--", "??", "nill", "#N/B", "\r"])
    func invalid(text: String) {
        #expect(DecimalParser.parseCell(text) == .invalid)
    }

    @Test("fast path agrees with the standard library on random decimals")
    func randomAgreement() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0 ..< 20_000 {
            let mantissa = rng.int64(in: -10_000_000_000 ... 10_000_000_000)
            let exponent = rng.int(in: -30 ... 30)
            let text = "\(mantissa)e\(exponent)"
            #expect(DecimalParser.parseCell(text) == .number(Double(text)!), "\(text)")
        }
    }
    @Test("digit runs of every length agree with the standard library")
    func digitRuns() {
        var rng = SeededGenerator(seed: 11)
        func digits(_ n: Int) -> String { String((0 ..< n).map { _ in Character(String(rng.int(in: 0 ... 9))) }) }
        for integer in 0 ... 20 {
            for fraction in [-1, 0, 1, 2, 5, 7, 8, 9, 12, 16, 17, 19] {
                for sign in ["", "-"] {
                    let text = sign + digits(integer) + (fraction < 0 ? "" : "." + digits(fraction))
                    guard let expected = Double(text) else {
                        #expect(DecimalParser.parseCell(text) != .number(0), "\(text)")
                        continue
                    }
                    #expect(DecimalParser.parseCell(text) == .number(expected), "\(text)")
                }
            }
        }
    }

    @Test("a byte next to the digits in ASCII, or a digit with its high bit set, is never read as a digit")
    func notDigitsInAWord() {
        // Every position of a 16-digit run (two eight-byte words), each non-digit neighbour.
        let run = Array("1234567890123456".utf8)
        for position in run.indices {
            for byte: UInt8 in [0x2f, 0x3a, 0x20, 0x00, 0xb0, 0xb9, 0x3f, 0xf9, 0xff, 0x40] {
                var bytes = run
                bytes[position] = byte
                let value = bytes.withByteView { DecimalParser.parseNumber($0, 0, $0.count) }
                #expect(value == nil, "\(bytes)")
            }
        }
    }
}
