/// How a CSV header row becomes column names, shared by the sniffer and
/// the column plan so that both see the same names.
enum HeaderNames {
    /// Makes names unique: a name seen before gets the suffix `.N`, N being
    /// its occurrence (`ISE`, `ISE.2`), skipping suffixes already taken.
    static func unique(_ names: [String]) -> [String] {
        var taken = Set(names)
        var seen: [String: Int] = [:]
        return names.map { name in
            let count = (seen[name] ?? 0) + 1
            seen[name] = count
            guard count > 1 else { return name }
            var n = count
            while taken.contains("\(name).\(n)") { n += 1 }
            taken.insert("\(name).\(n)")
            return "\(name).\(n)"
        }
    }

    /// R's `write.csv` writes a row name first on every row but no name for
    /// it in the header: with `rowNames`, the header gains an empty first
    /// name. A header ending in a comma the rows do not have
    /// (`trailingEmpty`) loses its last, empty name. No name is blank, so
    /// no message shows an empty name: an empty first name over row names
    /// (`rowNamesColumn`) is `(row names)`, any other empty name its
    /// 1-based column number, `(column 3)`.
    static func names(_ header: [String], rowNames: Bool, trailingEmpty: Bool = false, rowNamesColumn: Bool = false) -> [String] {
        var names = rowNames ? [""] + header : header
        if trailingEmpty, names.count > 1, names.last?.isEmpty == true { names.removeLast() }
        for k in names.indices where names[k].isEmpty {
            names[k] = k == 0 && rowNamesColumn ? RowNames.displayName : "(column \(k + 1))"
        }
        return unique(names)
    }
}
