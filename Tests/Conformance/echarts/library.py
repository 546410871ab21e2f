"""Apache ECharts 6.1.0 on the SPEC 4.11 page: its page (the ES module
`nicegui/elements/echart/dist/index.js` of PyPI nicegui 3.18.0, which exports
`echarts`; `echarts.init` with the canvas renderer, `animation: false`, one
line series, an `inside` and a `slider` dataZoom on x) and how the recorder
reads it (the dataZoom's value window, `getValueRange()`), plus the sessions
it records: main-chart mouse input (inside wheel zoom, inside pan). The
slider is on the page but not driven: the profile does not model it yet.
Registered in ../libraries.py.
"""
import json
import re
from pathlib import Path

import pages
import sessions

NAME = "echarts"
VERSION_KEYS = ("nicegui", "echarts")
MODES = ("pan",)        # a main-chart drag pans (the inside dataZoom); SPEC 4.11
POINTERS = ("mouse",)   # touch is not part of the profile
AREAS = ("main",)       # the slider is on the page, but no input goes to it

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
    return {main: [c.left + g.x, c.top + g.y, g.width, g.height]};
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
    setup = _setup(series, W, H, OH, frac, min_frac, max_frac)
    return setup


def edge_setup(drag, over, pointer):
    return _setup(over.get("series", "AAPL"), 800, 400, 40, over.get("initial_frac", [0.5, 0.7]),
                  over.get("min_frac"), over.get("max_frac"))


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


GESTURES = [(g_wheel, 50), (g_drag, 42), (g_click, 8)]


def random_session(rng, setup, cur, view):
    fns, weights = zip(*GESTURES)
    for i in range(rng.randint(3, 9)):
        if i:
            cur.wait(rng.choice([5, 12, 19, 20, 21, 40, 100, 250, 600]))
        rng.choices(fns, weights)[0](rng, cur, setup, view)


def _wheels(c, x, deltas, dt, y=200):
    for k, d in enumerate(deltas):
        if k:
            c.wait(dt)
        c.sample(type="wheel", x=x, y=y, area="main", deltaY=d)


def _pan(c, x, moves, dt=16, y=200):
    c.sample(type="down", id=1, x=x, y=y, area="main")
    for m in moves:
        c.wait(dt)
        c.sample(type="move", id=1, x=m, y=y)
    c.wait(dt)
    c.sample(type="up", id=1, x=moves[-1] if moves else x, y=y)


def edge_cases():
    """(name, library, drag, overrides, steps), on AAPL 800 x 400 unless named."""
    E = []

    def add(name, fn, **over):
        E.append((name, NAME, "pan", over, fn))

    add("wheel out to the data's extent, then in at both edges",
        lambda c, s, v: (_wheels(c, 400, [100] * 12, 40), c.wait(100), _wheels(c, 0, [-100] * 4, 40), c.wait(100),
                         _wheels(c, 800, [-100] * 4, 40)))
    add("wheel events 19, 20 and 21 ms apart (the throttle)",
        lambda c, s, v: (_wheels(c, 300, [-100] * 5, 19), c.wait(200), _wheels(c, 500, [100] * 5, 20), c.wait(200),
                         _wheels(c, 200, [-100] * 5, 21), c.wait(200), _wheels(c, 600, [-100, 100, -100, 100], 1)))
    add("wheel in against minValueSpan, out against maxValueSpan",
        lambda c, s, v: (_wheels(c, 400, [-100] * 25, 30), c.wait(100), _wheels(c, 100, [100] * 25, 30)),
        min_frac=0.05, max_frac=0.4)
    add("pan against both ends of the data",
        lambda c, s, v: (_pan(c, 100, [300, 600, 790, 799]), c.wait(100), _pan(c, 700, [500, 100, 0, -60]), c.wait(100),
                         _pan(c, 400, [420]), c.wait(50), _pan(c, 400, [380])))
    add("pan moves 1..5 ms apart (inside the throttle), then a stop",
        lambda c, s, v: _pan(c, 200, list(range(205, 600, 15)), dt=3))
    add("a wheel and presses on the grid's edges (0, W, outside)",
        lambda c, s, v: (_wheels(c, 0, [-100], 0), c.wait(50), _wheels(c, 800, [-100], 0), c.wait(50),
                         _pan(c, 0, [100]), c.wait(50), _pan(c, 799, [600]), c.wait(50), _pan(c, 800, [500])))
    add("sideways wheels (deltaY 0): by the sign of deltaX",
        lambda c, s, v: (c.sample(type="wheel", x=300, y=200, area="main", deltaY=0, deltaX=-40), c.wait(100),
                         c.sample(type="wheel", x=300, y=200, area="main", deltaY=0, deltaX=120), c.wait(100),
                         c.sample(type="wheel", x=300, y=200, area="main", deltaY=0), c.wait(100),
                         c.sample(type="wheel", x=300, y=200, area="main", deltaY=-3, deltaX=100)))
    add("a number axis: the extent from 0, wheel and pan",
        lambda c, s, v: (_wheels(c, 10, [100] * 10, 40), c.wait(100), _pan(c, 300, [100, 50]), c.wait(100),
                         _wheels(c, 700, [-100] * 6, 40), c.wait(50), _pan(c, 100, [700, 790])),
        series="sf-temps-hours", initial_frac=[0.2, 0.5])
    add("the whole extent at the start: pan does nothing, wheel in",
        lambda c, s, v: (_pan(c, 400, [600]), c.wait(50), _wheels(c, 400, [-100] * 3, 30)), initial_frac=[0.0, 1.0])
    return E
