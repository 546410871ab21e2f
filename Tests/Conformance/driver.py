"""Drives one chart page in Debian's chromium through Playwright and records
the library's x range after every raw input sample.

Input is real browser input: mouse samples go through page.mouse (move,
down, up, wheel; shift through page.keyboard), touch samples through the
Chrome DevTools Protocol's Input.dispatchTouchEvent (Playwright's
touchscreen only taps). Area-relative px become page px through the plot
areas measured in the page.

Time is virtual: page.clock is installed before the page loads, paused once
the chart is drawn, and from then on only advanced by the recorder. Before
each sample the clock runs (clock.run_for) up to that sample's time, so every
library timer (Plotly's 50 ms wheel redraw, its requestAnimationFrame
rangeslider relayout, Bokeh's 300 ms press timer and its rAF-throttled
paint) fires exactly when it would between the recorded inputs; Date.now,
performance.now and Event.timeStamp all read the virtual clock, so Plotly's
double-click delay and Bokeh's double-tap rule see the samples' own spacing.

Per sample two readings are taken:
- `imm`: right after the sample's input was dispatched (its handlers and
  their microtasks have run; no virtual time has passed);
- the settled reading: after the clock ran up to the next sample's time (for
  the last sample: SETTLE_MS more), i.e. what the chart shows from then
  until the next input. Stored as the sample's `x`/`xn` (and Plotly's
  `rs`/`rsn`); `imm` is stored only where it differs.
"""
import json
import math
import os
import shutil
import time
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import sync_playwright

import libraries
import pages

T0_S = 1_700_000_000            # virtual epoch (s; Playwright's clock takes seconds) when a tab is opened
SESSION_GRID_MS = 1_000_000     # every session's t = 0 lies WARMUP_MS after a multiple of this (virtual ticks, ms)
WARMUP_MS = 1000                # virtual ms run after the chart is drawn, before the first sample
SETTLE_MS = 1000                # virtual ms run after the last sample
READY_STEP_MS = 16              # virtual ms run per poll while a page loads
GEOMETRY_TOLERANCE = 0.01       # px
VIEWPORT = {"width": 2600, "height": 1400}  # room for drags that leave the charts
SEEN_TIMEOUT_S = 10

# Counts the mouse and wheel events the page has received, per type, in the
# capture phase of window (passive listeners, which change no default
# action), and keeps the last wheel event's deltas. Chrome may hand an input
# event to the page after the DevTools command that made it has returned
# (a wheel event after the first of a scroll sequence is dispatched
# non-blocking, aligned to the next frame), so after each mouse sample the
# recorder waits until the page has seen its events before it reads anything
# or moves the clock. Touch events cannot be counted this way (Chrome drops
# touchmoves inside its touch slop, and a touch sequence stays targeted at
# its first element even when the chart has removed it from the document), so
# after each touch sample the recorder waits for two real animation frames
# instead, in an isolated world where requestAnimationFrame is not the
# virtual clock's: input queued for a frame is dispatched before that frame's
# callbacks run.
SEEN_JS = r"""
window.__cfSeen = {};
window.__cfWheel = null;
for (const ty of ['mousedown', 'mousemove', 'mouseup', 'wheel'])
  window.addEventListener(ty, e => {
    window.__cfSeen[ty] = (window.__cfSeen[ty] || 0) + 1;
    if (ty == 'wheel') window.__cfWheel = [e.deltaX, e.deltaY, e.deltaMode, e.shiftKey];
  }, {capture: true, passive: true});
"""

def reader_js(library):
    """The script that reads `library`'s page (`window.__cf`), with the
    input counters every page gets."""
    return SEEN_JS + libraries.get(library).READER_JS


class GeometryError(AssertionError):
    pass


@contextmanager
def browser():
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium")
    if not executable:
        raise SystemExit("chromium is not installed (run bash .ci/install-conformance.sh)")
    with sync_playwright() as p:
        # No swipe-to-go-back: a sideways touch drag that the page does not
        # consume would otherwise navigate the tab to the previous session's page.
        args = ["--no-sandbox", "--disable-features=OverscrollHistoryNavigation", "--overscroll-history-navigation=0"]
        b = p.chromium.launch(executable_path=executable, headless=True, args=args)
        try:
            yield b
        finally:
            b.close()


