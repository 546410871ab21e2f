"""The player draws every feature where the frames say (issue 30 item 1).

Per feature sample (linked, log y, presets, append, manual y, ordinal x,
log x) the page's `.frame(j)` must equal `play`'s NDJSON line for that frame
and panel, and the drawn elements (selection, handles, main line, y and x
ticks, annotation, lit preset button, panels, overview axis) must sit within
0.5 px of where the frame's numbers put them. The expected pixels are worked
out here from the frame and the documented layout (docs/player.md, "Layout";
docs/script-views.md for the ordinal map): closed forms, never our drawing
code's output.
"""
import csv
import json
import math
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from conftest import ALL_TRACKS, ARTIFACTS, ROOT, run

TOL = 0.5
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

# What the page draws for panel s (ids suffixed s), in px from the panel's overview or main chart's top left.
# Linked pages have one overview (ids without a suffix), shared by every panel.
DRAWN_JS = """([s, o]) => {
  const at = (e) => e.getBoundingClientRect();
  const ov = at(document.querySelector('#overview' + o + ' > rect'));
  const main = at(document.querySelector('#main' + s + ' > rect'));
  const ticks = (id, o, vertical) => [...document.querySelectorAll('#' + id + s + ' line')].map((l) => {
    const r = at(l);
    return { px: vertical ? r.top - o.top : r.left - o.left, label: l.nextElementSibling.textContent };
  });
  const rel = (e, o) => { const r = at(e); return { x: r.left - o.left, y: r.top - o.top, width: r.width, height: r.height }; };
  const ann = document.getElementById('annline' + s);
  const pts = (id) => document.getElementById(id + s).getAttribute('points').trim();
  const parse = (t) => t === '' ? [] : t.split(' ').map((p) => p.split(',').map(Number));
  return {
    ov: { x: ov.left, y: ov.top, width: ov.width, height: ov.height },
    main: { x: main.left, y: main.top, width: main.width, height: main.height },
    selection: rel(document.getElementById('selection' + o), ov),
    handles: [0, 1].map((k) => rel(document.getElementById('handle' + k + o), ov)),
    yTicks: ticks('yaxis', main, true),
    xTicks: ticks('xaxis', main, false),
    ovTicks: [...document.querySelectorAll('#ovaxis' + o + ' line')].map((l) => ({ px: at(l).left - ov.left, label: l.nextElementSibling.textContent })),
    mainLine: parse(pts('mainline')),
    ovLine: parse(pts('ovline')),
    clipped: document.getElementById('mainline' + s).getAttribute('clip-path') !== null,
    annotation: ann.getAttribute('visibility') === 'visible' ? rel(ann, main).y : null,
    annLabel: document.getElementById('annlabel' + s).textContent,
    presets: [...document.querySelectorAll('#panel' + s + ' g.preset')].map((g) => {
      const r = rel(g.querySelector('rect'), ov);
      return { label: g.querySelector('text').textContent, state: g.getAttribute('class').split(' ')[1],
               fill: getComputedStyle(g.querySelector('rect')).fill, left: r.x, right: r.x + r.width, bottom: r.y + r.height };
    }),
  };
}"""


def script_json(name):
    return json.loads((ROOT / "samples/scripts" / f"{name}.json").read_text())


def uses_presets(script):
    """Whether the script names a preset anywhere (its initial window or a set-window)."""
    return '"preset"' in json.dumps(script)


def seconds(v):
    """An x value of the frames: a number, or ISO-8601 UTC text."""
    if isinstance(v, (int, float)):
        return float(v)
    main, _, frac = v[:-1].partition(".")
    t = datetime.strptime(main, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc).timestamp()
    return t + (float("0." + frac) if frac else 0.0)


def height(v, log):
    """The height a value is drawn at: log10 on a log y-axis (None when it cannot be drawn)."""
    if v is None:
        return None
    if log:
        return math.log10(v) if v > 0 else None
    return v


def y_pixel(h, yr, tall):
    """docs/player.md: a height h in y-range [lo, hi] sits (hi - h) / (hi - lo) of the chart's height down."""
    lo, hi = yr
    return (hi - h) / (hi - lo) * tall if hi > lo else tall / 2


