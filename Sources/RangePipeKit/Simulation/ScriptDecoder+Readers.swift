/// The typed readers every part of a script goes through: each names the
/// JSON path it read in its error.
extension ScriptDecoder {
    struct ObjectReader {
        let members: [(String, JSONValue)]
        let path: String
        var used: Set<String> = []

        init(_ value: JSONValue, _ path: String) throws {
            guard case let .object(m) = value else { throw Failure(path: path, message: "expected an object, got \(value.kindName)") }
            members = m
            self.path = path
        }

        func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

        mutating func take(_ key: String) -> JSONValue? {
            used.insert(key)
            return members.first { $0.0 == key }?.1
        }

        /// Unknown keys are errors, not silently ignored.
        func finish(allowed: [String]) throws {
            for (key, _) in members where !used.contains(key) {
                throw Failure(path: child(key), message: "unknown key (expected one of: \(allowed.joined(separator: ", ")))")
            }
        }
    }

    static func number(_ v: JSONValue, _ path: String, _ range: ClosedRange<Double>? = nil, open lower: Bool = false) throws -> Double {
        guard case let .number(n) = v else { throw Failure(path: path, message: "expected a number, got \(v.kindName)") }
        if let range {
            if n < range.lowerBound || n > range.upperBound || (lower && n == range.lowerBound) {
                let low = lower ? "greater than \(range.lowerBound.plainText)" : "at least \(range.lowerBound.plainText)"
                throw Failure(path: path, message: "\(n.plainText) is out of range (\(low), at most \(range.upperBound.plainText))")
            }
        }
        return n
    }

    static func string(_ v: JSONValue, _ path: String) throws -> String {
        guard case let .string(s) = v else { throw Failure(path: path, message: "expected a string, got \(v.kindName)") }
        return s
    }

    static func bool(_ v: JSONValue, _ path: String) throws -> Bool {
        guard case let .bool(b) = v else { throw Failure(path: path, message: "expected true or false, got \(v.kindName)") }
        return b
    }

    static func choice<T: RawRepresentable & CaseIterable>(_ v: JSONValue, _ path: String) throws -> T where T.RawValue == String {
        let s = try string(v, path)
        return try T.choice(s) { Failure(path: path, message: "\"\(s)\" is not one of \($0.map { "\"\($0)\"" }.joined(separator: ", "))") }
    }
}
