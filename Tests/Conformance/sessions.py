"""Seeded random sessions and hand-picked edge cases, as raw pointer samples
in rangepipe's format (docs: research raw-pointer-input; SPEC 4.10).

A session is a set-up (library, drag mode, series, sizes, initial window and,
for Bokeh, bounds and interval limits) plus a list of samples. Samples are
made gesture by gesture *while recording*: before each gesture the generator
looks at the chart's current window (so that "press on the left handle"
lands on the handle where it is now), then draws the gesture's pixels and
times from the session's own random stream. Given the seed and the
libraries' versions the result is deterministic; the samples are stored in
the ground truth and a live check replays the stored samples, not the
generator.

Times are whole milliseconds (stored as seconds, `t`), coordinates whole
CSS px relative to the area (`main`: the plot area inside the axes;
`overview`: Plotly's rangeslider / Bokeh's overview frame).
"""
import random

from pages import SERIES, load_series

HOUR_MS = 3_600_000

# Library facts used only to aim gestures at interesting places (thresholds
# are straddled on purpose); the recorder never relies on them.
# Optional per-library hooks (README "A library's own generator"): a
# library.py may define make_setup, random_session, edge_cases, edge_setup
# and script_extra; where it does, they replace the code below for that
# library, which stays plotly's and bokeh's.
DOUBLE_DELAY_MS = {"plotly": 500, "bokeh": 300}   # plotly doubleClickDelay (down to down); bokeh doubletap (up to up)
PRESS_MS = {"plotly": None, "bokeh": 300}          # bokeh press timer: a drag must move > 5 px before it


def extent(series):
    xs, _ = load_series(series)
    return min(xs), max(xs)


def snap(v, axis):
    if axis == "date":
        return int(round(v / HOUR_MS)) * HOUR_MS
    return round(v * 2) / 2


def hook(library, name):
    """The library's own `name` from its library.py, or None."""
    import libraries

    return getattr(libraries.get(library), name, None)


def main_size(rng):
    """A random main-chart size (px): 800 x 400 (55 %), or W x H of the usual sizes."""
    if rng.random() < 0.55:
        return 800, 400
    return rng.choice([640, 720, 960, 1000]), rng.choice([300, 360, 480])


def make_setup(rng, library, drag, pointer="mouse"):
    """A random set-up for one session."""
    own = hook(library, "make_setup")
    if own:
        return own(rng, drag, pointer)
    series = "AAPL" if rng.random() < 0.8 else "sf-temps-hours"
    axis = SERIES[series]["axis"]
    x0, x1 = extent(series)
    ext = x1 - x0
    W, H = main_size(rng)
    OH = 120 if rng.random() < 0.6 else rng.choice([60, 80, 100])
    OW = W if library == "plotly" or rng.random() < 0.7 else rng.choice([500, 600, 700])
    setup = {
        "library": library, "drag": drag, "pointer": pointer, "series": series, "axis": axis,
        "main": {"width": W, "height": H}, "overview": {"width": OW, "height": OH},
    }
    lo_span, hi_span = 0.0, 1.0
    if library == "bokeh":
        setup["bounds"] = "data" if rng.random() < 0.5 else None
        mn = mx = None
        if rng.random() < 0.5:
            mn = max(snap(ext * rng.uniform(0.005, 0.1), axis), HOUR_MS if axis == "date" else 0.5)
        if rng.random() < 0.4:
            mx = snap(ext * rng.uniform(0.2, 0.9), axis)
        setup["min_interval_ms"], setup["max_interval_ms"] = mn, mx
        lo_span = (mn or 0) / ext
        hi_span = (mx or ext) / ext
    r = rng.random()
    if r < 0.12:
        a, b = 0.0, 1.0
    else:
        span = rng.uniform(0.05, 0.6)
        a = rng.uniform(0.0, 1.0 - span)
        if r < 0.2:
            a = 0.0 if rng.random() < 0.5 else 1.0 - span
        b = a + span
    span = min(max(b - a, lo_span * 1.001), hi_span * 0.999)
    a = min(a, 1.0 - span)
    lo = snap(x0 + a * ext, axis)
    hi = snap(x0 + (a + span) * ext, axis)
    unit = HOUR_MS if axis == "date" else 0.5
    lo, hi = max(lo, x0), min(hi, x1)
    if setup.get("min_interval_ms") and hi - lo < setup["min_interval_ms"]:
        hi = min(x1, lo + setup["min_interval_ms"] + unit)
        lo = hi - setup["min_interval_ms"] - unit
    if setup.get("max_interval_ms") and hi - lo > setup["max_interval_ms"]:
        hi = lo + setup["max_interval_ms"] - unit
    assert x0 <= lo < hi <= x1, (lo, hi, x0, x1)
    setup["initial_ms"] = [lo, hi]
    return setup


