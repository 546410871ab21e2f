/// Elastic windows (SPEC 4.7): overshoot past the bounds or the span limits
/// shows rubber-banded during a gesture, and after release the window
/// springs back to the nearest valid window.
public enum RubberBand {
    /// UIScrollView's rubber band: a raw overshoot of o px on a dimension of
    /// W px shows as (1 − 1/(o·0.55/W + 1))·W px (approaches W, never reaches it).
    public static func displayed(overshoot o: Double, dimension w: Double) -> Double {
        (1 - 1 / (o * 0.55 / w + 1)) * w
    }
}
