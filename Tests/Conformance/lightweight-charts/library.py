"""TradingView lightweight-charts 4.1.3 on the SPEC 4.11 page: its page
(lightweight_charts/js/lightweight-charts.js from PyPI lightweight-charts
2.1, the global `LightweightCharts`; `createChart` with both price scales
hidden and the time scale shown, one line series with times as UTC seconds,
the initial window from `timeScale().setVisibleLogicalRange`) and how the
recorder reads it (`getVisibleLogicalRange()`, mapped to x through the
points' x as rangepipe's ordinal axis maps bar indices). Its sessions: mouse
wheel (deltaY zooms, deltaX scrolls), pane drags (pan), time-scale drags
(scale about the right edge) and double-clicks (reset); and with one finger
(the touch tab): pane drags with their kinetic scroll after the lift, long
presses (the crosshair's tracking mode), taps and double taps, time-scale
drags. Two fingers (pinch), and a mouse in a session with a finger, are not
modelled. Registered in ../libraries.py.
"""
import json
import shutil
from pathlib import Path

import pages
import sessions

NAME = "lightweight-charts"
VERSION_KEYS = ("lightweight-charts (PyPI)", "lightweight-charts")
MODES = ("pan",)        # a pane drag scrolls; the library has no box zoom
POINTERS = ("mouse", "touch")  # touch: one finger (LightweightChartsProfile+Touch.swift)
AREAS = ("main", "x-axis")  # the pane and the time scale's strip; no overview
# The time scale's height (px) on this page: lightweight-charts 4.1.3's
# TimeAxisWidget.optimalHeight() at the default 12 px font (measured; the
# driver checks it at every press).
AXIS_H = 28

HOUR_MS = sessions.HOUR_MS


def _js_path():
    from importlib.metadata import distribution

    return Path(distribution("lightweight-charts").locate_file("lightweight_charts/js/lightweight-charts.js"))


def version_label(versions):
    return f"lightweight-charts {versions['lightweight-charts']} (PyPI lightweight-charts {versions['lightweight-charts (PyPI)']})"


def versions():
    from importlib.metadata import version

    head = _js_path().open().read(200)
    return {"lightweight-charts (PyPI)": version("lightweight-charts"),
            "lightweight-charts": head.split("Charts\u2122 v", 1)[1].split()[0]}


def overview_range(reading, extent):
    return extent  # never used: no overview


