"""TradingView lightweight-charts 4.1.3 on the SPEC 4.11 page: its page
(lightweight_charts/js/lightweight-charts.js from PyPI lightweight-charts
2.1, the global `LightweightCharts`; `createChart` with both price scales
hidden and the time scale shown, one line series with times as UTC seconds,
the initial window from `timeScale().setVisibleLogicalRange`) and how the
recorder reads it (`getVisibleLogicalRange()`, mapped to x through the
points' x as rangepipe's ordinal axis maps bar indices). Its sessions: mouse
wheel (deltaY zooms, deltaX scrolls), pane drags (pan), time-scale drags
(scale about the right edge) and double-clicks (reset). Touch (kinetic
scrolling) is not modelled. Registered in ../libraries.py.
"""
import json
import shutil
from pathlib import Path

import pages
import sessions

NAME = "lightweight-charts"
VERSION_KEYS = ("lightweight-charts (PyPI)", "lightweight-charts")
MODES = ("pan",)        # a pane drag scrolls; the library has no box zoom
POINTERS = ("mouse",)   # touch (kinetic scrolling) is not modelled yet
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
