"""Shared by the Arrow input tests (test_arrow_*.py): running the binary,
writing Arrow and CSV files, and comparing a store (read with sqlite3,
arrow_common.read_store, never with rangepipe) with what it must hold.

    RANGEPIPE_BIN=/work/arrow-bin/rangepipe .venv/bin/python -m pytest -q Tests/Arrow
"""

import csv
import datetime as dt
import io
import math
import os
import pathlib
import re
import resource
import struct
import subprocess

import pyarrow as pa
import pyarrow.ipc as ipc
import pytest

from arrow_common import FORMAT_FLAG, read_store, seconds_of  # noqa: F401 (FORMAT_FLAG: for the tests)

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.path.abspath(os.environ.get("RANGEPIPE_BIN", "/work/arrow-bin/rangepipe"))
TIMEOUT = 60
MEMORY_LIMIT = 2 << 30  # address space for the damaged-stream runs: a lying length must not allocate it
PLAY_FORMAT_FLAG = "--input-format"

needs_binary = pytest.mark.skipif(not os.path.exists(BIN), reason="no binary at %s (set RANGEPIPE_BIN)" % BIN)


# ------------------------------------------------------------------ running the binary

def run(args, cwd, stdin=None, limit_memory=False, timeout=TIMEOUT):
    def limits():
        if limit_memory:
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    p = subprocess.run([BIN, *map(str, args)], cwd=str(cwd), input=stdin, capture_output=True, timeout=timeout,
                       preexec_fn=limits)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def ingest(path, store, *flags, cwd=None, stdin=None):
    cwd = cwd or pathlib.Path(store).parent
    return run(["ingest", str(path), "--store", str(store), "--quiet", *flags], cwd, stdin=stdin)


def error_lines(stderr):
    return [ln for ln in stderr.splitlines() if ln.strip() and "warning:" not in ln]


def message_kind(line, name):
    """An error line without its location and quoted cell text (a double's
    text may be spelled differently from a CSV cell's: 1e308 / 1e+308)."""
    line = re.sub(r"^.*?%s(:\d+:\d+)?: " % re.escape(name), "", line)
    return re.sub(r'"[^"]*"', '"…"', line)


# ------------------------------------------------------------------ writing Arrow and CSV

BATCHINGS = ["one", "many", "many-file", "zero", "zero-file"]
SIZES = [1, 2, 0, 3]  # many batches: these sizes in turn, an empty batch among them


def batches_of(table, batching):
    if batching.startswith("zero"):
        return []
    if batching == "one":
        return table.to_batches(max_chunksize=max(table.num_rows, 1)) or [table.slice(0, 0).to_batches()[0]]
    out, at, k = [], 0, 0
    while at < table.num_rows:
        n = SIZES[k % len(SIZES)]
        k += 1
        out.append(pa.record_batch([c.combine_chunks() for c in table.slice(at, n).columns], schema=table.schema))
        at += n
    return out


def write_arrow(path, table, batching="one", file_format=None, options=None):
    """`table` written as an IPC stream (or file: `file_format`, or a `-file`
    batching) in the batches `batching` says; returns the bytes written."""
    file_format = file_format if file_format is not None else batching.endswith("-file")
    sink = io.BytesIO()
    opener = ipc.new_file if file_format else ipc.new_stream
    with opener(sink, table.schema, options=options) as w:
        for b in batches_of(table, batching):
            w.write_batch(b)
    data = sink.getvalue()
    if path is not None:
        pathlib.Path(path).write_bytes(data)
    return data


def write_csv(path, header, rows):
    """Python's csv module: None and "" as an empty cell."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        for r in rows:
            w.writerow(["" if c is None else c for c in r])


def read_back(data):
    """pyarrow's own reading of bytes we wrote (self-check of the generator)."""
    if data[:6] == b"ARROW1":
        return ipc.open_file(pa.BufferReader(data)).read_all()
    return ipc.open_stream(pa.BufferReader(data)).read_all()


# ------------------------------------------------------------------ instants

UNIT = {"s": 1, "ms": 1000, "us": 10 ** 6, "ns": 10 ** 9}
DIGITS = {"s": 0, "ms": 3, "us": 6, "ns": 9}


def iso_text(value, unit, zone):
    """The ISO 8601 text of `value` units from 1970 (integer arithmetic, no
    float), the unit's digits of fraction, `Z` when the type has a zone:
    the text the contract says a timestamp becomes."""
    secs, frac = divmod(value, UNIT[unit])
    d = dt.datetime(1970, 1, 1) + dt.timedelta(seconds=secs)
    text = "%04d-%02d-%02dT%02d:%02d:%02d" % (d.year, d.month, d.day, d.hour, d.minute, d.second)
    if DIGITS[unit]:
        text += "." + str(frac).zfill(DIGITS[unit])
    return text + ("Z" if zone else "")


def bits(v):
    return "NaN" if isinstance(v, float) and math.isnan(v) else float(v).hex()


def ulps_apart(a, b):
    ia = struct.unpack("<q", struct.pack("<d", a))[0]
    ib = struct.unpack("<q", struct.pack("<d", b))[0]
    if ia < 0:
        ia = -(2 ** 63) - ia
    if ib < 0:
        ib = -(2 ** 63) - ib
    return abs(ia - ib)


# ------------------------------------------------------------------ comparing a store with what it must hold

def expected_points(records):
    """records: (series, xkey or None, {field: value}); rows with a missing
    x or series are left out; the last row of an x wins (--duplicates last)."""
    per = {}
    for series, x, vals in records:
        if series is None or x is None:
            continue
        per.setdefault(series, {})[x] = vals
    return per


