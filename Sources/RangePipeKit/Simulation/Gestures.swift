#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The gestures of SPEC 4.4, each one movement step applied to the window.
extension Simulator {
    /// drag-selection (overview): the window moves by Δpx·(U1 − U0)/W_o, span kept.
    mutating func applyDragSelection(dx: Double) {
        guard dx != 0 else { return }
        let du = dx * constraints.extent / plan.script.overview.width
        window = constraints.settle(Window(window.a + du, window.b + du), keepCentre: false)
    }

    /// pan (main chart): the window moves by −Δpx·(b − a)/W_m, span kept.
    mutating func applyPan(dx: Double) {
        guard dx != 0 else { return }
        let du = -dx * window.span / plan.script.main.width
        window = constraints.settle(Window(window.a + du, window.b + du), keepCentre: false)
    }

    /// drag-handle: the handle follows the pointer's total movement since the
    /// gesture began; the gripper rule and clipping decide where it stops.
    mutating func applyDragHandle(_ side: HandleSide, totalDx: Double, gesture g: ActiveGesture) {
        let raw = g.handleStart + totalDx * constraints.extent / plan.script.overview.width
        window = constraints.dragHandle(side, raw: raw, fixed: g.fixedEnd)
    }

    /// pinch: the value under the previous midpoint moves to the current
    /// midpoint and the span divides by the ratio of pointer distances.
    mutating func applyPinch(previous: (Double, Double), current: (Double, Double)) {
        let d0 = abs(previous.1 - previous.0), d1 = abs(current.1 - current.0)
        guard d0 > 0, d1 > 0 else { return }
        let s = d1 / d0
        let width = plan.script.main.width
        let f0 = (previous.0 + previous.1) / 2, f1 = (current.0 + current.1) / 2
        guard s != 1 || f0 != f1 else { return }
        let u = window.a + f0 / width * window.span
        let span = window.span / s
        let a = u - f1 / width * span
        window = constraints.settle(Window(a, a + span))
    }

    /// double-tap-drag (SciChart's one-finger zoom): f = max(−Δy/scale, −0.9);
    /// the value under the anchor x0 stays put.
    mutating func applyDoubleTapDrag(anchor x0: Double, dy: Double, scale: Double) {
        guard dy != 0 else { return }
        let f = max(-dy / scale, -0.9)
        let r = x0 / plan.script.main.width
        let span = window.span
        window = constraints.settle(Window(window.a - r * f * span, window.b + (1 - r) * f * span))
    }

    /// wheel: the span scales by 1.1^notches about the value under x.
    mutating func applyWheel(x: Double, notches: Double) {
        let s = pow(1.1, notches)
        let u = window.a + x / plan.script.main.width * window.span
        window = constraints.settle(Window(u - (u - window.a) * s, u + (window.b - u) * s))
    }
}