# --- the page ---------------------------------------------------------------

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>lightweight-charts conformance</title>
<style>html,body{margin:0;padding:0;overflow:hidden}#chart{position:absolute;left:0;top:0}</style>
<script src="lightweight-charts.js"></script></head>
<body><div id="chart"></div>
<script>
window.conformanceReady = false;
const cfg = window.__cfg = __CFG__;
const chart = window.__chart = LightweightCharts.createChart(document.getElementById('chart'), {
  width: cfg.W, height: cfg.H + cfg.axisH,
  leftPriceScale: {visible: false}, rightPriceScale: {visible: false}, timeScale: {visible: true},
});
const series = chart.addLineSeries({priceLineVisible: false, lastValueVisible: false});
series.setData(cfg.t.map((t, i) => ({time: t, value: cfg.y[i]})));
chart.timeScale().setVisibleLogicalRange({from: cfg.initial[0], to: cfg.initial[1]});
window.conformanceReady = true;
</script></body></html>
"""


def _ordinal_u(xs, x):
    """rangepipe's ordinal u of x (Model/XScale.swift): the point index,
    linear within a gap and beyond the ends by the end gap."""
    n = len(xs)
    if x <= xs[0]:
        return (x - xs[0]) / (xs[1] - xs[0])
    if x >= xs[-1]:
        return (n - 1) + (x - xs[-1]) / (xs[-1] - xs[-2])
    i = max(k for k in range(n) if xs[k] <= x)
    if xs[i] == x:
        return float(i)
    return i + (x - xs[i]) / (xs[i + 1] - xs[i])


def write_page(folder, setup, name):
    if not (folder / "lightweight-charts.js").exists():
        shutil.copyfile(_js_path(), folder / "lightweight-charts.js")
    xs, ys = pages.load_series(setup["series"])
    date = setup["axis"] == "date"
    conv = (lambda v: v / 1000) if date else (lambda v: v)  # UTC seconds
    t = [conv(v) for v in xs]
    lo, hi = (conv(v) for v in setup["initial_ms"])
    cfg = {"W": setup["main"]["width"], "H": setup["main"]["height"], "axisH": AXIS_H, "date": date,
           "t": t, "xn": xs, "y": ys, "initial": [_ordinal_u(t, lo), _ordinal_u(t, hi)]}
    path = folder / f"{name}.html"
    path.write_text(PAGE.replace("__CFG__", json.dumps(cfg, separators=(",", ":"))))
    return path


# The reading: the visible logical range (bar indices, the library's own
# state), and as x (ms on a date axis) through the points' x the way
# rangepipe's ordinal axis maps u back (XScale.x): xs[i] + f * (xs[i+1] - xs[i])
# inside, the end gap beyond the ends.
READER_JS = r"""
window.__cf = {
  ready: () => {
    if (window.conformanceReady !== true) return false;
    const r = window.__chart.timeScale().getVisibleLogicalRange();
    return r !== null;
  },
  toX: (u) => {
    const xs = window.__cfg.xn, n = xs.length;
    if (u <= 0) return xs[0] + u * (xs[1] - xs[0]);
    if (u >= n - 1) return xs[n - 1] + (u - (n - 1)) * (xs[n - 1] - xs[n - 2]);
    const i = Math.floor(u), f = u - i;
    return f === 0 ? xs[i] : xs[i] + f * (xs[i + 1] - xs[i]);
  },
  read: () => {
    const r = window.__chart.timeScale().getVisibleLogicalRange();
    const x = [r.from, r.to];
    return {x: x, xn: x.map(window.__cf.toX)};
  },
  boxes: () => {
    const cv = document.querySelectorAll('#chart canvas');
    const box = (c) => { const r = c.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
    // The pane's canvases come first, then the time axis's (one table row each).
    const tds = document.querySelectorAll('#chart table tr');
    const pane = tds[0].querySelector('td:nth-child(2) canvas'), axis = tds[tds.length - 1].querySelector('td:nth-child(2) canvas');
    return {main: box(pane), "x-axis": box(axis)};
  },
};
"""


# --- its sessions (hooks of ../sessions.py and ../record.py) -----------------

def _setup(series, W, H, lo_hi, pointer="mouse"):
    axis = pages.SERIES[series]["axis"]
    return {"library": NAME, "drag": "pan", "pointer": pointer, "series": series, "axis": axis,
            "main": {"width": W, "height": H}, "x-axis": {"width": W, "height": AXIS_H}, "initial_ms": lo_hi}


def _initial(series, frac):
    axis = pages.SERIES[series]["axis"]
    x0, x1 = sessions.extent(series)
    ext = x1 - x0
    lo = max(x0, sessions.snap(x0 + frac[0] * ext, axis))
    hi = min(x1, sessions.snap(x0 + frac[1] * ext, axis))
    return [lo, hi]


def make_setup(rng, drag, pointer):
    series = "AAPL" if rng.random() < 0.8 else "sf-temps-hours"
    W, H = sessions.main_size(rng)
    if pointer == "touch":
        W = min(W, 800)  # as the ECharts touch sessions: the touch tab's layout is checked up to 800
    r = rng.random()
    if r < 0.12:
        frac = [0.0, 1.0]
    elif series == "sf-temps-hours" and r < 0.6:
        span = rng.uniform(0.002, 0.05)   # under 0.5 px a bar is clamped: mostly narrower windows
        a = rng.uniform(0.0, 1.0 - span)
        frac = [a, a + span]
    else:
        span = rng.uniform(0.03, 0.6)
        a = rng.uniform(0.0, 1.0 - span)
        if r < 0.2:
            a = 0.0 if rng.random() < 0.5 else 1.0 - span
        frac = [a, a + span]
    return _setup(series, W, H, _initial(series, frac), pointer)


def edge_setup(drag, over, pointer):
    return _setup("AAPL", 800, 400, _initial("AAPL", over.get("initial_frac", [0.5, 0.7])),
                  over.get("pointer", pointer))


def _drag(cur, area, x, y, moves, dt=16, up=None):
    """down at (x, y) on `area`, moves through `moves` [(x, y)], up at `up` or the last move."""
    cur.sample(type="down", id=1, x=x, y=y, area=area)
    px, py = x, y
    for px, py in moves:
        cur.wait(dt)
        cur.sample(type="move", id=1, x=px, y=py)
    cur.wait(dt)
    ux, uy = up if up else (px, py)
    cur.sample(type="up", id=1, x=ux, y=uy)


def _click(cur, area, x, y, hold=50):
    cur.sample(type="down", id=1, x=x, y=y, area=area)
    cur.wait(hold)
    cur.sample(type="up", id=1, x=x, y=y)


def _double(cur, area, x, y, gap, dx=0, dy=0, hold=50):
    _click(cur, area, x, y, hold)
    cur.wait(gap - hold)
    _click(cur, area, x + dx, y + dy, hold)


def _wheel(cur, area, x, y, dy, dx=0):
    s = {"type": "wheel", "x": x, "y": y, "area": area, "deltaY": dy}
    if dx:
        s["deltaX"] = dx
    cur.sample(**s)


DELTA_Y = [100, -100, 53, -53, 120, -120, 3, -3, 240, -240, 600, -600, 99, -101, 0]
DELTA_X = [40, -40, 100, -100, 7, -250]


def g_wheel(rng, cur, setup):
    W, H = setup["main"]["width"], setup["main"]["height"]
    area = "x-axis" if rng.random() < 0.2 else "main"
    h = AXIS_H if area == "x-axis" else H
    x = rng.choice([0, W - 1]) if rng.random() < 0.1 else rng.randint(0, W - 1)
    y = rng.randint(0, h - 1)
    for k in range(rng.randint(1, 6)):
        if k:
            cur.wait(rng.randint(8, 120))
        dx = rng.choice(DELTA_X) if rng.random() < 0.2 else 0
        dy = rng.choice(DELTA_Y)
        if dx == 0 and dy == 0:
            dy = -100
        _wheel(cur, area, x, y, dy, dx)


def _path(rng, x0, y0, dx, dy, n, W, ymin, ymax):
    moves = []
    for k in range(1, n + 1):
        x = x0 + round(dx * k / n) + (rng.randint(-2, 2) if k < n else 0)
        y = y0 + round(dy * k / n) + (rng.randint(-2, 2) if k < n else 0)
        moves.append((max(-60, min(W + 200, x)), max(ymin, min(ymax, y))))
    return moves


def g_pane_drag(rng, cur, setup, small=False):
    W, H = setup["main"]["width"], setup["main"]["height"]
    x, y = rng.randint(0, W - 1), rng.randint(0, H - 1)
    if small:
        dx, dy, n = rng.randint(-8, 8), rng.randint(-4, 4), rng.randint(1, 4)
    else:
        dx, dy, n = rng.choice([-1, 1]) * rng.randint(10, int(W * 0.9)), rng.randint(-30, 30), rng.randint(2, 14)
    moves = _path(rng, x, y, dx, dy, n, W, -40, H + AXIS_H + 40)
    up = None
    if rng.random() < 0.15:
        up = (moves[-1][0] + rng.randint(-6, 6), moves[-1][1])
    _drag(cur, "main", x, y, moves, dt=rng.randint(8, 40), up=up)


def g_axis_drag(rng, cur, setup):
    W = setup["main"]["width"]
    x = rng.choice([rng.randint(0, W - 1), rng.randint(W - 40, W - 1)])
    y = rng.randint(0, AXIS_H - 1)
    kind = rng.random()
    if kind < 0.2:
        dx = rng.randint(-8, 8)
    elif kind < 0.35:
        dx = W - x + rng.randint(0, 30)   # to or past the right edge: no scale there
    else:
        dx = rng.choice([-1, 1]) * rng.randint(10, int(W * 0.6))
    moves = _path(rng, x, y, dx, rng.randint(-20, 20), rng.randint(1, 10), W, -400, AXIS_H + 40)
    _drag(cur, "x-axis", x, y, moves, dt=rng.randint(8, 40))


def g_double(rng, cur, setup):
    W, H = setup["main"]["width"], setup["main"]["height"]
    area = "x-axis" if rng.random() < 0.8 else "main"
    h = AXIS_H if area == "x-axis" else H
    x, y = rng.randint(6, W - 7), rng.randint(3, h - 4)
    hold = rng.randint(20, 120)
    # The count resets 500 ms after the first press: the second release
    # (hold ms after its press) lands well before, around, or after that.
    gap = rng.choice([rng.randint(hold + 30, 400), 500 - hold + rng.randint(-20, 20), rng.randint(530, 900)])
    d = rng.choice([0, 0, 0, 1, -1, 2, 3, -4, 5, 8])
    horizontal = rng.random() < 0.5
    dx, dy = (d, 0) if horizontal else (0, max(-y, min(h - 1 - y, d)))
    _double(cur, area, x, y, gap, dx=dx, dy=dy, hold=hold)


def g_click(rng, cur, setup):
    W, H = setup["main"]["width"], setup["main"]["height"]
    area = "x-axis" if rng.random() < 0.5 else "main"
    h = AXIS_H if area == "x-axis" else H
    _click(cur, area, rng.randint(0, W - 1), rng.randint(0, h - 1), rng.randint(30, 150))


GESTURES = [(g_wheel, 25), (g_pane_drag, 28), (lambda r, c, s: g_pane_drag(r, c, s, small=True), 8),
            (g_axis_drag, 20), (g_double, 13), (g_click, 6)]


def _finger(cur, area, x, y, moves, dts, hold):
    """One finger down at (x, y) on `area`, through `moves` [(x, y)] `dts` ms apart, lifted `hold` ms
    after the last move where it last was."""
    cur.sample(type="down", id=1, x=x, y=y, area=area)
    for (px, py), dt in zip(moves, dts):
        cur.wait(dt)
        cur.sample(type="move", id=1, x=px, y=py)
        x, y = px, py
    cur.wait(hold)
    cur.sample(type="up", id=1, x=x, y=y)


# Lifts 0..300 ms after the last move: the kinetic scroll starts only within 50 ms of the last
# position it kept (kinetic-animation.ts:74).
LIFT_MS = [0, 4, 8, 16, 30, 49, 50, 51, 60, 120, 300]


def g_touch_pan(rng, cur, setup):
    """A finger drag on the pane: flings (fast, few moves), slow drags, drags within the slop, some
    starting after a hold around the 240 ms long tap (which turns the drag into the crosshair's)."""
    W, H = setup["main"]["width"], setup["main"]["height"]
    x, y = rng.randint(0, W - 1), rng.randint(0, H - 1)
    kind = rng.random()
    if kind < 0.15:
        dx, n, dt = rng.randint(-16, 16), rng.randint(1, 4), (10, 40)
    elif kind < 0.6:
        dx, n, dt = rng.choice([-1, 1]) * rng.randint(40, int(W * 0.8)), rng.randint(2, 8), (4, 20)
    else:
        dx, n, dt = rng.choice([-1, 1]) * rng.randint(10, int(W * 0.9)), rng.randint(2, 14), (16, 70)
    dy = rng.randint(-30, 30) if rng.random() < 0.8 else rng.choice([-1, 1]) * rng.randint(30, 150)
    moves = _path(rng, x, y, dx, dy, n, W, -40, H + AXIS_H + 40)
    dts = [rng.randint(*dt) for _ in moves]
    if rng.random() < 0.25:
        dts[0] += rng.choice([100, 200, 225, 235, 245, 260, 400])
    _finger(cur, "main", x, y, moves, dts, rng.choice(LIFT_MS))


def g_touch_tap(rng, cur, setup):
    """A tap or a double tap, mostly on the time scale (a double tap there resets; the tap count
    resets 500 ms after the first touch's start, and a second tap counts within 30 px Manhattan)."""
    W, H = setup["main"]["width"], setup["main"]["height"]
    area = "x-axis" if rng.random() < 0.7 else "main"
    h = AXIS_H if area == "x-axis" else H
    x, y = rng.randint(20, W - 21), rng.randint(2, h - 3)
    hold = rng.randint(10, 120)
    _finger(cur, area, x, y, [], [], hold)
    if rng.random() < 0.7:
        cur.wait(rng.choice([rng.randint(20, 300), 500 - hold + rng.randint(-15, 15), rng.randint(520, 800)]))
        d = rng.choice([0, 3, 10, 20, 29, 30, 31, 45])
        ddx = rng.randint(0, d)
        nx, ny = x + rng.choice([-1, 1]) * ddx, max(0, min(h - 1, y + rng.choice([-1, 1]) * (d - ddx)))
        _finger(cur, area, nx, ny, [], [], rng.randint(10, 120))


def g_touch_axis(rng, cur, setup):
    """A finger drag on the time scale: sideways it scales about the right edge; a drag that leaves
    the start mostly vertically is left to the page."""
    W = setup["main"]["width"]
    x, y = rng.randint(0, W - 1), rng.randint(0, AXIS_H - 1)
    if rng.random() < 0.75:
        dx, dy = rng.choice([-1, 1]) * rng.randint(10, int(W * 0.6)), rng.randint(-12, 12)
    else:
        dx, dy = rng.randint(-12, 12), rng.choice([-1, 1]) * rng.randint(16, 120)
    moves = _path(rng, x, y, dx, dy, rng.randint(1, 10), W, -300, AXIS_H + 200)
    _finger(cur, "x-axis", x, y, moves, [rng.randint(8, 40) for _ in moves], rng.choice(LIFT_MS))


def g_touch_pinch(rng, cur, setup):
    """Two fingers on the pane: the second goes down 0..230 ms after the first, before its long tap
    and before it moved (what would prevent the pinch leaves the second finger's moves to the
    page, which zooms itself: not modelled), both spread or close in steps, and they lift in either
    order, the one left sometimes moving on."""
    W, H = setup["main"]["width"], setup["main"]["height"]
    cx, cy = rng.randint(120, W - 120), rng.randint(40, H - 40)
    half = rng.randint(20, 110)
    a, b = [cx - half, cy + rng.randint(-20, 20)], [cx + half, cy + rng.randint(-20, 20)]
    cur.sample(type="down", id=1, x=a[0], y=a[1], area="main")
    if rng.random() < 0.15:       # the first finger moves within Chromium's slop first
        cur.wait(rng.randint(10, 40))
        a[0] += rng.choice([-1, 1]) * rng.randint(3, 10)
        cur.sample(type="move", id=1, x=a[0], y=a[1])
    cur.wait(rng.choice([0, 5, 30, 120, 200, 230]))
    cur.sample(type="down", id=2, x=b[0], y=b[1], area="main")
    grow = rng.choice([-1, 1]) * rng.randint(8, 120)
    steps = rng.randint(1, 8)
    a0, b0 = list(a), list(b)
    for k in range(1, steps + 1):
        cur.wait(rng.randint(8, 30))
        d = round(grow * k / steps)
        both = rng.random() < 0.8
        if both or k % 2:
            a = [max(-40, min(W + 40, a0[0] - d)), a0[1]]
            cur.sample(type="move", id=1, x=a[0], y=a[1])
        if both or not k % 2:
            b = [max(-40, min(W + 40, b0[0] + d)), b0[1] + rng.randint(-3, 3)]
            cur.sample(type="move", id=2, x=b[0], y=b[1])
    cur.wait(rng.randint(5, 40))
    first, second = ((2, b), (1, a)) if rng.random() < 0.6 else ((1, a), (2, b))
    cur.sample(type="up", id=first[0], x=first[1][0], y=first[1][1])
    left_id, p = second
    for _ in range(rng.choice([0, 0, 2, 4])):
        cur.wait(rng.randint(8, 30))
        p = [p[0] + rng.choice([-1, 1]) * rng.randint(10, 60), p[1]]
        cur.sample(type="move", id=left_id, x=p[0], y=p[1])
    cur.wait(rng.randint(5, 60))
    cur.sample(type="up", id=left_id, x=p[0], y=p[1])


# No wheel: a mouse and a finger in one script are not modelled (the mouse's moves would end the
# crosshair's tracking mode).
TOUCH_GESTURES = [(g_touch_pan, 45), (g_touch_tap, 12), (g_touch_axis, 12), (g_touch_pinch, 25),
                  (lambda r, c, s: c.wait(r.choice([300, 900])), 6)]


def random_session(rng, setup, cur, view):
    if setup["pointer"] == "touch":
        fns, weights = zip(*TOUCH_GESTURES)
        for i in range(rng.randint(3, 8)):
            if i:
                cur.wait(rng.choice([5, 16, 40, 100, 250, 600, 1200, 2500]))
            rng.choices(fns, weights)[0](rng, cur, setup)
        return
    fns, weights = zip(*GESTURES)
    for i in range(rng.randint(3, 9)):
        if i:
            cur.wait(rng.choice([8, 20, 100, 250, 400, 600, 1200]))
        rng.choices(fns, weights)[0](rng, cur, setup)


def _fling(c, x, y, dx, n, dt, lift, area="main", dy=0):
    """One finger from (x, y) by (dx, dy) in n even moves dt ms apart, lifted `lift` ms after the last."""
    moves = [(x + round(dx * k / n), y + round(dy * k / n)) for k in range(1, n + 1)]
    _finger(c, area, x, y, moves, [dt] * n, lift)


def touch_edges(add):
    """One finger: the kinetic scroll's start, speed and stop, the slop, long taps and tracking
    mode, time-scale drags and double taps."""
    T = {"pointer": "touch"}

    def lifts(c, s, v):
        # AAPL has 123 bars: flings alternate, so that none runs into an end of the data.
        for k, lift in enumerate((0, 30, 49, 50, 51, 80)):
            sign = -1 if k % 2 == 0 else 1
            _fling(c, 400 - sign * 120, 200, sign * 240, 6, 8, lift)   # moves 8 ms apart: each is kept
            c.wait(3000)
    add("touch: a fling lifted 0, 30, 49, 50, 51 and 80 ms after its last move", lifts, **T)

    def speeds(c, s, v):
        for dx, n, dt in ((-600, 3, 4), (400, 2, 1), (-300, 5, 16), (90, 6, 40), (-60, 4, 60), (30, 2, 20)):
            _fling(c, 400 - dx // 2, 200, dx, n, dt, 0)
            c.wait(3500)
    add("touch: flings from over the most speed to under the least", speeds, **T)

    def shapes(c, s, v):
        # a reversal inside the last four kept positions, moves under 15 px apart, a pause mid-drag
        _finger(c, "main", 400, 200, [(380, 200), (340, 200), (300, 200), (320, 200), (360, 200)], [10] * 5, 0)
        c.wait(3000)
        _finger(c, "main", 400, 200, [(380, 200)] + [(380 - 7 * k, 200) for k in range(1, 9)], [8] * 9, 0)
        c.wait(3000)
        _finger(c, "main", 400, 200, [(370, 200), (340, 200), (310, 200), (280, 201)], [8, 8, 200, 8], 5)
        c.wait(3000)
        _finger(c, "main", 400, 200, [(370, 210), (340, 240), (320, 300), (300, 380)], [10] * 4, 0)
    add("touch: a reversal, moves under the least kept step, a pause, a diagonal", shapes, **T)

    def stops(c, s, v):
        _fling(c, 600, 200, -300, 4, 8, 0)
        c.wait(100)
        _finger(c, "main", 300, 100, [], [], 60)           # a tap on the pane stops it
        c.wait(300)
        _fling(c, 600, 200, -300, 4, 8, 0)
        c.wait(100)
        _fling(c, 500, 10, -100, 4, 16, 100, area="x-axis")  # a time-scale drag does not
        c.wait(300)
        _fling(c, 200, 200, 300, 4, 8, 0)
        c.wait(50)
        _finger(c, "x-axis", 400, 10, [], [], 40)         # a double tap on the time scale resets and stops it
        c.wait(60)
        _finger(c, "x-axis", 402, 12, [], [], 40)
        c.wait(2500)
    add("touch: what stops a kinetic scroll: a finger on the pane, not on the time scale, a reset", stops, **T)

    def ends(c, s, v):
        for dx in (700, 700, -700, -700, -700, -700):
            _fling(c, 400 - dx // 2, 200, dx, 4, 6, 0)
            c.wait(900)
    add("touch: flings into both ends of the data", ends, initial_frac=[0.05, 0.2], **T)

    def slop(c, s, v):
        for d in (10, 15, 16, 20):
            _finger(c, "main", 400, 200, [(400 - d, 200), (400 - d - 40, 200), (400 - d - 80, 200)], [16] * 3, 0)
            c.wait(2500)
        _finger(c, "main", 400, 200, [(389, 189), (388, 188), (350, 188), (300, 188)], [16] * 4, 0)
    add("touch: first moves within and just past Chromium's 15 px slop", slop, **T)

    def long_taps(c, s, v):
        for k, hold in enumerate((230, 239, 240, 241, 260)):
            sign = -1 if k % 2 == 0 else 1
            # from 240 ms on the long tap turns tracking mode on: the drag moves the crosshair
            _finger(c, "main", 400, 200, [(400 + sign * 40, 200), (400 + sign * 100, 200), (400 + sign * 160, 200)],
                    [hold, 16, 16], 0)
            c.wait(2500)
        _finger(c, "main", 400, 200, [], [], 300)          # a touch that does not move ends it, held or not
        c.wait(200)
        _fling(c, 600, 200, -300, 4, 8, 0)                 # scrolls again
        c.wait(2500)
        _finger(c, "main", 400, 200, [(405, 203)], [300], 30)  # a long tap, moved within the slop: tracking on
        c.wait(200)
        _fling(c, 200, 200, 300, 4, 8, 0)                  # the crosshair's, no scroll
        c.wait(200)
        _finger(c, "main", 500, 200, [], [], 50)           # a tap ends it
        c.wait(200)
        _fling(c, 200, 200, 300, 4, 8, 0)
    add("touch: long taps around 240 ms, and the tracking mode they leave", long_taps, **T)

    def axis(c, s, v):
        _finger(c, "x-axis", 400, 10, [(380, 12), (300, 14), (200, 15)], [16] * 3, 0)   # sideways: scales
        c.wait(300)
        _finger(c, "x-axis", 400, 10, [(398, 30), (380, 60), (300, 80)], [16] * 3, 0)   # down first: the page's
        c.wait(300)
        _finger(c, "x-axis", 400, 10, [(380, 20), (340, 20), (200, 20)], [16] * 3, 0)   # |dy| = |dx| / 2
        c.wait(300)
        _finger(c, "x-axis", 600, 10, [(700, 10), (790, 10), (820, 10), (700, 10)], [16] * 4, 0)
    add("touch: time-scale drags sideways, down first, on the diagonal's edge, past the right edge", axis, **T)

    def double_taps(c, s, v):
        for gap, dx, dy in ((150, 0, 0), (150, 29, 0), (150, 30, 0), (150, 15, 14), (150, 15, 15),
                            (380, 0, 0), (399, 0, 0), (400, 0, 0), (420, 0, 0)):
            _fling(c, 400, 200, -60, 3, 30, 200)
            c.wait(100)
            _finger(c, "x-axis", 400, 5, [], [], 50)       # the count resets 500 ms after this start
            c.wait(gap)
            _finger(c, "x-axis", 400 + dx, 5 + dy, [], [], 50)
            c.wait(300)
        _finger(c, "x-axis", 400, 10, [], [], 300)         # a long tap is no tap
        c.wait(60)
        _finger(c, "x-axis", 400, 10, [], [], 40)
    add("touch: double taps on the time scale 29..31 px apart, their second lift around 500 ms", double_taps, **T)


def pinch_edges(add):
    """Two fingers on the pane: when the pinch starts, its steps, its anchor, what follows it."""
    T = {"pointer": "touch"}

    def pair(c, a, b, moves, gap=20, dt=16, lift=(2, 1), after=()):
        """Finger 1 at a, finger 2 at b `gap` ms later, then `moves` [(id, x, y)] dt ms apart; the
        fingers lift in `lift` order, the one left moving through `after` first."""
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

    def starts(c, s, v):
        for gap in (0, 1, 120, 239):
            pair(c, (300, 200), (500, 200), [(1, 280, 200), (2, 520, 200), (1, 260, 200), (2, 540, 200)], gap=gap)
            c.wait(300)
            pair(c, (300, 200), (500, 200), [(1, 320, 200), (2, 480, 200), (1, 340, 200), (2, 460, 200)], gap=gap)
            c.wait(300)
    add("pinch: the second finger 0, 1, 120 and 239 ms after the first; out, then in", starts, **T)

    def shapes(c, s, v):
        pair(c, (400, 100), (400, 300), [(2, 400, 340), (2, 400, 380), (1, 400, 60)])       # vertical
        c.wait(300)
        pair(c, (390, 200), (410, 200), [(1, 420, 200), (1, 450, 200), (2, 380, 200)])      # they cross
        c.wait(300)
        pair(c, (2, 200), (40, 210), [(2, 200, 210), (2, 400, 210)])                        # anchor near x = 0
        c.wait(300)
        pair(c, (600, 200), (799, 150), [(1, 700, 200), (1, 760, 200)])                     # closing near x = W
        c.wait(300)
        pair(c, (100, 200), (700, 200), [(1, 390, 200), (2, 410, 200)] * 1 + [(1, 395, 200)])  # to 5 px apart
    add("pinch: vertical, fingers crossing, anchors near both edges, down to 5 px apart", shapes, **T)
    # (after these the bar spacing is at its most; the closing pinch near x = W brings it back)

    def after(c, s, v):
        pair(c, (300, 200), (500, 200), [(1, 260, 200), (2, 540, 200)], lift=(2, 1),
             after=[(240, 200), (200, 200), (120, 200)])                                 # the first finger scrolls on
        c.wait(2500)
        pair(c, (300, 200), (500, 200), [(1, 340, 200), (2, 460, 200)], lift=(1, 2),
             after=[(480, 200), (520, 200), (600, 200)])                                 # the second's moves: nobody's
        c.wait(300)
        _fling(c, 600, 200, -300, 4, 8, 0)                                               # a kinetic scroll
        c.wait(60)
        pair(c, (300, 200), (500, 200), [(1, 280, 200), (2, 520, 200)])                 # a pinch stops it
        c.wait(300)
        _finger(c, "main", 400, 200, [(405, 204)], [20], 0)                              # within the slop: no move
        c.wait(100)
        pair(c, (300, 200), (500, 200), [(1, 305, 205), (2, 560, 200), (1, 250, 200)], gap=100)
    add("pinch: the finger left scrolls on or not, a pinch stops a kinetic scroll, a first move within the slop",
        after, **T)


def edge_cases():
    """(name, library, drag, overrides, steps), all on AAPL 800 x 400."""
    W = 800
    E = []

    def add(name, fn, **over):
        E.append((name, NAME, "pan", over, fn))

    def wheel_sizes(c, s, v):
        for dy in (-1, 1, -99, -100, -101, 99, 100, 101, -250, 250, 0.5, -0.5):
            _wheel(c, "main", 400, 200, dy)
            c.wait(60)
        for x in (0, 1, 2, W - 1):
            _wheel(c, "main", x, 200, -120)
            c.wait(60)
        _wheel(c, "x-axis", 300, 10, 100)
    add("wheel deltaY straddling 100, tiny, at x = 0, 1, 2, W - 1 and on the time scale", wheel_sizes)

    def sideways(c, s, v):
        for dx, dy in ((40, 0), (-40, 0), (0.5, 0), (100, -100), (-250, 53), (7, 0)):
            _wheel(c, "main", 400, 200, dy, dx)
            c.wait(80)
    add("deltaX scrolls, alone and with deltaY", sideways)

    def zoom_limits(c, s, v):
        for _ in range(30):
            _wheel(c, "main", 400, 200, 600)   # out to 0.5 px a bar
            c.wait(20)
        for _ in range(60):
            _wheel(c, "main", 700, 200, -600)  # in to W / 2 px a bar
            c.wait(20)
    add("wheel out to the least bar spacing, in to the most", zoom_limits)

    def pass_on(c, s, v):
        for moves in ([(404, 200), (440, 200), (480, 200)],
                      [(405, 200), (440, 200), (480, 200)],
                      [(403, 202), (440, 200)],
                      [(402, 203), (402, 203), (430, 203), (460, 203)],
                      [(401, 200), (403, 201), (406, 200), (420, 200), (421, 200)]):
            _drag(c, "main", 400, 200, moves)
            c.wait(200)
    add("pane drags around the 5 px pass-on and the reference move", pass_on)

    def stale(c, s, v):
        _drag(c, "main", 400, 200, [(410, 200)])           # one passed-on move: the reference stays
        c.wait(200)
        _drag(c, "main", 300, 200, [(320, 200), (360, 200)])
        c.wait(200)
        _drag(c, "main", 400, 200, [(410, 200)])
        c.wait(200)
        _drag(c, "main", 405, 200, [(410, 200), (450, 200)])  # lands on the stale reference first
    add("a drag that never scrolled leaves its reference for the next", stale)

    def pan_ends(c, s, v):
        _drag(c, "main", 100, 200, [(400, 200), (799, 200), (1000, 220)], up=(1010, 220))
        c.wait(200)
        for _ in range(3):
            _drag(c, "main", 50, 200, [(60, 200), (790, 200)])
            c.wait(100)
        for _ in range(6):
            _drag(c, "main", 790, 200, [(780, 200), (0, 200)])
            c.wait(100)
        _drag(c, "main", 400, 200, [(420, 200), (430, 500), (300, 700)])  # leaves down through the time scale
    add("pans past both ends of the data, and off the pane", pan_ends)

    def axis_drags(c, s, v):
        _drag(c, "x-axis", 400, 10, [(403, 10), (404, 11), (300, 12)])
        c.wait(200)
        _drag(c, "x-axis", 400, 10, [(420, 10), (600, 10), (799, 10), (800, 10), (900, 10), (700, 10)])
        c.wait(200)
        _drag(c, "x-axis", 798, 10, [(790, 10), (100, 10), (0, 10), (-50, 10)])
        c.wait(200)
        _drag(c, "x-axis", 600, 20, [(600, 40), (600, 200), (400, -300)])  # y only, then up onto the pane
        c.wait(200)
        _drag(c, "x-axis", 10, 10, [(4, 10), (0, 10), (700, 10)])
    add("time-scale drags: in, out, at and past the right edge, off the strip", axis_drags)

    def doubles(c, s, v, area="x-axis"):
        # The count resets 500 ms after the first press: the second release
        # (50 ms after its press) lands 480..520 ms after it.
        for gap in (430, 449, 450, 451, 470):
            _wheel(c, "main", 300, 200, -240)
            c.wait(100)
            _double(c, area, 400, 10, gap)
            c.wait(300)
    add("double-clicks on the time scale whose second release is 480..520 ms after the first press", doubles)
    add("double-clicks on the pane change nothing", lambda c, s, v: doubles(c, s, v, area="main"))

    def dists(c, s, v):
        for dx, dy in ((4, 0), (5, 0), (2, 2), (3, 2), (0, -4), (-5, 0)):
            _wheel(c, "main", 300, 200, -240)
            c.wait(100)
            _double(c, "x-axis", 400, 12, 150, dx=dx, dy=dy)
            c.wait(300)
    add("double-clicks on the time scale 4 and 5 px apart", dists)

    def frames(c, s, v):
        for after in (1, 8, 15, 16, 17, 30):
            _wheel(c, "main", 300, 200, -240)
            c.wait(100)
            _double(c, "x-axis", 400, 10, 120)
            c.wait(after)
            _wheel(c, "main", 500, 200, -100)
            c.wait(200)
        _double(c, "x-axis", 400, 10, 120)
        c.wait(3)
        _drag(c, "main", 400, 200, [(420, 200), (430, 200), (500, 200)])
    add("input between a double-click and the frame its reset lands in", frames)

    def moved_doubles(c, s, v):
        _wheel(c, "main", 300, 200, -240)
        c.wait(100)
        _drag(c, "x-axis", 400, 10, [(420, 10)])   # a scale drag, then a click: no double-click
        c.wait(60)
        _click(c, "x-axis", 400, 10)
        c.wait(300)
        _click(c, "x-axis", 400, 10)
        c.wait(60)
        _drag(c, "x-axis", 400, 10, [(400, 16), (400, 10)])  # the second press moves 6 px and back
        c.wait(300)
        for _ in range(3):                            # a triple click
            _click(c, "x-axis", 500, 10)
            c.wait(60)
        c.wait(300)
        _click(c, "main", 500, 200)                   # the pane's clicks are its own
        c.wait(60)
        _click(c, "x-axis", 500, 10)
    add("time-scale clicks after drags, moved presses, a triple click, pane then scale", moved_doubles)

    touch_edges(add)
    pinch_edges(add)
    add("reset from the whole data", lambda c, s, v: _double(c, "x-axis", 400, 10, 150), initial_frac=[0.0, 1.0])
    add("wheel and drag from a narrow window", lambda c, s, v: (
        _wheel(c, "main", 400, 200, 100), c.wait(50),
        _drag(c, "main", 400, 200, [(410, 200), (420, 200), (700, 200)])), initial_frac=[0.5, 0.52])
    return E

