"""uPlot 1.6.18 on the SPEC 4.11 page: its page (uPlot.iife.min.js and
uPlot.min.css from PyPI metaflow-card-uplot 1.0.0; `new uPlot` with one
series, no legend, the default cursor) and how the recorder reads it
(u.scales.x). uPlot has no overview, no wheel and no pan: a drag on the plot
overlay selects an x interval and zooms to it, a double-click (the browser's
dblclick) returns to the data. Its own session generator is here (the hooks
of ../sessions.py and ../record.py). Registered in ../libraries.py.
"""
import json
import shutil
from pathlib import Path

import pages
import sessions

NAME = "uplot"
VERSION_KEYS = ("metaflow-card-uplot", "uPlot")
MODES = ("zoom",)       # the default cursor: a drag zooms; uPlot has no pan
POINTERS = ("mouse",)   # touch is not part of the profile (SPEC 4.11)
AREAS = ("main",)       # no overview
# uPlot listens for the browser's dblclick, whose click count a real mouse
# gets from Chromium: a press within 500 ms and 2 px (x and y) of the last
# one counts one more (ui::MouseEvent::IsRepeatedClickEvent, kDoubleClickTimeMS
# 500, kDoubleClickWidth/Height 4, half of it either side). driver.py applies
# it through click_count below.
CLICK_MS, CLICK_PX = 500, 2


def click_count(last, s):
    """The click count driver.py gives press `s` after the last press `last`
    ((t ms, area, x, y, shift, count) or None): one more than the last's,
    up to 3, when within CLICK_MS and CLICK_PX in x and y and not at the same
    ms; else 1. uPlot's presses are all on `main`, so sample px are the
    page's up to one offset."""
    t = int(round(s["t"] * 1000))
    if (last and t - last[0] <= CLICK_MS and t != last[0]
            and abs(s["x"] - last[2]) <= CLICK_PX and abs(s.get("y", 0) - last[3]) <= CLICK_PX):
        return min(last[5] + 1, 3)
    return 1


HOUR_MS = sessions.HOUR_MS


def _dist_dir():
    # By the wheel's file list: importing the card's package needs metaflow.
    from importlib.metadata import distribution

    dist = distribution("metaflow-card-uplot")
    return Path(dist.locate_file("metaflow_extensions/card_uplot/plugins/cards/uplot/uplot"))


def version_label(versions):
    return f"uPlot {versions['uPlot']} (PyPI metaflow-card-uplot {versions['metaflow-card-uplot']})"


def versions():
    from importlib.metadata import version

    head = (_dist_dir() / "uPlot.iife.min.js").open().read(200)
    return {"metaflow-card-uplot": version("metaflow-card-uplot"),
            "uPlot": head.split("(v", 1)[1].split(")", 1)[0]}


def overview_range(reading, extent):
    return extent  # never used: no overview


# --- the page ---------------------------------------------------------------

UPLOT_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>uplot conformance</title>
<link rel="stylesheet" href="uPlot.min.css">
<style>html,body{margin:0;padding:0;overflow:hidden}#chart{position:absolute;left:0;top:0}</style>
<script src="uPlot.iife.min.js"></script></head>
<body><div id="chart"></div>
<script>
window.conformanceReady = false;
const cfg = __CFG__;
// padding is fixed (top, right, bottom, left px): uPlot's default (null,
// auto) sizes it from the tick labels' overflow, so the plot overlay would
// change size with the labels after a zoom (seen: 960x360 became 985x377).
const opts = {width: cfg.width, height: cfg.height, legend: {show: false}, padding: [16, 24, 0, 0],
              // y range fixed to the data's: with no point in the window uPlot
              // would hide the y axis and the overlay would widen by its 50 px.
              scales: {x: {time: cfg.time}, y: {range: cfg.yRange}}, series: [{}, {stroke: "blue"}]};
