extension TableBuilder {
    /// What to add when a value is not a number: the flag that would read
    /// it (`--decimal-comma`, `--thousands`) or mark it missing (`--null`).
    func numberHint(_ b: ByteView) -> String {
        let text = b.string.trimmingSpaces
        return text.withByteView { b in
            if !numbers.decimalComma, case .number = NumberReader(decimalComma: true, thousands: false).parseCell(b) {
                return " (if commas mark decimals, add --decimal-comma)"
            }
            if !numbers.thousands, case .number = NumberReader(decimalComma: false, thousands: true).parseCell(b) {
                return " (if commas group thousands, add --thousands)"
            }
            if b.count > 0, b.count <= 16, !b.contains(where: { $0 &- 0x30 < 10 }) {
                return " (if it marks a missing value, add --null \(ShellWords.quote(text)))"
            }
            return ""
        }
    }
}

/// Quoting for commands rangepipe prints for a shell.
public enum ShellWords {
    /// `word` unchanged when it is safe in a POSIX shell, else in single quotes.
    public static func quote(_ word: String) -> String {
        let safe = !word.isEmpty && word.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7a) || "-_./:,=+@".utf8.contains(b)
        }
        if safe { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
