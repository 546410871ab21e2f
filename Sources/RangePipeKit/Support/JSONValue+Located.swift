extension JSONValue {
    /// Parses a whole document read from `file` whose first byte is on line
    /// `firstLine` (an NDJSON line passes its own number), and turns a
    /// syntax error into the caller's error, made by `failure` from where
    /// (`file:line:column`) and what: the one place every JSON input — a
    /// script, a layout, a recording — is parsed and its errors located.
    /// - Complexity: O(n) in the bytes.
    public static func parse<Located: Error>(_ bytes: [UInt8], file: String, firstLine: Int = 1,
                                             or failure: (SourceLocation, String) -> Located) throws(Located) -> JSONValue {
        do {
            return try parse(bytes)
        } catch {
            throw failure(SourceLocation(file: file, line: firstLine + error.line - 1, column: error.column), error.message)
        }
    }
}
