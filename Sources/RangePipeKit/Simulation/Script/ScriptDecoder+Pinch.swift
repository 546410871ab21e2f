/// A pinch's samples: `[dt, x1, x2]`, or `[dt, x1, y1, x2, y2]` with the
/// fingers' y for a hand-zoomed y-window.
extension ScriptDecoder {
    /// The pinch path at `path`; the forms may be mixed sample by sample
    /// (a sample without y puts both fingers at y 0).
    static func pinchPath(_ v: JSONValue?, _ path: String) throws -> PinchPath {
        guard let v else { throw Failure(path: path, message: "missing") }
        guard case let .array(samples) = v, !samples.isEmpty else { throw Failure(path: path, message: "expected a non-empty array of samples") }
        var pinch = PinchPath(times: [], firstFingerX: [], secondFingerX: [])
        for (k, sample) in samples.enumerated() {
            let p = "\(path)[\(k)]"
            guard case let .array(parts) = sample, parts.count == 3 || parts.count == 5 else {
                throw Failure(path: p, message: "expected [dt, x1, x2] or [dt, x1, y1, x2, y2]")
            }
            let t = try number(parts[0], p + "[0]", 0 ... maxDuration)
            if let previous = pinch.times.last, t <= previous {
                throw Failure(path: p, message: "time \(t.plainText) is not after \(previous.plainText)")
            }
            let px = -1e9 ... 1e9
            let coordinates = try parts.dropFirst().enumerated().map { try number($1, p + "[\($0 + 1)]", px) }
            let (x1, y1, x2, y2) = coordinates.count == 2
                ? (coordinates[0], 0, coordinates[1], 0)
                : (coordinates[0], coordinates[1], coordinates[2], coordinates[3])
            guard x1 != x2 || y1 != y2 else {
                let message = coordinates.count == 2 ? "the two pointers are at the same x (\(x1.plainText))"
                    : "the two pointers are at the same point (\(x1.plainText), \(y1.plainText))"
                throw Failure(path: p, message: message)
            }
            pinch.times.append(t)
            pinch.firstFingerX.append(x1)
            pinch.firstFingerY.append(y1)
            pinch.secondFingerX.append(x2)
            pinch.secondFingerY.append(y2)
        }
        return pinch
    }
}
