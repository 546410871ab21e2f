/// A JSON object read member by member, every error naming the member's
/// path (`events[2].path`): what a script and a recording both read. Each
/// stage turns a `Mismatch` into its own located error.
struct JSONObject {
    /// A value of the wrong kind at `path`: where, and what was found.
    struct Mismatch: Error {
        let path: String
        let message: String
    }

    let members: [(String, JSONValue)]
    /// Where the object is (`""` for a document's root).
    let path: String

    /// The object `value` at `path`, or a mismatch naming what it was.
    init(_ value: JSONValue, path: String) throws(Mismatch) {
        guard case let .object(m) = value else { throw Mismatch(path: path, message: "expected an object, got \(value.kindName)") }
        members = m
        self.path = path
    }

    /// The path of member `key` (`path.key`, or `key` at the root).
    static func child(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The path of member `key`.
    func child(_ key: String) -> String { Self.child(path, key) }

    /// Member `key`'s value, or nil when absent (the first, if repeated).
    /// - Complexity: O(members).
    func value(_ key: String) -> JSONValue? {
        members.first { $0.0 == key }?.1
    }

    /// `value` as a number, or a mismatch at `path`.
    static func number(_ value: JSONValue, at path: String) throws(Mismatch) -> Double {
        guard case let .number(n) = value else { throw Mismatch(path: path, message: "expected a number, got \(value.kindName)") }
        return n
    }

    /// `value` as a string, or a mismatch at `path`.
    static func string(_ value: JSONValue, at path: String) throws(Mismatch) -> String {
        guard case let .string(s) = value else { throw Mismatch(path: path, message: "expected a string, got \(value.kindName)") }
        return s
    }

    /// `value` as a boolean, or a mismatch at `path`.
    static func bool(_ value: JSONValue, at path: String) throws(Mismatch) -> Bool {
        guard case let .bool(b) = value else { throw Mismatch(path: path, message: "expected true or false, got \(value.kindName)") }
        return b
    }

    /// `value` as an array, or a mismatch at `path`.
    static func array(_ value: JSONValue, at path: String) throws(Mismatch) -> [JSONValue] {
        guard case let .array(items) = value else { throw Mismatch(path: path, message: "expected an array, got \(value.kindName)") }
        return items
    }
}