def stored_points(store):
    """{series: {xkey: {field: value}}}, x as the label for a category axis,
    else the stored double; plus each series' axis."""
    out, axes = {}, {}
    for name, s in read_store(store).items():
        pts = {}
        for i, x in enumerate(s["x"]):
            key = s["categories"][int(x)] if s["axis"] == "category" else x
            pts[key] = {f: col[i] for f, col in s["fields"].items()}
        out[name], axes[name] = pts, s["axis"]
    return out, axes


def _x_ok(axis, got, want, time_tol):
    """Exact for numbers. A time: within one ulp of the correctly rounded
    instant, or within time_tol seconds (an instant before 1970 is stored as
    the CSV path stores its ISO text, a few ulps of a second from the exact
    value: test_arrow_values.test_pre_1970_instants_as_csv holds it to that)."""
    if axis == "number":
        return bits(got) == bits(want)
    return ulps_apart(got, want) <= 1 or abs(got - want) <= time_tol


def compare(store, want, axis, fields, x_exact=None, time_tol=1e-12):
    """Problems (list of text) between the store and `want` ({series: {x: {field: v}}})."""
    got, axes = stored_points(store)
    problems = []
    if sorted(got) != sorted(want):
        problems.append("series %s, want %s" % (sorted(got), sorted(want)))
    for name in sorted(set(got) & set(want)):
        if axes[name] != axis:
            problems.append("%s: axis %s, want %s" % (name, axes[name], axis))
            continue
        g, w = got[name], want[name]
        if axis == "category":
            pairs = [(k, g.get(k), w[k]) for k in w]
            if x_exact:  # labels compared by what they denote (clock times)
                gl = {x_exact(k): v for k, v in g.items()}
                pairs = [(k, gl.get(k), w[k]) for k in w]
                if len(g) != len(w) or None in gl:
                    problems.append("%s: labels %s, want %s" % (name, sorted(g), sorted(map(str, w))))
            elif sorted(g) != sorted(w):
                problems.append("%s: labels %s, want %s" % (name, sorted(g), sorted(w)))
                continue
        else:
            gx, wx = sorted(g), sorted(w)
            if len(gx) != len(wx):
                problems.append("%s: %d points, want %d (x %s, want %s)" % (name, len(gx), len(wx), gx[:8],
                                                                            [float(v) for v in wx[:8]]))
                continue
            pairs = []
            for a, b in zip(gx, wx):
                if not _x_ok(axis, a, float(b), time_tol):
                    problems.append("%s: x %r, want %r (%s)" % (name, a, float(b), b))
                pairs.append((b, g[a], w[b]))
        for k, gv, wv in pairs:
            if gv is None:
                continue
            for f in fields:
                if f not in gv:
                    problems.append("%s: field %s not stored" % (name, f))
                elif bits(gv[f]) != bits(wv[f]):
                    problems.append("%s at x=%s: %s = %r, want %r" % (name, k, f, gv[f], wv[f]))
    return problems[:12]


def assert_store(store, want, axis, fields, **kw):
    problems = compare(store, want, axis, fields, **kw)
    assert not problems, "\n".join(problems)


def canon(points):
    """A store's points ({series: {x: {field: v}}}) comparable with ==: floats by their bits, NaN as one value."""
    if points is None:
        return None
    return {name: {(bits(x) if isinstance(x, float) else x): {f: bits(v) for f, v in p.items()} for x, p in pts.items()}
            for name, pts in points.items()}


def rejects_of(path):
    """[(file, row, col, message, record cells)] from a --rejects file."""
    lines = pathlib.Path(path).read_text(encoding="utf-8").splitlines() if os.path.exists(path) else []
    out = []
    for i, ln in enumerate(lines):
        m = re.match(r"^# (.*):(\d+):(\d+): (.*)$", ln)
        if m:
            rec = next(csv.reader([lines[i + 1]])) if i + 1 < len(lines) else None
            out.append((m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), rec))
    return out


def csv_outcome(tmp, header, rows, flags):
    """Exit code, error message (location stripped) and store of the same
    table as a CSV file (rows: cell texts; None = empty): the twin, where
    the contract defines an Arrow cell by what a CSV cell does."""
    path = tmp / "twin.csv"
    write_csv(path, header, rows)
    store = tmp / "twin.sqlite"
    rc, out, err = ingest(path, store, "--series", "t", *flags)
    msg = [message_kind(ln, "twin.csv") for ln in error_lines(err)]
    return rc, msg, (canon(stored_points(store)[0]) if rc == 0 and store.exists() else None)


def assert_as_csv_header(tmp, rc, err, name, header, flags=()):
    """A schema without rows ends as the same header alone in a CSV file."""
    want_rc, want_msg, _ = csv_outcome(tmp, header, [], list(flags))
    got_msg = [message_kind(ln, name) for ln in error_lines(err)]
    assert (rc, got_msg) == (want_rc, want_msg), "schema only: exit %d %s; the CSV header alone: exit %d %s" % (
        rc, got_msg, want_rc, want_msg)


# ------------------------------------------------------------------ one small typed table

def simple_table(n=50):
    return pa.table({"date": pa.array([dt.datetime(2020, 1, 1) + dt.timedelta(hours=i) for i in range(n)],
                                      pa.timestamp("ms")),
                     "price": pa.array([100 + i * 0.5 for i in range(n)]),
                     "qty": pa.array([i % 7 for i in range(n)], pa.int32())})


def assert_simple(store, t, series="t"):
    dates, price, qty = (t.column(k).to_pylist() for k in ("date", "price", "qty"))
    want = {series: {seconds_of(d): {"price": p, "qty": float(q)} for d, p, q in zip(dates, price, qty)}}
    assert_store(store, want, "time", ["price", "qty"])

