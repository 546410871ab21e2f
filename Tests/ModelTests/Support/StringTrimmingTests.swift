import Testing
@testable import RangePipeKit

/// `trimmingSpaces` skips the character walk when neither end byte is a
/// space or tab. The class: strings whose ends are spaces, tabs, or
/// characters that a space or tab joins into one grapheme (a combining
/// mark after a leading space, a prepended U+0600 before a trailing one),
/// multi-byte and empty. Each must trim as the character walk alone does.
@Suite("String.trimmingSpaces")
struct StringTrimmingTests {
    /// The rule by characters only: the reference the fast path must match.
    static func reference(_ text: String) -> String {
        var s = Substring(text)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }

    @Test("hand-picked ends, then 20,000 strings drawn from ends that trim, join or do neither")
    func matchesTheCharacterWalk() {
        let cases = ["", " ", "\t", " \t ", "a", " a", "a ", "\ta\t", "1.5", " 1.5 ", "é", " é ", " \u{301}a", "a \u{301}",
                     "\u{600} ", "\u{600}\t", "x\u{600} ", "👍🏽 ", " 👍🏽", "\r\n ", " \r\n", "a\u{00A0}", "\u{00A0}a", "  \u{301}  "]
        for text in cases { #expect(text.trimmingSpaces == Self.reference(text), "\(text.unicodeScalars.map { $0.value })") }
        let pieces = [" ", "\t", "a", "1", "é", "\u{301}", "\u{600}", "👍", "\u{1F3FD}", "\u{00A0}", "\r", "\n", "中", ","]
        var rng = SeededGenerator(seed: 46)
        for _ in 0 ..< 20_000 {
            let text = (0 ..< rng.int(in: 0 ... 6)).map { _ in pieces[rng.int(in: 0 ..< pieces.count)] }.joined()
            #expect(text.trimmingSpaces == Self.reference(text), "\(text.unicodeScalars.map { $0.value })")
        }
    }
}
