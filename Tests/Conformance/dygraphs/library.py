"""dygraphs on the SPEC 4.11 page: its page (dygraph.min.js from Debian's
libjs-dygraphs 2.2.1, by absolute file path; `new Dygraph` with the range
selector) and how the recorder reads it (`g.xAxisRange()`), plus the
sessions it records (main-chart mouse input: drag zoom, shift-drag pan,
clicks and double-clicks; on the range selector, handle drags and pans).
Registered in ../libraries.py.
"""
import importlib.util
import json
import subprocess
from pathlib import Path

import pages
import sessions

NAME = "dygraphs"
# Its keys in a ground truth's "versions".
VERSION_KEYS = ("libjs-dygraphs", "dygraphs")
# The range selector sits exactly under the plot area (driver.py checks it).
ALIGNED_OVERVIEW = True
# The recorded drag modes and pointers: a drag zooms (shift pans); mouse only.
MODES = ["zoom"]
POINTERS = ["mouse", "touch"]  # touch: one finger or two on the plot area (DygraphsProfile+Touch.swift)

JS = Path("/usr/share/javascript/dygraphs/dygraph.min.js")

# The page's geometry (px), dygraphs 2.2.1's defaults (the Swift model's
# DygraphsProfile constants): the y axis left of the plot area (50 + 2 x 3),
# rightGap 5, below it the x axis (14 + 2 x 3) and the range selector (40 + 4).
AREA_X, RIGHT_GAP, BOTTOM = 56, 5, 64
RANGE_SELECTOR_H = 40
# The chart's div sits this far into the page, so that drags can leave the
# canvas by more than DRAG_EDGE_MARGIN (100 px) on every side.
PAGE_OFFSET = 200
DOUBLE_CLICK_MS, DOUBLE_CLICK_SLOP = 500, 2
# Pointer px (main) stay where the page has them: dygraphs reads a negative
# pageX as 0 (dygraph-utils.js:210), and the viewport ends at 2600 x 1400.
X_RANGE = (-AREA_X - PAGE_OFFSET + 6, 2300)
Y_RANGE = (-PAGE_OFFSET + 10, 1100)


def _cx(x):
    return max(X_RANGE[0], min(X_RANGE[1], x))


def _cy(y):
    return max(Y_RANGE[0], min(Y_RANGE[1], y))


def version_label(versions):
    return f"dygraphs {versions['dygraphs']} (Debian libjs-dygraphs {versions['libjs-dygraphs']})"


def versions():
    deb = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libjs-dygraphs"], capture_output=True, text=True, check=True).stdout
    head = JS.open().read(120)
    return {"libjs-dygraphs": deb, "dygraphs": head.split("/v", 1)[1].split("/", 1)[0]}


def overview_range(reading, extent):
    """The overview's x range at a reading: the range selector shows the data."""
    return extent


PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>dygraphs conformance</title>
<style>html,body{margin:0;padding:0;overflow:hidden}#gd{position:absolute;left:__OFF__px;top:__OFF__px}</style>
<script src="__JS__"></script></head>
<body><div id="gd"></div>
<script>
window.conformanceReady = false;
const spec = __SPEC__;
const data = spec.x.map((x, i) => [spec.date ? new Date(x) : x, spec.y[i]]);
// The library's default interaction model, named: the range selector would
// otherwise make a plain drag pan (plugins/range-selector.js:492).
window.g = new Dygraph(document.getElementById('gd'), data, {
  labels: ['x', 'y'], width: spec.width, height: spec.height, showRangeSelector: true,
  dateWindow: spec.window, animatedZooms: false, interactionModel: Dygraph.defaultInteractionModel,
});
g.ready(() => { window.conformanceReady = true; });
</script></body></html>
"""


def write_page(folder, setup, name):
    xs, ys = pages.load_series(setup["series"])
    W, H = setup["main"]["width"], setup["main"]["height"]
    spec = {"x": xs, "y": ys, "date": setup["axis"] == "date", "window": setup["initial_ms"],
            "width": AREA_X + W + RIGHT_GAP, "height": H + BOTTOM}
    text = PAGE.replace("__JS__", JS.as_uri()).replace("__OFF__", str(PAGE_OFFSET))
    text = text.replace("__SPEC__", json.dumps(spec, separators=(",", ":")))
    path = folder / f"{name}.html"
    path.write_text(text)
    return path


READER_JS = r"""
window.__cf = {
  ready: () => window.conformanceReady === true,
  read: () => { const r = g.xAxisRange(); return {x: [r[0], r[1]], xn: [r[0], r[1]]}; },
  boxes: () => {
    const c = g.canvas_.getBoundingClientRect(), a = g.getArea();
    const o = document.querySelector('.dygraph-rangesel-fgcanvas').getBoundingClientRect();
    return {main: [c.left + a.x, c.top + a.y, a.w, a.h], overview: [o.left, o.top, o.width, o.height]};
  },
};
"""


def click_count(last, s):
    """The platform's click count for press `s` after the last press `last`
    ((t ms, area, x, y, shift, count) or None): repeated within 500 ms and
    2 px in x and y, same area and shift (DygraphsProfile+Clicks.swift)."""
    t = int(round(s["t"] * 1000))
    if (last and t - last[0] <= DOUBLE_CLICK_MS and last[1] == s["area"] and last[4] == bool(s.get("shift"))
            and abs(s["x"] - last[2]) <= DOUBLE_CLICK_SLOP and abs(s.get("y", 0) - last[3]) <= DOUBLE_CLICK_SLOP):
        return last[5] + 1
    return 1


# --- sessions ----------------------------------------------------------------

def _touch_module():
    spec = importlib.util.spec_from_file_location("conformance_dygraphs_touch", Path(__file__).with_name("touch.py"))
    touch = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(touch)
    return touch


def make_setup(rng, drag, pointer="mouse"):
    """A random set-up: AAPL (date axis) or sf-temps-hours (number axis), a
    plot area size, an initial window inside the data (sometimes all of it)."""
    series = "AAPL" if rng.random() < 0.75 else "sf-temps-hours"
    axis = pages.SERIES[series]["axis"]
    x0, x1 = sessions.extent(series)
    ext = x1 - x0
    if rng.random() < 0.5:
        W, H = 800, 400
    else:
        W, H = rng.choice([640, 720, 960, 1000]), rng.choice([300, 360, 480])
    span = 1.0 if rng.random() < 0.15 else rng.uniform(0.05, 0.6)
    # A tenth of the narrower windows start at one end of the data.
    start = rng.choice([0.0, 1.0 - span]) if rng.random() < 0.1 else rng.uniform(0.0, 1.0 - span)
    lo = max(sessions.snap(x0 + start * ext, axis), x0)
    hi = min(sessions.snap(x0 + (start + span) * ext, axis), x1)
    return {"library": NAME, "drag": "zoom", "pointer": pointer, "series": series, "axis": axis,
            "main": {"width": W, "height": H}, "overview": {"width": W, "height": RANGE_SELECTOR_H},
            "initial_ms": [lo, hi]}


def edge_setup(drag, over, pointer="mouse"):
    """An edge case's set-up: AAPL, the plot area 800 x 400, the window at
    50..70 % of the data (or all of it), the range selector under it."""
    x0, x1 = sessions.extent("AAPL")
    a, b = (0.0, 1.0) if over.get("initial") == "all" else (0.5, 0.7)
    lo = max(sessions.snap(x0 + a * (x1 - x0), "date"), x0)
    hi = min(sessions.snap(x0 + b * (x1 - x0), "date"), x1)
    return {"library": NAME, "drag": "zoom", "pointer": over.get("pointer", pointer), "series": "AAPL", "axis": "date",
            "main": {"width": 800, "height": 400}, "overview": {"width": 800, "height": RANGE_SELECTOR_H},
            "initial_ms": [lo, hi]}


def script_extra(setup, script):
    """The script keeps main.drag "zoom" (the only mode); nothing to add."""
    return script


def _drag(rng, cur, W, H, x, y, dx, dy, steps, shift=False, dt=(10, 40)):
    extra = {"shift": True} if shift else {}
    cur.sample(type="down", id=1, x=x, y=y, area="main", **extra)
    px, py = x, y
    for k in range(1, steps + 1):
        cur.wait(rng.randint(*dt))
        px = _cx(x + round(dx * k / steps))
        py = _cy(y + round(dy * k / steps) + rng.randint(-2, 2))
        cur.sample(type="move", id=1, x=px, y=py, **extra)
    cur.wait(rng.randint(*dt))
    if rng.random() < 0.1:
        px = _cx(px + rng.randint(-4, 4))  # the up lands a little elsewhere
    cur.sample(type="up", id=1, x=px, y=py, **extra)


def g_zoom(rng, cur, setup, view):
    """A drag: mostly horizontal boxes of every width (around 10 px too),
    some vertical, some leaving the plot area or the canvas's 100 px margin."""
    W, H = setup["main"]["width"], setup["main"]["height"]
    x, y = rng.randint(0, W), rng.randint(0, H)
    k = rng.random()
    if k < 0.25:
        dx, dy = rng.choice([-1, 1]) * rng.randint(6, 14), rng.randint(-4, 4)
    elif k < 0.4:
        dx, dy = rng.randint(-20, 20), rng.choice([-1, 1]) * rng.randint(5, 150)
    elif k < 0.5:
        dx, dy = rng.choice([-1, 1]) * rng.randint(W // 2, W + 220), rng.randint(-10, 10)
    else:
        dx, dy = rng.choice([-1, 1]) * rng.randint(10, W), rng.randint(-30, 30)
    _drag(rng, cur, W, H, x, y, dx, dy, rng.randint(1, 10))


def g_pan(rng, cur, setup, view):
    """A shift-drag, sometimes far enough to meet the data's ends."""
    W, H = setup["main"]["width"], setup["main"]["height"]
    x, y = rng.randint(0, W), rng.randint(0, H)
    dx = rng.choice([-1, 1]) * rng.choice([1, 3, 20, 80, 200, 500, 900])
    _drag(rng, cur, W, H, x, y, dx, rng.randint(-20, 20), rng.randint(1, 10), shift=True)


def g_click(rng, cur, setup, view):
    W, H = setup["main"]["width"], setup["main"]["height"]
    x, y = rng.randint(1, W - 1), rng.randint(1, H - 1)
    cur.sample(type="down", id=1, x=x, y=y, area="main")
    cur.wait(rng.randint(30, 150))
    cur.sample(type="up", id=1, x=x, y=y)


def g_double(rng, cur, setup, view):
    """Two presses; the gap and the offset straddle the 500 ms / 2 px rule;
    sometimes with shift, sometimes the second press drags."""
    W, H = setup["main"]["width"], setup["main"]["height"]
    x, y = rng.randint(4, W - 4), rng.randint(4, H - 4)
    gap = rng.choice([rng.randint(60, 300), rng.randint(440, 560)])
    off = rng.choice([0, 0, 0, 1, 2, 3, -2, -3])
    shift = rng.random() < 0.1
    extra = {"shift": True} if shift else {}
    hold1 = rng.randint(30, 100)
    cur.sample(type="down", id=1, x=x, y=y, area="main", **extra)
    cur.wait(hold1)
    cur.sample(type="up", id=1, x=x, y=y, **extra)
    cur.wait(max(1, gap - hold1))
    x2, y2 = x + off, y + (off if rng.random() < 0.3 else 0)
    cur.sample(type="down", id=1, x=x2, y=y2, area="main", **extra)
    cur.wait(rng.randint(30, 100))
    if rng.random() < 0.15:
        x3 = x2 + rng.choice([-1, 1]) * rng.randint(10, 60)
        cur.sample(type="move", id=1, x=x3, y=y2, **extra)
        cur.wait(rng.randint(10, 30))
        cur.sample(type="up", id=1, x=x3, y=y2, **extra)
    else:
        cur.sample(type="up", id=1, x=x2, y=y2, **extra)


def g_wheel(rng, cur, setup, view):
    """Wheel events: dygraphs' default model has no wheel handler."""
    W, H = setup["main"]["width"], setup["main"]["height"]
    cur.sample(type="wheel", x=rng.randint(1, W - 1), y=rng.randint(1, H - 1), area="main",
               deltaY=rng.choice([-100, 100, 53]))


# --- on the range selector (the `overview` area: its canvas, the plot area's x and width) ---
# The handles are 9 x 16 px images centred on the window's ends, 12 px down the canvas
# (DygraphsProfile+RangeSelector.swift). Presses meant for a handle land within 3 px of its
# centre; presses meant for the canvas stay 5.5 px or more from both centres (the images'
# edges are kept to 1/64 px by layout, the centres to six digits by CSS).
HANDLE_TOP, HANDLE_H = 12, 16


def _centres(setup, view):
    """The handles' centres (overview px) from the window on the data."""
    W = setup["overview"]["width"]
    x0, x1 = sessions.extent(setup["series"])
    a, b = view()["range"]["xn"]
    return W * (a - x0) / (x1 - x0), W * (b - x0) / (x1 - x0)


def _sel_path(rng, cur, x, y, moves, dt=(8, 40)):
    """A press on the range selector, moves to each (x, y) offset from it, a release."""
    cur.sample(type="down", id=1, x=x, y=y, area="overview")
    px, py = x, y
    for mx, my in moves:
        cur.wait(rng.randint(*dt))
        px, py = _cx(x + mx), y + my
        cur.sample(type="move", id=1, x=px, y=py)
    cur.wait(rng.randint(*dt))
    cur.sample(type="up", id=1, x=px, y=py)


def _sel_moves(rng, W):
    """Moves for a handle or pan drag: sometimes a few px first (Chromium's drag threshold,
    the 4 px rule), then a run of steps of every size, sometimes past the canvas."""
    moves = []
    if rng.random() < 0.4:
        for _ in range(rng.randint(1, 3)):
            moves.append((rng.randint(-3, 3), rng.randint(-3, 3)))
    dx = rng.choice([-1, 1]) * rng.choice([3, 5, 8, 20, 60, 150, 400, W])
    steps = rng.randint(1, 10)
    for k in range(1, steps + 1):
        moves.append((round(dx * k / steps), rng.randint(-4, 4)))
    return moves


def g_sel_handle(rng, cur, setup, view):
    W = setup["overview"]["width"]
    centre = rng.choice(_centres(setup, view))
    x = round(centre + rng.uniform(-3, 3))
    y = rng.randint(HANDLE_TOP + 1, HANDLE_TOP + HANDLE_H - 2)
    _sel_path(rng, cur, x, y, _sel_moves(rng, W))


def g_sel_canvas(rng, cur, setup, view):
    """A press on the canvas: between the handles (a pan when zoomed) or outside them."""
    W = setup["overview"]["width"]
    left, right = _centres(setup, view)
    if right - left > 12 and rng.random() < 0.75:
        x = round(rng.uniform(left + 5.6, right - 5.6))
    else:
        spots = [v for v in range(0, W) if abs(v - left) > 5.5 and abs(v - right) > 5.5]
        if not spots:
            return
        x = rng.choice(spots)
    _sel_path(rng, cur, x, rng.randint(1, 38), _sel_moves(rng, W))


GESTURES = [(g_zoom, 30), (g_pan, 14), (g_click, 6), (g_double, 16), (g_wheel, 3), (g_sel_handle, 22),
            (g_sel_canvas, 16)]


def random_session(rng, setup, cur, view):
    """3..8 gestures with pauses between them."""
    fns, weights = zip(*(_touch_module().TOUCH_GESTURES if setup["pointer"] == "touch" else GESTURES))
    for i in range(rng.randint(3, 8)):
        if i:
            cur.wait(rng.choice([20, 100, 250, 600, 1200]))
        rng.choices(fns, weights)[0](rng, cur, setup, view)


# --- hand-picked edge cases -----------------------------------------------------

def _d(cur, x, y, dx, dy=0, steps=4, shift=False, dt=16):
    extra = {"shift": True} if shift else {}
    cur.sample(type="down", id=1, x=x, y=y, area="main", **extra)
    for k in range(1, steps + 1):
        cur.wait(dt)
        cur.sample(type="move", id=1, x=_cx(x + round(dx * k / steps)), y=_cy(y + round(dy * k / steps)), **extra)
    cur.wait(dt)
    cur.sample(type="up", id=1, x=_cx(x + dx), y=_cy(y + dy), **extra)


def _press(cur, x, y, hold=50, shift=False):
    extra = {"shift": True} if shift else {}
    cur.sample(type="down", id=1, x=x, y=y, area="main", **extra)
    cur.wait(hold)
    cur.sample(type="up", id=1, x=x, y=y, **extra)


def _dbl(cur, x, y, gap=150, off=0, shift=False):
    _press(cur, x, y, shift=shift)
    cur.wait(gap - 50)
    _press(cur, x + off, y, shift=shift)


def edge_cases():
    """(name, library, drag, overrides, steps)."""
    E = []

    def widths(c, s, v):
        for dx in (9, -9, 10, -10, 11, 20):
            _d(c, 300, 200, dx, steps=2)
            c.wait(300)
    E.append(("zoom boxes 9, 10, 11, 20 px wide", {}, widths))

    def directions(c, s, v):
        # x moved less than half of y: vertical (y zoom, x stays); exactly half: horizontal.
        for dx, dy in ((20, 41), (20, 40), (20, 39), (-30, 61), (-30, 60), (5, 100)):
            _d(c, 300, 150, dx, dy, steps=3)
            c.wait(300)
    E.append(("zoom drags around the vertical rule (x < y/2)", {}, directions))

    def edges(c, s, v):
        _d(c, 700, 200, 250, steps=5)            # past the right edge: clipped
        c.wait(300)
        _d(c, 100, 200, -250, steps=5)           # past the left edge
        c.wait(300)
        _d(c, 0, 200, 15, steps=2)               # from the left edge
        c.wait(300)
        _d(c, 800, 200, -15, steps=2)            # from the right edge
    E.append(("zoom boxes clipped to the plot area", {"initial": "all"}, edges))

    def margin(c, s, v):
        # The canvas spans x -56..805, y 0..464 (main px); moves 100 px or more outside it are dropped.
        _d(c, 400, 200, 450, steps=3)            # to x 850: 45 px outside, counted
        c.wait(300)
        _d(c, 400, 200, 505, steps=3)            # to x 905: 100 px outside, dropped: no zoom
        c.wait(300)
        _d(c, 400, 200, 504, steps=3)            # to x 904: 99 px outside, counted
        c.wait(300)
        c.sample(type="down", id=1, x=300, y=200, area="main")   # out past the margin and back in
        for x in (500, 1000, 600):
            c.wait(20)
            c.sample(type="move", id=1, x=x, y=200)
        c.wait(20)
        c.sample(type="up", id=1, x=600, y=200)
        c.wait(300)
        _d(c, 300, 100, 100, dy=463, steps=3)   # below: y 563 is 99 px under the canvas
    E.append(("zoom drags leaving the canvas's 100 px margin", {}, margin))

    def sel(c, s, v, side, moves, y=20, dt=16):
        """A drag of a range-selector handle (0 left, 1 right) from its centre."""
        c.wait(100)
        x = round(_centres(s, v)[side])
        c.sample(type="down", id=1, x=x, y=y, area="overview")
        px, py = x, y
        for mx, my in moves:
            c.wait(dt)
            px, py = x + mx, y + my
            c.sample(type="move", id=1, x=px, y=py)
        c.wait(dt)
        c.sample(type="up", id=1, x=px, y=py)

    def threshold(c, s, v):
        sel(c, s, v, 0, [(1, 0), (2, 0), (3, 0), (10, 0), (20, 0)])    # dragstart at 4 px: not before
        sel(c, s, v, 0, [(3, 0), (4, 0), (9, 0), (12, 0)])              # the 4 px move makes it, unheard
        sel(c, s, v, 1, [(0, 3), (0, 4), (-6, 4), (-12, 4)])            # in y
        sel(c, s, v, 1, [(3, 3), (9, 3), (14, 3)])                      # 3 and 3
        sel(c, s, v, 0, [(4, 0)])                                        # released at the threshold
    E.append(("range selector: Chromium's drag threshold", {}, threshold))

    def steps(c, s, v):
        sel(c, s, v, 0, [(5, 0)] + [(5 + 2 * k, 0) for k in range(1, 8)])  # 2 px steps: every other one used
        sel(c, s, v, 1, [(-5, 0), (-8, 0), (-11, 0), (-15, 0), (-16, 0)])
    E.append(("range selector: moves under 4 px since the last one used", {}, steps))

    def clamps(c, s, v):
        sel(c, s, v, 0, [(5, 0), (100, 0), (400, 0)])                  # into the right handle: 12 px from it
        sel(c, s, v, 1, [(5, 0), (300, 0), (500, 0)])                  # past the canvas's right end
        sel(c, s, v, 0, [(-5, 0), (-300, 0), (-700, 0)])               # past the left end: the data again
    E.append(("range selector: handles against each other and the canvas's ends", {}, clamps))

    def pan_sel(c, s, v):
        c.wait(100)
        l, r = _centres(s, v)
        x = round((l + r) / 2)
        for moves in ([(2, 0), (5, 0), (40, 5), (400, 5)], [(-5, 0), (-300, 0), (-900, 0)], [(3, 0), (6, 2)]):
            c.sample(type="down", id=1, x=x, y=30, area="overview")
            for mx, my in moves:
                c.wait(16)
                c.sample(type="move", id=1, x=x + mx, y=30 + my)
            c.wait(16)
            c.sample(type="up", id=1, x=x + moves[-1][0], y=30 + moves[-1][1])
            c.wait(100)
            l, r = _centres(s, v)
            x = round((l + r) / 2)
    E.append(("range selector: pans, against both ends", {}, pan_sel))

    def not_zoomed(c, s, v):
        c.sample(type="down", id=1, x=400, y=30, area="overview")     # between the handles, not zoomed: nothing
        c.wait(16)
        c.sample(type="move", id=1, x=450, y=30)
        c.wait(16)
        c.sample(type="up", id=1, x=450, y=30)
        sel(c, s, v, 1, [(-5, 0), (-200, 0)])
        sel(c, s, v, 1, [(5, 0), (400, 0)])                            # back to the end: the data
    E.append(("range selector: the whole data at the start", {"initial": "all"}, not_zoomed))

    def after_main(c, s, v):
        _d(c, 300, 200, 120, steps=3)                                  # a main-chart zoom places the handles
        sel(c, s, v, 1, [(5, 0), (30, 0)])
        c.wait(300)
        _d(c, 400, 200, -150, shift=True, steps=5)                     # a main-chart pan moves them
        sel(c, s, v, 0, [(-5, 0), (-40, 0)])
    E.append(("range selector after main-chart zooms and pans", {}, after_main))

    def pans(c, s, v):
        _d(c, 400, 200, 300, shift=True, steps=6)
        c.wait(300)
        _d(c, 400, 200, -650, shift=True, steps=10)   # into the data's end
        c.wait(300)
        _d(c, 0, 200, 2300, shift=True, steps=10)    # across to the other end
        c.wait(300)
        _d(c, 400, 200, 1, shift=True, steps=1)
    E.append(("shift-drag pans, to both ends of the data", {}, pans))
    E.append(("shift-drag pans with the whole data shown", {"initial": "all"}, pans))

    def doubles(c, s, v):
        _dbl(c, 400, 200)                          # back to the data
        c.wait(600)
        _d(c, 200, 200, 300)                       # zoom
        c.wait(600)
        for gap, off in ((499, 0), (501, 0), (150, 2), (150, 3)):
            _dbl(c, 400, 200, gap=gap, off=off)
            c.wait(700)
            _d(c, 300, 200, 200)
            c.wait(700)
        _dbl(c, 400, 200, shift=True)              # shift: no reset
        c.wait(700)
        _press(c, 400, 200)
        c.wait(100)
        _d(c, 400, 200, 100, steps=2)             # the second press zooms: the dblclick is eaten
        c.wait(700)
        _press(c, 400, 200)
        c.wait(100)
        _press(c, 400, 200)
        c.wait(100)
        _press(c, 400, 200)                       # a third click is no double-click
    E.append(("double-clicks: gaps 499/501 ms, offsets 2/3 px, shift, a zoom as the second press, triple", {}, doubles))

    def reset_then_zoom(c, s, v):
        _dbl(c, 400, 200)
        c.wait(600)
        _dbl(c, 400, 200)                          # already at the data
        c.wait(600)
        _d(c, 100, 200, 600, shift=True)           # pan at the data: the bounds hold it
        c.wait(600)
        _d(c, 100, 200, 600)
    E.append(("double-click at the data, pan and zoom from there", {}, reset_then_zoom))

    def wheels(c, s, v):
        for d in (-100, 100, -300):
            c.sample(type="wheel", x=400, y=200, area="main", deltaY=d)
            c.wait(100)
    E.append(("wheel events change nothing", {}, wheels))
    E += _touch_module().touch_edges()
    return [(name, NAME, "zoom", over, fn) for name, over, fn in E]
