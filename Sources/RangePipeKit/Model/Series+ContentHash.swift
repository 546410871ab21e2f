extension Series {
    /// A fingerprint of what the series holds: its axis, field names,
    /// category labels, and x and every value bit for bit (a missing value
    /// is one value whatever its NaN bits), but not its name. Equal content
    /// gives an equal hash on every machine; the store keeps it per series
    /// and `play --changed-since` compares it (`ContentHasher`).
    /// - Complexity: O(points × (fields + 1)).
    public var contentHash: String {
        let (hi, lo) = contentHashWords
        return ContentHasher.hex(hi, lo)
    }

    /// `contentHash` as its two 64-bit words, for a writer that spells the
    /// hex digits straight into its own buffer (no string per series).
    /// - Complexity: O(points × (fields + 1)).
    var contentHashWords: (hi: UInt64, lo: UInt64) {
        var h = ContentHasher()
        h.combine(axis.rawValue)
        h.combine(count: fields.count)
        for f in fields { h.combine(f.name) }
        h.combine(count: categories.count)
        for label in categories { h.combine(label) }
        h.combine(count: x.count)
        h.combine(values: x)
        for f in fields { h.combine(values: f.values) }
        return h.finalizeWords()
    }
}
