/// One raw pointer event of the script to write: a contact (from a down
/// with no pointer down to the up that leaves none down) or a wheel run
/// (consecutive wheel samples in one area at one x).
public struct RecordedEvent: Sendable, Equatable {
    /// The samples, times never going back; the first is the event's start.
    public var samples: [RecordedSample]

    /// An event of `samples` (at least one).
    public init(samples: [RecordedSample]) { self.samples = samples }

    /// The first sample's time (ms on the recording's clock).
    public var start: Double { samples.first?.milliseconds ?? 0 }
}
