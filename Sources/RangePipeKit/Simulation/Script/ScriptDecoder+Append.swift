/// The `append` action (issue 18): inline rows or the next rows of a series.
extension ScriptDecoder {
    /// Rows one `from` may ask for; more is surely a typo.
    static let maxAppendRows = 10_000_000

    /// `{"at": 2, "action": "append", "rows": [[x, v, …] | {"x": x, "field": v, …}, …]}`
    /// or `{"at": 2, "action": "append", "from": {"series": "NAME", "rows": k}}`.
    static func append(_ o: inout ObjectReader) throws -> ScriptEvent.Kind {
        let rows = o.take("rows"), from = o.take("from")
        try o.finish(allowed: ["at", "action", "rows", "from"])
        switch (rows, from) {
        case let (rows?, nil):
            guard case let .array(list) = rows, !list.isEmpty else {
                throw Failure(path: o.child("rows"), message: "expected a non-empty array of rows ([x, value, …] or {\"x\": …, \"FIELD\": value})")
            }
            return .append(.rows(try list.enumerated().map { try appendRow($1, o.child("rows") + "[\($0)]") }))
        case let (nil, from?):
            var f = try ObjectReader(from, o.child("from"))
            guard let s = f.take("series") else { throw Failure(path: f.child("series"), message: "missing (the series whose next rows are appended)") }
            let name = try string(s, f.child("series"))
            guard let k = f.take("rows") else { throw Failure(path: f.child("rows"), message: "missing (how many rows)") }
            let count = try number(k, f.child("rows"), 1 ... Double(maxAppendRows))
            guard count == count.rounded() else { throw Failure(path: f.child("rows"), message: "\(count.plainText) is not a whole number") }
            if f.take("file") != nil {
                throw Failure(path: f.child("file"), message: "files are not read by append; ingest the file (or pass it with --input) and name its series")
            }
            try f.finish(allowed: ["series", "rows"])
            return .append(.series(name, rows: Int(count)))
        case (nil, nil):
            throw Failure(path: o.child("rows"), message: "missing (append needs \"rows\" or \"from\")")
        case (_?, _?):
            throw Failure(path: o.child("from"), message: "give \"rows\" or \"from\", not both")
        }
    }

    /// One inline row: `[x, v1, v2, …]` (values in field order, null for
    /// missing) or `{"x": x, "FIELD": v, …}`.
    static func appendRow(_ v: JSONValue, _ path: String) throws -> AppendSpec.AppendRow {
        func value(_ v: JSONValue, _ path: String) throws -> Double? {
            if v == .null { return nil }
            return try number(v, path)
        }
        switch v {
        case let .array(parts):
            guard parts.count >= 2 else { throw Failure(path: path, message: "expected [x, value, …] with at least one value") }
            let x = try xSpec(parts[0], path + "[0]")
            let values = try parts.dropFirst().enumerated().map { try value($1, path + "[\($0 + 1)]") }
            return AppendSpec.AppendRow(x: x, values: .positional(values), path: path)
        case let .object(members):
            var o = try ObjectReader(v, path)
            guard let xv = o.take("x") else { throw Failure(path: o.child("x"), message: "missing (the row's x)") }
            let x = try xSpec(xv, o.child("x"))
            var named: [(String, Double?)] = []
            for (key, member) in members where key != "x" {
                named.append((key, try value(member, o.child(key))))
            }
            guard !named.isEmpty else { throw Failure(path: path, message: "expected at least one field's value besides \"x\"") }
            return AppendSpec.AppendRow(x: x, values: .named(named), path: path)
        default:
            throw Failure(path: path, message: "expected a row [x, value, …] or {\"x\": …, \"FIELD\": value}, got \(v.kindName)")
        }
    }
}
