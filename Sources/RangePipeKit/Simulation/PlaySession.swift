import Dispatch

/// Plays one script over several series (SPEC 1.3): each series
/// independently, output grouped by series in the order given, and
/// byte-identical for any number of jobs.
public struct PlaySession: Sendable {
    public var script: Script
    public var tracks: Set<Track>
    public var format: FrameFormat
    public var time: TimeOutputFormat
    public var jobs: Int

    public init(script: Script, tracks: Set<Track>, format: FrameFormat, time: TimeOutputFormat, jobs: Int) {
        self.script = script
        self.tracks = tracks
        self.format = format
        self.time = time
        self.jobs = max(jobs, 1)
    }

    /// Plays one series, writing its frames through `write`.
    public func play(_ series: Series, header: Bool, _ write: (String) throws -> Void) throws {
        let plan = try PlayPlan(script: script, series: series)
        let encoder = FrameEncoder(series: series.name, axis: series.axis, categories: series.categories,
                                   tracks: tracks, time: time, format: format)
        if header, format == .csv { try write(encoder.csvHeader) }
        try Player(plan: plan, tracks: tracks).run { try write(encoder.encode($0)) }
    }

    /// Plays every series; `load` fetches a series by position (on the
    /// calling thread, in order), `write` receives text in output order.
    public func playAll(count: Int, load: (Int) throws -> Series, write: (String) throws -> Void) throws {
        if jobs == 1 || count <= 1 {
            for k in 0 ..< count {
                try play(try load(k), header: k == 0, write)
            }
            return
        }
        // Validate and load in order first, then play in parallel into buffers.
        let all = try (0 ..< count).map(load)
        for series in all { _ = try PlayPlan(script: script, series: series) }
        let results = ResultSlots(count: count)
        let session = self
        let queue = DispatchQueue(label: "rangepipe.play", attributes: .concurrent)
        let limit = DispatchSemaphore(value: jobs)
        let group = DispatchGroup()
        for k in 0 ..< count {
            limit.wait()
            queue.async(group: group) {
                defer { limit.signal() }
                var text = ""
                do {
                    try session.play(all[k], header: k == 0) { text += $0 }
                    results.set(k, .success(text))
                } catch {
                    results.set(k, .failure(error))
                }
            }
        }
        group.wait()
        for k in 0 ..< count {
            try write(try results.get(k).get())
        }
    }
}

/// Per-series results filled from worker threads.
final class ResultSlots: @unchecked Sendable {
    private var slots: [Result<String, any Error>?]
    private let lock = DispatchSemaphore(value: 1)

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ k: Int, _ value: Result<String, any Error>) {
        lock.wait()
        slots[k] = value
        lock.signal()
    }

    func get(_ k: Int) -> Result<String, any Error> {
        lock.wait()
        defer { lock.signal() }
        return slots[k]!
    }
}
