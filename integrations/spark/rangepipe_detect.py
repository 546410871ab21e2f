"""What one machine decides from a whole file, decided once for the Spark job.

`rangepipe play --input -` picks the x column, the value fields (a column is
a field when its first non-missing value is a number) and the axis kind
(from the first row's x) from the rows it sees first. A partition sees other
first rows than the file, so the driver works out the file's decisions and
passes them to every partition as --x, --y and --axis. It does not mirror
rangepipe's rules: it writes a small "digest" per input file (the file's
first row, then for each column its first non-missing value) and lets the
real binary ingest it, so the answer is rangepipe's own.
"""

import json
import os
import subprocess
import tempfile

from rangepipe_records import csv_line, is_missing

FIRST = "\0first"  # reduce key of a file's first record
MIN_KEY = ("\0min", "series")  # reduce key of the smallest series name
INF = (float("inf"),)


def file_facts(record):
    """Reduce items for one record: (file, order, cells, series key), where
    cells is a list of (column, text) in the record's own column order (for
    JSON, the key order of that line)."""
    file, order, cells, key = record
    yield MIN_KEY, key
    yield (file, FIRST), (order, cells)
    for j, (name, text) in enumerate(cells):
        first_value = (order, text) if not is_missing(text) else (INF, None)
        yield (file, name), ((order, j), first_value)


def combine(u, v):
    if isinstance(u, str):  # series names: code point order is UTF-8 byte order
        return min(u, v)
    if isinstance(u[1], list):  # (order, cells) of a first record
        return u if u[0] <= v[0] else v
    appear = min(u[0], v[0])
    value = u[1] if u[1][0] <= v[1][0] else v[1]
    return appear, value


class Shape:
    """What the files decide: per file its columns in order of first
    appearance, first record, and each column's first non-missing text."""

    def __init__(self, reduced):
        self.files = {}
        self.min_key = None
        for (file, name), value in reduced:
            if (file, name) == MIN_KEY:
                self.min_key = value
                continue
            entry = self.files.setdefault(file, {"first": None, "columns": {}})
            if name == FIRST:
                entry["first"] = value
            else:
                entry["columns"][name] = value

    def columns(self, file):
        cols = self.files[file]["columns"]
        return sorted(cols, key=lambda n: cols[n][0])

    def all_columns(self):
        """Every column, in order of first appearance over all files."""
        seen = {}
        for file in sorted(self.files):
            for name, (appear, _) in self.files[file]["columns"].items():
                key = (file, appear)
                if name not in seen or key < seen[name]:
                    seen[name] = key
        return sorted(seen, key=lambda n: seen[n])


def digest_rows(shape, file, columns, series_column, x_column, tag):
    """The digest of one file as CSV text: header, the file's first row,
    then one row per column whose first non-missing value comes later,
    each with the first row's x. The series cell is `tag`, so every file's
    digest is its own series."""
    entry = shape.files[file]
    first_order, first_cells = entry["first"]
    first = dict(first_cells)
    if series_column not in columns:
        columns = columns + [series_column]
    x_name = x_column or next(c for c in columns if c != series_column)
    # x is one column, or a time written over several (`--x year,quarter`).
    x_parts = [x_name] if x_name in columns else x_name.split(",")
    if not all(p in columns for p in x_parts):
        x_parts = []
    out = [csv_line(columns)]
    row = [tag if c == series_column else first.get(c) for c in columns]
    out.append(csv_line(row))
    # (An --x naming no column: the first row alone lets rangepipe say so.)
    later = [c for c in columns if c != series_column and c not in x_parts and x_parts
             and entry["columns"][c][1][0] != INF and entry["columns"][c][1][0] > first_order]
    for c in later:
        cells = [None] * len(columns)
        cells[columns.index(series_column)] = tag
        for p in x_parts:
            cells[columns.index(p)] = first.get(p)
        cells[columns.index(c)] = entry["columns"][c][1][1]
        out.append(csv_line(cells))
    return "".join(out), x_name


