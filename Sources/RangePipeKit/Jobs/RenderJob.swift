/// `rangepipe render`: every frame of a script drawn as `preview` draws it
/// (`FrameRaster`, cairo) and written as a video through ffmpeg or as one
/// PNG per frame.
///
/// Two passes over the frames: the first collects the y labels, so the
/// left margin is wide enough for all of them and the charts never shift;
/// the second draws. Frames are drawn in batches on `jobs` threads (fewer
/// when `jobs` would not fit the memory budget, `RenderJob+Memory`), each
/// with its own canvas, while the previous batch is written in frame order
/// on another thread; ffmpeg encodes in its own process meanwhile.
package struct RenderJob {
    /// Where the frames go.
    package enum Target: Equatable {
        /// A video at a path (`-` for standard output).
        case video(RenderFormat, path: String)
        /// `frame-000000.png`, … in a directory.
        case frames(directory: String)
    }

    /// The series drawn: one, or several linked (`--sync`), one panel each.
    package let source: ShownSeries
    package let target: Target
    package let width: Int, height: Int
    package let jobs: Int
    package let zone: DisplayZone

    package init(source: ShownSeries, target: Target, width: Int, height: Int, jobs: Int, zone: DisplayZone) {
        self.source = source
        self.target = target
        self.width = width
        self.height = height
        self.jobs = jobs
        self.zone = zone
    }

    var plans: [ScriptPlan] { source.plans }

    /// Frames drawn in one batch per thread: enough to keep the threads
    /// busy between hand-overs, few enough to keep memory at a few frames.
    static let framesPerThread = 4

    /// Draws and writes every frame.
    /// - Returns: how many frames were written.
    /// - Throws: script, drawing and output errors; ffmpeg's failure with
    ///   its last line of standard error. Nothing is left at the output
    ///   path of a video on failure; PNG frames already written stay.
    /// - Complexity: O(frames · panels · (overview + main width) · log n + pixels).
    @discardableResult
    package func run() throws -> Int {
        let previews = plans.map { SVGPreview(plan: $0, zone: zone) }
        let tracks = SVGPreview.tracks(for: plans[0].script)
        let clock = Platform.monotonicSeconds()
        var labels: Set<String> = [], count = 0
        try eachRow(tracks) { row in
            labels.formUnion(FrameRaster.yLabels(previews, row))
            count += 1
        }
        let raster = FrameRaster(previews: previews, yLabels: labels.sorted(), width: width, height: height)
        Trace.say("render", "measured \(count) frames in \(Self.seconds(since: clock)) s")
        Platform.ignoreBrokenPipeSignal()
        ProgressReporter.shared.begin("render", total: Int64(count), unit: "frames")
        defer { ProgressReporter.shared.finish() }
        let pixels = switch target {
        case .frames: RenderFormat.Pixels.png
        case let .video(format, _): format.pixels
        }
        return try withSink(fps: plans[0].script.fps) { sink in
            try draw(raster, tracks: tracks, pixels: pixels, sink: sink)
        }
    }

    /// Draws every frame in batches and hands each batch, in order, to `sink`
    /// on a writer thread while the next batch is drawn.
    private func draw(_ raster: FrameRaster, tracks: Set<Track>, pixels: RenderFormat.Pixels, sink: @escaping (Int, [UInt8]) throws -> Void) throws -> Int {
        let threads = try threadsWithinBudget()
        let canvases = try (0 ..< threads).map { _ in try RasterCanvas(width: width, height: height) }
        var batch: [[(Frame, ShownValues)]] = [], first = 0
        var writer: BackgroundJob<(any Error)?>? = nil
        var drawing = 0.0, waiting = 0.0, ranHere = 0
        func flush() throws {
            let clock = Platform.monotonicSeconds()
            let (pictures, inPlace) = try Self.drawBatch(batch, raster, canvases, pixels: pixels)
            ranHere += inPlace
            drawing += Self.seconds(since: clock)
            let wait = Platform.monotonicSeconds()
            if let error = writer?.join() { throw error }
            waiting += Self.seconds(since: wait)
            let start = first
            writer = BackgroundJob.start {
                do {
                    for (k, bytes) in pictures.enumerated() { try sink(start + k, bytes) }
                    ProgressReporter.shared.advance(by: pictures.count)
                    return nil
                } catch {
                    return error
                }
            }
            first += batch.count
            batch.removeAll(keepingCapacity: true)
        }
        do {
            try eachRow(tracks) { row in
                batch.append(row)
                if batch.count == threads * Self.framesPerThread { try flush() }
            }
            if !batch.isEmpty { try flush() }
        } catch {
            _ = writer?.join()
            throw error
        }
        if let error = writer?.join() { throw error }
        Trace.say("render", "drew \(first) frames: \(drawing) s drawing on \(threads) thread(s)"
                  + (ranHere > 0 ? " (\(ranHere) share(s) drawn on the calling thread: no thread could start)" : "")
                  + ", \(waiting) s waiting for the writer")
        return first
    }

    /// Draws a batch on `canvases.count` threads (the calling one among
    /// them): thread w draws frames w, w + threads, …; the pictures come
    /// back in frame order, as raw pixels or PNG files' bytes, with how
    /// many threads' shares ran on the calling thread (none could start).
    static func drawBatch(_ rows: [[(Frame, ShownValues)]], _ raster: FrameRaster, _ canvases: [RasterCanvas],
                          pixels: RenderFormat.Pixels) throws -> (pictures: [[UInt8]], ranHere: Int) {
        let threads = min(canvases.count, rows.count)
        func work(_ w: Int) -> Result<[[UInt8]], any Error> {
            Result {
                try stride(from: w, to: rows.count, by: threads).map { k in
                    raster.draw(rows[k], on: canvases[w])
                    switch pixels {
                    case .png: return try canvases[w].png()
                    case .yuv420p: return canvases[w].yuv420()
                    case .bgr0: return canvases[w].bgr0()
                    }
                }
            }
        }
        let others = (1 ..< max(threads, 1)).map { w in BackgroundJob.start { work(w) } }
        let ranHere = others.filter(\.ranHere).count
        let mine = work(0)
        let done = [mine] + others.map { $0.join() }
        var out: [[UInt8]] = []
        out.reserveCapacity(rows.count)
        let parts = try done.map { try $0.get() }
        for k in rows.indices { out.append(parts[k % threads][k / threads]) }
        return (out, ranHere)
    }

    /// Every frame's row (one frame and values per panel), in order.
    func eachRow(_ tracks: Set<Track>, _ body: ([(Frame, ShownValues)]) throws -> Void) throws {
        try source.eachRow(tracks) { row in
            try body(row)
            return true
        }
    }

    static func seconds(since start: Double) -> Double {
        ((Platform.monotonicSeconds() - start) * 1000).rounded() / 1000
    }
}
