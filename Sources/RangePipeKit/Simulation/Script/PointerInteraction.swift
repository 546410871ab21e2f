/// One interaction split out of a raw pointer event's samples: a contact
/// (from a pointer going down when none is down to the last one going up)
/// or a run of wheel samples. Times are relative to the event's `at`.
struct PointerInteraction: Sendable {
    /// The chart part a pointer went down on (its coordinates are relative to it).
    typealias Area = RawPointerEvent.Area

    /// One recorded position of a pointer.
    struct Sample: Sendable {
        var t: Double
        var x: Double
        var y: Double
        /// `events[3].samples[5]`, for messages.
        var path: String
    }

    /// One pointer's samples within a contact, from its down to its up.
    struct Track: Sendable {
        var id: Int
        var area: Area
        var samples: [Sample]
        /// The shift key was held at its down.
        var shift = false
        var down: Double { samples[0].t }
        var up: Double { samples[samples.count - 1].t }

        /// The position at `t`: the last sample at or before it.
        /// - Complexity: O(samples).
        func position(at t: Double) -> Sample {
            var last = samples[0]
            for s in samples where s.t <= t { last = s }
            return last
        }
    }

    enum Kind: Sendable {
        /// The pointers of one contact, in the order they went down.
        case contact([Track])
        /// Wheel samples at one x: their times, deltas (px) and shift keys.
        case wheel(Area, x: Double, WheelRun)
    }

    /// A run of wheel samples' parallel arrays.
    struct WheelRun: Sendable {
        var times: [Double] = []
        var deltaX: [Double] = []
        var deltaY: [Double] = []
        var shift: [Bool] = []
    }

    /// The event's `at` (seconds).
    var eventAt: Double
    /// The first sample's time, relative to `eventAt`.
    var t: Double
    /// The first sample's JSON path.
    var path: String
    var kind: Kind

    /// When it starts, in script time.
    var start: Double { eventAt + t }
}
