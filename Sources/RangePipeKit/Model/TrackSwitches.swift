/// The chosen tracks as flags, worked out once: read every frame without
/// hashing, and for a fleet (`play --all`) once per run, not per series.
public struct TrackSwitches: Sendable {
    /// The tracks, as chosen.
    public let tracks: Set<Track>
    public let range: Bool, annotation: Bool, selector: Bool, values: Bool, points: Bool
    public let preset: Bool, omitted: Bool, box: Bool, crosshair: Bool

    /// The switches of `tracks`.
    /// - Complexity: O(tracks kinds).
    public init(_ tracks: Set<Track>) {
        self.tracks = tracks
        range = tracks.contains(.range)
        annotation = tracks.contains(.annotation)
        selector = tracks.contains(.selector)
        values = tracks.contains(.values)
        points = tracks.contains(.points)
        preset = tracks.contains(.preset)
        omitted = tracks.contains(.omitted)
        box = tracks.contains(.box)
        crosshair = tracks.contains(.crosshair)
    }
}
