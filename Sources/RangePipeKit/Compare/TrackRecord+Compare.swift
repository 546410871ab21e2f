extension TrackRecord {
    /// The first leaf, in this frame's order, that differs from `other`;
    /// nil when every path is in both and every value matches.
    /// - Complexity: O(leaves + bytes) when both frames list their paths in
    ///   the same order (as `play` writes them); otherwise expected
    ///   O(leaves + bytes) more with a hash of the other's paths.
    func firstDifference(from other: TrackRecord, tolerance: Double) -> TrackLeafDifference? {
        let common = min(leaves.count, other.leaves.count)
        var k = 0
        while k < common {
            guard path(k) == other.path(k) else { return unorderedDifference(from: other, startingAt: k, tolerance: tolerance) }
            if !leafMatches(k, other, k, tolerance: tolerance) { return .value(k, k) }
            k += 1
        }
        if leaves.count > common { return .onlyInA(common) }
        if other.leaves.count > common { return .onlyInB(common) }
        return nil
    }

    /// The leaves from `start` on, paired by path wherever they are.
    private func unorderedDifference(from other: TrackRecord, startingAt start: Int, tolerance: Double) -> TrackLeafDifference? {
        var index: [ArraySlice<UInt8>: Int] = [:]
        for j in (start ..< other.leaves.count).reversed() { index[other.path(j)] = j }
        for i in start ..< leaves.count {
            guard let j = index.removeValue(forKey: path(i)) else { return .onlyInA(i) }
            if !leafMatches(i, other, j, tolerance: tolerance) { return .value(i, j) }
        }
        if let j = index.values.min() { return .onlyInB(j) }
        return nil
    }

    private func leafMatches(_ i: Int, _ other: TrackRecord, _ j: Int, tolerance: Double) -> Bool {
        let a = leaves[i].value, b = other.leaves[j].value
        if case .text = a, case .text = b { return text(i) == other.text(j) }
        return a.matches(b, tolerance: tolerance)
    }

    /// Leaf `k`'s value as a message shows it: numbers as written, strings
    /// and times as JSON strings.
    func rendered(_ k: Int) -> String {
        switch leaves[k].value {
        case .number: return String(decoding: text(k), as: UTF8.self)
        case .time, .text:
            var out = TextBuffer()
            out.append(jsonString: String(decoding: text(k), as: UTF8.self))
            return String(decoding: out.bytes, as: UTF8.self)
        case let .bool(b): return b ? "true" : "false"
        case .null: return "null"
        case .emptyArray: return "[]"
        case .emptyObject: return "{}"
        }
    }

    /// Leaf `k`'s path as text.
    func pathName(_ k: Int) -> String { String(decoding: path(k), as: UTF8.self) }
}
