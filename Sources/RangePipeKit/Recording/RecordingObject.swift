/// A JSON object of a recording read key by key, every error naming where
/// it is: `file: path.key` (`file` is `rec.ndjson:12` for an NDJSON line).
/// Keys a reader does not ask for are ignored: browsers and drivers add
/// properties (pressure, tilt, modifiers) that do not matter here.
struct RecordingObject {
    let object: JSONObject
    let file: String

    /// The object `value` at `path`, or a failure naming what it was.
    init(_ value: JSONValue, file: String, path: String) throws(RecordingFailure) {
        self.file = file
        object = try Self.located(file) { () throws(JSONObject.Mismatch) in try JSONObject(value, path: path) }
    }

    var path: String { object.path }

    static func location(_ file: String, _ path: String) -> String {
        path.isEmpty ? file : "\(file): \(path)"
    }

    static func child(_ path: String, _ key: String) -> String { JSONObject.child(path, key) }

    /// `body`'s value, with a mismatch as a failure located in `file`.
    static func located<T>(_ file: String, _ body: () throws(JSONObject.Mismatch) -> T) throws(RecordingFailure) -> T {
        do { return try body() } catch { throw RecordingFailure(location(file, error.path), error.message) }
    }

    /// `file: path.key`, or the object's own location for nil.
    func location(_ key: String? = nil) -> String {
        Self.location(file, key.map { object.child($0) } ?? path)
    }

    func child(_ key: String) -> String { object.child(key) }

    func value(_ key: String) -> JSONValue? { object.value(key) }

    func fail(_ key: String?, _ message: String) -> RecordingFailure {
        RecordingFailure(location(key), message)
    }

    func optionalNumber(_ key: String) throws(RecordingFailure) -> Double? {
        guard let v = value(key), v != .null else { return nil }
        return try Self.located(file) { () throws(JSONObject.Mismatch) in try JSONObject.number(v, at: child(key)) }
    }

    func number(_ key: String, _ why: String = "") throws(RecordingFailure) -> Double {
        guard let n = try optionalNumber(key) else { throw fail(key, "missing\(why)") }
        return n
    }

    func optionalString(_ key: String) throws(RecordingFailure) -> String? {
        guard let v = value(key), v != .null else { return nil }
        return try Self.located(file) { () throws(JSONObject.Mismatch) in try JSONObject.string(v, at: child(key)) }
    }

    func string(_ key: String, _ why: String = "") throws(RecordingFailure) -> String {
        guard let s = try optionalString(key) else { throw fail(key, "missing\(why)") }
        return s
    }

    /// A boolean member (`shiftKey`); false when absent or null.
    func flag(_ key: String) throws(RecordingFailure) -> Bool {
        guard let v = value(key), v != .null else { return false }
        return try Self.located(file) { () throws(JSONObject.Mismatch) in try JSONObject.bool(v, at: child(key)) }
    }

    /// A pointer kind (`pointerType`): `mouse`, `pen` or `touch`; absent,
    /// null or `""` (a synthetic event's default) is a mouse.
    func pointerKind(_ key: String) throws(RecordingFailure) -> RecordedPointerKind {
        guard let name = try optionalString(key), !name.isEmpty else { return .mouse }
        guard let kind = RecordedPointerKind(rawValue: name) else {
            throw fail(key, "unknown pointer type \"\(name)\" (expected mouse, pen or touch)")
        }
        return kind
    }

    /// A whole number in `range` (pointer ids, buttons).
    func integer(_ key: String, _ range: ClosedRange<Int>) throws(RecordingFailure) -> Int {
        let n = try number(key)
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw fail(key, "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(n)")
        }
        return Int(n)
    }

    /// A duration in ms (≥ 0), nil when absent.
    func duration(_ key: String) throws(RecordingFailure) -> Double? {
        guard let d = try optionalNumber(key) else { return nil }
        guard d >= 0 else { throw fail(key, "a duration cannot be negative (\(d))") }
        return d
    }

    /// An array member, required.
    func array(_ key: String) throws(RecordingFailure) -> [JSONValue] {
        guard let v = value(key) else { throw fail(key, "missing") }
        return try Self.located(file) { () throws(JSONObject.Mismatch) in try JSONObject.array(v, at: child(key)) }
    }
}