def ordinal_map(xs):
    """docs/script-views.md's ordinal u(x): point i at u = i, linear in time between points, the end gaps beyond."""
    def u(t):
        if t <= xs[0]:
            return (t - xs[0]) / (xs[1] - xs[0])
        if t >= xs[-1]:
            return len(xs) - 1 + (t - xs[-1]) / (xs[-1] - xs[-2])
        lo, hi = 0, len(xs) - 1
        while hi - lo > 1:
            m = (lo + hi) // 2
            lo, hi = (m, hi) if xs[m] <= t else (lo, m)
        return lo + (t - xs[lo]) / (xs[lo + 1] - xs[lo])
    return u


def tick_times(labels, year, zone):
    """Time-axis tick labels to instants: `2015` (Jan 1), `Oct` (the 1st), `Oct 12`, and the first tick
    with its year when none is a year label (`Feb 2015`, `Oct 5, 2015`); other forms are skipped.
    A label with a year sets the year of the labels after it (d3's multi-scale format)."""
    out = []
    for label in labels:
        parts = label.replace(",", "").split(" ")
        if len(parts) in (2, 3) and parts[0] in MONTHS and parts[-1].isdigit() and len(parts[-1]) == 4:
            year = int(parts.pop())
        if len(parts) == 1 and parts[0].isdigit() and len(parts[0]) == 4:
            year = int(parts[0])
            day = (year, 1, 1)
        elif parts[0] in MONTHS and (len(parts) == 1 or (len(parts) == 2 and parts[1].isdigit())):
            day = (year, MONTHS.index(parts[0]) + 1, int(parts[1]) if len(parts) == 2 else 1)
        else:
            out.append(None)
            continue
        out.append(datetime(*day, tzinfo=ZoneInfo(zone)).timestamp())
    return out


