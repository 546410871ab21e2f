"""Apache ECharts 6.1.0 on the SPEC 4.11 page: its page (the ES module
`nicegui/elements/echart/dist/index.js` of PyPI nicegui 3.18.0, which exports
`echarts`; `echarts.init` with the canvas renderer, `animation: false`, one
line series, an `inside` and a `slider` dataZoom on x) and how the recorder
reads it (the dataZoom's value window, `getValueRange()`), plus the sessions
it records: mouse input on the grid (inside wheel zoom, inside pan) and on
the slider (the `overview` area: handle and move-zone drags, brushes,
clicks). Registered in ../libraries.py.
"""
import importlib.util
import json
import re
from pathlib import Path

import pages
import sessions

NAME = "echarts"
VERSION_KEYS = ("nicegui", "echarts")
MODES = ("pan",)        # a main-chart drag pans (the inside dataZoom); SPEC 4.11
POINTERS = ("mouse", "touch")  # touch: one or two fingers on the grid (EChartsProfile+Touch.swift, +Pinch.swift)
AREAS = ("main", "overview")  # the grid, and the slider's box (its left/top/width/height on the page)

# The page's geometry (px): the grid (the `main` area) sits at (LEFT, TOP)
# of the chart's canvas; the slider's box below it.
LEFT, TOP, RIGHT = 70, 20, 40
SLIDER_GAP, BOTTOM = 50, 30
PAGE_OFFSET = 100  # the chart's div from the page's corner: drags may leave the canvas


def _dist_dir():
    from importlib.metadata import distribution

    return Path(distribution("nicegui").locate_file("nicegui/elements/echart/dist"))


def _bundle():
    """The ES module's code as one inline module: index.js re-exports
    `echarts` from a chunk (`import{aS as a,...}from"./index-….js"`); a page
    opened from a file may not import modules, so the chunk is inlined, its
    `export{…}` dropped and the export named by index.js bound to
    window.echarts."""
    d = _dist_dir()
    index = (d / "index.js").read_text()
    m = re.match(r'import\{(\w+) as a,[^}]*\}from"\./([\w-]+\.js)";export\{a as echarts', index)
    if not m:
        raise RuntimeError(f"unexpected nicegui echart index.js: {index[:200]!r}")
    inner, chunk = m.group(1), m.group(2)
    code = (d / chunk).read_text()
    tail = code.rfind("export{")
    exports = code[tail + len("export{"):code.index("}", tail)]
    local = next(e.split(" as ")[0] for e in exports.split(",") if e.split(" as ")[1] == inner)
    return code[:tail] + f"\nwindow.echarts={local};\n"


def version_label(versions):
    return f"Apache ECharts {versions['echarts']} (PyPI nicegui {versions['nicegui']})"


def versions():
    from importlib.metadata import version

    d = _dist_dir()
    found = set()
    for f in d.glob("index-*.js"):
        found.update(re.findall(r'version:"(\d+\.\d+\.\d+)"', f.read_text()))
    return {"nicegui": version("nicegui"), "echarts": ",".join(sorted(found))}


def overview_range(reading, extent):
    return extent  # the slider shows the data's extent


PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>echarts conformance</title>
<style>html,body{margin:0;padding:0;overflow:hidden}#chart{position:absolute;left:__OFF__px;top:__OFF__px}</style>
</head><body><div id="chart" style="width:__CW__px;height:__CH__px"></div>
<script type="module">
__BUNDLE__
window.conformanceReady = false;
const cfg = __CFG__;
const span = {};
if (cfg.minValueSpan != null) span.minValueSpan = cfg.minValueSpan;
if (cfg.maxValueSpan != null) span.maxValueSpan = cfg.maxValueSpan;
const chart = window.__chart = echarts.init(document.getElementById('chart'), null, {renderer: 'canvas'});
chart.setOption({
  animation: false,
  grid: {left: cfg.left, top: cfg.top, width: cfg.W, height: cfg.H},
  xAxis: {type: cfg.time ? 'time' : 'value'},
  yAxis: {type: 'value'},
  series: [{type: 'line', showSymbol: false, data: cfg.data}],
  dataZoom: [
    Object.assign({type: 'inside', xAxisIndex: 0, startValue: cfg.initial[0], endValue: cfg.initial[1]}, span),
    Object.assign({type: 'slider', xAxisIndex: 0, startValue: cfg.initial[0], endValue: cfg.initial[1],
                   left: cfg.left, width: cfg.OW, top: cfg.sliderTop, height: cfg.OH}, span),
  ],
});
window.__cfg = cfg;
window.conformanceReady = true;
</script></body></html>
"""


def write_page(folder, setup, name):
    xs, ys = pages.load_series(setup["series"])
    W, H = setup["main"]["width"], setup["main"]["height"]
    OW, OH = setup["overview"]["width"], setup["overview"]["height"]
    cfg = {"W": W, "H": H, "OW": OW, "OH": OH, "left": LEFT, "top": TOP, "sliderTop": TOP + H + SLIDER_GAP,
           "time": setup["axis"] == "date", "data": [[x, y] for x, y in zip(xs, ys)],
           "initial": setup["initial_ms"], "minValueSpan": setup.get("min_interval_ms"),
           "maxValueSpan": setup.get("max_interval_ms")}
    cw, ch = LEFT + max(W, OW) + RIGHT, TOP + H + SLIDER_GAP + OH + BOTTOM
    page = (PAGE.replace("__OFF__", str(PAGE_OFFSET)).replace("__CW__", str(cw)).replace("__CH__", str(ch))
            .replace("__CFG__", json.dumps(cfg, separators=(",", ":"))))
    path = folder / f"{name}.html"
    path.write_text(page.replace("__BUNDLE__", _bundle()))
    return path


READER_JS = r"""
window.__cf = {
  ready: () => window.conformanceReady === true,
  // The dataZoom's value window (AxisProxy.getWindow().value): what the
  // inside and the slider dataZoom hold for x, ms on a time axis.
  read: () => {
    const dz = window.__chart.getModel().getComponent('dataZoom', 0);
    const x = dz.getValueRange();
    return {x: x.slice(), xn: x.slice(), pct: dz.getPercentRange().slice()};
  },
  boxes: () => {
    const c = document.getElementById('chart').getBoundingClientRect();
    const g = window.__chart.getModel().getComponent('grid', 0).coordinateSystem.getRect();
    const v = window.__chart.getViewOfComponentModel(window.__chart.getModel().getComponent('dataZoom', 1));
    // The slider's drawing as the profile places it (EChartsProfile+SliderGeometry.swift):
    // the group 2.8 px (a float32) right of the box and size[1] + 6.5 below its top, the
    // handle icon's box in its own units and its stroke (read without getBoundingRect, which
    // would change the box zrender hit-tests with).
    const gx = v.group.x - v._location.x, gy = v.group.y - v._location.y;
    const h = v._displayables.handles[0], hb = h.path.getBoundingRect();
    const want = [2.7999999523162842, v._size[1] + 6.5, -0.20000001788139343, 0, 0.40000003576278687, 2, 1, true];
    const got = [gx, gy, hb.x, hb.y, hb.width, hb.height, h.style.lineWidth, h.style.strokeNoScale];
    if (got.some((x, i) => x !== want[i])) throw new Error('slider geometry ' + JSON.stringify(got) + ' is not ' + JSON.stringify(want));
    return {main: [c.left + g.x, c.top + g.y, g.width, g.height],
            overview: [c.left + v._location.x, c.top + v._location.y, v._size[0], v._size[1]]};
  },
};
"""


# --- its sessions (hooks of ../sessions.py and ../record.py) -----------------

def _setup(series, W, H, OH, frac, min_frac=None, max_frac=None):
    axis = pages.SERIES[series]["axis"]
    x0, x1 = sessions.extent(series)
    ext = x1 - x0
    lo = max(x0, sessions.snap(x0 + frac[0] * ext, axis))
    hi = min(x1, sessions.snap(x0 + frac[1] * ext, axis))
    setup = {"library": NAME, "drag": "pan", "pointer": "mouse", "series": series, "axis": axis,
             "main": {"width": W, "height": H}, "overview": {"width": W, "height": OH}, "initial_ms": [lo, hi]}
    if min_frac is not None:
        setup["min_interval_ms"] = sessions.snap(ext * min_frac, axis)
    if max_frac is not None:
        setup["max_interval_ms"] = sessions.snap(ext * max_frac, axis)
    return setup


def make_setup(rng, drag, pointer):
    series = "AAPL" if rng.random() < 0.75 else "sf-temps-hours"
    # 800 x 400 in 55 % of sessions, else one of 12 other grids
    W, H = (800, 400) if rng.random() < 0.55 else (rng.choice([640, 720, 960, 1000]), rng.choice([300, 360, 480]))
    OH = rng.choice([30, 40, 60])
    r = rng.random()
    if r < 0.12:
        frac = [0.0, 1.0]
    elif r < 0.2:
        span = rng.uniform(0.1, 0.5)
        frac = [0.0, span] if rng.random() < 0.5 else [1.0 - span, 1.0]
    else:
        span = rng.uniform(0.05, 0.6)
        a = rng.uniform(0.0, 1.0 - span)
        frac = [a, a + span]
    # minValueSpan / maxValueSpan around the initial span (the page starts inside them)
    width = frac[1] - frac[0]
    min_frac = rng.uniform(0.01, 0.1) if rng.random() < 0.35 else None
    max_frac = rng.uniform(0.3, 0.9) if rng.random() < 0.3 else None
    if min_frac is not None and min_frac > width * 0.9:
        min_frac = None
    if max_frac is not None and max_frac < width * 1.1:
        max_frac = None
    if pointer == "touch":
        # In the touch tab a 1000 px grid comes out 974 px wide: touch sessions keep to 800.
        W = min(W, 800)
    setup = _setup(series, W, H, OH, frac, min_frac, max_frac)
    setup["pointer"] = pointer
    return setup


def edge_setup(drag, over, pointer):
    setup = _setup(over.get("series", "AAPL"), 800, 400, 40, over.get("initial_frac", [0.5, 0.7]),
                   over.get("min_frac"), over.get("max_frac"))
    setup["pointer"] = over.get("pointer", pointer)  # a touch edge case says so
    return setup


def script_extra(setup, script):
    """minValueSpan / maxValueSpan as the script's minSpan / maxSpan."""
    conv = (lambda ms: ms / 1000) if setup["axis"] == "date" else (lambda v: v)
    if setup.get("min_interval_ms") is not None:
        script["window"]["minSpan"] = conv(setup["min_interval_ms"])
    if setup.get("max_interval_ms") is not None:
        script["window"]["maxSpan"] = conv(setup["max_interval_ms"])
    return script


