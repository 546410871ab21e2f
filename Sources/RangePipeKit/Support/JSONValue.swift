/// A parsed JSON document, for small inputs such as scripts. Objects keep
/// their key order (unknown-key errors name keys as written).
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Equal values; objects are equal with the same members in the same order.
    public static func == (l: JSONValue, r: JSONValue) -> Bool {
        switch (l, r) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The kind, for messages: "a number", "an object", …
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Text that is not JSON, at a 1-based line and column (in bytes).
    public struct SyntaxError: Error, Sendable {
        public var line: Int
        public var column: Int
        /// What was wrong there, for the message.
        public var message: String
    }

    /// Parses a whole document. Nesting deeper than `maxDepth` is an error,
    /// not a stack overflow.
    /// - Complexity: O(n) in the bytes.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 256) throws(SyntaxError) -> JSONValue {
        var parser = Parser(bytes: bytes, maxDepth: maxDepth)
        return try parser.document()
    }

    private struct Parser {
        let bytes: [UInt8]
        let maxDepth: Int
        var i = 0
        var depth = 0

        func fail(_ message: String, at offset: Int? = nil) -> SyntaxError {
            let end = min(offset ?? i, bytes.count)
            var line = 1, lineStart = 0
            for k in 0 ..< end where bytes[k] == 0x0a { line += 1; lineStart = k + 1 }
            return SyntaxError(line: line, column: end - lineStart + 1, message: message)
        }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0a || bytes[i] == 0x0d || bytes[i] == 0x09 { i += 1 }
        }

        mutating func document() throws(SyntaxError) -> JSONValue {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
            skipSpace()
            let v = try value()
            skipSpace()
            guard i == bytes.count else { throw fail("unexpected text after the JSON document") }
            return v
        }

        mutating func value() throws(SyntaxError) -> JSONValue {
            guard i < bytes.count else { throw fail("unexpected end of the document") }
            switch bytes[i] {
            case 0x7b: return try object()
            case 0x5b: return try array()
            case 0x22: return .string(try string())
            case 0x74: try word("true"); return .bool(true)
            case 0x66: try word("false"); return .bool(false)
            case 0x6e: try word("null"); return .null
            case 0x2d, 0x30 ... 0x39: return .number(try number())
            default: throw fail("expected a JSON value")
            }
        }

        mutating func word(_ w: String) throws(SyntaxError) {
            let u = Array(w.utf8)
            guard i + u.count <= bytes.count, Array(bytes[i ..< i + u.count]) == u else { throw fail("invalid literal") }
            i += u.count
        }

        mutating func enter() throws(SyntaxError) {
            depth += 1
            if depth > maxDepth { throw fail("nested deeper than \(maxDepth) levels") }
        }

        mutating func object() throws(SyntaxError) -> JSONValue {
            try enter()
            defer { depth -= 1 }
            i += 1
            var members: [(String, JSONValue)] = []
            // Past a few keys, duplicates are found by hashing: a scan per
            // key would make a 10^5-key object (a play state) quadratic.
            var seen: Set<String>?
            skipSpace()
            if i < bytes.count, bytes[i] == 0x7d { i += 1; return .object(members) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == 0x22 else { throw fail("expected a key string") }
                let keyOffset = i
                let key = try string()
                if members.count == 16 { seen = Set(members.map(\.0)) }
                let repeated = seen != nil ? !seen!.insert(key).inserted : members.contains { $0.0 == key }
                if repeated { throw fail("duplicate key \"\(key)\"", at: keyOffset) }
                skipSpace()
                guard i < bytes.count, bytes[i] == 0x3a else { throw fail("expected ':'") }
                i += 1
                skipSpace()
                members.append((key, try value()))
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of the document") }
                if bytes[i] == 0x2c { i += 1; continue }
                if bytes[i] == 0x7d { i += 1; return .object(members) }
                throw fail("expected ',' or '}'")
            }
        }

        mutating func array() throws(SyntaxError) -> JSONValue {
            try enter()
            defer { depth -= 1 }
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == 0x5d { i += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value())
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of the document") }
                if bytes[i] == 0x2c { i += 1; continue }
                if bytes[i] == 0x5d { i += 1; return .array(items) }
                throw fail("expected ',' or ']'")
            }
        }

        mutating func number() throws(SyntaxError) -> Double {
            let start = i
            if bytes[i] == 0x2d { i += 1 }
            func digits() -> Int { let s = i; while i < bytes.count, bytes[i] &- 0x30 < 10 { i += 1 }; return i - s }
            guard i < bytes.count else { throw fail("invalid number") }
            if bytes[i] == 0x30 { i += 1 } else if digits() == 0 { throw fail("invalid number") }
            if i < bytes.count, bytes[i] == 0x2e { i += 1; if digits() == 0 { throw fail("invalid number") } }
            if i < bytes.count, bytes[i] | 0x20 == 0x65 {
                i += 1
                if i < bytes.count, bytes[i] == 0x2b || bytes[i] == 0x2d { i += 1 }
                if digits() == 0 { throw fail("invalid number") }
            }
            // A valid JSON number by now, which `Double(_:)` reads correctly
            // rounded, as the ingest's DecimalParser does (a test checks).
            let v = Double(String(decoding: bytes[start ..< i], as: UTF8.self))
            guard let v, v.isFinite else { throw fail("number out of range", at: start) }
            return v
        }

        mutating func string() throws(SyntaxError) -> String {
            let start = i + 1
            i = start
            var escaped = false
            while i < bytes.count, bytes[i] != 0x22 {
                if bytes[i] < 0x20 { throw fail("control character in a string") }
                if bytes[i] == 0x5c { escaped = true; i += 1 }
                i += 1
            }
            guard i < bytes.count else { throw fail("unterminated string") }
            let end = i
            i += 1
            var out: [UInt8] = []
            if escaped {
                do throws(JSONEscapes.Invalid) {
                    try JSONEscapes.decode(bytes, start, end, into: &out)
                } catch {
                    throw fail(error.message, at: error.offset)
                }
            } else {
                out = Array(bytes[start ..< end])
            }
            guard let s = String(validating: out, as: UTF8.self) else { throw fail("string is not valid UTF-8", at: start) }
            return s
        }
    }
}
