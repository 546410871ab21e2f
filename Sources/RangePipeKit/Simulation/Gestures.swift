#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The gestures of SPEC 4.4 as pure window transforms: each returns the
/// unconstrained window after one movement step; the simulator applies the
/// constraints (or, when elastic, the rubber band).
extension Simulator {
    /// drag-selection (overview): the window moves by Δpx·(U1 − U0)/W_o, span kept.
    func draggedSelection(_ w: Window, dx: Double) -> Window {
        let du = dx * constraints.extent / plan.script.overview.width
        return Window(w.a + du, w.b + du)
    }

    /// pan (main chart): the window moves by −Δpx·(b − a)/W_m, span kept.
    func panned(_ w: Window, dx: Double) -> Window {
        let du = -dx * w.span / plan.script.main.width
        return Window(w.a + du, w.b + du)
    }

    /// pinch: the value under the previous midpoint moves to the current
    /// midpoint and the span divides by the ratio of pointer distances.
    func pinched(_ w: Window, previous: (Double, Double), current: (Double, Double)) -> Window {
        let d0 = abs(previous.1 - previous.0), d1 = abs(current.1 - current.0)
        guard d0 > 0, d1 > 0 else { return w }
        let width = plan.script.main.width
        let f0 = (previous.0 + previous.1) / 2, f1 = (current.0 + current.1) / 2
        let u = w.a + f0 / width * w.span
        let span = w.span / (d1 / d0)
        let a = u - f1 / width * span
        return Window(a, a + span)
    }

    /// double-tap-drag (SciChart's one-finger zoom): f = max(−Δy/scale, −0.9);
    /// the value under the anchor x0 stays put.
    func doubleTapZoomed(_ w: Window, anchor x0: Double, dy: Double, scale: Double) -> Window {
        let f = max(-dy / scale, -0.9)
        let r = x0 / plan.script.main.width
        return Window(w.a - r * f * w.span, w.b + (1 - r) * f * w.span)
    }

    /// wheel: the span scales by 1.1^notches about the value under x.
    func wheeled(_ w: Window, x: Double, notches: Double) -> Window {
        let s = pow(1.1, notches)
        let u = w.a + x / plan.script.main.width * w.span
        return Window(u - (u - w.a) * s, u + (w.b - u) * s)
    }

    /// drag-handle: the handle follows the pointer's total movement since the
    /// gesture began; the gripper rule and clipping decide where it stops.
    /// Elastic: past the stop, the overshoot shows rubber-banded.
    func draggedHandle(_ side: HandleSide, totalDx: Double, gesture g: ActiveGesture) -> Window {
        let perPixel = constraints.extent / plan.script.overview.width
        let raw = g.handleStart + totalDx * perPixel
        let stopped = constraints.dragHandle(side, raw: raw, fixed: g.fixedEnd)
        guard plan.script.window.elastic else { return stopped }
        let end = side == .max ? stopped.b : stopped.a
        let over = raw - end
        guard over != 0 else { return stopped }
        let shown = RubberBand.displayed(overshoot: abs(over) / perPixel, dimension: plan.script.overview.width) * perPixel
        let moved = end + (over > 0 ? shown : -shown)
        let tiny = constraints.extent * 1e-9
        return side == .max ? Window(g.fixedEnd, max(moved, g.fixedEnd + tiny)) : Window(min(moved, g.fixedEnd - tiny), g.fixedEnd)
    }
}
