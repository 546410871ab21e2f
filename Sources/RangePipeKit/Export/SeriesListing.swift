/// Renders `series` output: NDJSON lines (SPEC 1.2) or a terminal table.
public enum SeriesListing {
    public static func ndjson(_ info: SeriesInfo, time: TimeOutputFormat) -> String {
        var s = "{\"name\":\(JSONText.string(info.name)),\"axis\":\"\(info.axis.rawValue)\",\"points\":\(info.points)"
        s += ",\"fields\":[" + info.fields.map { JSONText.string($0.name) }.joined(separator: ",") + "]"
        s += ",\"x\":{\"min\":\(info.axis.jsonX(info.xMin, time: time)),\"max\":\(info.axis.jsonX(info.xMax, time: time))}"
        s += ",\"y\":{" + info.fields.map {
            "\(JSONText.string($0.name)):{\"min\":\(JSONText.number($0.min)),\"max\":\(JSONText.number($0.max)),\"missing\":\($0.missing)}"
        }.joined(separator: ",") + "}"
        if info.axis == .category {
            s += ",\"categories\":[" + info.categories.map(JSONText.string).joined(separator: ",") + "]"
        }
        return s + "}"
    }

    public static func table(_ infos: [SeriesInfo], time: TimeOutputFormat) -> String {
        var rows: [[String]] = [["NAME", "AXIS", "POINTS", "FIELDS", "X MIN", "X MAX"]]
        for info in infos {
            rows.append([info.name, info.axis.rawValue, String(info.points),
                         info.fields.map(\.name).joined(separator: ","),
                         label(info, info.xMin, time), label(info, info.xMax, time)])
        }
        return TextTable.render(rows)
    }

    private static func label(_ info: SeriesInfo, _ x: Double?, _ time: TimeOutputFormat) -> String {
        if info.axis == .category, let x, let k = Int(exactly: x), k >= 0, k < info.categories.count {
            return info.categories[k]
        }
        return info.axis.textX(x, time: time)
    }
}

/// Left-aligned columns separated by two spaces.
enum TextTable {
    static func render(_ rows: [[String]]) -> String {
        guard let columns = rows.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (k, cell) in row.enumerated() { widths[k] = max(widths[k], cell.count) } }
        return rows.map { row in
            row.enumerated().map { k, cell in
                k == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[k] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
