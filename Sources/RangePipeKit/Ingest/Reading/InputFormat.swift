/// Input formats `ingest` reads.
public enum InputFormat: String, Sendable, CaseIterable {
    case auto, csv, tsv, ndjson, json, arrow
}
