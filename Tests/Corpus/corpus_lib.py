"""Shared by count_labels.py and run_corpus.py: reading a corpus file the way
its label says it is laid out (the truth, not rangepipe's reading), parsing
its x values, and the expected series, points and x range.

Standard library only.
"""

import csv
import datetime as dt
import gzip
import hashlib
import io
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.path.join(HERE, ".cache")
FILES = os.path.join(CACHE, "files")
LABELS = os.path.join(HERE, "labels.json")

MISSING = {"", "na", "n/a", "nan", "null", "nil", "#n/a", "-", "?", "."}
ROW_X = "(row number)"          # no x column: the sample number is x
POSITION_X = "(column position)"  # transposed files: the column index is x
ROW_SERIES = "(row)"            # transposed files: one series per row


def load_labels(path=LABELS):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def file_path(entry, files_dir=FILES):
    return os.path.join(files_dir, entry["file"])


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def stem(name):
    """rangepipe's default series name: the file name without `.gz` and the last extension."""
    name = os.path.basename(name)
    if name.endswith(".gz"):
        name = name[:-3]
    dot = name.rfind(".")
    return name[:dot] if dot > 0 else name


def read_bytes(path):
    with open(path, "rb") as f:
        data = f.read()
    return gzip.decompress(data) if path.endswith(".gz") else data


def read_table(entry, path):
    """(columns, rows): rows as lists of cell text (JSON: values as text,
    absent keys as None), laid out as the label's `parse` says."""
    parse = entry.get("parse", {})
    text = read_bytes(path).decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    if entry["format"].startswith("json"):
        objs = json.loads(text)
        cols = []
        for o in objs:
            for k in o:
                if k not in cols:
                    cols.append(k)
        rows = [[None if k not in o or o[k] is None else str(o[k]) for k in cols] for o in objs]
        return cols, rows
    delim = parse.get("delimiter", "\t" if entry["format"].startswith("tsv") else ",")
    records = list(csv.reader(io.StringIO(text, newline=""), delimiter=delim))
    records = records[parse.get("skip_lines", 0):]
    records = [r for r in records if r]  # blank lines
    if parse.get("header", True):
        cols, rows = records[0], records[1:]
    else:
        width = max(len(r) for r in records)
        cols, rows = ["col%d" % (j + 1) for j in range(width)], records
    if parse.get("row_names"):
        cols = ["(row name)"] + cols
    return cols, rows


# ------------------------------------------------------------------ time parsing

_MONTHS = {m: i + 1 for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun",
                                           "jul", "aug", "sep", "oct", "nov", "dec"])}
_TOKENS = {
    "%Y": r"(?P<Y>\d{1,4})", "%y": r"(?P<y>\d{2})", "%m": r"(?P<m>\d{1,2})", "%d": r"(?P<d>\d{1,2})",
    "%H": r"(?P<H>\d{1,2})", "%M": r"(?P<M>\d{2})", "%S": r"(?P<S>\d{2})", "%f": r"(?P<f>\d{1,9})",
    "%b": r"(?P<b>[A-Za-z]{3})", "%q": r"(?P<q>[1-4])", "%z": r"(?P<z>Z|[+-]\d{2}:?\d{2})",
}
_compiled = {}


def _pattern(fmt):
    if fmt not in _compiled:
        out, i = "", 0
        while i < len(fmt):
            tok = fmt[i:i + 2]
            if tok in _TOKENS:
                out += _TOKENS[tok]
                i += 2
            else:
                out += re.escape(fmt[i])
                i += 1
        # "Q%q" also matches Q01 (BLS periods) and lower-case q (Stata)
        out = out.replace(re.escape("Q") + _TOKENS["%q"], "[Qq]0?" + _TOKENS["%q"])
        out = out.replace(re.escape("q") + _TOKENS["%q"], "[Qq]0?" + _TOKENS["%q"])
        _compiled[fmt] = re.compile("^" + out + "$")
    return _compiled[fmt]


