/// Thrown by `normalize(duplicates: .error)`: the first repeated x.
struct DuplicateX: Error {
    var x: Double
    /// Arrival index (before sorting) of the later of the two rows.
    var laterIndex: Int
}

extension Series {
    /// Sorts by x, stably (ties keep arrival order), and applies the
    /// duplicates policy. Returns how many rows the policy dropped.
    /// - Complexity: O(n) when already sorted, O(n log n) otherwise.
    @discardableResult
    mutating func normalize(duplicates policy: DuplicatePolicy) throws -> Int {
        let n = x.count
        let scan = Series.order(of: x)
        let sorted = scan.sorted
        var hasTies = scan.hasTies
        var permutation: [Int]? = nil
        if !sorted {
            let xs = x
            let order = (0 ..< n).sorted { xs[$0] < xs[$1] || (xs[$0] == xs[$1] && $0 < $1) }
            x = order.map { xs[$0] }
            for k in fields.indices {
                let values = fields[k].values
                fields[k].values = order.map { values[$0] }
            }
            permutation = order
            hasTies = zip(x, x.dropFirst()).contains { $0 == $1 }
        }
        guard hasTies, policy != .keep else { return 0 }
        var keep = [Bool](repeating: true, count: n)
        var i = 0
        while i < n {
            var j = i + 1
            while j < n, x[j] == x[i] { j += 1 }
            if j - i > 1 {
                switch policy {
                case .error:
                    throw DuplicateX(x: x[i], laterIndex: permutation?[i + 1] ?? (i + 1))
                case .first:
                    for k in (i + 1) ..< j { keep[k] = false }
                case .last:
                    for k in i ..< (j - 1) { keep[k] = false }
                case .keep:
                    break
                }
            }
            i = j
        }
        let dropped = keep.lazy.filter { !$0 }.count
        x = x.indices.filter { keep[$0] }.map { x[$0] }
        for k in fields.indices {
            let values = fields[k].values
            fields[k].values = values.indices.filter { keep[$0] }.map { values[$0] }
        }
        return dropped
    }

    /// `self` followed by `newer` (the newer rows arrive later, so they win
    /// under `--duplicates last`), then normalised. Fields are matched by
    /// name; a field missing on one side is missing (NaN) there.
    func appending(_ newer: Series, duplicates policy: DuplicatePolicy) throws -> (Series, dropped: Int) {
        var merged = self
        try merged.append(newer)
        let dropped = try merged.normalizeNamingDuplicate(duplicates: policy)
        return (merged, dropped)
    }

    /// `normalize`, a repeated x under `--duplicates error` thrown as the
    /// user's error naming the series and the x.
    @discardableResult
    mutating func normalizeNamingDuplicate(duplicates policy: DuplicatePolicy) throws -> Int {
        do {
            return try normalize(duplicates: policy)
        } catch let duplicate as DuplicateX {
            throw RangePipeError.invalid("series '\(name)': duplicate x \(format(x: duplicate.x)) (--duplicates error)")
        }
    }

    /// Appends `newer`'s rows after this series' own, not normalised (see
    /// `appending`): fields matched by name, NaN where a side lacks one; a
    /// category axis's new labels numbered after the known ones.
    /// - Complexity: O(`newer`'s rows) amortised when this series' arrays
    ///   are not shared.
    mutating func append(_ newer: Series) throws {
        guard axis == newer.axis else {
            throw RangePipeError.invalid("series '\(name)': cannot append \(newer.axis.rawValue) x values to a \(axis.rawValue) axis")
        }
        var newX = newer.x
        if axis == .category {
            var ordinal: [String: Int] = [:]
            for (k, label) in categories.enumerated() { ordinal[label] = k }
            var remap: [Double] = []
            for label in newer.categories {
                if let k = ordinal[label] {
                    remap.append(Double(k))
                } else {
                    ordinal[label] = categories.count
                    remap.append(Double(categories.count))
                    categories.append(label)
                }
            }
            newX = newX.map { remap[Int($0)] }
        }
        let oldCount = x.count
        x += newX
        for field in newer.fields where !fields.contains(where: { $0.name == field.name }) {
            fields.append(Field(name: field.name, values: [Double](repeating: .nan, count: oldCount)))
        }
        for k in fields.indices {
            let incoming = newer.field(named: fields[k].name)?.values ?? [Double](repeating: .nan, count: newX.count)
            fields[k].values += incoming
        }
    }

    /// An x value as the user wrote it: ISO time, number, or category label.
    func format(x value: Double) -> String {
        switch axis {
        case .time: return CivilTime.iso8601(value)
        case .number: return "\(value)"
        case .category:
            let k = Int(value)
            return k >= 0 && k < categories.count && Double(k) == value ? categories[k] : "\(value)"
        }
    }
}
