"""What a store must hold for a file of the Arrow writer corpus
(Tests/Corpus/arrow_writers.py): per series, the x values and field values
the written table holds, derived from pyarrow's values of the file
(timestamps as instants, text x as the label's format parses it, numbers as
doubles), duplicates of an x keeping the last row; and the problems between
that and the store (read with sqlite3, arrow_common.read_store).
"""

import datetime as dt
import math
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Corpus"))
os.environ.setdefault("CORPUS_SPARK", "0")
import corpus_lib as lib  # noqa: E402
from arrow_common import EPOCH_UTC, read_store, seconds_of  # noqa: E402
from corpus_writers import pyarrow_modules  # noqa: E402

TIME_TOLERANCE = 1e-6   # seconds: a timestamp[ns] instant against the store's double


def cell_text(v):
    """A cell of the written table as the contract makes it text (not a time)."""
    if v is None:
        return None
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return None if math.isnan(v) else repr(v)
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    if isinstance(v, dt.datetime) or (hasattr(v, "value") and hasattr(v, "nanosecond")):
        return None
    return str(v)


def table_of(path):
    pa, ipc = pyarrow_modules()
    if path.endswith(".csv"):
        cols, rows = lib.read_table({"format": "csv"}, path)
        names = _unique(cols)
        return names, {c: [r[j] if j < len(r) and r[j] != "" else None for r in rows] for j, c in enumerate(names)}, {}
    with open(path, "rb") as f:
        head = f.read(6)
    t = ipc.open_file(path).read_all() if head == b"ARROW1" else ipc.open_stream(path).read_all()
    names = _unique(t.column_names)
    return names, {c: t.column(j).to_pylist() for j, c in enumerate(names)}, \
        {c: t.schema.field(j).type for j, c in enumerate(names)}


def _unique(names):
    """A name seen before gets its occurrence as a suffix (ISE, ISE.2), as ingest names it (docs/ingest.md)."""
    seen, out = {}, []
    for c in names:
        seen[c] = seen.get(c, 0) + 1
        out.append(c if seen[c] == 1 else "%s.%d" % (c, seen[c]))
    return out


def content(entry, path, reading):
    """{series: {x: {field: value}}} the store must hold for this reading
    (x column and axis as read, which judge found right), or None when it
    cannot be derived."""
    pa, _ = pyarrow_modules()
    cols, data, types = table_of(path)
    spec = None
    for cand in [entry["x"]] + entry.get("also_right", []):
        if ",".join(cand["columns"]) == reading.get("x") and [cand["axis"]] == reading.get("axis"):
            spec = cand
            break
    if spec is None or spec["columns"] == [lib.ROW_X] or any(c not in data for c in spec["columns"]):
        return None
    n = len(data[cols[0]]) if cols else 0
    xcol = spec["columns"]
    if len(xcol) == 1 and xcol[0] in types and (pa.types.is_timestamp(types[xcol[0]])
                                                or pa.types.is_date(types[xcol[0]])):
        xs = [seconds_of(v) for v in data[xcol[0]]]
    else:
        text_rows = [[cell_text(data[c][i]) for c in xcol] for i in range(n)]
        xs = _x_from_text(spec, text_rows)
        if spec["axis"] == "time":
            xs = [None if t is None else seconds_of(t) for t in xs]
    sc = entry.get("series_column")
    keys = [cell_text(v) for v in data[sc]] if sc else [lib.stem(entry["file"])] * n
    fields = {}
    for f in reading.get("fields") or []:
        if f not in data:
            return None  # a field that is no column: fields_problem says so
        vals = []
        for v in data[f]:
            if v is None:
                vals.append(math.nan)
            elif isinstance(v, bool):
                vals = None
                break
            elif isinstance(v, (int, float)):
                vals.append(float(v))
            else:
                t = cell_text(v)
                if lib.is_missing(t):
                    vals.append(math.nan)
                    continue
                try:
                    vals.append(float(t))
                except ValueError:
                    vals = None
                    break
        if vals is not None:
            fields[f] = vals
    per = {}
    for i in range(n):
        if xs[i] is None or keys[i] is None:
            continue
        per.setdefault(keys[i], {})[xs[i]] = {f: fields[f][i] for f in fields}
    return per


def _x_from_text(spec, text_rows):
    names = ["c%d" % k for k in range(len(spec["columns"]))]
    return lib.x_values(dict(spec, columns=names), names, text_rows)


def _same(a, b):
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    return a == b


def content_problems(entry, path, reading, store):
    want = content(entry, path, reading)
    if want is None:
        return []
    got = read_store(store)
    problems = []
    for name, pts in sorted(want.items()):
        s = got.get(name)
        if s is None:
            problems.append("series %r not stored" % name)
            continue
        if s["axis"] == "category":
            gx = [s["categories"][int(x)] for x in s["x"]]
            wx = list(pts)
            if sorted(gx) != sorted(wx):
                problems.append("%s: labels %s, want %s" % (name, gx[:4], wx[:4]))
                continue
            order = {k: i for i, k in enumerate(gx)}
            pairs = sorted(pts.items(), key=lambda kv: order[kv[0]])
            idx = [order[k] for k, _ in pairs]
        else:
            gx = s["x"]
            wx = sorted(pts)
            if len(gx) != len(wx):
                problems.append("%s: %d points, want %d" % (name, len(gx), len(wx)))
                continue
            order = sorted(range(len(gx)), key=lambda i: gx[i])
            tol = TIME_TOLERANCE if s["axis"] == "time" else 0
            bad = [(gx[i], float(w)) for i, w in zip(order, wx) if abs(gx[i] - float(w)) > tol]
            if bad:
                g, w = bad[0]
                show = (lambda v: lib.iso(EPOCH_UTC + dt.timedelta(seconds=v))) if s["axis"] == "time" else repr
                problems.append("%s: %d x values differ, first %s (want %s)" % (name, len(bad), show(g), show(w)))
                continue
            pairs = [(w, pts[w]) for w in wx]
            idx = order
        for (xk, vals), i in zip(pairs, idx):
            for f, v in vals.items():
                if f in s["fields"] and not _same(s["fields"][f][i], v):
                    problems.append("%s at %s: %s = %r, want %r" % (name, xk if not isinstance(xk, Fraction)
                                                                    else float(xk), f, s["fields"][f][i], v))
                    break
            if len(problems) > 3:
                break
    extra = sorted(set(got) - set(want))
    if extra:
        problems.append("series not in the table: %s" % extra[:5])
    return problems[:4]
