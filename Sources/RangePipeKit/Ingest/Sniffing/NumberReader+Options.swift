extension NumberReader {
    /// How the user's options (`--decimal-comma`, `--thousands`, `--null`)
    /// say the file writes numbers.
    init(options: IngestOptions) {
        self.init(decimalComma: options.decimalComma, thousands: options.thousands)
        nulls = options.nulls.map { Array($0.trimmingSpaces.utf8) }.filter { !$0.isEmpty }
    }
}
