extension JSONReader {
    /// The bytes a JSON reader scans: the unfinished line or element carried
    /// over, then the next chunk. A mapped file is scanned where it lies
    /// (the window is the file's bytes `origin ..< end`, with no copy);
    /// other inputs (stdin, pipes, gzip) are copied into `bytes`.
    struct Window {
        /// The window's bytes, for an input that is not mapped.
        private(set) var bytes: [UInt8] = []
        /// Where scanning resumes, from the window's first byte.
        var start = 0
        /// True once the input has no more bytes.
        private(set) var eof = false
        /// For a mapped input: the window is the file's bytes `origin ..< end`.
        private var isMapped = false
        private var origin = -1
        private var end = 0

        /// How many bytes the window holds.
        var count: Int { isMapped ? end - origin : bytes.count }

        /// Drops the bytes before `start` and adds the next chunk (at least
        /// as many bytes as the window held, so a long line doubles it).
        /// - Throws: `RangePipeError.io` on a read error.
        /// - Complexity: O(bytes kept + chunk) for a copied input, so a
        ///   line of L bytes costs O(L) over its refills; O(1) moves for a
        ///   mapped one (its pages are read as they are scanned).
        /// - Parameter line: the line the unfinished record starts on, named
        ///   when holding it would exceed the memory budget.
        /// - Throws: `.outOfMemory` (exit 71) when the kept bytes and the
        ///   next chunk, with the array's growth, would not fit `MemoryBudget`.
        mutating func refill(_ source: InputSource, line: Int) throws {
            let want = max(source.chunkSize(JSONReader.chunkSize), count)
            if source.isMapped {
                if origin < 0 { origin = source.position; end = origin }
                isMapped = true
                origin += start
                start = 0
                let n = try source.advanceMapped(preferred: want)
                end = source.position
                eof = n == 0
                return
            }
            if start > 0 {
                bytes.removeSubrange(0 ..< start)
                start = 0
            }
            // Read until `want` bytes came or the input ended: a pipe hands
            // out 64 KiB a read, and a window grown by one read at a time
            // would rescan a long line once per read (quadratic).
            let old = bytes.count
            // While the array grows its old and new storage are both held.
            try MemoryBudget.require(3 * (old + want), for: "line \(line)", of: source.displayName)
            bytes.reserveCapacity(old + want)
            var filled = 0
            while filled < want {
                let n = try source.read(appendingTo: &bytes, upTo: want - filled)
                if n == 0 { break }
                filled += n
            }
            eof = filled == 0
        }

        /// Starts again, empty, at the source's position (after a split's
        /// joined pieces were skipped); only between lines.
        mutating func resume(at source: InputSource) {
            bytes.removeAll(keepingCapacity: true)
            start = 0
            eof = false
            if isMapped { origin = source.position; end = origin }
        }

        /// Runs `body` with a view of the window's bytes.
        func withView<T>(_ source: InputSource, _ body: (ByteView) throws -> T) rethrows -> T {
            if isMapped { return try body(source.mappedView(origin ..< end)) }
            return try bytes.withByteView(body)
        }

        /// True when the window begins with UTF-8's byte-order mark.
        func startsWithByteOrderMark(_ source: InputSource) -> Bool {
            withView(source) { $0.count >= 3 && $0[0] == 0xEF && $0[1] == 0xBB && $0[2] == 0xBF }
        }
    }
}