def g_wheel(rng, cur, setup, view):
    W, H = setup["main"]["width"], setup["main"]["height"]
    # the grid's edges are in it (off the grid is refused: the slider is not modelled)
    x = rng.randint(0, W) if rng.random() < 0.9 else rng.choice([0, W])
    y = rng.randint(0, H) if rng.random() < 0.95 else rng.choice([0, H])
    n = rng.choice([1, 1, 2, 3, 4, 6, 8])
    base = rng.choice([100, -100, 100, -100, 53, -53, 120, -120, 3, -4, 240, -600, 0])
    for k in range(n):
        if k:
            # around the 20 ms throttle: some land inside it, some after it
            cur.wait(rng.choice([5, 8, 10, 16, 19, 20, 21, 30, 45, 80, 120]))
            if rng.random() < 0.2:
                x = max(0, min(W, x + rng.randint(-20, 20)))
        s = {"type": "wheel", "x": x, "y": y, "area": "main", "deltaY": base if rng.random() < 0.8 else rng.randint(-150, 150)}
        if rng.random() < 0.12:
            s["deltaX"] = rng.choice([-120, -40, 40, 120])
            if rng.random() < 0.5:
                s["deltaY"] = 0
        cur.sample(**s)


def g_drag(rng, cur, setup, view):
    W, H = setup["main"]["width"], setup["main"]["height"]
    x, y = rng.randint(0, W), rng.randint(0, H)
    dx = rng.choice([-1, 1]) * rng.choice([1, 2, 5, 20, 60, 150, 300, int(W * 0.8), W + 200])
    steps = rng.randint(1, 14)
    dt = rng.choice([(4, 12), (8, 25), (15, 40), (30, 80)])
    cur.sample(type="down", id=1, x=x, y=y, area="main")
    px, py = x, y
    for k in range(1, steps + 1):
        cur.wait(rng.randint(*dt))
        px = max(-60, min(W + 300, x + round(dx * k / steps)))
        py = max(-40, min(H + 120, py + rng.randint(-4, 4)))
        cur.sample(type="move", id=1, x=px, y=py)
    cur.wait(rng.randint(*dt))
    cur.sample(type="up", id=1, x=px, y=py)


