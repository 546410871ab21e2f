/// Columns of one series as rows arrive, before sorting.
final class SeriesAccumulator {
    let name: String
    /// Everything a row changes, in one value changed in place (see
    /// `FixedAddress`): appending a row costs no dynamic exclusivity check.
    let storage = FixedAddress(SeriesRows())
    var labels: [String] = []
    var labelOrdinal: [String: Int] = [:]
    var rowsRejected = 0

    init(name: String, keepLines: Bool) {
        self.name = name
        if keepLines { storage.value.lines = [] }
    }

    deinit { storage.free() }

    var x: [Double] {
        get { storage.value.x }
        set { storage.value.x = newValue }
        _modify { yield &storage.value.x }
    }
    /// Indexed by the builder's value-column index; shorter arrays are
    /// back-filled with NaN when a column first appears later (JSON keys).
    var columns: [[Double]] {
        get { storage.value.columns }
        set { storage.value.columns = newValue }
        _modify { yield &storage.value.columns }
    }
    /// Source line of each row, kept only for `--duplicates error`.
    var lines: [Int32]? {
        get { storage.value.lines }
        set { storage.value.lines = newValue }
        _modify { yield &storage.value.lines }
    }
    var rowsRead: Int {
        get { storage.value.rowsRead }
        set { storage.value.rowsRead = newValue }
    }

    /// The ordinal of a category label, assigning the next one to a new label.
    func ordinal(of label: String) -> Int {
        if let k = labelOrdinal[label] { return k }
        let k = labels.count
        labels.append(label)
        labelOrdinal[label] = k
        return k
    }

    /// Room for `rows` rows in x and every column (and lines when kept).
    func reserve(_ count: Int) { storage.value.reserve(count) }
}
