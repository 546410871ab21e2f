"""A real recording on the real Plotly and Bokeh pages replays to the
libraries' exact ranges (`script from-events --profile plotly|bokeh`).

Per library and drag mode: the page SPEC 4.10 fixes is built by
Tests/Conformance/pages.py (plotly.min.js and BokehJS from the PyPI wheels in
.venv, never a CDN; requests off the machine are aborted and fail the test),
record.js is injected and started on the plot areas, and Playwright sends
real mouse input through Debian's chromium, launched with driver.py's flags:
a wheel zoom, a drag of the overview's left handle, (Bokeh) a wheel on the
x-axis strip, a main-chart drag in the page's drag mode, and a double-click
(Plotly: the reset; Bokeh in zoom mode: the undo of that box zoom), with
PAUSE_MS + READ_GAP_MS between gestures. PAUSE_MS into every pause, and
before the first gesture, the library's x range is read as driver.py reads
it (Plotly: `ax.r2l` of `xaxis.range`; Bokeh: `x_range`) together with
`performance.now()`. The recording is converted with `from-events --profile
LIB --drag MODE --base BASE --start START_S` (BASE: the page's series,
initial window and duration; the sizes come from the recording's layout
line), played with `--tracks range --output-time-format epoch-s` on a store
the page's series was ingested into, and the frame at each reading's time
must equal the library's range within 1e-9 relative (a date axis' ms / 1000).

The clock is Playwright's (`page.clock`), installed before the page loads and
kept paused; the test advances it itself, STEP_MS between a gesture's input
events and PAUSE_MS between gestures. Event.timeStamp, performance.now, Date,
setTimeout and requestAnimationFrame all read it, so the recorded timeStamps,
the libraries' own time rules (Plotly's double-click delay and 50 ms wheel
redraw, its animation-frame rangeslider relayout; Bokeh's 300 ms press timer
and double-tap, its throttled paint) and the readings' times are on one
clock, and the machine's load cannot move a gesture across a threshold. The
same gestures on the real clock were tried and agreed as well, but on a
loaded machine their double-click presses came 370-430 ms apart (Playwright
round trips), too slow for either library's double-click, so what the test
exercised depended on the load. The input itself is real either way:
Chromium's input pipeline turns each Playwright mouse call into the DOM
events the libraries and record.js receive. The first recorded event falls
on a multiple of 16 virtual ms and START_S is a multiple of 0.016 s, so the
page's animation frames fall on the replay's 16 ms grid, as the conformance
recorder arranges (driver.py). After every input the test waits until the
page has seen its events (driver.py's capture-phase counters): Chromium may
deliver a wheel event after the DevTools call that made it returned.
"""
import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from conftest import BIN, ROOT

sys.path.insert(0, str(ROOT / "Tests/Conformance"))
import driver  # noqa: E402  (Tests/Conformance: the chromium launch and the range readers)
import pages  # noqa: E402  (Tests/Conformance: the SPEC 4.10 pages)

PAUSE_MS = 800          # between gestures (>= 700)
STEP_MS = 24            # between a gesture's input events
READ_GAP_MS = 100       # from a reading to the next input
START_S = 1.024         # the first event's script time: room for a reading before it, on the 16 ms grid
REL = 1e-9

DAY_MS = 86_400_000
CASES = [
    # library, drag mode, series, initial window (the series' unit: ms on a date axis)
    ("plotly", "zoom", "AAPL", [1104537600000, 1167609600000]),   # 2005-01-01 .. 2007-01-01
    ("plotly", "pan", "sf-temps-hours", [2000.0, 5000.0]),
    ("bokeh", "pan", "AAPL", [1104537600000, 1167609600000]),
    ("bokeh", "zoom", "sf-temps-hours", [2000.0, 5000.0]),
]

# The areas record.js records: Plotly's plot area and rangeslider (its
# grabbers and slidebox are siblings of .rangeslider-bg, so the element is the
# rangeslider's group); Bokeh's frames and the x-axis strip under the main
# frame, parts of the figures' event layers.
START_RECORDER = {
    "plotly": """() => {
      const gd = document.getElementById('gd'), b = __cf.boxes();
      const rect = a => ({left: a[0], top: a[1], width: a[2], height: a[3]});
      window.rec = RangePipeRecorder.start({
        main: gd.querySelector('.nsewdrag'),
        overview: {element: gd.querySelector('.rangeslider-container'), rect: rect(b.overview)}});
      return JSON.parse(window.rec.lines()[0]);
    }""",
    "bokeh": """() => {
      const m = __cf.view('main'), o = __cf.view('overview'), b = __cf.boxes();
      const rect = a => ({left: a[0], top: a[1], width: a[2], height: a[3]});
      const axis = [...m.renderer_views.values()].find(v => v.model === m.model.below[0]).bbox;
      const canvas = m.canvas_view.events_el.getBoundingClientRect();
      window.rec = RangePipeRecorder.start({
        main: {element: m.canvas_view.events_el, rect: rect(b.main)},
        xAxis: {element: m.canvas_view.events_el, rect: {left: canvas.left + axis.left, top: canvas.top + axis.top, width: axis.width, height: axis.height}},
        overview: {element: o.canvas_view.events_el, rect: rect(b.overview)}});
      return JSON.parse(window.rec.lines()[0]);
    }""",
}


