extension Ingestor {
    /// Reads `bytes` held in memory as one input named `name`, with no file
    /// and no store: its series and its rejects, each as `--rejects` would
    /// write it. `jsonTemplates` false reads every NDJSON line with the
    /// general scanner (the fuzzers and tests check both give one result).
    /// - Complexity: O(n log n) in the rows read, as for a file.
    public func parse(bytes: [UInt8], name: String, jsonTemplates: Bool = true) throws
        -> (series: [IngestedSeries], rejects: [String]) {
        let rejects = RejectWriter(collecting: ())
        var unattributed = 0
        let series = try parse(InputSource(name: name, bytes: bytes), rejects: rejects,
                               unattributed: &unattributed, jsonTemplates: jsonTemplates)
        return (series, rejects.collected ?? [])
    }
}
