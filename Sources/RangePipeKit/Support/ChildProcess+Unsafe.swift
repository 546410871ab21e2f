#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run beside us (`render`'s ffmpeg): its standard input a pipe
/// this process writes, its standard output a descriptor we choose (or its
/// standard error), its standard error read on a thread so the last lines
/// can explain a failure.
///
/// The child starts with SIGPIPE's default action and no blocked signals
/// (as a shell would start it), whatever this process set for itself.
final class ChildProcess {
    /// The program's name as given, for messages.
    let name: String
    private let pid: pid_t
    private var input: Platform.Descriptor
    private let errors: BackgroundJob<[UInt8]>
    /// Standard error kept for messages: its last 16 KiB.
    static let keptErrorBytes = 1 << 14

    /// Starts `program` (searched on PATH) with `arguments`.
    /// - Parameter output: the child's standard output; nil: its standard error.
    /// - Throws: `.unavailable` when it cannot start ("not found on PATH" for
    ///   a missing program, with `missing` as the advice).
    init(_ program: String, _ arguments: [String], output: Platform.Descriptor?, missing: String) throws {
        name = program
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
        guard Self.pipeClosedOnExec(&toChild) else { throw RangePipeError.unavailable("cannot start \(program): \(Platform.errorText)") }
        guard Self.pipeClosedOnExec(&fromChild) else {
            let reason = Platform.errorText
            Platform.close(toChild[0]); Platform.close(toChild[1])
            throw RangePipeError.unavailable("cannot start \(program): \(reason)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output ?? fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var defaults = sigset_t(), none = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        var child = pid_t()
        let status = posix_spawnp(&child, program, &actions, &attributes, argv, environ)
        argv.forEach { free($0) }
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
        Platform.close(toChild[0])
        Platform.close(fromChild[1])
        guard status == 0 else {
            Platform.close(toChild[1]); Platform.close(fromChild[0])
            if status == ENOENT { throw RangePipeError.unavailable("\(program) was not found on PATH; \(missing)") }
            throw RangePipeError.unavailable("cannot start \(program): \(String(cString: strerror(status)))")
        }
        pid = child
        input = toChild[1]
        let errorEnd = fromChild[0]
        errors = BackgroundJob.start { Self.drain(errorEnd) }
    }

    deinit {
        if input >= 0 {
            kill(pid, SIGKILL)
            _ = try? finish()
        }
    }

    /// Writes all of `bytes` to the child's standard input.
    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Writes all of `bytes` to the child's standard input.
    /// - Throws: `.unavailable` with the child's exit status and last words
    ///   when it has gone (the pipe broke), or when the write failed.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let n = Self.systemWrite(input, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                let reason = Platform.errorText
                // Gone: its exit status and last words say why, when it failed.
                try finish()
                throw RangePipeError.unavailable("\(name) stopped reading its input (\(reason))\(lastWords())")
            }
            done += n
        }
    }

    /// Closes the child's input and waits for it to end.
    /// - Throws: `.unavailable` with its last line of standard error when it
    ///   exits non-zero or dies of a signal.
    func finish() throws {
        guard input >= 0 else { return }
        Platform.close(input)
        input = -1
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        _ = errors.join()
        let code = (status >> 8) & 0xff, signal = status & 0x7f
        if signal != 0 { throw RangePipeError.unavailable("\(name) was killed by signal \(signal)\(lastWords())") }
        if code != 0 { throw RangePipeError.unavailable("\(name) failed (exit \(code))\(lastWords())") }
    }

    /// ": LAST LINE" of the child's standard error, or "".
    private func lastWords() -> String {
        let text = String(decoding: errors.join(), as: UTF8.self)
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { String($0).trimmingSpaces }
        return lines.last(where: { !$0.isEmpty }).map { ": \($0)" } ?? ""
    }

    /// `pipe(2)` with both ends closed on exec (the child gets only the dup2'd copies).
    private static func pipeClosedOnExec(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(fd, bytes, count)
        #else
        Glibc.write(fd, bytes, count)
        #endif
    }

    private static func systemRead(_ fd: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.read(fd, bytes, count)
        #else
        Glibc.read(fd, bytes, count)
        #endif
    }

    /// Reads `fd` to its end, keeping the last `keptErrorBytes`.
    private static func drain(_ fd: Platform.Descriptor) -> [UInt8] {
        var kept: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { Self.systemRead(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            kept.append(contentsOf: chunk[..<n])
            if kept.count > 2 * keptErrorBytes { kept.removeFirst(kept.count - keptErrorBytes) }
        }
        Platform.close(fd)
        return kept.count > keptErrorBytes ? Array(kept.suffix(keptErrorBytes)) : kept
    }
}