def run(*args):
    done = subprocess.run([str(BIN), *map(str, args)], capture_output=True, text=True)
    assert done.returncode == 0, f"rangepipe {' '.join(map(str, args))}: {done.stderr}"
    return done.stdout


# driver.browser()'s flags (no swipe-to-go-back navigation); one Playwright
# runs per process, so this chromium is launched from conftest's.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-features=OverscrollHistoryNavigation", "--overscroll-history-navigation=0"]


@pytest.fixture(scope="module")
def chromium(browser):
    b = browser.browser_type.launch(executable_path=os.environ.get("CHROMIUM") or shutil.which("chromium"),
                                    headless=True, args=CHROMIUM_ARGS)
    yield b
    b.close()


class Recording:
    """One page under a paused clock: real mouse input, waits until the page
    has seen it, readings of the library's range with their virtual time."""

    def __init__(self, browser, folder, setup):
        self.setup = setup
        self.context = browser.new_context(viewport=driver.VIEWPORT, device_scale_factor=1)
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.route("http*://**", lambda route: (self.errors.append("network request: " + route.request.url), route.abort()))
        self.page.clock.install(time=driver.T0_S)
        self.page.clock.pause_at(driver.T0_S + 1)
        self.page.goto(pages.write_page(folder, setup, setup["library"]).as_uri())
        self.page.evaluate(driver.reader_js(setup["library"]))
        for _ in range(2000):
            if self.page.evaluate("window.__cf.ready()"):
                break
            self.page.clock.run_for(16)
        else:
            raise AssertionError(f"the chart was not drawn: {self.errors}")
        self.page.clock.run_for(16 * 4)
        self.boxes = self.page.evaluate("window.__cf.boxes()")
        for area in ("main", "overview"):
            assert self.boxes[area][2:] == [setup[area]["width"], setup[area]["height"]], self.boxes
        self.page.add_script_tag(path=str(ROOT / "integrations/browser/record.js"))
        self.layout = self.page.evaluate(START_RECORDER[setup["library"]])
        self.expected = {}
        self.readings = []      # (virtual ms, [lo, hi] in the library's unit)

    def now(self):
        return self.page.evaluate("performance.now()")

    def tick(self, ms):
        self.page.clock.run_for(ms)

    def align(self, grid=16):
        """Moves the clock to the next multiple of `grid` ms (plus one grid)."""
        now = self.now()
        assert now == int(now), f"virtual ms not whole: {now}"
        self.tick(grid - int(now) % grid + grid)

    def read(self):
        """Reads the range at the end of a pause; the next input comes
        READ_GAP_MS later, so that no event shares the reading's time (a
        frame shows the events at its own time)."""
        now = self.now()
        self.readings.append((now, self.page.evaluate("window.__cf.read()")["xn"]))
        self.tick(READ_GAP_MS)

    def _sent(self, kind):
        self.expected[kind] = self.expected.get(kind, 0) + 1
        deadline = time.time() + driver.SEEN_TIMEOUT_S
        while True:
            seen = self.page.evaluate("window.__cfSeen")
            if all(seen.get(k, 0) >= v for k, v in self.expected.items()):
                return
            assert time.time() < deadline, f"the page did not receive the input: sent {self.expected}, seen {seen}"
            time.sleep(0.002)

    def move(self, x, y):
        self.page.mouse.move(x, y)
        self._sent("mousemove")

    def down(self, clicks=1):
        self.page.mouse.down(click_count=clicks)
        self._sent("mousedown")

    def up(self, clicks=1):
        self.page.mouse.up(click_count=clicks)
        self._sent("mouseup")

    def wheel(self, dx, dy):
        self.page.mouse.wheel(dx, dy)
        self._sent("wheel")

    def drag(self, x, y, dx, steps):
        self.move(x, y)
        self.down()
        for k in range(1, steps + 1):
            self.tick(STEP_MS)
            self.move(x + dx * k / steps, y)
        self.tick(STEP_MS)
        self.up()

    def stop(self):
        text = self.page.evaluate("window.rec.stop()")
        assert not self.errors, self.errors
        self.context.close()
        return text


