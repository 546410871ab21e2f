extension RenderJob.Target {
    /// What `render -o PATH [--format F]` writes: PNG frames when PATH
    /// ends in `/`, is a directory, or `--format png` names it; else the
    /// video format `--format` or PATH's extension names.
    /// - Throws: usage (exit 64) when neither says a format, for `-` without
    ///   `--format`, and for PNG frames to `-` or to a `.png` file.
    package static func decide(output: String, format: RenderFormat?) throws -> RenderJob.Target {
        let directory = output.hasSuffix("/") || Platform.status(output)?.kind == .directory
        if directory || format == .png {
            guard output != "-" else { throw RangePipeError.usage("-o -: PNG frames go to a directory (-o DIR/)") }
            if let format, format != .png {
                throw RangePipeError.usage("-o \(output): a directory gets PNG frames, not --format \(format.rawValue)")
            }
            return .frames(directory: output)
        }
        let named = output == "-" ? nil : RenderFormat(path: output)
        if named == .png {
            throw RangePipeError.usage("-o \(output): PNG frames go to a directory, one file per frame (-o DIR/)")
        }
        guard let chosen = format ?? named else {
            throw RangePipeError.usage(output == "-"
                ? "-o -: give --format mp4, webm or gif for standard output"
                : "-o \(output): cannot tell the format from its name; end it in .mp4, .webm or .gif, end a directory in /, or give --format")
        }
        return .video(chosen, path: output)
    }
}