def g_click(rng, cur, setup, view):
    size = setup["main"]
    at = {"x": rng.randint(0, size["width"] - 1), "y": rng.randint(0, size["height"] - 1)}
    cur.sample(**{"type": "down", "id": 1, **at, "area": "main"})
    cur.wait(rng.randint(40, 150))
    cur.sample(**{"type": "up", "id": 1, **at})


# --- on the slider (the `overview` area: the slider's box on the page) --------
# ECharts draws the slider's body at (2.8, 6.5) in the box (EChartsProfile+SliderGeometry.swift):
# its x runs 2.8 .. 2.8 + OW, its y 6.5 .. OH + 6.5; the move-handle bar is above it (y -0.5 .. 6.5),
# the move zone reaches 10 px into the body; a handle's box is 0.7 OH wide about its end and
# runs from 0.25 OH above the body's top to 0.25 OH below its bottom.
INSET_X, BODY_TOP = 2.8, 6.5


def _ends(setup, view):
    """The handles' ends in the box, left and right, from the dataZoom's percents."""
    OW = setup["overview"]["width"]
    a, b = view()["range"]["pct"]
    return INSET_X + a * OW / 100, INSET_X + b * OW / 100


# zrender hit-tests a handle with one of two boxes (EChartsProfile+SliderGeometry.swift): the
# icon plus 1 px, 0.2 OH + 1 px wide, or, right after the slider is built, 0.7 OH wide. Presses
# meant for a handle land within the first (the end is known to a px: the icon sits 1 px inside
# it); the others stay clear of the second.
def _on_handle(OH):
    return 0.1 * OH + 0.5 - 2.2


def _clear_of_handles(OH):
    return 0.35 * OH + 3.5


def _settle(rng, cur):
    # zrender hit-tests a press against the slider as last drawn, which catches up at the next
    # 16 ms frame after a change (EChartsProfile+Shown.swift): a third of presses come within
    # that frame (0-17 ms after the last input), the rest 40-90 ms after it.
    short, long_ = rng.randint(0, 17), rng.randint(40, 90)
    cur.wait(short if rng.random() < 1 / 3 else long_)


def _body_y(rng, OH, below_move_zone=False):
    return rng.randint(18 if below_move_zone else int(BODY_TOP) + 2, OH + int(BODY_TOP) - 1)


def _panel_x(rng, setup, view):
    """An x on the body clear of both handles, or None."""
    OW, OH = setup["overview"]["width"], setup["overview"]["height"]
    ends = _ends(setup, view)
    for _ in range(30):
        x = rng.randint(int(INSET_X) + 1, OW + int(INSET_X))
        if all(abs(x - e) > _clear_of_handles(OH) for e in ends):
            return x
    return None