def script_for(setup, samples, at=1.0):
    """The rangepipe script that replays this session (SPEC 4.10 keys)."""
    axis = setup["axis"]
    conv = (lambda ms: ms / 1000) if axis == "date" else (lambda v: v)
    lo, hi = setup["initial_ms"]
    window = {"initial": {"min": conv(lo), "max": conv(hi)}}
    if setup["library"] == "bokeh":
        if setup.get("bounds") == "data":
            window["bounds"] = "data"
        if setup.get("min_interval_ms") is not None:
            window["minSpan"] = conv(setup["min_interval_ms"])
        if setup.get("max_interval_ms") is not None:
            window["maxSpan"] = conv(setup["max_interval_ms"])
    script = {
        "series": setup["series"],
        "profile": setup["library"],
        "fps": 1000,
        "main": {"width": setup["main"]["width"], "height": setup["main"]["height"], "drag": setup["drag"]},
    }
    if "overview" in setup:  # a library without an overview has none in its set-up
        script["overview"] = dict(setup["overview"])
    script["window"] = window
    script["events"] = [{"at": at, "input": "pointer", "samples": samples}]
    own = hook(setup["library"], "script_extra")
    return own(setup, script) if own else script


class Cursor:
    """Builds samples with whole-ms times; `emit` hands each to the recorder."""

    def __init__(self, emit):
        self.emit = emit
        self.t = 0  # ms

    def wait(self, ms):
        self.t += int(ms)

    def sample(self, **kw):
        s = {"t": round(self.t / 1000, 3)}
        s.update(kw)
        self.emit(s)


# --- gestures ---------------------------------------------------------------
# Each takes (rng, cur, setup, view) where view() returns the chart's current
# state: {"sel": [left_px, right_px] of the window on the overview}.

def _clamp(v, a, b):
    return max(a, min(b, v))


# Pointer x stays within [X_MIN, area width + X_OVER] px of its area, so that
# every page px is inside the recorder's viewport (driver.VIEWPORT).
X_MIN, X_OVER = -60, 1400


def cx(x, W):
    return int(_clamp(x, X_MIN, W + X_OVER))


def _path(rng, cur, area, pid, x, y, dx_total, steps, dt=(12, 40), wobble=3, W=None, touch=False, shift=False):
    """down at (x, y), `steps` moves spreading dx_total, up at the last position."""
    W = W or 800
    extra = {"shift": True} if shift else {}
    cur.sample(type="down", id=pid, x=x, y=y, area=area, **extra)
    px, py = x, y
    for k in range(1, steps + 1):
        cur.wait(rng.randint(*dt))
        nx = cx(x + round(dx_total * k / steps), W)
        ny = py + rng.randint(-wobble, wobble)
        px, py = nx, ny
        cur.sample(type="move", id=pid, x=px, y=py, **extra)
    cur.wait(rng.randint(*dt))
    if not touch and rng.random() < 0.15:
        px = cx(px + rng.randint(-6, 6), W)  # the up lands a little elsewhere (a mouse moves there first)
    cur.sample(type="up", id=pid, x=px, y=py, **extra)


