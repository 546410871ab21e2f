/// What `render` writes: a video through ffmpeg, or one PNG per frame.
///
/// The video settings, chosen for charts (flat colours, thin lines, text)
/// and for speed:
/// - `mp4`: H.264 (libx264, `ultrafast`, CRF 18, `+faststart`);
/// - `webm`: VP9 (libvpx-vp9, real-time speed 8, CRF 32);
/// - `gif`: a palette per frame (`palettegen` `stats_mode=single`,
///   `paletteuse` `new=1`, no dithering), so frames stream through.
///
/// Every video is muxed with ffmpeg's `bitexact` flags and no metadata, and
/// encoded on a fixed thread count, so the same frames and the same ffmpeg
/// build give the same bytes. Written to a pipe, FIFO or device, an MP4 is
/// fragmented (`frag_keyframe+empty_moov`): a stream cannot be rewound to
/// put the index first.
package enum RenderFormat: String, CaseIterable, Sendable {
    case mp4, webm, gif, png

    /// The format an output path's extension names (`.mp4`, `.webm`,
    /// `.gif`, `.png`), ignoring case; nil for any other.
    package init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// Encoder threads: fixed, since x264's and libvpx's output depends on it.
    static let encoderThreads = 4

    /// How frames go to ffmpeg: H.264 and VP9 take yuv420p, converted by
    /// rangepipe (BT.709, limited range, and tagged so); GIF takes the
    /// pixels as drawn; PNG frames are PNG files.
    package enum Pixels: Sendable { case bgr0, yuv420p, png }

    package var pixels: Pixels {
        switch self {
        case .mp4, .webm: .yuv420p
        case .gif: .bgr0
        case .png: .png
        }
    }

    /// ffmpeg's arguments: raw frames of `width` × `height` (4 bytes a
    /// pixel, B G R and one unused) at `fps` on standard input, the video
    /// to `output` (`pipe:1` for standard output, with `streaming`).
    /// - Precondition: `self` is a video format.
    package func ffmpegArguments(width: Int, height: Int, fps: Double, output: String, streaming: Bool) -> [String] {
        var a = ["-hide_banner", "-nostdin", "-loglevel", "error",
                 "-f", "rawvideo", "-pix_fmt", pixels == .yuv420p ? "yuv420p" : "bgr0", "-video_size", "\(width)x\(height)",
                 "-framerate", JSONText.number(fps), "-i", "pipe:0",
                 "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact",
                 "-threads", "\(Self.encoderThreads)"]
        switch self {
        case .mp4:
            a += ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "18"] + Self.bt709
                + ["-movflags", streaming ? "frag_keyframe+empty_moov" : "+faststart", "-f", "mp4"]
        case .webm:
            a += ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1",
                  "-crf", "32", "-b:v", "0"] + Self.bt709 + ["-f", "webm"]
        case .gif:
            a += ["-filter_complex", "split[a][b];[a]palettegen=stats_mode=single[p];[b][p]paletteuse=new=1:dither=none",
                  "-f", "gif"]
        case .png:
            preconditionFailure("PNG frames are written without ffmpeg")
        }
        return a + ["-y", output]
    }

    /// The stream's colour tags: what `RasterCanvas.yuv420` writes.
    static let bt709 = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]

    /// The PNG file of frame `k` in a frames directory: `frame-000042.png`
    /// (six digits, more past 999,999 frames, so names sort in frame order
    /// up to there).
    package static func frameFileName(_ k: Int) -> String {
        let digits = String(k)
        return "frame-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }
}
