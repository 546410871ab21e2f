/// The physics of a fling's coast (SPEC 4.6).
public enum MomentumModel: String, Sendable, CaseIterable {
    case decay
    case easeOut = "ease-out"
}