def g_wheel(rng, cur, setup, view, area="main"):
    W, H = setup[area]["width"], setup[area]["height"]
    x = rng.randint(1, W - 1) if rng.random() < 0.95 else rng.choice([0, W])
    y = rng.randint(1, H - 1)
    n = rng.choice([1, 1, 2, 3, 4, 6])
    base = rng.choice([100, -100, 100, -100, 53, -53, 120, -120, 3, -4, 240, -240, 600, -600, 19, -21, 0])
    for k in range(n):
        if k:
            cur.wait(rng.choice([8, 16, 16, 30, 45, 55, 80, 120]))
            if rng.random() < 0.2:
                x = _clamp(x + rng.randint(-20, 20), 1, W - 1)
        s = {"type": "wheel", "x": x, "y": y, "area": area, "deltaY": base if rng.random() < 0.8 else rng.randint(-150, 150)}
        if rng.random() < 0.15:
            s["deltaX"] = rng.choice([-120, -40, -10, 10, 40, 120])
            if rng.random() < 0.4:
                s["deltaY"] = 0
        if rng.random() < 0.1:
            s["shift"] = True
        cur.sample(**s)


def g_main_drag(rng, cur, setup, view, small=False, slow_start=False, touch=False):
    W, H = setup["main"]["width"], setup["main"]["height"]
    x = rng.randint(3, W - 3)
    y = rng.randint(3, H - 3)
    if small:
        dx = rng.choice([-1, 1]) * rng.randint(1, 25)
        steps = rng.randint(1, 4)
    else:
        dx = rng.choice([-1, 1]) * rng.randint(10, int(W * 0.7))
        steps = rng.randint(3, 16)
        if rng.random() < 0.85:
            dx = _clamp(x + dx, 0, W) - x or dx
    if slow_start:
        cur.sample(type="down", id=1, x=x, y=y, area="main")
        cur.wait(rng.choice([250, 290, 310, 400, 600]))
        px = x
        for k in range(1, steps + 1):
            px = x + round(dx * k / steps)
            cur.sample(type="move", id=1, x=px, y=y)
            cur.wait(rng.randint(12, 30))
        cur.sample(type="up", id=1, x=px, y=y)
        return
    shift = not touch and rng.random() < 0.06  # Plotly: shift at the press swaps pan and zoom
    _path(rng, cur, "main", 1, x, y, dx, steps, touch=touch, W=W, shift=shift)


def g_overview_drag(rng, cur, setup, view, touch=False):
    OW, OH = setup["overview"]["width"], setup["overview"]["height"]
    left, right = view()["sel"]
    y = rng.randint(2, OH - 2)
    where = rng.choice(["inside", "inside", "left", "left", "right", "right", "outside", "far"])
    if where == "inside" and right - left > 4:
        x = rng.uniform(left + 1, right - 1)
    elif where == "left":
        x = left + rng.choice([-8, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 8])
    elif where == "right":
        x = right + rng.choice([-8, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 8])
    elif where == "outside":
        x = rng.uniform(0, max(0, left - 10)) if rng.random() < 0.5 else rng.uniform(min(OW, right + 10), OW)
    else:
        x = rng.uniform(0, OW)
    x = int(round(_clamp(x, 0, OW)))
    dx = rng.choice([-1, 1]) * rng.choice([2, 4, 6, 10, 20, 40, 80, 150, 300, 600])
    steps = rng.randint(1, 12)
    _path(rng, cur, "overview", 1, x, y, dx, steps, wobble=2, touch=touch, W=OW)


def g_click(rng, cur, setup, view, area=None, touch=False):
    area = area or rng.choice(["main", "main", "overview"])
    W, H = setup[area]["width"], setup[area]["height"]
    x, y = rng.randint(2, W - 2), rng.randint(2, H - 2)
    cur.sample(type="down", id=1, x=x, y=y, area=area)
    cur.wait(rng.randint(40, 150))
    cur.sample(type="up", id=1, x=x, y=y)


