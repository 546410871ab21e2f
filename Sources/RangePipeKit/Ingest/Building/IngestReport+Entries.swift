extension IngestReport {
    /// The entries of a report, column by column: a fleet of 10^6 series
    /// costs about 100 bytes each here, with no array or object per series
    /// (an `Entry` with its `SeriesInfo` is built when read). Entries are
    /// set in any order (the store is written in name order) and read in
    /// order of first appearance.
    public struct Entries: RandomAccessCollection, Sendable {
        /// Entry index → slot (the order entries were set in); -1 unset.
        private var slots: [Int32]
        private var names: [String] = []
        private var axes: [Axis] = []
        private var points: [Int] = []
        /// NaN for none (x is never NaN).
        private var xMin: [Double] = [], xMax: [Double] = []
        private var rowsRead: [Int] = [], rowsRejected: [Int] = [], duplicatesDropped: [Int] = []
        /// Per slot: one past its last field in the field columns, and
        /// which list of field names it has (fleets share one or a few).
        private var fieldEnds: [Int] = []
        private var fieldList: [Int32] = []
        private var fieldLists: [[String]] = []
        private var fieldListIndex: [[String]: Int32] = [:]
        /// Per field: range (NaN for none: every value missing) and missing count.
        private var fieldMin: [Double] = [], fieldMax: [Double] = [], fieldMissing: [Int] = []
        /// Category labels by slot, for category series only.
        private var categories: [Int32: [String]] = [:]

        /// Room for `count` entries, none set yet.
        /// - Complexity: O(count).
        public init(count: Int) {
            precondition(count < Int(Int32.max), "more series than an entry slot holds")
            slots = [Int32](repeating: -1, count: count)
            names.reserveCapacity(count); axes.reserveCapacity(count); points.reserveCapacity(count)
            xMin.reserveCapacity(count); xMax.reserveCapacity(count); fieldEnds.reserveCapacity(count); fieldList.reserveCapacity(count)
            rowsRead.reserveCapacity(count); rowsRejected.reserveCapacity(count); duplicatesDropped.reserveCapacity(count)
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { slots.count }

        /// Sets entry `k`, once.
        /// - Complexity: amortized O(fields), plus one hash of the field
        ///   names when they differ from the previous entry's.
        public mutating func set(_ k: Int, _ entry: Entry) {
            precondition(slots[k] < 0, "entry \(k) set twice")
            let slot = Int32(names.count)
            slots[k] = slot
            let info = entry.info
            names.append(info.name)
            axes.append(info.axis)
            points.append(info.points)
            xMin.append(info.xMin ?? .nan)
            xMax.append(info.xMax ?? .nan)
            rowsRead.append(entry.stats.rowsRead)
            rowsRejected.append(entry.stats.rowsRejected)
            duplicatesDropped.append(entry.stats.duplicatesDropped)
            for f in info.fields {
                fieldMin.append(f.min ?? .nan)
                fieldMax.append(f.max ?? .nan)
                fieldMissing.append(f.missing)
            }
            fieldEnds.append(fieldMin.count)
            fieldList.append(listIndex(of: info.fields))
            if !info.categories.isEmpty { categories[slot] = info.categories }
        }

        private mutating func listIndex(of fields: [SeriesInfo.FieldInfo]) -> Int32 {
            if let last = fieldList.last, Self.same(fieldLists[Int(last)], fields) { return last }
            let names = fields.map(\.name)
            if let known = fieldListIndex[names] { return known }
            let index = Int32(fieldLists.count)
            fieldLists.append(names)
            fieldListIndex[names] = index
            return index
        }

        /// True when `fields` are named `names`, in order: a plain loop, as
        /// `elementsEqual` over a lazy map was ~200 instructions a series.
        private static func same(_ names: [String], _ fields: [SeriesInfo.FieldInfo]) -> Bool {
            guard names.count == fields.count else { return false }
            for k in names.indices where names[k] != fields[k].name { return false }
            return true
        }

        /// Entry `k` (it must have been set).
        /// - Complexity: O(its fields and labels).
        public subscript(k: Int) -> Entry {
            let slot = Int(slots[k])
            precondition(slot >= 0, "entry \(k) never set")
            let first = slot == 0 ? 0 : fieldEnds[slot - 1]
            let fields = zip(fieldLists[Int(fieldList[slot])], first ..< fieldEnds[slot]).map { name, j in
                SeriesInfo.FieldInfo(name: name, min: Self.optional(fieldMin[j]), max: Self.optional(fieldMax[j]), missing: fieldMissing[j])
            }
            let info = SeriesInfo(name: names[slot], axis: axes[slot], points: points[slot], xMin: Self.optional(xMin[slot]),
                                  xMax: Self.optional(xMax[slot]), fields: fields, categories: categories[Int32(slot)] ?? [])
            return Entry(info: info, stats: .init(rowsRead: rowsRead[slot], rowsRejected: rowsRejected[slot],
                                                  duplicatesDropped: duplicatesDropped[slot]))
        }

        private static func optional(_ v: Double) -> Double? { v.isNaN ? nil : v }

        /// Rejected rows over every entry.
        /// - Complexity: O(entries), no entry built.
        public var rowsRejectedTotal: Int { rowsRejected.reduce(0, +) }
    }
}
