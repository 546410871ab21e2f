"""The recorder's pages: one chart per session set-up, written by the session's
library (its folder here, registered in libraries.py) into a temporary folder
at record time (never committed).

Every library comes from its PyPI wheel in the repo's .venv (pinned in
.ci/install-conformance.sh); pages load nothing from the network.

Geometry (SPEC 4.10): the main plot area is exactly main.width x main.height
CSS px, the overview's plot area (Plotly's rangeslider, Bokeh's overview
figure frame) exactly overview.width x overview.height. Every margin and
offset in a library's page is a whole number of px, so the plot areas sit at whole page
pixels; driver.py measures them in the browser and refuses a page that is
off by more than 0.01 px.
"""
import csv
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


def write_page(folder, setup, name):
    """The session's page, written by its library."""
    import libraries

    return libraries.get(setup["library"]).write_page(Path(folder), setup, name)


def versions():
    """Every registered library's package versions."""
    import libraries

    out = {}
    for lib in libraries.all_libraries():
        out.update(lib.versions())
    return out