class Tab:
    """A browser context and page kept for many sessions of one kind (mouse or
    touch): loading plotly.min.js into a fresh context costs ~2.5 s, a
    navigation in a used page ~0.4 s. Its clock is installed once and stays
    paused; each session's page is loaded under the paused clock, which is
    stepped until the chart is drawn and then moved to the next multiple of
    SESSION_GRID_MS, so that every session starts at the same virtual time
    modulo the grid (requestAnimationFrame's 16 ms frames included) however
    many sessions came before it."""

    def __init__(self, browser, touch):
        self.touch = touch
        self.context = browser.new_context(viewport=VIEWPORT, has_touch=touch, device_scale_factor=1)
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.route("http*://**", lambda route: (self.errors.append("network request: " + route.request.url), route.abort()))
        self.page.clock.install(time=T0_S)
        self.page.clock.pause_at(T0_S + 1)
        self.cdp = self.context.new_cdp_session(self.page) if touch else None

    def close(self):
        self.context.close()


class Tabs:
    def __init__(self, browser):
        self.browser = browser
        self.tabs = {}

    def get(self, touch):
        if touch not in self.tabs:
            self.tabs[touch] = Tab(self.browser, touch)
        return self.tabs[touch]

    def close(self):
        for t in self.tabs.values():
            t.close()


