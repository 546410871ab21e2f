import Foundation
import Testing

/// The repository's Markdown pages, read as files: every relative link
/// resolves (the file, and its `#anchor` by GitHub's heading slugs), and no
/// page speaks of a development session ("session 16", "this session",
/// "earlier runs"). Recorded browser sessions are a domain term and pass.
@Suite struct DocLinksTests {
    /// Folders that hold no tracked page: build trees, caches, virtualenvs,
    /// bench output and fuzzing scratch (see `.gitignore`).
    static let skippedFolders: Set<String> = ["bench-out", "corpus", "findings", "node_modules"]

    /// Diary wording; "recorded sessions", "a session" and "every session"
    /// (Plotly/Bokeh recordings, Spark sessions) do not match.
    static let diary = #"\bsession \d+\b|\bthis session\b|\(session \d+\)|\bearlier runs\b|\b(?:this|last|previous) round\b"#

    /// Simple word boundaries: Unicode's would read "session's" as one word.
    static func diaryPattern() throws -> Regex<AnyRegexOutput> {
        try Regex(diary).ignoresCase().wordBoundaryKind(.simple)
    }

    /// The `.md` files under `root`, as paths relative to it, sorted.
    /// - Complexity: O(files under root).
    static func pages(under root: URL) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [String] = []
        for case let rel as String in walk {
            let parts = rel.split(separator: "/")
            if parts.contains(where: { $0.hasPrefix(".") || skippedFolders.contains(String($0)) }) {
                walk.skipDescendants()
                continue
            }
            if rel.hasSuffix(".md") { found.append(rel) }
        }
        return found.sorted()
    }

    /// Lines outside fenced code blocks, with their 1-based numbers (indented
    /// lines stay: list items continue at four spaces here).
    static func proseLines(_ text: String) -> [(number: Int, text: Substring)] {
        var out: [(Int, Substring)] = [], fence: Substring? = nil
        for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop(while: { $0 == " " })
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if let marker = ["```", "~~~"].first(where: { trimmed.hasPrefix($0) }) {
                fence = Substring(marker)
                continue
            }
            out.append((k + 1, line))
        }
        return out
    }

    /// A line without its code spans (`` `a` ``, ``` ``a`` ```): links and
    /// diary words inside code are examples, not prose.
    static func withoutCode(_ line: Substring) -> String {
        var out = "", chars = Array(line), i = 0
        while i < chars.count {
            guard chars[i] == "`" else { out.append(chars[i]); i += 1; continue }
            var run = 0
            while i + run < chars.count, chars[i + run] == "`" { run += 1 }
            let open = String(repeating: "`", count: run)
            let rest = String(chars[(i + run)...])
            guard let close = rest.range(of: open) else { out.append(open); i += run; continue }
            out.append("CODE")
            i += run + rest.distance(from: rest.startIndex, to: close.upperBound)
        }
        return out
    }

    /// GitHub's anchor for a heading's text (github-slugger): the rendered
    /// text lower-cased, every character but letters, digits, `-`, `_` and
    /// spaces dropped, each space a `-`; the n-th repeat gets `-n`.
    /// - Complexity: O(heading length).
    static func slug(_ heading: String, seen: inout [String: Int]) -> String {
        var text = heading
        // Links render as their text; code, emphasis and HTML marks vanish.
        if let link = try? Regex(#"!?\[([^\]]*)\]\([^)]*\)"#) { text = text.replacing(link) { String($0.output[1].substring ?? "") } }
        if let tag = try? Regex(#"<[^>]+>"#) { text = text.replacing(tag, with: "") }
        text = text.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "*", with: "")
        let base = String(text.lowercased().compactMap { c -> Character? in
            if c == " " { return "-" }
            return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
        })
        let n = seen[base, default: 0]
        seen[base] = n + 1
        return n == 0 ? base : "\(base)-\(n)"
    }

    /// The anchors a page's ATX headings make.
    static func anchors(_ text: String) -> Set<String> {
        var seen: [String: Int] = [:], out: Set<String> = []
        for (_, line) in proseLines(text) {
            let body = line.drop(while: { $0 == " " })
            guard line.count - body.count <= 3 else { continue }
            let hashes = body.prefix(while: { $0 == "#" }).count
            guard (1...6).contains(hashes) else { continue }
            let rest = body.dropFirst(hashes)
            guard rest.isEmpty || rest.first == " " else { continue }
            var title = rest.trimmingCharacters(in: .whitespaces)
            while title.hasSuffix("#") { title.removeLast() }
            out.insert(slug(title.trimmingCharacters(in: .whitespaces), seen: &seen))
        }
        return out
    }

    /// One problem per line: `page:line: link -> why`, for every relative
    /// link of `pages` (paths under `root`) that names no file or no anchor.
    /// - Complexity: O(total page bytes).
    static func brokenLinks(root: URL, pages: [String]) throws -> [String] {
        let linkPattern = try Regex(#"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)"#)
        var texts: [String: String] = [:], headings: [String: Set<String>] = [:], problems: [String] = []
        func text(_ rel: String) throws -> String {
            if let t = texts[rel] { return t }
            let t = try String(contentsOf: root.appendingPathComponent(rel), encoding: .utf8)
            texts[rel] = t
            return t
        }
        for page in pages {
            let dir = (page as NSString).deletingLastPathComponent
            for (number, line) in proseLines(try text(page)) {
                for match in withoutCode(line).matches(of: linkPattern) {
                    let target = String(match.output[1].substring ?? "")
                    if target.contains("://") || target.hasPrefix("mailto:") || target.hasPrefix("/") { continue }
                    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    let pathPart = (String(parts[0]).removingPercentEncoding ?? String(parts[0]))
                    let file = pathPart.isEmpty ? page : ((dir as NSString).appendingPathComponent(pathPart) as NSString).standardizingPath
                    var isDir: ObjCBool = false
                    guard !file.hasPrefix(".."), FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path, isDirectory: &isDir) else {
                        problems.append("\(page):\(number): \(target) -> no such file")
                        continue
                    }
                    guard parts.count == 2, !parts[1].isEmpty else { continue }
                    let anchor = String(parts[1]).removingPercentEncoding ?? String(parts[1])
                    guard !isDir.boolValue, file.hasSuffix(".md") else {
                        problems.append("\(page):\(number): \(target) -> an anchor into a file that is not Markdown")
                        continue
                    }
                    if headings[file] == nil { headings[file] = anchors(try text(file)) }
                    if !headings[file]!.contains(anchor) {
                        problems.append("\(page):\(number): \(target) -> no heading makes #\(anchor)")
                    }
                }
            }
        }
        return problems
    }

    /// One line per diary phrase: `page:line: phrase`.
    static func diaryWording(root: URL, pages: [String]) throws -> [String] {
        let pattern = try diaryPattern()
        var found: [String] = []
        for page in pages {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for match in line.matches(of: pattern) { found.append("\(page):\(number + 1): \(line[match.range])") }
            }
        }
        return found
    }

    @Test("every relative link in every page resolves, #anchors by GitHub's slugs")
    func everyLinkResolves() throws {
        let pages = Self.pages(under: packageRoot)
        #expect(pages.contains("README.md") && pages.contains("docs/scripts.md") && pages.count >= 20)
        let problems = try Self.brokenLinks(root: packageRoot, pages: pages)
        #expect(problems.isEmpty, "\(problems.count) broken links:\n\(problems.joined(separator: "\n"))")
    }

    @Test("no page speaks of a development session")
    func noDiary() throws {
        let found = try Self.diaryWording(root: packageRoot, pages: Self.pages(under: packageRoot))
        #expect(found.isEmpty, "diary wording:\n\(found.joined(separator: "\n"))")
    }

    /// Headings and the anchors GitHub gives them (checked on github.com).
    static let slugCases: [(String, String)] = [
        ("Set up", "set-up"),
        ("`rangepipe render`: a replay as a video or as PNG frames", "rangepipe-render-a-replay-as-a-video-or-as-png-frames"),
        ("Output targets, hostile input and limits", "output-targets-hostile-input-and-limits"),
        ("`drag-selection` (overview)", "drag-selection-overview"),
        ("How rows move, and where the time goes", "how-rows-move-and-where-the-time-goes"),
        ("Spans in points × 2 — a–b", "spans-in-points--2--ab"),
        ("x_min and y.max", "x_min-and-ymax"),
        ("See [play](docs/play.md) now", "see-play-now"),
        ("Ünïcode Größe", "ünïcode-größe"),
        ("Trailing hashes ##", "trailing-hashes"),
    ]

    @Test("heading slugs follow GitHub's rules", arguments: slugCases)
    func slugs(heading: String, anchor: String) {
        #expect(Self.anchors("# " + heading) == [anchor])
    }

    @Test("a repeated heading gets -1, -2; headings in code make no anchor")
    func repeatsAndCode() {
        let text = "# A\n## A\n### A\n```\n# B\n```\n    # C\n   # D\n"
        #expect(Self.anchors(text) == ["a", "a-1", "a-2", "d"])
    }

    /// Each case: a page's text and how many problems the checker reports.
    static let linkCases: [(String, Int)] = [
        ("[ok](other.md) [ok](other.md#there) [ok](#here) [ok](sub/) [web](https://x.invalid/#nope)", 0),
        ("[gone](missing.md)", 1),
        ("[bad anchor](other.md#nowhere)", 1),
        ("[bad local anchor](#there)", 1),
        ("![picture](sub/missing.png)", 1),
        ("[dir anchor](sub/#x)", 1),
        ("[up and out](../../outside.md)", 1),
        ("`[in code](missing.md)` and\n```\n[fenced](missing.md)\n```", 0),
        ("[two](missing.md) [three](other.md#nope)", 2),
        ("[titled](other.md \"title\") [spaced](other%20page.md)", 0),
    ]

    @Test("the checker finds what is broken and only that", arguments: linkCases)
    func checker(page: String, problems: Int) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("doclinks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try "# There\n".write(to: root.appendingPathComponent("other.md"), atomically: true, encoding: .utf8)
        try "# Else\n".write(to: root.appendingPathComponent("other page.md"), atomically: true, encoding: .utf8)
        try ("# Here\n" + page + "\n").write(to: root.appendingPathComponent("page.md"), atomically: true, encoding: .utf8)
        let found = try Self.brokenLinks(root: root, pages: ["page.md"])
        #expect(found.count == problems, "\(found)")
    }

    /// Phrases and whether they are diary wording.
    static let diaryCases: [(String, Bool)] = [
        ("### make bench (session 16)", true), ("this session's run", true), ("at the start of session 15", true),
        ("### Earlier runs", true), ("58 tests in 7.1 minutes this round", true), ("This Session changed", true),
        ("a session recorded on a Plotly dashboard", false), ("968 sessions, 39,949 samples", false),
        ("every session starts at the same frame phase", false), ("Recorded sessions", false),
        ("the session id, the sample index", false), ("SparkSession per module", false),
    ]

    @Test("the diary pattern tells development sessions from recorded ones", arguments: diaryCases)
    func diaryPattern(phrase: String, isDiary: Bool) throws {
        #expect((phrase.firstMatch(of: try Self.diaryPattern()) != nil) == isDiary)
    }
}
