extension String {
    /// Without leading and trailing spaces and tabs.
    /// - Complexity: O(1) when the first and last bytes are neither (most
    ///   cells: the sniffer trims every sampled cell twice); else O(n).
    public var trimmingSpaces: String {
        // A first (last) character that is " " or "\t" is that one byte, so
        // other end bytes mean nothing to trim: `first` and `last` would
        // walk grapheme boundaries (~1,600 instructions a short cell).
        let ends = utf8.first.map { ($0, utf8.last ?? $0) }
        guard let (head, tail) = ends, head == 0x20 || head == 0x09 || tail == 0x20 || tail == 0x09 else { return self }
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
