/// Every path one run reads and writes, declared by the command and
/// checked once, before anything is opened for writing: the one rule that
/// keeps a run from destroying what it reads.
///
/// A run is refused (usage, exit 64, naming both options; nothing touched)
/// when an output is
/// - the same file as an input, the store, or another output, by any
///   spelling (`PathIdentity`: links, hard links, `../`), standard output
///   and standard input included when they are files;
/// - one of a store's companion files (`-wal`, `-shm`, `-journal`);
/// - a name the run's own temporary files take or clear beside another
///   path (`PATH.tmp-PID`, which a later run removes as abandoned);
/// - or, for `render -o DIR/`, an input is one of the frame files it makes.
///
/// A character device (`/dev/null`) may be named twice: writing it
/// destroys nothing.
public struct RunPaths: Sendable {
    /// Whether a role's file is read or written (a written file may also be read).
    public enum Use: Sendable { case reads, writes }

    struct Role: Sendable {
        /// What messages call it: `-o`, `--store`, `the script`, …
        let option: String
        /// As the user gave it; nil for standard input or output.
        let path: String?
        let use: Use
        /// Names beside the file that are part of it (a store's journals).
        var companions: [String] = []
        /// `render -o DIR/`: the role is the directory the frames go in.
        var holdsFrames = false
    }

    private var roles: [Role] = []

    public init() {}

    /// Files the run reads; `-` is standard input.
    public mutating func reads(_ paths: [String], as option: String) {
        for path in paths { roles.append(Role(option: option, path: path == "-" ? nil : path, use: .reads)) }
    }

    /// A file the run reads, if any; `-` is standard input.
    public mutating func reads(_ path: String?, as option: String) {
        if let path { reads([path], as: option) }
    }

    /// A file the run writes, if any; `-` is standard output.
    public mutating func writes(_ path: String?, as option: String) {
        guard let path else { return }
        roles.append(Role(option: option, path: path == "-" ? nil : path, use: .writes))
    }

    /// Standard output, where the run writes its result.
    public mutating func writesStandardOutput() {
        writes("-", as: "standard output")
    }

    /// The store, read or written, with the journals SQLite keeps beside it.
    public mutating func store(_ path: String, writing: Bool, as option: String = "--store") {
        roles.append(Role(option: option, path: path, use: writing ? .writes : .reads, companions: ["-wal", "-shm", "-journal"]))
    }

    /// `render`'s frames directory: every `frame-NNNNNN.png` in it is written.
    public mutating func writesFrames(in directory: String, as option: String) {
        let trimmed = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        roles.append(Role(option: option, path: trimmed, use: .writes, holdsFrames: true))
    }

    /// Declares a run's paths with `declare` and checks them.
    /// - Throws: as `check()`.
    public static func check(_ declare: (inout RunPaths) -> Void) throws {
        var paths = RunPaths()
        declare(&paths)
        try paths.check()
    }

    /// Refuses the run when an output is also an input or another output.
    /// - Throws: `.usage` naming both roles; `.cannotCreate` for a link
    ///   loop in a path.
    /// - Complexity: O(n²) in the few paths one run names.
    public func check() throws {
        let places = try roles.map(Place.init)
        for (i, a) in places.enumerated() {
            for b in places[(i + 1)...] where a.role.use == .writes || b.role.use == .writes {
                if let clash = a.clash(with: b) ?? b.clash(with: a) { throw RangePipeError.usage(clash) }
            }
        }
    }
}

extension RunPaths {
    /// One role's files as they stand now.
    struct Place {
        let role: Role
        /// The file itself and its companions; nil for a terminal or pipe.
        let identities: [(label: String, identity: PathIdentity)]

        init(_ role: Role) throws {
            self.role = role
            guard let path = role.path else {
                let fd = role.use == .reads ? Platform.standardInput : Platform.standardOutput
                identities = PathIdentity(descriptor: fd).map { [("", $0)] } ?? []
                return
            }
            identities = try [("", PathIdentity(of: path))] + role.companions.map { ($0, try PathIdentity(of: path + $0)) }
        }

        /// The message when `other`'s file is this role's file or one of
        /// its companions, one of its temporary files, or one of its frames.
        func clash(with other: Place) -> String? {
            for (mine, ours) in identities {
                for (label, theirs) in other.identities where ours.key == theirs.key && theirs.kind != .characterDevice {
                    return "\(describe(other, label)) and \(describe(self, mine)) are the same file; nothing was changed"
                }
            }
            guard role.use == .writes, let mine = identities.first?.identity else { return nil }
            for (label, theirs) in other.identities {
                if role.holdsFrames {
                    if case let .file(device, inode) = mine.key, theirs.directory == .found(device: device, inode: inode),
                       Self.isFrameName(theirs.name) {
                        return "\(describe(other, label)) is one of the frames \(describe(self, "")) writes; nothing was changed"
                    }
                } else if mine.directory == theirs.directory,
                          Self.isTemporaryName(theirs.name, of: mine.name, companions: role.companions) {
                    return "\(describe(other, label)) has the name of a temporary file of \(describe(self, "")); nothing was changed"
                }
            }
            return nil
        }

        private func describe(_ place: Place, _ companion: String) -> String {
            guard let path = place.role.path else {
                return place.role.use == .reads ? "standard input" : "standard output"
            }
            return companion.isEmpty ? "\(place.role.option) '\(path)'" : "\(place.role.option)'s '\(path)\(companion)'"
        }

        /// `NAME.tmp-PID`, or one of its companions: what `AtomicFile`
        /// writes beside NAME and later removes as abandoned.
        static func isTemporaryName(_ candidate: String, of name: String, companions: [String]) -> Bool {
            let prefix = name + ".tmp-"
            guard candidate.hasPrefix(prefix) else { return false }
            var rest = Substring(candidate.dropFirst(prefix.count))
            if let suffix = companions.first(where: { rest.hasSuffix($0) }) { rest = rest.dropLast(suffix.count) }
            return !rest.isEmpty && rest.allSatisfy(\.isASCIIDigit)
        }

        /// `frame-NNNNNN.png`, or its temporary file.
        static func isFrameName(_ name: String) -> Bool {
            guard name.hasPrefix("frame-") else { return false }
            let digits = name.dropFirst(6).prefix(while: \.isASCIIDigit)
            guard !digits.isEmpty else { return false }
            let rest = name.dropFirst(6 + digits.count)
            return rest == ".png" || isTemporaryName("x" + rest, of: "x.png", companions: [])
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