def parse_time(text, fmt):
    """A UTC datetime for `text` in the label's format (strptime-like plus
    %q for quarters, hour 24 as the next day's 00, `ordinal` for
    date.toordinal days), or None when it does not parse."""
    text = text.strip()
    if fmt == "ordinal":
        try:
            return dt.datetime.combine(dt.date.fromordinal(int(text)), dt.time(), dt.timezone.utc)
        except ValueError:
            return None
    m = _pattern(fmt).match(text)
    if not m:
        return None
    g = m.groupdict()
    year = int(g["Y"]) if g.get("Y") else (1900 + int(g["y"]) if int(g["y"]) >= 69 else 2000 + int(g["y"])) \
        if g.get("y") else 1970
    month = int(g["m"]) if g.get("m") else _MONTHS[g["b"].lower()] if g.get("b") else \
        3 * int(g["q"]) - 2 if g.get("q") else 1
    day = int(g["d"]) if g.get("d") else 1
    hour, minute, sec = int(g.get("H") or 0), int(g.get("M") or 0), int(g.get("S") or 0)
    micro = int((g.get("f") or "0").ljust(6, "0")[:6])
    extra = dt.timedelta(0)
    if hour == 24:
        hour, extra = 0, dt.timedelta(days=1)
    tz = dt.timezone.utc
    if g.get("z") and g["z"] != "Z":
        z = g["z"].replace(":", "")
        off = dt.timedelta(hours=int(z[1:3]), minutes=int(z[3:5]))
        tz = dt.timezone(off if z[0] == "+" else -off)
    try:
        t = dt.datetime(year, month, day, hour, minute, sec, micro, tz) + extra
    except ValueError:
        return None
    return t.astimezone(dt.timezone.utc)


def iso(t):
    s = "%04d-%s" % (t.year, t.strftime("%m-%dT%H:%M:%S"))
    if t.microsecond:
        s += ("%.6f" % (t.microsecond / 1e6))[1:].rstrip("0")
    return s + "Z"


def is_missing(text):
    return text is None or text.strip().lower() in MISSING


def x_values(spec, cols, rows):
    """Per row the parsed x (datetime, float or label), None when missing or
    unreadable; None for the whole file when the spec names no column."""
    names = spec["columns"]
    if names == [ROW_X]:
        return list(range(1, len(rows) + 1))
    idx = [cols.index(n) for n in names]
    out = []
    for r in rows:
        cells = [r[i] if i < len(r) else None for i in idx]
        if any(is_missing(c) for c in cells):
            out.append(None)
            continue
        text = " ".join(c.strip() for c in cells)
        if spec["axis"] == "time":
            out.append(parse_time(text, spec["time_format"]))
        elif spec["axis"] == "number":
            try:
                out.append(float(text))
            except ValueError:
                out.append(None)
        else:
            out.append(text)
    return out


def expected(entry, path):
    """The counts the label implies: rows, points per series, series names,
    x range (for x and each also_right reading)."""
    cols, rows = read_table(entry, path)
    parse = entry.get("parse", {})
    if parse.get("transposed"):
        widths = [len(r) - 1 for r in rows]
        return {"rows": len(rows), "points": sum(widths), "series_count": len(rows), "series": None,
                "x_min": 1, "x_max": max(widths), "also": []}
    xs = x_values(entry["x"], cols, rows)
    sc = entry.get("series_column")
    keys = [r[cols.index(sc)] if sc else stem(entry["file"]) for r in rows]
    per = {}
    valid = 0
    for k, x in zip(keys, xs):
        if x is None:
            continue
        valid += 1
        per.setdefault(k, set()).add(x)
    points = sum(len(v) for v in per.values()) if entry.get("duplicates", "last") != "keep" else valid

    def rng(vals):
        vals = [v for v in vals if v is not None]
        if not vals:
            return None, None
        if isinstance(vals[0], dt.datetime):
            return iso(min(vals)), iso(max(vals))
        if isinstance(vals[0], str):
            return vals[0], vals[-1]
        return min(vals), max(vals)

    lo, hi = rng(xs)
    also = []
    for alt in entry.get("also_right", []):
        a_lo, a_hi = rng(x_values(alt, cols, rows))
        also.append({"x_min": a_lo, "x_max": a_hi})
    points_also = []
    for p in entry.get("points_also", []):
        points_also.append(valid if p == "rows" else p)
    return {"rows": len(rows), "x_valid": valid, "points": points, "points_also": points_also,
            "series_count": len(per), "series": sorted(per), "x_min": lo, "x_max": hi, "also": also}
