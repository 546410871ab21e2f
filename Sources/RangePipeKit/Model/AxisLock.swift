/// Which axis a pan or pinch on the main chart may not move when y zooms
/// by hand (`y.lock`): `x` keeps the x-window (only y moves), `y` keeps the
/// y-window (only x moves), `none` moves both, and `dominant` moves the
/// axis of the larger pointer movement, chosen once per gesture.
public enum AxisLock: String, Sendable, CaseIterable {
    case x, y, none, dominant
}