def g_double(rng, cur, setup, view, area=None, touch=False):
    """Two presses; the gap straddles both libraries' double-click rules."""
    lib = setup["library"]
    area = area or ("main" if rng.random() < 0.8 else "overview")
    W, H = setup[area]["width"], setup[area]["height"]
    x, y = rng.randint(4, W - 4), rng.randint(4, H - 4)
    kind = rng.random()
    if kind < 0.6:
        gap = rng.randint(60, 220)      # a double-click in both libraries
    elif kind < 0.85:
        gap = rng.randint(230, 460)     # around Bokeh's 300 ms and below Plotly's 500 ms
    else:
        gap = rng.randint(480, 900)     # around / beyond Plotly's 500 ms
    hold1, hold2 = rng.randint(30, 120), rng.randint(30, 120)
    far = rng.random() < 0.15
    cur.sample(type="down", id=1, x=x, y=y, area=area)
    cur.wait(hold1)
    cur.sample(type="up", id=1, x=x, y=y)
    cur.wait(max(1, gap - hold1))
    x2 = _clamp(x + (rng.randint(-60, 60) if far else rng.randint(-2, 2)), 1, W - 1)
    y2 = _clamp(y + rng.randint(-2, 2), 1, H - 1)
    cur.sample(type="down", id=1, x=x2, y=y2, area=area)
    cur.wait(hold2)
    cur.sample(type="up", id=1, x=x2, y=y2)


def g_pinch(rng, cur, setup, view):
    """Two fingers on the main chart spreading or closing (touch sessions)."""
    W, H = setup["main"]["width"], setup["main"]["height"]
    cx, y = rng.randint(150, W - 150), rng.randint(40, H - 40)
    half = rng.randint(20, 120)
    grow = rng.choice([-1, 1]) * rng.randint(10, 100)
    cur.sample(type="down", id=1, x=cx - half, y=y, area="main")
    cur.wait(rng.randint(0, 30))
    cur.sample(type="down", id=2, x=cx + half, y=y, area="main")
    steps = rng.randint(2, 8)
    a, b = cx - half, cx + half
    for k in range(1, steps + 1):
        cur.wait(rng.randint(12, 30))
        h = half + round(grow * k / steps)
        h = max(h, 5)
        a, b = cx - h, cx + h
        cur.sample(type="move", id=1, x=a, y=y)
        cur.sample(type="move", id=2, x=b, y=y)
    cur.wait(rng.randint(12, 40))
    cur.sample(type="up", id=2, x=b, y=y)
    cur.wait(rng.randint(0, 40))
    cur.sample(type="up", id=1, x=a, y=y)


MOUSE_GESTURES = [
    (g_wheel, 24), (g_main_drag, 22), (lambda *a: g_main_drag(*a, small=True), 8),
    (lambda *a: g_main_drag(*a, slow_start=True), 3), (g_overview_drag, 24),
    (g_click, 5), (g_double, 11), (lambda *a: g_wheel(*a, area="overview"), 2),
]
TOUCH_GESTURES = [
    (lambda *a: g_main_drag(*a, touch=True), 25), (lambda *a: g_main_drag(*a, small=True, touch=True), 8),
    (lambda *a: g_overview_drag(*a, touch=True), 25), (lambda *a: g_click(*a, touch=True), 10),
    (lambda *a: g_double(*a, touch=True), 15), (g_pinch, 17),
]


def random_session(rng, setup, cur, view):
    """Plays 3..10 gestures with pauses between them through `cur`."""
    own = hook(setup["library"], "random_session")
    if own:
        return own(rng, setup, cur, view)
    table = TOUCH_GESTURES if setup["pointer"] == "touch" else MOUSE_GESTURES
    fns, weights = zip(*table)
    n = rng.randint(3, 10)
    for i in range(n):
        if i:
            cur.wait(rng.choice([20, 60, 100, 150, 250, 400, 700, 1200]))
        rng.choices(fns, weights)[0](rng, cur, setup, view)


# --- hand-picked edge cases ---------------------------------------------------
# Each is (name, library, drag, setup overrides, steps) where steps is a
# function (cur, setup, view) -> None that plays fixed gestures.

def _press(cur, area, x, y, hold=60):
    cur.sample(type="down", id=1, x=x, y=y, area=area)
    cur.wait(hold)
    cur.sample(type="up", id=1, x=x, y=y)


def _drag(cur, area, x, y, dx, steps=6, dt=16, up_extra=0, dy=0, shift=False):
    extra = {"shift": True} if shift else {}
    cur.sample(type="down", id=1, x=x, y=y, area=area, **extra)
    for k in range(1, steps + 1):
        cur.wait(dt)
        cur.sample(type="move", id=1, x=cx(x + round(dx * k / steps), 800), y=y + round(dy * k / steps), **extra)
    cur.wait(dt)
    cur.sample(type="up", id=1, x=cx(x + dx + up_extra, 800), y=y + dy, **extra)


