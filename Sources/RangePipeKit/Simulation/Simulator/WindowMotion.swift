/// A motion that moves the window by itself, without a pointer: a fling's
/// momentum, an elastic return, or a `set-window` animation.
enum WindowMotion: Sendable {
    case momentum(MomentumMotion)
    case elastic(ElasticReturn)
    case animation(WindowAnimationState)
}
