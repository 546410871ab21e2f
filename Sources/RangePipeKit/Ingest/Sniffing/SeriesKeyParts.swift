/// A series key written over several columns (`--series-column
/// state,gender`): which columns, and how a series is named from their
/// values (joined by `separator`, in the order the flag names them).
enum SeriesKeyParts {
    /// Between the parts of a series' name: `CA / F`.
    static let separator = " / "

    /// The columns `--series-column` names when it lists several (a comma,
    /// no empty part); nil for one column.
    static func names(_ wanted: String) -> [String]? {
        guard wanted.contains(",") else { return nil }
        let parts = wanted.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        return parts.count >= 2 && parts.allSatisfy { !$0.isEmpty } ? parts : nil
    }
}
