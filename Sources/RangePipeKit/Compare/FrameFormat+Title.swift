extension FrameFormat {
    /// The format's name in messages.
    var title: String {
        switch self {
        case .ndjson: return "NDJSON"
        case .csv: return "CSV"
        }
    }
}
