/// The pointer part that drag-selection and pan share: one pointer's path,
/// the x last applied, and whether its release flings.
struct HorizontalDrag: Sendable {
    let path: PointerPath
    let release: Release
    /// The pointer's x last applied (px).
    private(set) var lastX: Double

    init(path: PointerPath, release: Release) {
        self.path = path
        self.release = release
        lastX = path.xs[0]
    }

    /// The pointer's x movement (px) since the last step, up to `elapsed`
    /// seconds into the gesture.
    mutating func step(toElapsed elapsed: Double) -> Double {
        let x = path.position(at: elapsed).x
        defer { lastX = x }
        return x - lastX
    }

    /// The release velocity (px/s) when the release flings, else nil.
    var flingVelocity: Double? {
        switch release {
        case .stop: return nil
        case .fling: return path.releaseVelocity().x
        }
    }
}