const u = window.__uplot = new uPlot(opts, cfg.data, document.getElementById('chart'));
u.setScale('x', {min: cfg.initial[0], max: cfg.initial[1]});
window.conformanceReady = true;
window.__cfg = cfg;
</script></body></html>
"""


def write_page(folder, setup, name):
    for f in ("uPlot.iife.min.js", "uPlot.min.css"):
        if not (folder / f).exists():
            shutil.copyfile(_dist_dir() / f, folder / f)
    xs, ys = pages.load_series(setup["series"])
    date = setup["axis"] == "date"
    conv = (lambda v: v / 1000) if date else (lambda v: v)  # uPlot's time scale is in seconds (ms: 1e-3)
    W, H = setup["main"]["width"], setup["main"]["height"]
    cfg = {"W": W, "H": H, "width": W + 74, "height": H + 66, "time": date,
           "data": [[conv(v) for v in xs], ys], "yRange": [min(ys), max(ys)], "initial": [conv(v) for v in setup["initial_ms"]]}
    path = folder / f"{name}.html"
    path.write_text(UPLOT_PAGE.replace("__CFG__", json.dumps(cfg, separators=(",", ":"))))
    return path


READER_JS = r"""
window.__cf = {
  // The plot overlay must be exactly W x H: until it is, grow the chart by
  // what the axes took (setSize lands in uPlot's commit; the driver steps
  // the clock between calls).
  ready: () => {
    const u = window.__uplot, cfg = window.__cfg;
    if (!(window.conformanceReady === true && u.status == 1)) return false;
    const r = u.over.getBoundingClientRect();
    if (r.width == cfg.W && r.height == cfg.H) return true;
    u.setSize({width: u.width + cfg.W - r.width, height: u.height + cfg.H - r.height});
    return false;
  },
  read: () => {
    const u = window.__uplot, x = [u.scales.x.min, u.scales.x.max];
    return {x: x, xn: u.scales.x.time ? x.map(v => v * 1000) : x.slice()};
  },
  boxes: () => {
    const r = window.__uplot.over.getBoundingClientRect();
    return {main: [r.left, r.top, r.width, r.height]};
  },
};
"""


# --- its sessions (hooks of ../sessions.py and ../record.py) -----------------

def _setup(series, W, H, frac):
    axis = pages.SERIES[series]["axis"]
    x0, x1 = sessions.extent(series)
    ext = x1 - x0
    lo = max(x0, sessions.snap(x0 + frac[0] * ext, axis))
    hi = min(x1, sessions.snap(x0 + frac[1] * ext, axis))
    return {"library": NAME, "drag": "zoom", "pointer": "mouse", "series": series, "axis": axis,
            "main": {"width": W, "height": H}, "initial_ms": [lo, hi]}


def make_setup(rng, drag, pointer):
    series = "AAPL" if rng.random() < 0.8 else "sf-temps-hours"
    if rng.random() < 0.55:
        W, H = 800, 400
    else:
        W, H = rng.choice([640, 720, 960, 1000]), rng.choice([300, 360, 480])
    if rng.random() < 0.15:
        frac = [0.0, 1.0]
    else:
        span = rng.uniform(0.05, 0.8)
        a = rng.uniform(0.0, 1.0 - span)
        frac = [a, a + span]
    return _setup(series, W, H, frac)


def edge_setup(drag, over, pointer):
    return _setup("AAPL", 800, 400, over.get("initial_frac", [0.5, 0.7]))


def _drag(cur, x, y, xs, ys=None, dt=16, up=None):
    """down at (x, y), moves through xs (and ys), up at `up` or the last move."""
    cur.sample(type="down", id=1, x=x, y=y, area="main")
    px, py = x, y
    for k, nx in enumerate(xs):
        cur.wait(dt)
        px, py = nx, (ys[k] if ys else y)
        cur.sample(type="move", id=1, x=px, y=py)
    cur.wait(dt)
    ux, uy = up if up else (px, py)
    cur.sample(type="up", id=1, x=ux, y=uy)


def _click(cur, x, y, hold=50):
    cur.sample(type="down", id=1, x=x, y=y, area="main")
    cur.wait(hold)
    cur.sample(type="up", id=1, x=x, y=y)


def _double(cur, x, y, gap, dx=0, dy=0, hold=50):
    _click(cur, x, y, hold)
    cur.wait(gap - hold)
    _click(cur, x + dx, y + dy, hold)


def g_drag(rng, cur, setup):
    W, H = setup["main"]["width"], setup["main"]["height"]
    x, y = rng.randint(0, W - 1), rng.randint(0, H - 1)
    kind = rng.random()
    if kind < 0.2:      # tiny: 0..3 px net, straddling "any non-zero drag"
        end = x + rng.choice([-3, -2, -1, 0, 0, 1, 2, 3])
    elif kind < 0.4:    # to within a few px of an edge (the 1 px snap)
        end = rng.choice([0, 1, 2, 3, W - 3, W - 2, W - 1])
    elif kind < 0.55:   # out of the overlay (x or y): mouseleave snaps to an edge
        end = rng.choice([-30, -1, W, W + 1, W + 40])
    else:
        end = x + rng.choice([-1, 1]) * rng.randint(4, int(W * 0.8))
    end = max(-60, min(W + 60, end))
    n = rng.randint(1, 8)
    xs = [x + round((end - x) * k / n) for k in range(1, n + 1)]
    ys = [max(0, min(H - 1, y + rng.randint(-4, 4))) for _ in xs]
    if rng.random() < 0.1:  # leave through the top or the bottom
        ys[-1] = rng.choice([-1, -20, H, H + 20])
    up = None
    if rng.random() < 0.15:
        up = (max(-60, min(W + 60, xs[-1] + rng.randint(-6, 6))), ys[-1])
    _drag(cur, x, y, xs, ys, dt=rng.randint(10, 40), up=up)


def g_double(rng, cur, setup):
    W, H = setup["main"]["width"], setup["main"]["height"]
    x, y = rng.randint(4, W - 5), rng.randint(4, H - 5)
    gap = rng.choice([rng.randint(60, 450), rng.randint(480, 520), rng.randint(530, 900)])
    d = rng.choice([0, 0, 0, 1, -1, 2, -2, 3, -3, 8])
    horizontal = rng.random() < 0.5
    _double(cur, x, y, gap, dx=d if horizontal else 0, dy=0 if horizontal else d, hold=rng.randint(20, min(120, gap - 10)))


def g_click(rng, cur, setup):
    W, H = setup["main"]["width"], setup["main"]["height"]
    _click(cur, rng.randint(0, W - 1), rng.randint(0, H - 1), rng.randint(30, 150))


def g_wheel(rng, cur, setup):
    W, H = setup["main"]["width"], setup["main"]["height"]
    cur.sample(type="wheel", x=rng.randint(1, W - 1), y=rng.randint(1, H - 1), area="main",
               deltaY=rng.choice([100, -100, 53, -240]))


GESTURES = [(g_drag, 55), (g_double, 25), (g_click, 12), (g_wheel, 8)]


def random_session(rng, setup, cur, view):
    fns, weights = zip(*GESTURES)
    for i in range(rng.randint(3, 9)):
        if i:
            cur.wait(rng.choice([20, 100, 250, 400, 600, 1200]))
        rng.choices(fns, weights)[0](rng, cur, setup)


def edge_cases():
    """(name, library, drag, overrides, steps), all on AAPL 800 x 400."""
    W, H = 800, 400
    E = []

    def add(name, fn, **over):
        E.append((name, NAME, "zoom", over, fn))

    def ends(targets):
        def fn(c, s, v):
            for end in targets:
                _drag(c, 400, 200, [400 + (end - 400) // 2, end])
                c.wait(300)
                _double(c, 400, 200, 150)
                c.wait(700)
        return fn

    add("drags ending 0..3 px from the left edge", ends([3, 2, 1, 0]))
    add("drags ending 0..3 px from the right edge", ends([W - 4, W - 3, W - 2, W - 1]))
    add("drags leaving the overlay at x = -1, W, W + 1", ends([-1, W, W + 1]))

    def starts(c, s, v):
        for x in (0, 1, 2, W - 2, W - 1):
            _drag(c, x, 200, [x + (200 if x < 400 else -200)])
            c.wait(300)
            _double(c, 400, 200, 150)
            c.wait(700)
    add("drags starting 0..2 px from either edge", starts)

    def tiny(c, s, v):
        for dx in (1, -1, 2, 0):
            _drag(c, 300, 200, [300 + dx])
            c.wait(400)
        _drag(c, 300, 200, [340, 300])   # out and back: zero width
        c.wait(400)
        _drag(c, 300, 200, [300], ys=[250])  # only y
    add("drags of 1, -1, 2 and 0 px, out and back", tiny)

    def through_y(c, s, v):
        _drag(c, 300, 200, [350, 400], ys=[200, -1])
        c.wait(400)
        _double(c, 400, 200, 150)
        c.wait(700)
        _drag(c, 500, 200, [450, 400], ys=[200, H])
        c.wait(400)
        _drag(c, 500, 200, [500, 600], ys=[H + 10, 200])  # out at once, back in
    add("drags leaving through the top and the bottom, and back in", through_y)

    def gaps(c, s, v):
        for gap in (480, 499, 500, 501, 520):
            _double(c, 400, 200, gap)
            c.wait(900)
            _drag(c, 200, 200, [400, 600])
            c.wait(900)
    add("double-clicks 480..520 ms apart after zooms", gaps)

    def dists(c, s, v):
        for dx, dy in ((2, 0), (3, 0), (0, 2), (0, 3), (-2, -2)):
            _drag(c, 200, 200, [400, 600])
            c.wait(900)
            _double(c, 400, 200, 150, dx=dx, dy=dy)
            c.wait(900)
    add("double-clicks 2 and 3 px apart", dists)

    def triple(c, s, v):
        _drag(c, 200, 200, [600])
        c.wait(600)
        _click(c, 400, 200)
        c.wait(100)
        _click(c, 400, 200)
        c.wait(100)
        _click(c, 400, 200)
        c.wait(100)
        _drag(c, 100, 200, [500])
        c.wait(100)
        _click(c, 400, 200)
    add("a triple click, then a drag and a click", triple)

    def drag_then_dbl(c, s, v):
        _drag(c, 300, 200, [320])
        c.wait(100)
        _click(c, 320, 200)   # the last press was the drag's, 2 presses in 500 ms
        c.wait(600)
        _drag(c, 100, 200, [300, 700], up=(720, 200))
    add("a click right after a drag; an up away from the last move", drag_then_dbl)

    add("double-click at the initial window (all)", lambda c, s, v: _double(c, 400, 200, 150), initial_frac=[0.0, 1.0])
    add("wheel does nothing", lambda c, s, v: (c.sample(type="wheel", x=400, y=200, area="main", deltaY=-100), c.wait(100),
                                             c.sample(type="wheel", x=400, y=200, area="main", deltaY=240, deltaX=40)))
    return E
