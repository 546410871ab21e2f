#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LightweightChartsProfile {
    /// lightweight-charts 4.1.3's `KineticAnimation` (src/model/kinetic-animation.ts
    /// at tag v4.1.3) over the time scale's right offset (bars): a touch
    /// scroll keeps its last four positions (one at least `minMove` from
    /// the one before); a lift within 50 ms of the last of them starts an
    /// animation at their distance-weighted speed, which decays by 0.997 a
    /// ms until it is under one bar from its end. Times are ms on the
    /// page's clock (`performance.now()`), differences exact.
    struct KineticAnimation: Sendable, Equatable {
        /// `KineticScrollConstants` (src/gui/pane-widget.ts:37–42): px/ms and
        /// px, divided by the bar spacing at the scroll's start.
        static let minScrollSpeed = 0.2
        static let maxScrollSpeed = 7.0
        static let dumpingCoeff = 0.997
        static let scrollMinMove = 15.0
        /// `Constants.MaxStartDelay` and `EpsilonDistance` (kinetic-animation.ts:10–13).
        static let maxStartDelay = 50.0
        static let epsilonDistance = 1.0

        struct Position: Sendable, Equatable {
            var time: Double
            var position: Double
        }

        let minSpeed: Double
        let maxSpeed: Double
        let minMove: Double
        /// `_position1` … `_position4`, newest first.
        var positions: [Position] = []
        /// `_animationStartPosition`, `_speedPxPerMsec` and `_durationMsecs`.
        var start: Position?
        var speed = 0.0
        var duration = 0.0

        /// The animation a touch scroll makes (pane-widget.ts:760–768).
        init(barSpacing: Double) {
            minSpeed = Self.minScrollSpeed / barSpacing
            maxSpeed = Self.maxScrollSpeed / barSpacing
            minMove = Self.scrollMinMove / barSpacing
        }

        /// `addPosition` (kinetic-animation.ts:51–67): a second position at
        /// the same time replaces the newest; one under `minMove` from it is dropped.
        mutating func add(_ position: Double, at time: Double) {
            if let newest = positions.first {
                if newest.time == time {
                    positions[0].position = position
                    return
                }
                if abs(newest.position - position) < minMove { return }
            }
            positions.insert(Position(time: time, position: position), at: 0)
            if positions.count > 4 { positions.removeLast() }
        }

        /// `speedPxPerMSec` (kinetic-animation.ts:19–22), clamped to `maxSpeed`.
        private func speed(_ a: Position, _ b: Position) -> Double {
            let v = (a.position - b.position) / (a.time - b.time)
            return Self.sign(v) * min(abs(v), maxSpeed)
        }

        /// JavaScript's `Math.sign` on a non-NaN number.
        private static func sign(_ v: Double) -> Double { v > 0 ? 1 : v < 0 ? -1 : v }

        /// `start` (kinetic-animation.ts:69–125): the segments from the
        /// newest back, while they keep the newest one's direction, weighted
        /// by their length; none when fewer than two positions were kept,
        /// the newest is over 50 ms old, or the speed is under `minSpeed`.
        mutating func start(_ position: Double, at time: Double) {
            guard positions.count >= 2, time - positions[0].time <= Self.maxStartDelay else { return }
            let first = speed(positions[0], positions[1])
            var speeds = [first]
            var distances = [positions[0].position - positions[1].position]
            var total = distances[0]
            for k in 1..<(positions.count - 1) {
                let v = speed(positions[k], positions[k + 1])
                guard Self.sign(v) == Self.sign(first) else { break }
                speeds.append(v)
                distances.append(positions[k].position - positions[k + 1].position)
                total += distances[k]
            }
            var result = 0.0
            for i in speeds.indices { result += distances[i] / total * speeds[i] }
            guard abs(result) >= minSpeed else { return }
            start = Position(time: time, position: position)
            speed = result
            duration = Self.duration(speed: abs(result))
        }

        /// `durationMSec` (kinetic-animation.ts:24–27): when the decaying
        /// speed's remaining distance falls to `epsilonDistance`.
        static func duration(speed: Double) -> Double {
            let lnCoeff = log(dumpingCoeff)
            return log((epsilonDistance * lnCoeff) / -speed) / lnCoeff
        }

        /// `getPosition` (kinetic-animation.ts:127–131).
        func position(at time: Double) -> Double {
            guard let s = start else { return 0 }
            return s.position + speed * (pow(Self.dumpingCoeff, time - s.time) - 1) / log(Self.dumpingCoeff)
        }

        /// `finished` (kinetic-animation.ts:133–141).
        func finished(at time: Double) -> Bool {
            guard let s = start else { return true }
            return min(time - s.time, duration) == duration
        }
    }
}
