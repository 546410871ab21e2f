/// A column of a CSV track (`play --format csv`) and how its cells are read.
struct TrackCSVColumn: Sendable {
    enum CellRole: Sendable {
        /// `series`: the pairing key.
        case series
        /// `phase`, `annotation_label`: text as written.
        case text
        /// `values`, `points`: a cell of compact JSON, read into leaves.
        case json
        /// Everything else: a number, a time, `true`/`false`, or text.
        case scalar
    }

    /// The column name, which is also the leaf's path.
    let path: [UInt8]
    let field: TrackField?
    let role: CellRole
    /// Whether `--fields` keeps the column's leaves.
    let selected: Bool

    init(name: String, fields: Set<TrackField>?) {
        path = Array(name.utf8)
        let field = TrackField.of(column: name)
        self.field = field
        switch name {
        case "series": role = .series
        case "phase", "annotation_label": role = .text
        case "values", "points": role = .json
        default: role = .scalar
        }
        selected = fields.map { f in field.map { f.contains($0) } ?? false } ?? true
    }
}
