import Foundation
import Testing

/// The stage rule of ARCHITECTURE.md, checked on the sources as text: each
/// folder of `Sources/RangePipeKit` names only the types declared in the
/// folders before it (`Support ← Model ← Ingest, Store, Simulation, Recording ← Export ←
/// Jobs`). A second reading of the rule, independent of the compiler, which
/// sees one module.
@Suite struct LayeringTests {
    static let mayName: [String: Set<String>] = [
        "Support": [], "Model": ["Support"],
        "Ingest": ["Support", "Model"], "Store": ["Support", "Model"], "Simulation": ["Support", "Model"],
        "Recording": ["Support", "Model"],
        "Export": ["Support", "Model", "Ingest", "Store", "Simulation", "Recording"],
        "Jobs": ["Support", "Model", "Ingest", "Store", "Simulation", "Recording", "Export"],
        "Compare": ["Support", "Model", "Export"],
    ]

    /// Swift source without comments and string literals' contents.
    static func code(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var out = "", inString = false, escaped = false
            let chars = Array(line)
            var i = 0
            while i < chars.count {
                let c = chars[i]
                if inString {
                    if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false; out.append(c) }
                } else if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                    break
                } else {
                    if c == "\"" { inString = true }
                    out.append(c)
                }
                i += 1
            }
            return out
        }.joined(separator: "\n")
    }

    static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
    }

    @Test("no stage folder names a type of a stage after it or beside it")
    func stagesLookOneWay() throws {
        let root = packageRoot.appendingPathComponent("Sources/RangePipeKit")
        let fm = FileManager.default
        var declared: [String: Set<String>] = [:], files: [String: [(String, String)]] = [:]
        let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
        for stage in try fm.contentsOfDirectory(atPath: root.path) {
            let dir = root.appendingPathComponent(stage)
            guard let walk = fm.enumerator(atPath: dir.path) else { continue }
            for case let rel as String in walk where rel.hasSuffix(".swift") {
                let code = Self.code(try String(contentsOf: dir.appendingPathComponent(rel), encoding: .utf8))
                let w = Self.words(code)
                for (k, word) in w.enumerated() where kinds.contains(word) && k + 1 < w.count {
                    if let first = w[k + 1].first, first.isUppercase { declared[stage, default: []].insert(String(w[k + 1])) }
                }
                files[stage, default: []].append(("\(stage)/\(rel)", code))
            }
        }
        #expect(Set(declared.keys).isSubset(of: Set(Self.mayName.keys)), "a stage folder the rule does not know: \(declared.keys.sorted())")
        #expect(declared["Simulation", default: []].contains("ViewSimulator") && declared["Model", default: []].contains("Window"),
                "the scan must find the declarations it checks")
        var found: [String] = []
        for (stage, list) in files {
            let allowed = (Self.mayName[stage] ?? []).union([stage])
            let own = allowed.reduce(into: Set<String>()) { $0.formUnion(declared[$1, default: []]) }
            var foreign: [String: String] = [:]
            for (other, names) in declared where !allowed.contains(other) {
                for name in names where !own.contains(name) { foreign[name] = other }
            }
            for (path, code) in list {
                for (n, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    for word in Self.words(String(line)) {
                        if let other = foreign[String(word)] { found.append("\(path):\(n + 1): \(stage) names \(other).\(word)") }
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found.sorted().joined(separator: "\n"))")
    }

    /// Words that hold or reach raw memory: pointer types, the scoped
    /// `withUnsafe…` accessors, and the casts and references that bypass
    /// the type system or reference counting.
    static func isUnsafe(_ word: Substring) -> Bool {
        let w = word.drop { $0 == "_" }
        if w.hasPrefix("withUnsafe") { return true }
        if w.hasSuffix("Pointer"), w.hasPrefix("Unsafe") || w.hasPrefix("AutoreleasingUnsafe") || w == "OpaquePointer" || w == "CVaListPointer" {
            return true
        }
        return ["Unmanaged", "unsafeBitCast", "unsafeDowncast", "unsafelyUnwrapped", "assumingMemoryBound", "bindMemory",
                "withMemoryRebound", "baseAddress"].contains(w)
    }

    /// The places in `code` (comments and strings already removed) that
    /// use raw memory: `line: word`.
    static func unsafeUses(in code: String) -> [String] {
        code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { n, line in
            words(String(line)).filter(isUnsafe).map { "\(n + 1): \($0)" }
        }
    }

    @Test("the unsafe check finds pointers in code, not in comments or strings")
    func unsafeCheckCanFail() {
        let bad = """
            /// Mentions UnsafePointer<UInt8> only in a comment.
            func f(_ b: [UInt8]) -> Int {
                let s = "withUnsafeBytes in a string"
                return b.withUnsafeBufferPointer { $0.count } // UnsafeRawPointer
            }
            struct Handle { let p: OpaquePointer; let r: UnsafeMutableRawBufferPointer? }
            """
        #expect(Self.unsafeUses(in: Self.code(bad)) == ["4: withUnsafeBufferPointer", "6: OpaquePointer", "6: UnsafeMutableRawBufferPointer"])
        #expect(Self.unsafeUses(in: Self.code("let view: ByteView // no pointer here: UnsafeBufferPointer")).isEmpty)
    }

    /// Every Swift source of the library and the executable, as its path
    /// (from the package root) and its code without comments.
    static func sources() throws -> [(path: String, code: String)] {
        var files: [(path: String, code: String)] = []
        for target in ["Sources/RangePipeKit", "Sources/rangepipe"] {
            let dir = packageRoot.appendingPathComponent(target)
            guard let walk = FileManager.default.enumerator(atPath: dir.path) else { continue }
            for case let rel as String in walk where rel.hasSuffix(".swift") {
                files.append(("\(target)/\(rel)", code(try String(contentsOf: dir.appendingPathComponent(rel), encoding: .utf8))))
            }
        }
        return files
    }

    @Test("pointers live only in +Unsafe.swift files")
    func pointersOnlyInUnsafeFiles() throws {
        let files = try Self.sources().filter { !$0.path.hasSuffix("+Unsafe.swift") }
        let found = files.flatMap { file in Self.unsafeUses(in: file.code).map { "\(file.path):\($0)" } }
        #expect(files.count > 100, "the scan must see the sources")
        #expect(found.isEmpty, "pointer code outside a +Unsafe.swift file:\n\(found.joined(separator: "\n"))")
    }
    @Test("the tool's sources do not import Foundation (the whole library and its ICU data would load with every run)")
    func noFoundation() throws {
        let files = try Self.sources()
        let found = files.flatMap { file in
            file.code.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("import Foundation") }
                .map { "\(file.path): \($0)" }
        }
        #expect(files.count > 100, "the scan must see the sources")
        #expect(found.isEmpty, "Foundation imported:\n\(found.joined(separator: "\n"))")
    }
}