class DetectError(Exception):
    def __init__(self, message, code=65):
        super().__init__(message)
        self.code = code


def decide(binary, shape, series_column, ingest_args, x_column, names, stem_of=None, x_of=None):
    """Runs `rangepipe ingest` on every file's digest. Returns the distinct
    decisions [(x, fields, axis)] and, when there are several, which one
    each series takes ({series: index}). That is possible only when each
    file is one series (`stem_of` names it); long-format files that decide
    differently are refused. `names` maps a file key to its path for
    messages; `x_of` gives a file's x column as sniffed from its head (by
    `rangepipe inspect`), else x is the first column. Raises DetectError
    with rangepipe's own error line."""
    files = sorted(shape.files)
    with tempfile.TemporaryDirectory(prefix="rangepipe-spark-") as tmp:
        paths, xs = [], []
        for i, file in enumerate(files):
            x_file = x_column or (x_of(file) if x_of else None)
            text, x_name = digest_rows(shape, file, shape.columns(file), series_column, x_file, "d%d" % i)
            path = os.path.join(tmp, "d%d.csv" % i)
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            paths.append(path)
            xs.append(x_name)
        store = os.path.join(tmp, "digest.sqlite")
        # One ingest per x column (each digest is its own series; --x names its x).
        for x_name in sorted(set(xs)):
            group = [p for p, x in zip(paths, xs) if x == x_name]
            cmd = [binary, "ingest", *group, "--store", store, "--format", "csv", "--series-column", series_column,
                   "--delimiter", ",", "--header", "--duplicates", "keep", "--quiet", *ingest_args, "--x", x_name]
            run = subprocess.run(cmd, capture_output=True, text=True)
            if run.returncode != 0:
                raise DetectError(_error_line(run.stderr, names, files, paths), run.returncode)
        listing = subprocess.run([binary, "series", "--store", store, "--json"], capture_output=True, text=True)
        if listing.returncode != 0:
            raise DetectError(_error_line(listing.stderr, names, files, paths), listing.returncode)
    found = {}
    for line in listing.stdout.splitlines():
        item = json.loads(line)
        found[item["name"]] = (item["axis"], item["fields"])
    decisions = {}
    for i, file in enumerate(files):
        axis, fields = found["d%d" % i]
        decisions[file] = (xs[i], tuple(fields), axis)
    distinct = sorted(set(decisions.values()))
    for _, fields, _ in distinct:
        bad = [f for f in fields if "," in f]
        if bad:
            raise DetectError("value field %r has a comma in its name; --y cannot name it" % bad[0], 64)
    groups = [(x, list(fields), axis) for x, fields, axis in distinct]
    if len(distinct) == 1:
        return groups, None
    shown = "; ".join("%s: x %s, fields %s, axis %s" % (names(f), d[0], ",".join(d[1]), d[2])
                      for f, d in sorted(decisions.items()))
    if stem_of is None:
        raise DetectError("the input files do not agree on x, value fields or axis (%s); one machine "
                          "decides these per file, one Spark job only where each file is one series" % shown)
    key_group = {}
    for file, d in sorted(decisions.items()):
        key = stem_of(file)
        if key_group.setdefault(key, distinct.index(d)) != distinct.index(d):
            raise DetectError("the files of series '%s' do not agree on x, value fields or axis (%s)" % (key, shown))
    return groups, key_group


def _error_line(stderr, names, files, paths):
    """rangepipe's error line, with each digest's path replaced by its input
    (line numbers are the digest's: first row, then first values)."""
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    line = next((ln for ln in lines if "error:" in ln.lower()), lines[-1] if lines else "rangepipe failed")
    for file, path in sorted(zip(files, paths), key=lambda fp: -len(fp[1])):
        line = line.replace(path, names(file) + " (first values)")
    return line
