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
drags, and two fingers on the pane (pinch, the second finger early enough to
start one). A mouse in a session with a finger is not modelled. Registered in ../libraries.py.
"""
import importlib.util
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
    sessions.lift_two(rng, cur, a, b, moves_after=(0, 0, 2, 4))


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


def edge_cases():
    """(name, library, drag, overrides, steps), all on AAPL 800 x 400: edges.py."""
    spec = importlib.util.spec_from_file_location("conformance_lightweight_charts_edges", Path(__file__).with_name("edges.py"))
    edges = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(edges)
    return edges.edge_cases(globals())
