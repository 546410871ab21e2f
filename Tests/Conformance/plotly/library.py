"""Plotly.js on the SPEC 4.10 page: its page (plotly.min.js from PyPI plotly's
package_data; a figure with a rangeslider as the overview) and how the
recorder reads it (gd._fullLayout.xaxis.range and the rangeslider's range).
Registered in ../libraries.py.
"""
import json
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pages

NAME = "plotly"
# Its keys in a ground truth's "versions".
VERSION_KEYS = ("plotly", "plotly.js")
# The rangeslider must sit exactly under the plot area (driver.py checks it).
ALIGNED_OVERVIEW = True


def version_label(versions):
    return f"plotly.js {versions['plotly.js']} (PyPI plotly {versions['plotly']})"


def versions():
    import plotly

    js = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    head = js.open().read(200)
    return {"plotly": plotly.__version__, "plotly.js": head.split("plotly.js v", 1)[1].split()[0]}


def overview_range(reading, extent):
    """The overview's x range at a reading: the rangeslider's own."""
    return reading["rsn"]


def ms_to_plotly_date(ms):
    """A date string Plotly reads as that instant (Plotly's dates are UTC-naive)."""
    d = datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
    frac = int(round(ms % 1000 * 10))
    s = d.strftime("%Y-%m-%d %H:%M:%S")
    return s + (".%04d" % frac if frac else "")


PLOTLY_MARGIN = {"l": 70, "r": 30, "t": 20}
PLOTLY_GAP_BELOW = 60  # px below the rangeslider inside the bottom margin


def plotly_figure(setup):
    """Plotly figure (data, layout, config) for a set-up dict (see sessions.py)."""
    xs, ys = pages.load_series(setup["series"])
    axis = pages.SERIES[setup["series"]]["axis"]
    W, H = setup["main"]["width"], setup["main"]["height"]
    OW, OH = setup["overview"]["width"], setup["overview"]["height"]
    assert OW == W, "Plotly's rangeslider is as wide as the plot"
    lo, hi = setup["initial_ms"]
    if axis == "date":
        x = [ms_to_plotly_date(v) for v in xs]
        rng = [ms_to_plotly_date(lo), ms_to_plotly_date(hi)]
    else:
        x, rng = xs, [lo, hi]
    m = dict(PLOTLY_MARGIN)
    # Below the plot: the x tick labels, then the rangeslider (OH px), then a
    # gap. margin.autoexpand is off: the rangeslider would otherwise push the
    # bottom margin by its own height plus the tick labels' depth (font
    # metrics) and shrink the plot area; with fixed margins the plot area is
    # exactly (height - t - b) and the rangeslider exactly thickness * that.
    m["b"] = 40 + OH + PLOTLY_GAP_BELOW
    layout = {
        "width": m["l"] + W + m["r"],
        "height": m["t"] + H + m["b"],
        "margin": dict(m, pad=0, autoexpand=False),
        "showlegend": False,
        "dragmode": setup["drag"],
        "xaxis": {
            "type": axis if axis == "date" else "linear",
            "range": rng,
            "rangeslider": {"visible": True, "thickness": OH / H, "borderwidth": 0},
        },
        "yaxis": {"fixedrange": True},
    }
    data = [{"type": "scatter", "mode": "lines", "x": x, "y": ys, "line": {"width": 1}}]
    config = {"scrollZoom": True, "doubleClick": "reset+autosize", "displayModeBar": False, "responsive": False}
    return data, layout, config


PLOTLY_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>plotly conformance</title>
<style>html,body{margin:0;padding:0;overflow:hidden}#gd{position:absolute;left:0;top:0}</style>
<script src="plotly.min.js"></script></head>
<body><div id="gd"></div>
<script>
window.conformanceReady = false;
const fig = __FIG__;
Plotly.newPlot('gd', fig.data, fig.layout, fig.config).then(() => { window.conformanceReady = true; });
</script></body></html>
"""


def write_page(folder, setup, name):
    import plotly

    js = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    if not (folder / "plotly.min.js").exists():
        shutil.copyfile(js, folder / "plotly.min.js")
    data, layout, config = plotly_figure(setup)
    fig = json.dumps({"data": data, "layout": layout, "config": config}, separators=(",", ":"))
    path = folder / f"{name}.html"
    path.write_text(PLOTLY_PAGE.replace("__FIG__", fig))
    return path



READER_JS = r"""
window.__cf = {
  ready: () => window.conformanceReady === true,
  read: () => {
    const gd = document.getElementById('gd'), ax = gd._fullLayout.xaxis, rs = ax.rangeslider;
    const num = a => a.map(v => ax.r2l(v));
    return {x: ax.range.slice(), xn: num(ax.range), rs: rs.range.slice(), rsn: num(rs.range)};
  },
  boxes: () => {
    const gd = document.getElementById('gd');
    const b = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
    return {main: b(gd.querySelector('.nsewdrag')), overview: b(gd.querySelector('.rangeslider-bg')),
            size: gd._fullLayout._size, rangeslider: [gd._fullLayout.xaxis.rangeslider._width, gd._fullLayout.xaxis.rangeslider._height]};
  },
};
"""