def _slider_drag(rng, cur, setup, x, y):
    OW = setup["overview"]["width"]
    dx = rng.choice([-1, 1]) * rng.choice([1, 2, 4, 10, 40, 120, 300, OW])
    sessions._path(rng, cur, "overview", 1, x, y, dx, rng.randint(1, 10), dt=(8, 40), wobble=3, W=OW)


def g_handle(rng, cur, setup, view):
    OH = setup["overview"]["height"]
    _settle(rng, cur)
    end = rng.choice(_ends(setup, view))
    x = round(end + rng.uniform(-1, 1) * _on_handle(OH))
    _slider_drag(rng, cur, setup, x, _body_y(rng, OH))


def g_move_zone(rng, cur, setup, view):
    OH = setup["overview"]["height"]
    _settle(rng, cur)
    left, right = _ends(setup, view)
    pad = _clear_of_handles(OH)
    if right - left <= 2 * pad + 2:
        return g_brush(rng, cur, setup, view)
    x = round(rng.uniform(left + pad, right - pad))
    _slider_drag(rng, cur, setup, x, rng.randint(0, 15))


def g_brush(rng, cur, setup, view):
    OW, OH = setup["overview"]["width"], setup["overview"]["height"]
    _settle(rng, cur)
    x = _panel_x(rng, setup, view)
    if x is None:
        return
    dx = rng.choice([-1, 1]) * rng.choice([1, 2, 3, 4, 5, 6, 20, 80, 250, OW])
    steps = rng.randint(1, 8)
    dt = rng.choice([(8, 20), (15, 40), (40, 120)])
    sessions._path(rng, cur, "overview", 1, x, _body_y(rng, OH, True), dx, steps, dt=dt, wobble=2, W=OW)


def g_slider_click(rng, cur, setup, view):
    OH = setup["overview"]["height"]
    _settle(rng, cur)
    x = _panel_x(rng, setup, view)
    if x is None:
        return
    y = _body_y(rng, OH, True)
    cur.sample(type="down", id=1, x=x, y=y, area="overview")
    cur.wait(rng.choice([30, 80, 150, 199, 200, 260]))
    if rng.random() < 0.3:
        x += rng.choice([-4, -3, 2, 3, 5])
        cur.sample(type="move", id=1, x=x, y=y)
        cur.wait(rng.randint(5, 30))
    cur.sample(type="up", id=1, x=x, y=y)


GESTURES = [(g_wheel, 30), (g_drag, 24), (g_click, 4), (g_handle, 20), (g_move_zone, 10), (g_brush, 14),
            (g_slider_click, 8)]


def _touch_module():
    spec = importlib.util.spec_from_file_location("conformance_echarts_touch", Path(__file__).with_name("touch.py"))
    touch = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(touch)
    return touch


_TOUCH = _touch_module()
TOUCH_GESTURES = [(_TOUCH.g_touch_drag, 60), (_TOUCH.g_touch_pinch, 28), (g_wheel, 12)]


def random_session(rng, setup, cur, view):
    if setup["pointer"] == "touch":
        fns, weights = zip(*TOUCH_GESTURES)
        for i in range(rng.randint(3, 8)):
            if i:
                cur.wait(rng.choice([5, 12, 20, 40, 100, 250, 800]))
            rng.choices(fns, weights)[0](rng, cur, setup, view)
        return
    fns, weights = zip(*GESTURES)
    for i in range(rng.randint(3, 9)):
        if i:
            cur.wait(rng.choice([5, 12, 19, 20, 21, 40, 100, 250, 600]))
        rng.choices(fns, weights)[0](rng, cur, setup, view)


def edge_cases():
    """(name, library, drag, overrides, steps), on AAPL 800 x 400 unless named: edges.py."""
    spec = importlib.util.spec_from_file_location("conformance_echarts_edges", Path(__file__).with_name("edges.py"))
    edges = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(edges)
    return edges.edge_cases(NAME, _ends)