def session(rec, library, drag):
    """The gestures, each followed by a pause and a reading."""
    (mx, my, W, H), (ox, oy, OW, OH) = rec.boxes["main"], rec.boxes["overview"]
    rec.move(mx + 0.4 * W, my + 0.4 * H)   # a hover first: not recorded
    rec.tick(PAUSE_MS)
    rec.read()                             # the initial window, before the first event
    rec.align()
    # A wheel zoom in, three notches.
    for _ in range(3):
        rec.wheel(0, -100)
        rec.tick(40)
    rec.tick(PAUSE_MS)
    rec.read()
    # The overview's left handle, where the window is now, dragged 60 px left.
    lo, hi = rec.readings[-1][1]
    if library == "plotly":
        r0, r1 = rec.page.evaluate("window.__cf.read()")["rsn"]
    else:
        r0, r1 = driver.pages_extent(rec.setup)
    handle = round(ox + (lo - r0) / (r1 - r0) * OW)
    assert ox + 70 < handle < ox + OW - 10, (handle, lo, r0, r1)
    rec.drag(handle, oy + OH / 2, -60, 4)
    rec.tick(PAUSE_MS)
    rec.read()
    if library == "bokeh":
        # A wheel on the x-axis strip (Bokeh's wheel zoom there too), two notches out.
        axis = rec.layout["x-axis"]
        rec.move(mx + 0.7 * W, axis["top"] + axis["height"] / 2)
        for _ in range(2):
            rec.wheel(0, 100)
            rec.tick(40)
        rec.tick(PAUSE_MS)
        rec.read()
    # A main drag in the page's drag mode: a box over a third of the plot, or a pan.
    if drag == "zoom":
        rec.drag(mx + 0.3 * W, my + 0.5 * H, 0.35 * W, 6)
    else:
        rec.drag(mx + 0.6 * W, my + 0.5 * H, -0.2 * W, 6)
    rec.tick(PAUSE_MS)
    rec.read()
    # A double-click on the plot area (the second press with click count 2).
    rec.move(mx + 0.5 * W, my + 0.3 * H)
    rec.down()
    rec.tick(STEP_MS)
    rec.up()
    rec.tick(90)
    rec.down(clicks=2)
    rec.tick(STEP_MS)
    rec.up(clicks=2)
    rec.tick(PAUSE_MS)
    rec.read()


@pytest.mark.parametrize("library,drag,series,initial", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_recording_replays_to_the_library_ranges(chromium, tmp_path, library, drag, series, initial):
    axis = pages.SERIES[series]["axis"]
    setup = {"library": library, "drag": drag, "pointer": "mouse", "series": series, "axis": axis,
             "main": {"width": 800, "height": 400}, "overview": {"width": 800, "height": 120},
             "initial_ms": initial, "bounds": None, "min_interval_ms": None, "max_interval_ms": None}
    rec = Recording(chromium, tmp_path, setup)
    session(rec, library, drag)
    text = rec.stop()
    (tmp_path / "session.ndjson").write_text(text)

    lines = [json.loads(line) for line in text.splitlines()]
    origin = next(line["timeStamp"] for line in lines[1:])
    assert origin % 16 == 0, origin
    unit = 1000 if axis == "date" else 1   # library unit per rangepipe unit
    store = tmp_path / "store.sqlite"
    run("ingest", ROOT / pages.SERIES[series]["file"], *(pages.SERIES[series]["input_args"] if axis == "date" else []), "--store", store, "--quiet")
    last = (rec.readings[-1][0] - origin) / 1000 + START_S
    base = {"series": series, "fps": 1000, "duration": round(last + 0.1, 3),
            "window": {"initial": {"min": initial[0] / unit, "max": initial[1] / unit}}, "events": []}
    (tmp_path / "base.json").write_text(json.dumps(base))
    script_path = tmp_path / "script.json"
    run("script", "from-events", tmp_path / "session.ndjson", "--from", "pointer-ndjson", "--profile", library, "--drag", drag,
        "--base", tmp_path / "base.json", "--start", START_S, "-o", script_path)
    script = json.loads(script_path.read_text())
    assert script["profile"] == library
    assert script["main"] == {"width": 800, "height": 400, "drag": drag}
    assert script["overview"] == {"width": 800, "height": 120}
    areas = {s.get("area") for e in script["events"] for s in e["samples"]} - {None}
    assert areas == ({"main", "overview", "x-axis"} if library == "bokeh" else {"main", "overview"}), areas

    frames = {}
    for line in run("play", script_path, "--store", store, "--tracks", "range", "--output-time-format", "epoch-s").splitlines():
        f = json.loads(line)
        frames[round(f["t"] * 1000)] = (f["window"]["min"], f["window"]["max"])
    report = []
    for ms, lib in rec.readings:
        t = round((ms - origin) + START_S * 1000)
        want = [v / unit for v in lib]
        got = frames[t]
        rel = max(abs(g - w) / max(abs(w), abs(g), 1e-300) for w, g in zip(want, got))
        report.append(f"t={t / 1000:.3f}s  {library}=[{want[0]!r}, {want[1]!r}]  rangepipe=[{got[0]!r}, {got[1]!r}]  "
                      + ("equal" if list(want) == list(got) else f"relative difference {rel:.1e}"))
        for w, g in zip(want, got):
            assert abs(g - w) <= REL * max(abs(w), abs(g)), "\n".join(report)
    print(f"\n{library}/{drag} ({series}):\n  " + "\n  ".join(report))
    # The session did move the window: a test of something.
    assert len({tuple(r[1]) for r in rec.readings}) >= 4, report
