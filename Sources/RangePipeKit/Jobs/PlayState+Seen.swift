extension PlayState {
    /// What a run saw: one 128-bit key per series it covered, the
    /// fingerprint of the series' name with its content hash. A later run
    /// plays every series whose current key is not here, so a store copied,
    /// restored from a backup or forked cannot make it skip a changed
    /// series: content that differs from what this run saw (new, renamed,
    /// changed, or back to an older version) has another key, and the same
    /// content written again keeps its key. Names are not kept: a key
    /// answers "was this name with this content seen", which is all a
    /// re-run asks (33 bytes a series in the file, 16 in memory).
    package struct Seen: Equatable, Sendable {
        package struct Key: Comparable, Hashable, Sendable {
            var hi: UInt64
            var lo: UInt64

            /// Words compared directly: a tuple comparison is generic and, unoptimized, fetches tuple metadata per call.
            package static func < (l: Key, r: Key) -> Bool { l.hi != r.hi ? l.hi < r.hi : l.lo < r.lo }
        }

        /// Ascending, distinct.
        package private(set) var keys: [Key]

        /// - Complexity: O(n log n) for n keys.
        package init<S: Sequence>(_ keys: S) where S.Element == Key {
            var sorted = Array(keys)
            sorted.sort()
            var distinct: [Key] = []
            distinct.reserveCapacity(sorted.count)
            for k in sorted where distinct.last != k { distinct.append(k) }
            self.keys = distinct
        }

        /// The key of a series named `name` holding content `contentHash`.
        /// - Complexity: O(name + hash length).
        package static func key(name: String, contentHash: String) -> Key {
            var h = ContentHasher()
            h.combine(name)
            h.combine(contentHash)
            let (hi, lo) = h.finalizeWords()
            return Key(hi: hi, lo: lo)
        }

        /// - Complexity: O(log n).
        package func contains(_ key: Key) -> Bool {
            var low = 0, high = keys.count
            while low < high {
                let mid = (low + high) / 2
                if keys[mid] < key { low = mid + 1 } else { high = mid }
            }
            return low < keys.count && keys[low] == key
        }

        /// The keys as the state file writes them: 32 hex digits and a newline each.
        /// - Complexity: O(n).
        var lines: [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(keys.count * 33)
            for k in keys {
                out.append(contentsOf: ContentHasher.hex(k.hi, k.lo).utf8)
                out.append(0x0A)
            }
            return out
        }

        /// The keys of a state file's lines after its header (`firstLine` is
        /// the first key's line number), `count` of them as the header says.
        /// - Throws: `.badData` at the line that is not 32 lowercase hex
        ///   digits, not above the line before, or missing or extra.
        /// - Complexity: O(bytes).
        static func parse(_ bytes: ArraySlice<UInt8>, count: Int, file: String, firstLine: Int) throws -> Seen {
            var keys: [Key] = []
            keys.reserveCapacity(count)
            var line = firstLine, start = bytes.startIndex
            func fail(_ message: String) -> RangePipeError {
                .badData(SourceLocation(file: file, line: line, column: 1), message)
            }
            while start < bytes.endIndex {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
                let text = bytes[start ..< end]
                guard keys.count < count else { throw fail("more series keys than the header's \"series\": \(count)") }
                guard text.count == 32, text.allSatisfy({ (0x30 ... 0x39).contains($0) || (0x61 ... 0x66).contains($0) }),
                      let hi = UInt64(String(decoding: text.prefix(16), as: UTF8.self), radix: 16),
                      let lo = UInt64(String(decoding: text.suffix(16), as: UTF8.self), radix: 16) else {
                    throw fail("expected a series key (32 lowercase hex digits)")
                }
                let key = Key(hi: hi, lo: lo)
                if let last = keys.last, !(last < key) { throw fail("series keys out of order (each above the line before)") }
                keys.append(key)
                line += 1
                start = end == bytes.endIndex ? end : bytes.index(after: end)
            }
            guard keys.count == count else { throw fail("\(keys.count) series keys; the header says \(count)") }
            var seen = Seen([])
            seen.keys = keys
            return seen
        }
    }
}
