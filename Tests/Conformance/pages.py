"""The recorder's pages: a Plotly.js and a BokehJS chart per session set-up,
written into a temporary folder at record time (never committed).

Both libraries come from their PyPI wheels in the repo's .venv (pinned in
.ci/install-conformance.sh): plotly.min.js from plotly's package_data, BokehJS
inlined by bokeh.embed.file_html with bokeh.resources.INLINE. Pages load
nothing from the network.

Geometry (SPEC 4.10): the main plot area is exactly main.width x main.height
CSS px, the overview's plot area (Plotly's rangeslider, Bokeh's overview
figure frame) exactly overview.width x overview.height. Every margin and
offset below is a whole number of px, so the plot areas sit at whole page
pixels; driver.py measures them in the browser and refuses a page that is
off by more than 0.01 px.
"""
import csv
import html
import json
import shutil
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

# The series a session may use: a date axis (AAPL's monthly closes) and a
# number axis (sf-temps-hours: hour 1..8759). `input` is how rangepipe
# ingests the same series for a replay (`rangepipe play --input FILE ARGS`).
SERIES = {
    "AAPL": {
        "file": "samples/stocks-monthly.csv",
        "input_args": ["--series-column", "symbol", "--x", "date"],
        "axis": "date",
        "x_column": "date",
        "y_column": "price",
        "filter": ("symbol", "AAPL"),
    },
    "sf-temps-hours": {
        "file": "samples/sf-temps-hours.csv",
        "input_args": ["--input-series", "sf-temps-hours"],
        "axis": "number",
        "x_column": "hour",
        "y_column": "temp",
        "filter": None,
    },
}

PLOTLY_MARGIN = {"l": 70, "r": 30, "t": 20}
PLOTLY_GAP_BELOW = 60  # px below the rangeslider inside the bottom margin


def load_series(name):
    """(xs, ys): xs in the library's linear unit (ms since the epoch, UTC, on
    a date axis; the number itself on a number axis), in file order."""
    spec = SERIES[name]
    xs, ys = [], []
    with open(ROOT / spec["file"], newline="") as f:
        for row in csv.DictReader(f):
            if spec["filter"] and row[spec["filter"][0]] != spec["filter"][1]:
                continue
            raw = row[spec["x_column"]]
            if spec["axis"] == "date":
                d = datetime.strptime(raw, "%b %d %Y").replace(tzinfo=timezone.utc)
                xs.append(int(d.timestamp()) * 1000)
            else:
                xs.append(float(raw))
            ys.append(float(row[spec["y_column"]]))
    return xs, ys


def ms_to_plotly_date(ms):
    """A date string Plotly reads as that instant (Plotly's dates are UTC-naive)."""
    d = datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
    frac = int(round(ms % 1000 * 10))
    s = d.strftime("%Y-%m-%d %H:%M:%S")
    return s + (".%04d" % frac if frac else "")


def plotly_figure(setup):
    """Plotly figure (data, layout, config) for a set-up dict (see sessions.py)."""
    xs, ys = load_series(setup["series"])
    axis = SERIES[setup["series"]]["axis"]
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


def plotly_page(folder, setup, name):
    import plotly

    js = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    if not (folder / "plotly.min.js").exists():
        shutil.copyfile(js, folder / "plotly.min.js")
    data, layout, config = plotly_figure(setup)
    fig = json.dumps({"data": data, "layout": layout, "config": config}, separators=(",", ":"))
    path = folder / f"{name}.html"
    path.write_text(PLOTLY_PAGE.replace("__FIG__", fig))
    return path


BOKEH_BORDER = {"left": 80, "right": 30, "top": 20, "bottom": 50}


def bokeh_document(setup):
    """The Bokeh layout for a set-up: main figure + overview figure with a RangeTool."""
    from bokeh.layouts import column
    from bokeh.models import ColumnDataSource, Range1d, RangeTool
    from bokeh.plotting import figure

    xs, ys = load_series(setup["series"])
    axis = SERIES[setup["series"]]["axis"]
    W, H = setup["main"]["width"], setup["main"]["height"]
    OW, OH = setup["overview"]["width"], setup["overview"]["height"]
    x0, x1 = min(xs), max(xs)
    lo, hi = setup["initial_ms"]
    bounds = (x0, x1) if setup.get("bounds") == "data" else None
    min_interval = setup.get("min_interval_ms")
    max_interval = setup.get("max_interval_ms")
    x_range = Range1d(start=lo, end=hi, bounds=bounds, min_interval=min_interval, max_interval=max_interval)
    source = ColumnDataSource({"x": xs, "y": ys})
    kind = "datetime" if axis == "date" else "linear"
    b = BOKEH_BORDER
    main = figure(
        name="main", frame_width=W, frame_height=H, x_range=x_range, x_axis_type=kind,
        tools="xpan,xwheel_zoom,xbox_zoom,reset",
        active_drag="xpan" if setup["drag"] == "pan" else "xbox_zoom",
        active_scroll="xwheel_zoom", toolbar_location=None,
        min_border_left=b["left"], min_border_right=b["right"], min_border_top=b["top"], min_border_bottom=b["bottom"],
    )
    main.line("x", "y", source=source)
    overview = figure(
        name="overview", frame_width=OW, frame_height=OH, x_range=Range1d(start=x0, end=x1),
        x_axis_type=kind, tools="", toolbar_location=None, y_axis_type=None,
        min_border_left=b["left"], min_border_right=b["right"], min_border_top=b["top"], min_border_bottom=b["bottom"],
    )
    overview.line("x", "y", source=source)
    overview.ygrid.grid_line_color = None
    range_tool = RangeTool(x_range=x_range, name="range_tool")
    overview.add_tools(range_tool)
    return column(main, overview, name="root")


BOKEH_EXTRA_HEAD = """<style>html,body{margin:0;padding:0;overflow:hidden}</style>"""


def bokeh_page(folder, setup, name):
    from bokeh.embed import file_html
    from bokeh.resources import Resources

    root = bokeh_document(setup)
    # BokehJS's static files from the wheel, by absolute file path (mode
    # "absolute" = the files bokeh.resources.INLINE would inline).
    text = file_html(root, resources=Resources(mode="absolute"), title="bokeh conformance")
    text = text.replace("</head>", BOKEH_EXTRA_HEAD + "</head>", 1)
    path = folder / f"{name}.html"
    path.write_text(text)
    return path


def write_page(folder, setup, name):
    folder = Path(folder)
    if setup["library"] == "plotly":
        return plotly_page(folder, setup, name)
    return bokeh_page(folder, setup, name)


def versions():
    import bokeh
    import plotly

    js = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    head = js.open().read(200)
    plotly_js = head.split("plotly.js v", 1)[1].split()[0]
    return {"plotly": plotly.__version__, "plotly.js": plotly_js, "bokeh": bokeh.__version__}
