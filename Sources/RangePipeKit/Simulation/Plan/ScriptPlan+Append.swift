/// `append` at plan time (issue 18): each event's rows are resolved, checked
/// and laid out against the series as the appends before it left it, so
/// later targets (`set-window`, `reset`) see the grown data too.
extension ScriptPlan {
    /// The played series as the appends so far have grown it.
    struct AppendedData {
        var series: Series
        var constraints: WindowConstraints
        var presetButtons: [PresetButton]
        /// False when the plan is made without buttons (they stay empty).
        var withButtons = true
        /// How many `append` events have been resolved.
        var appends = 0

        /// Resolves one `append` and adds its rows.
        /// - Throws: `RangePipeError.invalid` at the row (or `from`) that does
        ///   not fit: x not after the last x, unknown fields, a wrong value count.
        /// - Complexity: O(n + k) for n points and k new rows (the series is
        ///   copied once, as the rules of the last append still share it).
        mutating func append(_ spec: AppendSpec, _ event: ScriptEvent, _ script: Script, zone: DisplayZone,
                             _ fail: (String, String) -> RangePipeError) throws -> AppendBatch {
            let lastBefore = series.x[series.x.count - 1]
            var rows = Rows(fields: series.fields.count)
            switch spec {
            case let .rows(written):
                for row in written { try add(row, to: &rows, fail) }
            case let .series(name, count):
                guard let source = script.appendSources[name] else {
                    throw fail("\(event.path).from.series", "series '\(name)' was not loaded (it is not in the store or input)")
                }
                try take(count, from: source, into: &rows, "\(event.path).from", fail)
            }
            appends += 1
            for (i, x) in rows.x.enumerated() {
                series.x.append(x)
                for f in series.fields.indices { series.fields[f].values.append(rows.values[f][i]) }
            }
            series.categories += rows.labels
            constraints = try constraints.grown(by: rows.x, over: series.x, lastBefore: lastBefore, script.window, "\(event.path)", fail)
            // Appends play on linear x only (ScriptPlan refuses them otherwise).
            if withButtons { presetButtons = ScriptPlan.presetButtons(series, constraints, .linear, zone: zone) }
            return AppendBatch(lastBefore: lastBefore, x: rows.x, values: rows.values,
                               lower: constraints.lower, upper: constraints.upper,
                               minSpan: constraints.minSpan, maxSpan: constraints.maxSpan, presetButtons: presetButtons)
        }

        /// Rows gathered for one event, x increasing.
        struct Rows {
            var x: [Double] = []
            var values: [[Double]]
            /// New category labels, in x order (category axes).
            var labels: [String] = []
            init(fields: Int) { values = Array(repeating: [], count: fields) }
        }

        /// The last x so far, counting rows gathered for this event.
        func last(_ rows: Rows) -> Double { rows.x.last ?? series.x[series.x.count - 1] }

        /// One written row: x after the last, values by position or name.
        func add(_ row: AppendSpec.AppendRow, to rows: inout Rows, _ fail: (String, String) -> RangePipeError) throws {
            let xPath: String
            switch row.values {
            case .positional: xPath = row.path + "[0]"
            case .named: xPath = row.path + ".x"
            }
            let x: Double
            if series.axis == .category {
                // A category row names a new label; it goes after the last one.
                guard case let .text(label) = row.x else { throw fail(xPath, "expected a category label (a string)") }
                guard !series.categories.contains(label), !rows.labels.contains(label) else {
                    throw fail(xPath, "\"\(label)\" is already a category of series '\(series.name)'; appended rows need new labels")
                }
                x = Double(series.categories.count + rows.labels.count)
                rows.labels.append(label)
            } else {
                x = try ScriptPlan.resolveX(row.x, series, xPath, fail)
                let previous = last(rows)
                guard x > previous else {
                    throw fail(xPath, "x \(text(x)) is not after the last x of series '\(series.name)' (\(text(previous))); appended x must increase")
                }
                // Times are written as ISO-8601 up to ±9·10^12 s (year ±285,000).
                guard series.axis != .time || CivilTime.writableSeconds.contains(x) else {
                    throw fail(xPath, "x \(x) s is outside the times rangepipe can write (years 0000 to 9999)")
                }
            }
            rows.x.append(x)
            let names = series.fields.map(\.name)
            switch row.values {
            case let .positional(values):
                guard values.count == names.count else {
                    throw fail(row.path, "expected x and \(names.count) value\(names.count == 1 ? "" : "s") (fields: \(names.joined(separator: ", "))), got \(values.count)")
                }
                for (f, v) in values.enumerated() { rows.values[f].append(v ?? .nan) }
            case let .named(pairs):
                var got = [Double](repeating: .nan, count: names.count)
                for (name, v) in pairs {
                    guard let f = names.firstIndex(of: name) else {
                        throw fail("\(row.path).\(name)", "series '\(series.name)' has no field \"\(name)\" (fields: \(names.joined(separator: ", ")))")
                    }
                    got[f] = v ?? .nan
                }
                for f in names.indices { rows.values[f].append(got[f]) }
            }
        }

        /// Up to `count` rows of `source` after the last x (category axes:
        /// its rows whose labels are new), in order; fewer when it runs out.
        func take(_ count: Int, from source: Series, into rows: inout Rows, _ path: String,
                  _ fail: (String, String) -> RangePipeError) throws {
            guard source.axis == series.axis else {
                throw fail(path + ".series", "series '\(source.name)' has a \(source.axis.rawValue) axis, but series '\(series.name)' has a \(series.axis.rawValue) axis")
            }
            let mapping = try fieldMapping(source, path, fail)
            func copy(_ i: Int) {
                for f in mapping.indices { rows.values[f].append(mapping[f].map { source.fields[$0].values[i] } ?? .nan) }
            }
            if series.axis == .category {
                var known = Set(series.categories)
                for i in source.x.indices where rows.x.count < count {
                    let label = source.categories[Int(source.x[i])]
                    guard known.insert(label).inserted else { continue }
                    rows.x.append(Double(series.categories.count + rows.labels.count))
                    rows.labels.append(label)
                    copy(i)
                }
                return
            }
            var i = source.x.upperBound(of: last(rows))
            while i < source.x.count, rows.x.count < count {
                // Equal x in the source (`--duplicates keep`): the first of them.
                if source.x[i] > last(rows) {
                    rows.x.append(source.x[i])
                    copy(i)
                }
                i += 1
            }
        }

        /// For each played field, the source field it takes values from:
        /// the one of the same name; with one field on each side, that one.
        func fieldMapping(_ source: Series, _ path: String, _ fail: (String, String) -> RangePipeError) throws -> [Int?] {
            let names = source.fields.map(\.name)
            var mapping = series.fields.map { names.firstIndex(of: $0.name) }
            if mapping.allSatisfy({ $0 == nil }) {
                guard series.fields.count == 1, source.fields.count == 1 else {
                    throw fail(path + ".series", "series '\(source.name)' shares no field with series '\(series.name)' (fields: \(series.fields.map(\.name).joined(separator: ", ")))")
                }
                mapping = [0]
            }
            return mapping
        }

        /// x as messages write it: ISO time on time axes.
        func text(_ x: Double) -> String {
            series.axis == .time ? CivilTime.iso8601(x) : x.plainText
        }
    }
}
