/// The columns of one series as its chunks fill them: index 0 is x
/// (column -1), k + 1 is field k. A column's first bad chunk is kept and
/// the rest of it ignored; rows of columns the series has no field for
/// are ignored, as `loadSeries` never asks for them.
struct ColumnFill {
    var values: [[Double]]
    var filled: [Int]
    var damagedAt: [Int?]

    init(columns: Int, points: Int) {
        values = (0 ..< columns).map { _ in [Double](repeating: .nan, count: points) }
        filled = Array(repeating: 0, count: columns)
        damagedAt = Array(repeating: nil, count: columns)
    }

    /// One chunk of `column`: `copy` fills the values from `filled` on and
    /// returns how many, or nil for a damaged chunk.
    mutating func add(_ column: Int, _ copy: (inout [Double], Int) -> Int?) {
        let k = column + 1
        guard k >= 0, k < values.count, damagedAt[k] == nil else { return }
        if let count = copy(&values[k], filled[k]) {
            filled[k] += count
        } else {
            damagedAt[k] = filled[k]
        }
    }
}