class SessionPage:
    """One session's page: load, verify geometry, dispatch samples, read ranges."""

    def __init__(self, tabs, folder, setup, name):
        self.setup = setup
        self.lib = setup["library"]
        self.library = libraries.get(self.lib)
        # The plot areas the page has (AREAS in library.py; a library without
        # an overview names only "main"); each is measured and checked.
        self.areas = tuple(getattr(self.library, "AREAS", ("main", "overview")))
        self.touch = setup.get("pointer") == "touch"
        tab = tabs.get(self.touch)
        self.page, self.cdp, self.errors = tab.page, tab.cdp, tab.errors
        del self.errors[:]
        path = pages.write_page(folder, setup, name)
        self.page.goto(path.as_uri())
        self.url = self.page.url
        self.page.evaluate(reader_js(self.lib))
        for _ in range(2000):
            if self.page.evaluate("window.__cf.ready()"):
                break
            self.page.clock.run_for(READY_STEP_MS)
        else:
            raise RuntimeError(f"{name}: the chart was not drawn after {2000 * READY_STEP_MS} virtual ms: {self.errors}")
        self.page.clock.run_for(READY_STEP_MS * 4)  # a few frames for the first paint
        # Align on the clock's ticks (performance.now, the base of its timers
        # and 16 ms animation frames), not on Date: how far ticks and Date are
        # apart depends on the real time between the tab's clock.install and
        # its first pause.
        ticks = self.page.evaluate("performance.now()")
        if ticks != int(ticks):
            raise RuntimeError(f"the virtual clock's ticks are not whole ms: {ticks}")
        self.page.clock.fast_forward((int(ticks) // SESSION_GRID_MS + 1) * SESSION_GRID_MS - int(ticks))
        self.page.clock.run_for(WARMUP_MS)
        self.max_deviation = 0.0
        self.boxes = self.page.evaluate("window.__cf.boxes()")
        self._check_geometry()
        self.positions = {a: [list(self.origin[a])] for a in self.areas}
        self.boxes0 = self.boxes
        if self.touch:
            frame = self.cdp.send("Page.getFrameTree")["frameTree"]["frame"]["id"]
            self.sync_world = self.cdp.send("Page.createIsolatedWorld", {"frameId": frame, "worldName": "conformance-sync"})["executionContextId"]
        self.expected = {}      # input events dispatched so far, per DOM event type
        self.now = 0            # virtual ms since the session's t = 0
        self.mouse = None       # page px of the mouse, None before the first move
        self.pointers = {}      # id -> (area, page x, page y) of pointers down
        self.pointer_origin = {}  # id -> page px of its area's origin at its press
        # A library whose page listens for the browser's dblclick sets each
        # press's click count by the platform's rule (its click_count(last,
        # sample)); the others get Playwright's default, 1.
        self.click_rule = getattr(self.library, "click_count", None)
        self.last_press = None  # (t ms, area, x, y, shift, count) of the last press
        self.clicks = {}        # id -> click count of a pointer down
        self.records = []       # per sample: settled reading (+ imm)
        self._pending = None    # the last sample's immediate reading, waiting for its settled one
        self.initial = self.read()
        x0, x1 = pages_extent(setup)
        self.extent = (x0, x1)
        path.unlink()

    def _measure(self):
        """Measures the plot areas again (Plotly's rangeslider sits below the
        tick labels, so its page y moves when the labels become two lines)
        and checks them; used at every press and wheel sample."""
        self.boxes = self.page.evaluate("window.__cf.boxes()")
        self._check_geometry()
        for area in self.areas:
            if list(self.origin[area]) not in self.positions[area]:
                self.positions[area].append(list(self.origin[area]))

    def _check_geometry(self):
        bad = []
        for area in self.areas:
            left, top, w, h = self.boxes[area]
            want_w, want_h = self.setup[area]["width"], self.setup[area]["height"]
            self.max_deviation = max(self.max_deviation, abs(w - want_w), abs(h - want_h),
                                     abs(left - round(left)), abs(top - round(top)))
            if abs(w - want_w) > GEOMETRY_TOLERANCE or abs(h - want_h) > GEOMETRY_TOLERANCE:
                bad.append(f"{area} plot area is {w}x{h} px, want {want_w}x{want_h}")
            if abs(left - round(left)) > GEOMETRY_TOLERANCE or abs(top - round(top)) > GEOMETRY_TOLERANCE:
                bad.append(f"{area} plot area starts at ({left}, {top}), not a whole page px")
        if getattr(self.library, "ALIGNED_OVERVIEW", False) and self.boxes["main"][0] != self.boxes["overview"][0]:
            bad.append("rangeslider not aligned with the plot area")
        if bad:
            raise GeometryError(f"{self.lib} page geometry off: " + "; ".join(bad) + f" (boxes {self.boxes})")
        self.origin = {a: (round(self.boxes[a][0]), round(self.boxes[a][1])) for a in self.areas}

    def close(self):
        # Park the mouse (after everything was read) so that the next
        # session's page does not start with a hover at this one's spot.
        if not self.touch:
            if self.pointers:
                self.page.mouse.up()
            self.page.mouse.move(VIEWPORT["width"] - 1, VIEWPORT["height"] - 1)

    def read(self):
        return finite_json(self.page.evaluate("window.__cf.read()"))

    def view(self, t_ms):
        """The window's pixels on the overview at virtual time t_ms (the
        coming gesture's start), for aiming gestures."""
        self.advance_to(t_ms, settle=False)
        r = self.read()
        a, b = r["xn"]
        if "overview" not in self.areas:
            return {"range": r}  # no overview to aim at
        r0, r1 = self.library.overview_range(r, self.extent)
        OW = self.setup["overview"]["width"]
        try:
            sel = [(a - r0) / (r1 - r0) * OW, (b - r0) / (r1 - r0) * OW]
            if not all(math.isfinite(v) for v in sel):
                raise ValueError
        except (TypeError, ValueError, ZeroDivisionError):
            sel = [0.0, float(OW)]  # the range is not a number (NaN): aim at the whole overview
        return {"sel": sel, "range": r}

    # -- time ---------------------------------------------------------------
    def advance_to(self, t_ms, settle=True):
        if t_ms < self.now:
            raise ValueError(f"time goes back: {t_ms} < {self.now}")
        if t_ms > self.now:
            self.page.clock.run_for(t_ms - self.now)
            self.now = t_ms
        if settle and self._pending is not None:
            settled = self.read()
            rec = dict(settled)
            if self._pending != settled:
                rec["imm"] = self._pending
            self.records.append(rec)
            self._pending = None

    def finish(self):
        self.advance_to(self.now + SETTLE_MS)
        if self.page.url != self.url:
            raise RuntimeError(f"the page navigated away to {self.page.url}")
        if self.errors:
            raise RuntimeError(f"page errors: {self.errors}")

    # -- input --------------------------------------------------------------
    def _page_xy(self, origin, x, y):
        ox, oy = origin
        return ox + x, oy + y

    def dispatch(self, s):
        t_ms = int(round(s["t"] * 1000))
        self.advance_to(t_ms)
        typ = s["type"]
        if typ == "wheel":
            self._measure()
            px, py = self._page_xy(self.origin[s["area"]], s["x"], s.get("y", 0))
            self._mouse_to(px, py)
            if s.get("shift"):
                self.page.keyboard.down("Shift")
            self.page.mouse.wheel(s.get("deltaX", 0), s["deltaY"])
            self._expect("wheel")
            if s.get("shift"):
                self.page.keyboard.up("Shift")
        else:
            pid = s["id"]
            if typ == "down":
                area = s["area"]
                self._measure()
                self.pointer_origin[pid] = self.origin[area]
            else:
                area = self.pointers[pid][0]
            px, py = self._page_xy(self.pointer_origin[pid], s["x"], s.get("y", 0))
            if self.touch:
                self._touch(typ, pid, area, px, py)
            else:
                # shift on a pointer sample: the key is held while that sample's
                # mouse events are dispatched (Plotly reads it at the press).
                if s.get("shift"):
                    self.page.keyboard.down("Shift")
                self._mouse_to(px, py)
                if typ == "down":
                    count = self._click_count(s)
                    self.page.mouse.down(click_count=count)
                    self._expect("mousedown")
                    self.pointers[pid] = (area, px, py)
                    self.clicks[pid] = count
                elif typ == "up":
                    self.page.mouse.up(click_count=self.clicks.pop(pid))
                    self._expect("mouseup")
                    del self.pointers[pid]
                if s.get("shift"):
                    self.page.keyboard.up("Shift")
        if self.touch:
            self._wait_frames()
            self._pending = self.read()
        else:
            seen, wheel, reading = self._wait_seen()
            if typ == "wheel":
                self._check_wheel(s, wheel)
            self._pending = finite_json(reading)

    def _click_count(self, s):
        if self.click_rule is None:
            return 1
        count = self.click_rule(self.last_press, s)
        self.last_press = (int(round(s["t"] * 1000)), s["area"], s["x"], s.get("y", 0), bool(s.get("shift")), count)
        return count

    def _wait_frames(self):
        self.cdp.send("Runtime.evaluate", {
            "expression": "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))",
            "contextId": self.sync_world, "awaitPromise": True})

    def _check_wheel(self, s, got):
        want = [s.get("deltaX", 0), s["deltaY"], 0, bool(s.get("shift"))]
        if got != want:
            raise RuntimeError(f"the page saw wheel [deltaX, deltaY, deltaMode, shiftKey] = {got}, the sample says {want}")

    def _expect(self, ty):
        self.expected[ty] = self.expected.get(ty, 0) + 1

    def _wait_seen(self):
        """Waits until the page has seen every mouse event sent; returns the
        counters, the last wheel event's deltas and the range reading taken
        in the same evaluation."""
        deadline = time.time() + SEEN_TIMEOUT_S
        while True:
            seen, wheel, reading = self.page.evaluate("[window.__cfSeen, window.__cfWheel, window.__cf.read()]")
            if all(seen.get(k, 0) >= v for k, v in self.expected.items()):
                return seen, wheel, reading
            if time.time() > deadline:
                raise RuntimeError(f"the page did not receive the input events: dispatched {self.expected}, seen {seen}")
            time.sleep(0.002)

    def _mouse_to(self, px, py):
        if self.mouse != (px, py):
            self.page.mouse.move(px, py)
            self._expect("mousemove")
            self.mouse = (px, py)

    def _touch(self, typ, pid, area, px, py):
        if typ == "down":
            self.pointers[pid] = (area, px, py)
            kind = "touchStart"
        elif typ == "move":
            if self.pointers[pid] == (area, px, py):
                return  # a finger that did not move makes no event
            self.pointers[pid] = (area, px, py)
            kind = "touchMove"
        else:
            _, lx, ly = self.pointers.pop(pid)
            if (lx, ly) != (px, py):
                raise ValueError("a touch up must be where the finger last was")
            kind = "touchEnd"
        points = [{"x": x, "y": y, "id": i} for i, (_, x, y) in self.pointers.items()]
        if kind == "touchEnd" and self.pointers:
            # Chromium releases the points a touchEnd names (all of them when it names none),
            # not those it leaves out: one finger of several lifts by naming it.
            points = [{"x": px, "y": py, "id": pid}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def finite_json(v):
    """JSON has no NaN or infinities: they are stored as the strings "NaN",
    "Infinity" and "-Infinity" (what String(x) gives in JavaScript)."""
    if isinstance(v, float) and not math.isfinite(v):
        return "NaN" if v != v else ("Infinity" if v > 0 else "-Infinity")
    if isinstance(v, list):
        return [finite_json(x) for x in v]
    if isinstance(v, dict):
        return {k: finite_json(x) for k, x in v.items()}
    return v


def pages_extent(setup):
    xs, _ = pages.load_series(setup["series"])
    return min(xs), max(xs)
