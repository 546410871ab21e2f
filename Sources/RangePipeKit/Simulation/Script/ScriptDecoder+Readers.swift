/// The typed readers every part of a script goes through: each names the
/// JSON path it read in its error.
extension ScriptDecoder {
    /// A script object read key by key: a `JSONObject` that also
    /// remembers which keys were taken, so unknown ones are errors.
    struct ObjectReader {
        let object: JSONObject
        var used: Set<String> = []

        init(_ value: JSONValue, _ path: String) throws {
            object = try located { () throws(JSONObject.Mismatch) in try JSONObject(value, path: path) }
        }

        var path: String { object.path }

        func child(_ key: String) -> String { object.child(key) }

        mutating func take(_ key: String) -> JSONValue? {
            used.insert(key)
            return object.value(key)
        }

        /// Unknown keys are errors, not silently ignored.
        func finish(allowed: [String]) throws {
            for (key, _) in object.members where !used.contains(key) {
                throw Failure(path: child(key), message: "unknown key (expected one of: \(allowed.joined(separator: ", ")))")
            }
        }
    }

    /// `body`'s value, with a mismatch as the script's located failure.
    static func located<T>(_ body: () throws(JSONObject.Mismatch) -> T) throws(Failure) -> T {
        do { return try body() } catch { throw Failure(path: error.path, message: error.message) }
    }

    static func number(_ v: JSONValue, _ path: String, _ range: ClosedRange<Double>? = nil, open lower: Bool = false) throws -> Double {
        let n = try located { () throws(JSONObject.Mismatch) in try JSONObject.number(v, at: path) }
        if let range {
            if n < range.lowerBound || n > range.upperBound || (lower && n == range.lowerBound) {
                let low = lower ? "greater than \(range.lowerBound.plainText)" : "at least \(range.lowerBound.plainText)"
                throw Failure(path: path, message: "\(n.plainText) is out of range (\(low), at most \(range.upperBound.plainText))")
            }
        }
        return n
    }

    static func string(_ v: JSONValue, _ path: String) throws -> String {
        try located { () throws(JSONObject.Mismatch) in try JSONObject.string(v, at: path) }
    }

    static func bool(_ v: JSONValue, _ path: String) throws -> Bool {
        try located { () throws(JSONObject.Mismatch) in try JSONObject.bool(v, at: path) }
    }

    static func choice<T: RawRepresentable & CaseIterable>(_ v: JSONValue, _ path: String) throws -> T where T.RawValue == String {
        let s = try string(v, path)
        return try T.choice(s) { Failure(path: path, message: "\"\(s)\" is not one of \($0.map { "\"\($0)\"" }.joined(separator: ", "))") }
    }
}
