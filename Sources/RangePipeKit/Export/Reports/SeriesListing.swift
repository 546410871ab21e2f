/// Renders `series` output: NDJSON lines (SPEC 1.2) or a terminal table.
package enum SeriesListing {
    /// One series as one NDJSON line.
    package static func ndjson(_ info: SeriesInfo, time: TimeOutputFormat) -> String {
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

    /// Every series as an aligned table for a terminal.
    package static func table(_ infos: [SeriesInfo], time: TimeOutputFormat) -> String {
        var rows: [[String]] = [["NAME", "AXIS", "POINTS", "FIELDS", "X MIN", "X MAX"]]
        for info in infos {
            rows.append([info.name, info.axis.rawValue, String(info.points),
                         info.fields.map(\.name).joined(separator: ","),
                         label(info, info.xMin, time), label(info, info.xMax, time)])
        }
        return TextTable.render(rows)
    }

    private static func label(_ info: SeriesInfo, _ x: Double?, _ time: TimeOutputFormat) -> String {
        if let x, let label = info.axis.categoryLabel(x, in: info.categories) { return label }
        return info.axis.textX(x, time: time)
    }
}
