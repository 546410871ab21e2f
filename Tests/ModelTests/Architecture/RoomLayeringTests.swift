import Foundation
import Testing

/// Inside a stage, rooms by responsibility (ARCHITECTURE.md): each room
/// names only the types of the rooms before it in its stage's list, and in
/// `Simulation/Profiles/` no library's folder names another library's types.
/// The stage rule itself is `LayeringTests`.
@Suite struct RoomLayeringTests {
    /// Each stage's rooms, lowest first. A file directly in the stage
    /// folder stands below every room.
    static let rooms: [String: [String]] = [
        "Simulation": ["Queries", "Script", "Physics", "Plan", "Gestures", "Profiles", "Simulator"],
        "Ingest": ["Reading", "Sniffing", "Building"],
        "Export": ["Text", "Ticks", "Frames", "Pictures", "Reports"],
    ]

    /// A source file: its stage, its room path inside the stage (empty
    /// directly in it), and its code without comments and strings.
    struct File {
        let path: String
        let stage: String
        let room: [String]
        let code: String
    }

    /// Types declared at the top level of `code` (not nested ones, whose
    /// short names other rooms may reuse).
    static func topLevelTypes(_ code: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
        return code.split(separator: "\n").compactMap { line in
            guard let first = line.first, first.isLetter else { return nil }
            let w = LayeringTests.words(String(line))
            guard let k = w.firstIndex(where: { kinds.contains($0) }), k + 1 < w.count else { return nil }
            let modifiers: Set<Substring> = ["public", "package", "internal", "private", "fileprivate", "final", "indirect"]
            guard w[..<k].allSatisfy({ modifiers.contains($0) }), w[k + 1].first?.isUppercase == true else { return nil }
            return String(w[k + 1])
        }
    }

    /// The places where a file names a type of a room above its own, or a
    /// sibling library's (`stage/room/file:line: names Room.Type`).
    static func violations(_ files: [File]) -> [String] {
        var declared: [String: (stage: String, room: [String])] = [:]
        for file in files {
            for name in topLevelTypes(file.code) { declared[name] = (file.stage, file.room) }
        }
        var found: [String] = []
        for file in files {
            guard let order = rooms[file.stage] else { continue }
            let mine = file.room.first.flatMap { order.firstIndex(of: $0) } ?? -1
            for (n, line) in file.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for word in LayeringTests.words(String(line)) {
                    guard let (stage, room) = declared[String(word)], stage == file.stage, room != file.room else { continue }
                    let theirs = room.first.flatMap { order.firstIndex(of: $0) } ?? -1
                    // A sibling folder inside the same room (one library and another).
                    let sibling = theirs == mine && room.count > 1 && file.room.count > 1 && room[1] != file.room[1]
                    if theirs > mine || sibling {
                        found.append("\(file.path):\(n + 1): names \(room.joined(separator: "/")).\(word)")
                    }
                }
            }
        }
        return found
    }

    static func stageFiles() throws -> [File] {
        let root = packageRoot.appendingPathComponent("Sources/RangePipeKit")
        var files: [File] = []
        for stage in try FileManager.default.contentsOfDirectory(atPath: root.path) {
            let dir = root.appendingPathComponent(stage)
            guard let walk = FileManager.default.enumerator(atPath: dir.path) else { continue }
            for case let rel as String in walk where rel.hasSuffix(".swift") {
                let parts = rel.split(separator: "/").map(String.init)
                files.append(File(path: "\(stage)/\(rel)", stage: stage, room: Array(parts.dropLast()),
                                  code: LayeringTests.code(try String(contentsOf: dir.appendingPathComponent(rel), encoding: .utf8))))
            }
        }
        return files
    }

    @Test("no room names a room above it, and no library's profile names another's")
    func roomsLookOneWay() throws {
        let files = try Self.stageFiles()
        for (stage, order) in Self.rooms {
            let present = Set(files.filter { $0.stage == stage }.compactMap(\.room.first))
            #expect(present == Set(order), "\(stage)'s rooms on disk \(present.sorted()) against the rule's \(order)")
            #expect(files.filter { $0.stage == stage && $0.room.isEmpty }.isEmpty, "\(stage): a file outside every room")
        }
        #expect(files.contains { $0.room == ["Profiles", "Plotly"] } && files.contains { $0.room == ["Profiles", "Bokeh"] })
        let found = Self.violations(files)
        #expect(found.isEmpty, "\(found.sorted().joined(separator: "\n"))")
    }

    @Test("the room check finds a low room naming a high one, and one library naming another")
    func roomCheckCanFail() {
        let files = [
            File(path: "Simulation/Queries/Q.swift", stage: "Simulation", room: ["Queries"], code: "struct Query { let s: ViewSim }"),
            File(path: "Simulation/Simulator/V.swift", stage: "Simulation", room: ["Simulator"], code: "public struct ViewSim { let q: Query }"),
            File(path: "Simulation/Profiles/A/A.swift", stage: "Simulation", room: ["Profiles", "A"], code: "struct AProfile { let b: BProfile }"),
            File(path: "Simulation/Profiles/B/B.swift", stage: "Simulation", room: ["Profiles", "B"], code: "struct BProfile {\n    struct Query {}\n}"),
        ]
        #expect(Self.violations(files) == ["Simulation/Queries/Q.swift:1: names Simulator.ViewSim",
                                           "Simulation/Profiles/A/A.swift:1: names Profiles/B.BProfile"])
    }
}