def _dbl(cur, area, x, y, gap=150, hold=50):
    _press(cur, area, x, y, hold)
    cur.wait(gap - hold)
    _press(cur, area, x, y, hold)


def _wheels(cur, x, y, deltas, dt=100, area="main"):
    for i, d in enumerate(deltas):
        if i:
            cur.wait(dt)
        cur.sample(type="wheel", x=x, y=y, area=area, deltaY=d)


def edge_cases():
    """(name, library, drag, overrides, steps)."""
    E = []
    W, H, OW, OH = 800, 400, 800, 120

    def sel(view):
        l, r = view()["sel"]
        return int(round(l)), int(round(r))

    for lib in ("plotly", "bokeh"):
        for drag in ("zoom", "pan"):
            E.append((f"double-click at the initial window", lib, drag, {}, lambda c, s, v: _dbl(c, "main", 400, 200)))
            E.append((f"double-click after a wheel zoom", lib, drag, {},
                      lambda c, s, v: (_wheels(c, 300, 200, [-100, -100]), c.wait(300), _dbl(c, "main", 400, 200))))

            def after_zoom(c, s, v, drag=drag):
                if drag == "zoom":
                    _drag(c, "main", 200, 200, 300)
                else:
                    _drag(c, "main", 500, 200, -150)
                c.wait(400)
                _dbl(c, "main", 400, 200)
                c.wait(400)
                _dbl(c, "main", 400, 200)
                c.wait(400)
                _dbl(c, "main", 400, 200)
            E.append(("double-click after a drag, three times", lib, drag, {}, after_zoom))

            def triple_gap(c, s, v):
                for gap in (290, 310, 490, 510):
                    _dbl(c, "main", 400, 200, gap=gap)
                    c.wait(1000)
            E.append(("double-clicks 290/310/490/510 ms apart", lib, drag, {}, triple_gap))

            def small_drags(c, s, v):
                for dx in (3, 5, 6, 7, 8, 9, 15, 16, 17, 19, 20, 21, -8, -20):
                    _drag(c, "main", 400, 200, dx, steps=2)
                    c.wait(600)
            E.append(("small drags 3..21 px", lib, drag, {}, small_drags))

            def handles(c, s, v):
                for side in (0, 1):
                    for off in (-6, -3, -2, 0, 2, 3, 6):
                        l, r = sel(v)
                        _drag(c, "overview", (l, r)[side] + off, 60, 25, steps=3)
                        c.wait(300)
            E.append(("overview presses around both handles", lib, drag, {}, handles))

            def to_edges(c, s, v):
                l, r = sel(v)
                _drag(c, "overview", (l + r) // 2, 60, -OW, steps=8)
                c.wait(300)
                l, r = sel(v)
                _drag(c, "overview", (l + r) // 2, 60, 2 * OW, steps=8)
                c.wait(300)
                l, r = sel(v)
                _drag(c, "overview", l, 60, -OW, steps=5)
                c.wait(300)
                l, r = sel(v)
                _drag(c, "overview", r, 60, 2 * OW, steps=5)
                c.wait(300)
                l, r = sel(v)
                _drag(c, "overview", min(l + 1, OW), 60, 40, steps=3)
                c.wait(300)
                l, r = sel(v)
                _drag(c, "overview", max(r - 1, 0), 60, -40, steps=3)
            E.append(("selection and handles dragged past the overview's edges", lib, drag, {}, to_edges))
            E.append(("handles at the edges (initial = all)", lib, drag, {"initial": "all"}, to_edges))

            def cross(c, s, v):
                l, r = sel(v)
                _drag(c, "overview", l, 60, (r - l) + 80, steps=6)
                c.wait(300)
                l, r = sel(v)
                _drag(c, "overview", r, 60, -(r - l) - 80, steps=6)
            E.append(("a handle dragged across the other", lib, drag, {}, cross))

            def outside(c, s, v):
                l, r = sel(v)
                _press(c, "overview", max(2, l // 2), 60)
                c.wait(300)
                _drag(c, "overview", max(2, l // 2), 60, 30, steps=3)
                c.wait(300)
                _drag(c, "overview", min(OW - 2, (r + OW) // 2), 60, -50, steps=3)
            E.append(("presses and drags outside the selection", lib, drag, {"initial_frac": [0.3, 0.6]}, outside))

            E.append(("wheel out far, then in", lib, drag, {},
                      lambda c, s, v: (_wheels(c, 400, 200, [600] * 8, dt=30), c.wait(500), _wheels(c, 100, 200, [-600] * 8, dt=30))))
            E.append(("wheel deltaX only, shift + wheel", lib, drag, {},
                      lambda c, s, v: (c.sample(type="wheel", x=400, y=200, area="main", deltaY=0, deltaX=100), c.wait(100),
                                       c.sample(type="wheel", x=400, y=200, area="main", deltaY=100, shift=True), c.wait(100),
                                       c.sample(type="wheel", x=400, y=200, area="main", deltaY=0, deltaX=-100, shift=True))))
            E.append(("wheel at the plot area's edges", lib, drag, {},
                      lambda c, s, v: (_wheels(c, 0, 200, [-100]), c.wait(100), _wheels(c, 800, 200, [-100]), c.wait(100),
                                       _wheels(c, 400, 0, [-100]), c.wait(100), _wheels(c, 400, 400, [-100]))))

            def hold_then_drag(c, s, v):
                for hold in (100, 290, 310, 500):
                    c.sample(type="down", id=1, x=300, y=200, area="main")
                    c.wait(hold)
                    for k in range(1, 6):
                        c.sample(type="move", id=1, x=300 + 20 * k, y=200)
                        c.wait(16)
                    c.sample(type="up", id=1, x=400, y=200)
                    c.wait(500)
                    l, r = sel(v)
                    c.sample(type="down", id=1, x=(l + r) // 2, y=60, area="overview")
                    c.wait(hold)
                    for k in range(1, 6):
                        c.sample(type="move", id=1, x=(l + r) // 2 + 10 * k, y=60)
                        c.wait(16)
                    c.sample(type="up", id=1, x=(l + r) // 2 + 50, y=60)
                    c.wait(500)
            E.append(("a press held 100..500 ms before moving", lib, drag, {}, hold_then_drag))

            def drag_leaves(c, s, v):
                _drag(c, "main", 700, 200, 300, steps=6)
                c.wait(300)
                _drag(c, "main", 100, 200, -300, steps=6)
                c.wait(300)
                _drag(c, "main", 400, 200, 100, steps=4, up_extra=40)
            E.append(("main drags that leave the plot area; an up away from the last move", lib, drag, {}, drag_leaves))

            E.append(("shift held on main drags", lib, drag, {},
                      lambda c, s, v: (_drag(c, "main", 200, 200, 200, shift=True), c.wait(300), _drag(c, "main", 500, 200, -100, shift=True),
                                       c.wait(300), _drag(c, "main", 300, 200, 150))))
            E.append(("a main drag 20 ms after a wheel (before Plotly's 50 ms redraw)", lib, drag, {},
                      lambda c, s, v: (_wheels(c, 400, 200, [-100]), c.wait(20), _drag(c, "main", 400, 200, -100),
                                       c.wait(300), _wheels(c, 400, 200, [100]), c.wait(20), _press(c, "main", 400, 200),
                                       c.wait(20), _press(c, "main", 400, 200))))

            def brush(c, s, v):
                _drag(c, "overview", 600, 60, 0, dy=30, steps=3)   # a press outside moved only in y
                c.wait(300)
                _drag(c, "overview", 600, 60, 40, steps=3)
                c.wait(300)
                _drag(c, "overview", 700, 60, -300, steps=5)
            E.append(("drags outside the selection with the window at the overview's left edge", lib, drag,
                      {"initial_frac": [0.0, 0.4]}, brush))

            def wheel_then_overview(c, s, v):
                _wheels(c, 400, 200, [100, 100], dt=16)
                c.wait(10)
                l, r = sel(v)
                _drag(c, "overview", (l + r) // 2, 60, 30, steps=3, dt=8)
                c.wait(16)
                _wheels(c, 400, 200, [-100])
            E.append(("overview drag right after wheels; moves 8 ms apart", lib, drag, {}, wheel_then_overview))

    # Bokeh's bounds and interval limits.
    for drag in ("zoom", "pan"):
        bnd = {"bounds": "data"}
        E.append(("bounds: wheel out at a bound", "bokeh", drag, dict(bnd, initial_frac=[0.0, 0.3]),
                  lambda c, s, v: (_wheels(c, 400, 200, [100, 100, 100, 600, 600]), c.wait(200), _wheels(c, 10, 200, [100, 100]))))
        E.append(("bounds: pan against both bounds", "bokeh", "pan", dict(bnd, initial_frac=[0.1, 0.4]),
                  lambda c, s, v: (_drag(c, "main", 200, 200, 600, steps=10), c.wait(200), _drag(c, "main", 700, 200, -780, steps=10),
                                   c.wait(200), _drag(c, "main", 100, 200, -700, steps=10))))
        mi = {"min_interval_frac": 0.08, "initial_frac": [0.4, 0.6]}
        E.append(("min_interval: wheel in and box zoom below it", "bokeh", drag, mi,
                  lambda c, s, v: (_wheels(c, 300, 200, [-100] * 8), c.wait(200), _drag(c, "main", 300, 200, 40, steps=4),
                                   c.wait(300), _dbl(c, "main", 400, 200))))
        mx = {"max_interval_frac": 0.5, "initial_frac": [0.4, 0.6], "bounds": "data"}
        E.append(("max_interval with bounds: wheel out", "bokeh", drag, mx,
                  lambda c, s, v: (_wheels(c, 700, 200, [100] * 8), c.wait(200), _wheels(c, 100, 200, [600] * 3))))

        def handle_limits(c, s, v):
            l, r = sel(v)
            _drag(c, "overview", r, 60, -(r - l) + 5, steps=5)
            c.wait(300)
            l, r = sel(v)
            _drag(c, "overview", l, 60, -800, steps=5)
            c.wait(300)
            l, r = sel(v)
            _drag(c, "overview", r, 60, 800, steps=5)
        E.append(("interval limits on handle drags", "bokeh", drag,
                  {"min_interval_frac": 0.1, "max_interval_frac": 0.5, "initial_frac": [0.4, 0.6], "bounds": "data"}, handle_limits))
    E.append(("box zoom, wheel, double-click (nothing to undo)", "bokeh", "zoom", {},
              lambda c, s, v: (_drag(c, "main", 200, 200, 300), c.wait(300), _wheels(c, 400, 200, [-100]), c.wait(300), _dbl(c, "main", 400, 200))))

    def box_twice(c, s, v):
        _drag(c, "main", 100, 200, 500)
        c.wait(300)
        _drag(c, "main", 200, 200, 300)
        c.wait(300)
        l, r = sel(v)
        _drag(c, "overview", (l + r) // 2, 60, 30, steps=3)
        c.wait(300)
        _dbl(c, "main", 400, 200)
        c.wait(400)
        _dbl(c, "main", 400, 200)
        c.wait(400)
        _dbl(c, "main", 400, 200)
    E.append(("two box zooms, an overview drag, three double-clicks", "bokeh", "zoom", {}, box_twice))

    # Issue 45: a sideways-only wheel event between two double-clicks (Plotly
    # compares its range strings with the initial ones). Appended last, so
    # every earlier edge case keeps its id.
    def dbl_sideways_dbl(c, s, v, shift=False):
        _wheels(c, 300, 200, [-100])
        c.wait(600)
        _dbl(c, "main", 400, 200)
        c.wait(600)
        extra = {"shift": True} if shift else {}
        c.sample(type="wheel", x=400, y=200, area="main", deltaY=0, deltaX=100, **extra)
        c.wait(600)
        _dbl(c, "main", 400, 200)
        c.wait(600)
        _dbl(c, "main", 400, 200)
    for drag in ("zoom", "pan"):
        E.append(("double-click, a sideways wheel, double-click twice", "plotly", drag, {}, dbl_sideways_dbl))
        E.append(("double-click, a sideways shift-wheel, double-click twice", "plotly", drag, {"initial": "all"},
                  lambda c, s, v: dbl_sideways_dbl(c, s, v, shift=True)))
        E.append(("a number axis: double-click, a sideways wheel, double-click twice", "plotly", drag,
                  {"series": "sf-temps-hours", "initial_frac": [0.31, 0.57]}, dbl_sideways_dbl))
        # Seconds and tenths of a ms in the initial strings: Plotly's rewrite spells them alike.
        E.append(("initial range with seconds: double-click, a sideways wheel, double-click twice", "plotly", drag,
                  {"initial_ms": [1107043207000, 1171188013500.5]}, dbl_sideways_dbl))
    import libraries

    for lib in libraries.NAMES:
        own = hook(lib, "edge_cases")
        if own:
            E.extend(own())
    return E


def edge_setup(library, drag, over, pointer="mouse"):
    """The fixed set-up of an edge case: AAPL (or `over["series"]`), default sizes."""
    own = hook(library, "edge_setup")
    if own:
        return own(drag, over, pointer)
    series = over.get("series", "AAPL")
    axis = SERIES[series]["axis"]
    x0, x1 = extent(series)
    ext = x1 - x0
    frac = [0.5, 0.7]
    if over.get("initial") == "all":
        frac = [0.0, 1.0]
    frac = over.get("initial_frac", frac)
    setup = {
        "library": library, "drag": drag, "pointer": pointer, "series": series, "axis": axis,
        "main": {"width": 800, "height": 400}, "overview": {"width": 800, "height": 120},
        "initial_ms": over.get("initial_ms", [snap(x0 + frac[0] * ext, axis), snap(x0 + frac[1] * ext, axis)]),
    }
    if library == "bokeh":
        setup["bounds"] = over.get("bounds")
        setup["min_interval_ms"] = snap(ext * over["min_interval_frac"], "date") if "min_interval_frac" in over else None
        setup["max_interval_ms"] = snap(ext * over["max_interval_frac"], "date") if "max_interval_frac" in over else None
    setup["initial_ms"] = [max(setup["initial_ms"][0], x0), min(setup["initial_ms"][1], x1)]
    return setup


def session_rng(seed, *parts):
    return random.Random("|".join(map(str, (seed,) + parts)))


# --- two fingers (the touch tabs' pinches) --------------------------------------

def two_fingers(c, a, b, moves, gap, dt, lift=(2, 1), after=()):
    """Finger 1 down at a on main, finger 2 at b `gap` ms later, then `moves` [(id, x, y)] `dt` ms
    apart; the fingers lift in `lift` order, the one left moving through `after` first (a finger
    lifts where it last was)."""
    c.sample(type="down", id=1, x=a[0], y=a[1], area="main")
    c.wait(gap)
    c.sample(type="down", id=2, x=b[0], y=b[1], area="main")
    at = {1: list(a), 2: list(b)}
    for pid, x, y in moves:
        c.wait(dt)
        c.sample(type="move", id=pid, x=x, y=y)
        at[pid] = [x, y]
    c.wait(dt)
    c.sample(type="up", id=lift[0], x=at[lift[0]][0], y=at[lift[0]][1])
    for x, y in after:
        c.wait(dt)
        c.sample(type="move", id=lift[1], x=x, y=y)
        at[lift[1]] = [x, y]
    c.wait(dt)
    c.sample(type="up", id=lift[1], x=at[lift[1]][0], y=at[lift[1]][1])


def lift_two(rng, cur, a, b, moves_after=(0, 0, 2)):
    """The end of a random pinch: the fingers at a (1) and b (2) lift in either order, the one
    left first moving sideways a number of times drawn from `moves_after`."""
    cur.wait(rng.randint(5, 40))
    first, second = ((2, b), (1, a)) if rng.random() < 0.6 else ((1, a), (2, b))
    cur.sample(type="up", id=first[0], x=first[1][0], y=first[1][1])
    pid, p = second
    for _ in range(rng.choice(list(moves_after))):
        cur.wait(rng.randint(8, 30))
        p = [p[0] + rng.choice([-1, 1]) * rng.randint(10, 60), p[1]]
        cur.sample(type="move", id=pid, x=p[0], y=p[1])
    cur.wait(rng.randint(5, 60))
    cur.sample(type="up", id=pid, x=p[0], y=p[1])
