/// Where `render` writes, as `-o` says (`OutputTarget`'s rules, as for
/// every other output):
/// - a video to a regular or new file: ffmpeg writes `PATH.tmp-PID`, which
///   is renamed into place only when ffmpeg has finished without error
///   (removed on failure or SIGINT/SIGTERM/SIGHUP), keeping an existing
///   file's permission bits;
/// - a video to `-`, a FIFO, a device or a socket: ffmpeg writes it there
///   directly, as a stream;
/// - PNG frames: one file per frame in the directory, each written under a
///   temporary name and renamed over its entry (a link planted there is
///   replaced, never followed); the directory is made if missing (not its
///   parents).
extension RenderJob {
    /// What ffmpeg's absence is answered with.
    static let ffmpegAdvice = "install it (Debian: apt-get install ffmpeg), or write PNG frames with -o DIR/"

    /// Runs `body` with a sink taking frame k's picture bytes, in order,
    /// then finishes the output.
    func withSink(fps: Double, _ body: (@escaping (Int, [UInt8]) throws -> Void) throws -> Int) throws -> Int {
        switch target {
        case let .frames(directory):
            try Self.makeDirectory(directory)
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            return try body { k, bytes in
                try FileOutput.withEntry(prefix + RenderFormat.frameFileName(k)) { try $0.write(bytes: bytes) }
            }
        case let .video(format, path):
            if path == "-" {
                try FileOutput.requireStandardOutput()
                return try encode(format, fps: fps, to: "pipe:1", output: Platform.standardOutput, name: "stdout", body)
            }
            switch try OutputTarget(resolving: path) {
            case let .stream(device):
                var fd: Platform.Descriptor
                repeat { fd = Platform.open(device, [.writeOnly]) } while fd < 0 && Platform.wasInterrupted
                guard fd >= 0 else { throw RangePipeError.cannotCreate(path: path, reason: Platform.errorText) }
                defer { Platform.close(fd) }
                return try encode(format, fps: fps, to: "pipe:1", output: fd, name: path, body)
            case let .file(final, permissions):
                AtomicFile.removeAbandoned(of: final)
                let file = AtomicFile(path: final)
                return try file.whileInterruptible {
                    do {
                        // Made here first, so a directory that refuses it is named as the user gave it.
                        try FileOutput.create(path: file.temporaryPath, name: path, permissions: permissions).close()
                        let frames = try encode(format, fps: fps, to: "file:" + file.temporaryPath, output: nil, name: path, body)
                        try file.replace()
                        return frames
                    } catch let RangePipeError.cannotCreate(_, reason) {
                        file.removeTemporary()
                        throw RangePipeError.cannotCreate(path: path, reason: reason)
                    } catch {
                        file.removeTemporary()
                        throw error
                    }
                }
            }
        }
    }

    /// Starts ffmpeg writing `destination` (its standard output `output`
    /// when streaming), feeds it the frames `body` draws, and waits for it.
    /// - Throws: ffmpeg's failure (exit 69) prefixed with `name`, the user's path.
    private func encode(_ format: RenderFormat, fps: Double, to destination: String, output: Platform.Descriptor?, name: String,
                        _ body: (@escaping (Int, [UInt8]) throws -> Void) throws -> Int) throws -> Int {
        let arguments = format.ffmpegArguments(width: width, height: height, fps: fps, output: destination, streaming: output != nil)
        let ffmpeg = try ChildProcess("ffmpeg", arguments, output: output, missing: Self.ffmpegAdvice)
        do {
            let frames = try body { _, bytes in try ffmpeg.write(bytes) }
            try ffmpeg.finish()
            return frames
        } catch let RangePipeError.unavailable(message) {
            // ffmpeg names the file it was given: the temporary one.
            let written = destination.hasPrefix("file:") ? String(destination.dropFirst(5)) : destination
            throw RangePipeError.unavailable("\(name): \(message.replacing(written, with: name))")
        }
    }

    /// Makes the frames directory unless it is one already.
    static func makeDirectory(_ directory: String) throws {
        let path = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        if let status = Platform.status(path), status.kind == .directory { return }
        guard Platform.makeDirectory(path) == 0 else {
            throw RangePipeError.cannotCreate(path: directory, reason: Platform.errorText)
        }
    }
}