class Feature:
    """One sample script's page and play lines, and how its axes map values."""

    def __init__(self, name, store, folder):
        self.name = name
        self.script = script_json(name)
        self.series = self.script.get("sync") or [self.script.get("series")]
        self.page = folder / f"{name}.html"
        run("player", ROOT / "samples/scripts" / f"{name}.json", "--store", store, "-o", self.page)
        tracks = ALL_TRACKS + (",preset" if uses_presets(self.script) else "")
        lines = [json.loads(l) for l in run("play", ROOT / "samples/scripts" / f"{name}.json", "--store", store,
                                              "--tracks", tracks).splitlines()]
        p = len(self.series)
        self.frames = [lines[k * p:(k + 1) * p] for k in range(len(lines) // p)]
        self.log_y = self.script.get("y", {}).get("scale") == "log"
        self.manual_y = self.script.get("y", {}).get("fit") == "manual"
        x = self.script.get("x", {})
        # Ticks fall in the display zone (--display-zone, UTC by default), not the script's x.zone.
        self.zone = "UTC"
        self.overview = {"width": 800, "height": 120, **self.script.get("overview", {})}
        self.main = {"width": 800, "height": 400, **self.script.get("main", {})}
        kind = x.get("scale", "linear")
        if kind == "log":
            self.u = math.log
        elif kind == "ordinal":
            with open(ROOT / "samples" / f"{self.series[0]}.csv") as f:
                xs = [datetime.strptime(r["date"], "%Y/%m/%d").replace(tzinfo=timezone.utc).timestamp() for r in csv.DictReader(f)]
            self.u = ordinal_map(xs)
        else:
            self.u = lambda t: t
        self.kind = kind

    def x_pixel(self, t, window, width):
        a, b = self.u(seconds(window["min"])), self.u(seconds(window["max"]))
        return (self.u(t) - a) / (b - a) * width


@pytest.fixture(scope="module")
def features(store, tmp_path_factory):
    folder = tmp_path_factory.mktemp("features")
    cache = {}

    def get(name):
        if name not in cache:
            cache[name] = Feature(name, store, folder)
        return cache[name]
    return get


def drawn(page, feature, j):
    """What the page draws for panel j; on a linked page every panel's overview is the one shared overview."""
    return page.evaluate(DRAWN_JS, ["" if j == 0 else f"-{j}", "" if len(feature.series) > 1 or j == 0 else f"-{j}"])


def check_panel(feature, k, j, page):
    """Panel j on frame k: the frame is play's line and everything drawn sits where it says."""
    f = feature.frames[k][j]
    assert page.evaluate("j => window.rangepipePlayer.frame(j)", j) == f, f"{feature.name} frame {k} panel {j}"
    d = drawn(page, feature, j)
    where = f"{feature.name} frame {k} panel {j}"
    W, H = feature.main["width"], feature.main["height"]
    assert abs(d["ov"]["width"] - feature.overview["width"]) <= TOL and abs(d["main"]["height"] - H) <= TOL, where
    # The selection spans min_px…max_px of the overview; the 6 px handles are centred on its edges,
    # each kept inside the overview (left edge clamped to 0…width − 6).
    lo, hi = f["selector"]["min_px"], f["selector"]["max_px"]
    assert abs(d["selection"]["x"] - lo) <= TOL and abs(d["selection"]["width"] - (hi - lo)) <= TOL, where
    for edge, h in zip([lo, hi], d["handles"]):
        x = min(max(edge - 3, 0), feature.overview["width"] - 6)
        assert abs(h["x"] - x) <= TOL and abs(h["width"] - 6) <= TOL, f"{where}: handle at {h} vs {edge}"
    # A window with none of this series' points (GOOG before 2004 on stocks-linked): no y-range, so no line,
    # no y ticks and no annotation.
    if f["y"] is None:
        assert d["mainLine"] == [] and d["yTicks"] == [] and d["annotation"] is None, where
        return d
    # y: the frame's y-range (log10 of it on a log axis) over the chart's height.
    yr = (height(f["y"]["min"], feature.log_y), height(f["y"]["max"], feature.log_y))
    assert len(d["yTicks"]) >= 2, where
    for t in d["yTicks"]:
        v = float(t["label"].replace(",", ""))
        assert abs(t["px"] - y_pixel(height(v, feature.log_y), yr, H)) <= TOL, f"{where}: y tick {t}"
        if feature.log_y:
            # Per-decade ticks: 1, 2 or 5 times a power of ten.
            mantissa = v / 10 ** math.floor(math.log10(v) + 1e-9)
            assert min(abs(mantissa - m) for m in (1, 2, 5)) < 1e-9, f"{where}: log tick {v}"
    # The main line: every point with a drawable value, at its x through the scale and its height.
    expected = [(feature.x_pixel(seconds(x), f["window"], W), y_pixel(height(y, feature.log_y), yr, H))
                for x, y in f["points"] if y is not None and height(y, feature.log_y) is not None]
    assert len(d["mainLine"]) == len(expected), where
    for (gx, gy), (ex, ey) in zip(d["mainLine"], expected):
        assert abs(gx - ex) <= TOL and abs(gy - ey) <= TOL, f"{where}: line point {gx},{gy} vs {ex},{ey}"
    assert d["clipped"], where
    # Time ticks under the main chart at their instants (numbers on number axes).
    if feature.kind == "log":
        xs = [float(t["label"].replace(",", "")) for t in d["xTicks"]]
    else:
        year = datetime.fromtimestamp(seconds(f["window"]["min"]), ZoneInfo(feature.zone)).year
        xs = tick_times([t["label"] for t in d["xTicks"]], year, feature.zone)
    assert sum(x is not None for x in xs) >= 2, f"{where}: x ticks {d['xTicks']}"
    for t, x in zip(d["xTicks"], xs):
        if x is not None:
            assert abs(t["px"] - feature.x_pixel(x, f["window"], W)) <= TOL, f"{where}: x tick {t}"
    # The annotation's line at its value's height; hidden off a hand-zoomed y-window.
    a = f["annotation"]
    ay = None if a is None or height(a["y"], feature.log_y) is None else y_pixel(height(a["y"], feature.log_y), yr, H)
    if ay is not None and feature.manual_y and not 0 <= ay <= H:
        ay = None
    if ay is None:
        assert d["annotation"] is None, where
    else:
        assert d["annotation"] is not None and abs(d["annotation"] - ay) <= TOL, f"{where}: annotation {d['annotation']} vs {ay}"
        # The script's format gives play's label; the default is the value grouped at the axis' decimals.
        if "format" in feature.script.get("annotation", {}):
            assert d["annLabel"] == a["label"], where
        else:
            digits = d["annLabel"].split(".")[1] if "." in d["annLabel"] else ""
            assert abs(float(d["annLabel"].replace(",", "")) - a["y"]) <= 0.5 * 10 ** -len(digits) + 1e-9, f"{where}: {d['annLabel']}"
    # Preset buttons: right-aligned to the overview's right end, above it; the frame's preset lit.
    # Linked panels have them once, in the first panel's caption row.
    if uses_presets(feature.script) and j == 0:
        b = d["presets"]
        assert len(b) >= 2 and abs(b[-1]["right"] - feature.overview["width"]) <= TOL, where
        assert all(x["bottom"] <= 0 for x in b), where
        lit = [x for x in b if x["state"] == "on"]
        assert len(lit) <= 1, where
        for x in b:
            assert (x["fill"] == "rgb(59, 130, 246)") == (x["state"] == "on"), f"{where}: {x}"
        if f["preset"] is not None:
            assert [x["label"] for x in lit] == [f["preset"]], f"{where}: lit {lit} vs {f['preset']}"
    else:
        assert d["presets"] == [], where
    return d


def frames_to_check(count, extra=()):
    picks = {0, 1, count // 5, count // 3, count // 2, 2 * count // 3, count - 1, *extra}
    return sorted(k for k in picks if 0 <= k < count)


@pytest.mark.parametrize("name", ["stocks-log", "stocks-yzoom", "weekdays-ordinal", "hours-log", "weather-presets", "stocks-linked"])
def test_feature_drawn_where_the_frames_say(name, features, open_page):
    feature = features(name)
    p = open_page(feature.page)
    page = p.page
    assert page.evaluate("window.rangepipePlayer.frameCount") == len(feature.frames)
    assert page.evaluate("window.rangepipePlayer.panels") == len(feature.series)
    # Frames where a preset is set, where none is, and where the y-window leaves the annotation off.
    extra = [k for k, row in enumerate(feature.frames) if row[0].get("preset")][:3]
    extra += [k for k, row in enumerate(feature.frames) if k > 0 and row[0].get("preset") != feature.frames[k - 1][0].get("preset")]
    for k in frames_to_check(len(feature.frames), extra):
        page.evaluate("k => window.rangepipePlayer.seek(k)", k)
        for j in range(len(feature.series)):
            check_panel(feature, k, j, page)
    assert p.errors == [] and p.requests == [], (p.errors, p.requests)


def test_linked_panels_share_one_overview(features, open_page):
    """docs/player.md, linked layout: main chart j is 20 + 14 + j · (56 + main.height) px down, exactly one
    overview sits under the last one's axis (n · (56 + main.height) + 14 px down) with the one selection and
    its two handles at the frame's selector pixels, and a line per series fitted to its own range."""
    feature = features("stocks-linked")
    p = open_page(feature.page)
    page = p.page
    n, H = len(feature.series), feature.main["height"]
    OW, OH = feature.overview["width"], feature.overview["height"]
    count = lambda sel: page.evaluate("sel => document.querySelectorAll(sel).length", sel)
    assert count("g[id^=panel]") == n
    assert count("g[id^=overview]") == 1 and count("rect[id^=selection]") == 1 and count("rect[id^=handle]") == 2
    assert count("g[id^=ovaxis]") == 1 and count("polyline[id^=ovline]") == n
    # The preset buttons (when the script has them) only in the first panel's caption row.
    assert count("g.preset") == count("#panel g.preset") and (count("g.preset") > 0) == uses_presets(feature.script)
    tall = 20 + 14 + H + 22
    for k in frames_to_check(len(feature.frames)):
        page.evaluate("k => window.rangepipePlayer.seek(k)", k)
        views = [drawn(page, feature, j) for j in range(n)]
        top = views[0]["main"]["y"] - (20 + 14)
        for j, d in enumerate(views):
            assert abs(d["main"]["y"] - (top + 20 + 14 + j * tall)) <= TOL, f"frame {k} panel {j}: main at {d['main']}"
            assert abs(d["main"]["x"] - views[0]["main"]["x"]) <= TOL
            assert page.evaluate(f"document.getElementById('caption{'' if j == 0 else f'-{j}'}').textContent").startswith(feature.series[j])
            # Every series' frame names the same selector pixels: the one selection and its handles sit there.
            lo, hi = feature.frames[k][j]["selector"]["min_px"], feature.frames[k][j]["selector"]["max_px"]
            assert abs(d["selection"]["x"] - lo) <= TOL and abs(d["selection"]["width"] - (hi - lo)) <= TOL, f"frame {k} panel {j}"
            for edge, h in zip([lo, hi], d["handles"]):
                assert abs(h["x"] - min(max(edge - 3, 0), OW - 6)) <= TOL and abs(h["width"] - 6) <= TOL, f"frame {k}: {h} vs {edge}"
        ov = views[0]["ov"]
        assert abs(ov["y"] - (top + n * tall + 14)) <= TOL and abs(ov["x"] - views[0]["main"]["x"]) <= TOL, f"frame {k}: overview at {ov}"
        # Each series' overview line spans the overview's height (fitted to its own range) and ends at the bounds' end.
        for j in range(n):
            line = page.evaluate("id => document.getElementById(id).getAttribute('points').trim().split(' ').map((p) => p.split(',').map(Number))",
                                 "ovline" + ("" if j == 0 else f"-{j}"))
            ys = [y for _, y in line]
            assert abs(min(ys)) <= TOL and abs(max(ys) - OH) <= TOL, f"frame {k} line {j}: {min(ys)}…{max(ys)}"
            assert abs(max(x for x, _ in line) - OW) <= TOL, f"frame {k} line {j}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "player-stocks-linked.png"), full_page=True)
    assert p.errors == [], p.errors


def test_overview_grows_with_appends(features, open_page):
    """weather-live: after each append the overview's axis spans the grown bounds."""
    feature = features("weather-live")
    fps = feature.script["fps"]
    first = datetime(2012, 1, 1, tzinfo=timezone.utc).timestamp()
    last = datetime(2015, 12, 31, tzinfo=timezone.utc).timestamp()
    appends = []
    for e in feature.script["events"]:
        if e.get("action") == "append":
            xs = [r["x"] if isinstance(r, dict) else r[0] for r in e["rows"]]
            last = max(last, *(datetime.strptime(x, "%Y-%m-%d").replace(tzinfo=timezone.utc).timestamp() for x in xs))
            appends.append((e["at"], last))
    p = open_page(feature.page)
    page = p.page
    W = feature.overview["width"]
    lines_seen = set()
    # Two frames before the first append, two after each (away from the event's own frame).
    checks = [(0, datetime(2015, 12, 31, tzinfo=timezone.utc).timestamp())]
    checks += [(round(at * fps) + 2, upper) for at, upper in appends]
    checks += [(len(feature.frames) - 1, appends[-1][1])]
    for k, upper in checks:
        page.evaluate("k => window.rangepipePlayer.seek(k)", k)
        d = check_panel(feature, k, 0, page)
        labels = [t["label"] for t in d["ovTicks"]]
        times = tick_times(labels, 2012, "UTC")
        assert sum(t is not None for t in times) >= 3, labels
        for t, x in zip(d["ovTicks"], times):
            if x is not None:
                assert abs(t["px"] - (x - first) / (upper - first) * W) <= TOL, f"frame {k}: overview tick {t}"
        # The overview's line spans the bounds: its last point at the right end.
        assert abs(max(x for x, _ in d["ovLine"]) - W) <= TOL, f"frame {k}"
        assert ("2016" in labels) == (upper >= datetime(2016, 1, 1, tzinfo=timezone.utc).timestamp()), labels
        lines_seen.add(tuple(map(tuple, d["ovLine"])))
    assert len(lines_seen) >= 3, "the overview's line was not redrawn after the appends"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "player-weather-live.png"), full_page=True)
    assert p.errors == [], p.errors


def test_ordinal_overview_first_tick_shows_its_year(features, open_page):
    """weekdays-ordinal: the data start on 2012-01-02, so the overview's first tick is 1 April 2012, and it
    carries its year ("Apr 2012"; docs/player.md, Axes); every overview tick sits at its instant's ordinal u
    over the data's points 0 … n − 1 (docs/script-views.md's map)."""
    feature = features("weekdays-ordinal")
    p = open_page(feature.page)
    page = p.page
    with open(ROOT / "samples" / "seattle-weekdays.csv") as f:
        n = sum(1 for _ in csv.DictReader(f))
    W = feature.overview["width"]
    for k in [0, len(feature.frames) - 1]:
        page.evaluate("k => window.rangepipePlayer.seek(k)", k)
        d = check_panel(feature, k, 0, page)
        labels = [t["label"] for t in d["ovTicks"]]
        assert labels[0] == "Apr 2012", labels
        assert "2013" in labels and not any(l.endswith(" 2013") for l in labels), labels
        for t, x in zip(d["ovTicks"], tick_times(labels, 2012, "UTC")):
            if x is not None:
                assert abs(t["px"] - feature.u(x) / (n - 1) * W) <= TOL, f"frame {k}: overview tick {t}"
    assert p.errors == [], p.errors
