/// A top-level part of a frame, as `diff --fields` names it: an NDJSON key
/// of SPEC 5, or the CSV columns that flatten it (`window` is `window_min`
/// and `window_max`, `annotation` the four `annotation_*` columns).
///
/// `series` is not a field: it pairs frames up (see `TrackDiff`).
public enum TrackField: String, Sendable, CaseIterable {
    /// A frame's top-level keys (CSV: the columns they flatten to).
    case frame, t, phase, window, selector, y, annotation, values, points
    /// The box and crosshair tracks (`box_min`, `crosshair_x`, … in CSV).
    case box, crosshair

    /// The field an NDJSON top-level key names, nil for any other key.
    /// - Complexity: O(key length · fields).
    static func of(key: ArraySlice<UInt8>) -> TrackField? {
        for (k, name) in keys.enumerated() where name[...] == key { return allCases[k] }
        return nil
    }

    /// Every field's name as bytes, in `allCases` order (compared per line).
    private static let keys: [[UInt8]] = allCases.map { Array($0.rawValue.utf8) }

    /// The pairing key's name as bytes.
    static let seriesKey: [UInt8] = Array("series".utf8)

    /// The field a CSV column of `play --format csv` belongs to: its own
    /// name, or the prefix before `_` for the flattened ones.
    /// - Complexity: O(name length).
    static func of(column: String) -> TrackField? {
        if let field = TrackField(rawValue: column) { return field }
        for field in [TrackField.window, .selector, .y, .annotation, .box, .crosshair] where column.hasPrefix(field.rawValue + "_") {
            return field
        }
        return nil
    }
}
