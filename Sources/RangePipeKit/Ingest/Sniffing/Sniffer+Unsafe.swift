extension Sniffer {
    /// The first objects of a JSON array (`[{...}, {...}]`) as a sample,
    /// as for NDJSON: keys in order of first appearance are the columns.
    /// The sample ends at the first object that does not scan whole (the
    /// cut end of a long file, or bad JSON the real read reports).
    static func jsonArraySample(_ bytes: [UInt8], isWholeInput: Bool, maxRows: Int = sampleRows) -> CSVSample {
        objectSample(bytes, isWholeInput: isWholeInput) { b, scanner, rows, lines in
            var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            guard scanner.skipWhitespace(b, &i), b[i] == 0x5b else { return }
            i += 1
            while rows.count < maxRows, scanner.skipWhitespace(b, &i), b[i] == 0x7b {
                var batch = RecordBatch()
                let line = scanner.line
                guard let end = try? scanner.scanObject(b, at: i, into: &batch, rawOriginal: false), let row = sampleRow(batch)
                else { return }
                rows.append(row)
                lines.append(line)
                i = end
                guard scanner.skipWhitespace(b, &i), b[i] == 0x2c else { return }
                i += 1
            }
        }
    }
}
