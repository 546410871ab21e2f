"""The writer corpus (issue 44): the labelled files written again the way
common writers write them, and read back with the built binary.

Each labelled CSV/TSV file (its label gives x, the series column and the
value fields: the truth comes from the dataset, not from rangepipe) is
read as its label says (corpus_lib.read_table) and written by several
writers emulated in plain Python; every written file keeps the label, so
the writers multiply the corpus without new labels. Each file is ingested
with no flags and, when that is wrong, with the tool's advice
(run_corpus.check), and counted as right, right after advice, warned (not
right, but the tool said so: an error, or a warning naming a flag) or
silently wrong. Exit 1 on any silently wrong file not listed in
writers_known.json (each listed with why), or on a listed file that is
now right (the list must shrink).

    RANGEPIPE_BIN=.build/debug/rangepipe .venv/bin/python Tests/Corpus/writers.py
    WRITERS_JOBS=3 (default), WRITERS_ONLY=r_write_csv,pandas_index (writers by name)

Standard library only.
"""

import concurrent.futures
import csv
import gzip
import io
import json
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
os.environ.setdefault("CORPUS_SPARK", "0")
import corpus_lib as lib  # noqa: E402
import run_corpus  # noqa: E402

OUT = os.path.join(lib.FILES, "writers")
KNOWN = os.path.join(HERE, "writers_known.json")
MIN_DATASETS, MIN_PACKAGES, MIN_FILES = 60, 3, 300
# The writers per dataset, taken in turn from WRITERS so that each writer
# meets every kind of dataset while the run stays within its budget.
PER_DATASET = 6
MAX_BYTES = 120_000  # larger files cost seconds each in a debug build


def _number(cell):
    try:
        float(cell)
        return True
    except (TypeError, ValueError):
        return False


def _na(cell, marker):
    return marker if lib.is_missing(cell) else cell


def _csv_text(records, delimiter=",", quoting=csv.QUOTE_MINIMAL, newline="\n"):
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=delimiter, quoting=quoting, lineterminator=newline)
    w.writerows(records)
    return buf.getvalue()


def _r_quote(cell):
    # R quotes character and factor columns and the header, never numbers or NA.
    if cell == "NA" or _number(cell):
        return cell
    return '"' + cell.replace('"', '""') + '"'


def r_write_csv(cols, rows):
    """R `write.csv(df)`: `col.names = NA` (a `""` name over the row names
    1..n), `quote = TRUE`, `na = "NA"` (R documentation, ?write.table)."""
    lines = [",".join(['""'] + ['"%s"' % c for c in cols])]
    for k, r in enumerate(rows):
        lines.append(",".join(['"%d"' % (k + 1)] + [_r_quote(_na(c, "NA")) for c in r]))
    return "\n".join(lines) + "\n", "csv"


def _r_write_table(cols, rows, sep):
    # `write.table(df, sep = sep)`: `row.names = TRUE, col.names = TRUE`, so the header has no name over the row names.
    lines = [sep.join('"%s"' % c for c in cols)]
    for k, r in enumerate(rows):
        lines.append(sep.join(['"%d"' % (k + 1)] + [_r_quote(_na(c, "NA")) for c in r]))
    return "\n".join(lines) + "\n"


def r_write_table_comma(cols, rows):
    """R `write.table(df, sep = ",")`: a header one name short (?write.table)."""
    return _r_write_table(cols, rows, ","), "csv"


def r_write_table_tab(cols, rows):
    """R `write.table(df, sep = "\\t")`: the same, tab-separated."""
    return _r_write_table(cols, rows, "\t"), "tsv"


def readr_rownames(cols, rows):
    """`tibble::rownames_to_column(df, "rownames") |> readr::write_csv()`:
    `na = "NA"`, quotes only where needed (readr documentation)."""
    return _csv_text([["rownames"] + cols] + [[str(k + 1)] + [_na(c, "NA") for c in r] for k, r in enumerate(rows)]), "csv"


def pandas_index(cols, rows):
    """pandas `df.to_csv("f.csv")`: `index=True` with an unnamed RangeIndex
    (an empty first header name, 0..n-1), `na_rep=""` (pandas documentation)."""
    return _csv_text([[""] + cols] + [[str(k)] + [_na(c, "") for c in r] for k, r in enumerate(rows)]), "csv"


def pandas_unnamed(cols, rows):
    """A pandas `to_csv` file read back with `read_csv` (its index becomes
    `Unnamed: 0`) and written again with `to_csv(index=False)`."""
    return _csv_text([["Unnamed: 0"] + cols] + [[str(k)] + [_na(c, "") for c in r] for k, r in enumerate(rows)]), "csv"


def pandas_no_index(cols, rows):
    """pandas `df.to_csv("f.csv", index=False)`."""
    return _csv_text([cols] + [[_na(c, "") for c in r] for r in rows]), "csv"


def _json_value(cell):
    if lib.is_missing(cell):
        return None
    if _number(cell) and cell.strip().lower() not in ("inf", "-inf", "infinity", "nan"):
        v = float(cell)
        return int(v) if v.is_integer() and "." not in cell and "e" not in cell.lower() else v
    return cell


def pandas_json_records(cols, rows):
    """pandas `df.to_json(orient="records")`: one array of objects, missing as `null`."""
    return json.dumps([dict(zip(cols, map(_json_value, r))) for r in rows]), "json"


def pandas_json_lines(cols, rows):
    """pandas `df.to_json(orient="records", lines=True)`: one object a line."""
    return "".join(json.dumps(dict(zip(cols, map(_json_value, r)))) + "\n" for r in rows), "ndjson"


def spreadsheet(cols, rows):
    """A spreadsheet's "CSV UTF-8" export in a decimal-comma locale (LibreOffice,
    Excel in de/fr/it): `;` between fields, `,` in numbers, a UTF-8 BOM, CRLF."""
    def cell(c):
        c = _na(c, "")
        return c.replace(".", ",") if _number(c) and c.count(".") == 1 else c
    return "\ufeff" + _csv_text([cols] + [[cell(c) for c in r] for r in rows], delimiter=";", newline="\r\n"), "csv"


def polars_iso(cols, rows, entry=None):
    """polars `write_csv` / DuckDB `COPY … TO`: dates and times as ISO 8601,
    nulls as empty fields (polars documentation: `null_value=""`)."""
    x = (entry or {}).get("x", {})
    idx = cols.index(x["columns"][0]) if x.get("axis") == "time" and len(x.get("columns", [])) == 1 \
        and x["columns"][0] in cols else None

    def iso(c):
        t = lib.parse_time(c, x["time_format"]) if c and x.get("time_format") else None
        if t is None:
            return c
        text = lib.iso(t)
        return text[:10] if text.endswith("T00:00:00Z") else text[:-1].replace("T", " ") if "." not in text else text
    out = []
    for r in rows:
        r = [_na(c, "") for c in r]
        if idx is not None and idx < len(r):
            r[idx] = iso(r[idx])
        out.append(r)
    return _csv_text([cols] + out), "csv"


def r_write_csv_gzip(cols, rows):
    """`write.csv(df, gzfile("f.csv.gz"))`: write.csv's text, gzip-compressed."""
    text, _ = r_write_csv(cols, rows)
    return gzip.compress(text.encode("utf-8"), mtime=0), "csv.gz"


# The writers that add row names: the column's name as ingest gives it, and the first row's name.
ROW_NAMES = {r_write_csv: ("(row names)", 1), r_write_csv_gzip: ("(row names)", 1), r_write_table_comma: ("(row names)", 1),
             r_write_table_tab: ("(row names)", 1), readr_rownames: ("rownames", 1), pandas_index: ("(row names)", 0),
             pandas_unnamed: ("Unnamed: 0", 0)}

WRITERS = [r_write_csv, r_write_table_comma, pandas_index, readr_rownames, pandas_json_records, spreadsheet,
           r_write_table_tab, pandas_unnamed, pandas_no_index, pandas_json_lines, polars_iso, r_write_csv_gzip]


def eligible(entry):
    """A labelled file one table deep: CSV/TSV with a header, x not an unnamed column, not transposed, not large."""
    parse = entry.get("parse", {})
    return (entry["format"] in ("csv", "tsv", "csv.gz") and parse.get("header", True) and not parse.get("transposed")
            and not parse.get("row_names") and "" not in entry["x"]["columns"] and entry.get("bytes", 0) <= MAX_BYTES)


def written(entry, writer):
    """(derived label, path) for `entry` as `writer` writes it; the file is written once."""
    cols, rows = lib.read_table(entry, lib.file_path(entry))
    rows = [r + [""] * (len(cols) - len(r)) for r in rows if any(c.strip() for c in r)]
    # The dataset's own unnamed row names are not data (its label names no field there): the writers add their own.
    keep = [j for j, c in enumerate(cols) if c != "" or c in entry["x"]["columns"]]
    cols, rows = [cols[j] for j in keep], [[r[j] for j in keep] for r in rows]
    data, ext = writer(cols, rows, entry) if writer is polars_iso else writer(cols, rows)
    stem = lib.stem(entry["file"])
    rel = "writers/%s/%s/%s.%s" % (writer.__name__, entry["package"], stem, ext)
    path = os.path.join(lib.FILES, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    derived = dict(entry, id="%s:%s" % (writer.__name__, entry["id"]), file=rel, parse={}, right_with=[],
                   format=ext, cols=cols)
    if entry["x"]["columns"] == [lib.ROW_X] and writer in ROW_NAMES:
        # No column is x: the writer's row names are, the row number as that writer counts.
        name, first = ROW_NAMES[writer]
        derived["also_right"] = entry.get("also_right", []) + [{"columns": [name], "axis": "number"}]
        derived["expect"] = dict(entry["expect"], also=entry["expect"].get("also", [])
                                 + [{"x_min": first, "x_max": first + len(rows) - 1}])
    return derived, path


def fields_problem(entry, r):
    """Stored fields must hold the label's fields and no row names."""
    stored = set(r.get("fields") or [])
    # A repeated name is stored with its occurrence (ISE, ISE.2: HeaderNames.unique).
    extra = {f for f in stored - set(entry["cols"]) if f.rpartition(".")[0] not in entry["cols"]}
    missing = set(entry.get("fields") or []) - stored
    out = []
    if extra:
        out.append("fields not in the table: %s" % sorted(extra))
    if missing and r.get("x") is not None:
        out.append("fields missing: %s" % sorted(missing))
    return out


def outcome(entry, res):
    plain = res["no_flag"]
    if res["no_flag_right"] and not fields_problem(entry, plain):
        return "right", []
    problems = res["no_flag_problems"] + fields_problem(entry, plain)
    if res["advice_right"]:
        return "advice", problems
    if "error" in plain or any("--" in w for w in plain.get("warnings", [])):
        return "warned", problems
    return "silent", problems


def check(item):
    entry, path = item
    # One ingest for a file read right; the advice rounds (run_corpus.check) only for the others.
    tmp = tempfile.mkdtemp(prefix="writers-")
    try:
        plain = run_corpus.reading(path, (), tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    ok, problems = run_corpus.judge(entry, plain)
    if ok and not fields_problem(entry, plain):
        return {"id": entry["id"], "outcome": "right", "problems": []}
    res = run_corpus.check(entry)
    kind, problems = outcome(entry, res)
    return {"id": entry["id"], "outcome": kind, "problems": problems}


def main():
    if not os.path.exists(run_corpus.BIN):
        sys.exit("writers: %s: no such binary (build it, or set RANGEPIPE_BIN)" % run_corpus.BIN)
    start = time.time()
    labels = lib.load_labels()
    datasets = [e for e in labels["files"] if eligible(e) and os.path.exists(lib.file_path(e))]
    packages = {e["package"] for e in datasets}
    if len(datasets) < MIN_DATASETS or len(packages) < MIN_PACKAGES:
        sys.exit("writers: %d datasets from %d packages (need %d from %d): run .ci/install-corpus.sh"
                 % (len(datasets), len(packages), MIN_DATASETS, MIN_PACKAGES))
    only = [s for s in os.environ.get("WRITERS_ONLY", "").split(",") if s]
    items = []
    for k, entry in enumerate(datasets):
        for j in range(PER_DATASET):
            writer = WRITERS[(k + j) % len(WRITERS)]
            if not only or writer.__name__ in only:
                items.append(written(entry, writer))
    if not only and len(items) < MIN_FILES:
        sys.exit("writers: %d files (need %d)" % (len(items), MIN_FILES))
    jobs = int(os.environ.get("WRITERS_JOBS", "3"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(check, items))
    known = {}
    if os.path.exists(KNOWN):
        with open(KNOWN, encoding="utf-8") as f:
            known = json.load(f).get("silently_wrong", {})
    counts = {k: 0 for k in ("right", "advice", "warned", "silent")}
    by_writer = {}
    failed = []
    for r in results:
        counts[r["outcome"]] += 1
        w = r["id"].split(":")[0]
        by_writer.setdefault(w, {k: 0 for k in counts})[r["outcome"]] += 1
        if r["outcome"] == "silent":
            print("SILENTLY WRONG %-60s %s%s" % (r["id"], "; ".join(r["problems"])[:200],
                                                  "  (known: %s)" % known[r["id"]] if r["id"] in known else ""))
            if r["id"] not in known:
                failed.append(r["id"])
        elif r["outcome"] != "right":
            print("%-14s %-60s %s" % (r["outcome"], r["id"], "; ".join(r["problems"])[:160]))
    fixed = [k for k in known if any(r["id"] == k and r["outcome"] != "silent" for r in results)]
    for k in fixed:
        print("known silently wrong, now %s: %s (remove it from writers_known.json)"
              % (next(r["outcome"] for r in results if r["id"] == k), k))
    print()
    print("%-22s %6s %6s %6s %6s" % ("writer", "right", "advice", "warned", "silent"))
    for w in sorted(by_writer):
        c = by_writer[w]
        print("%-22s %6d %6d %6d %6d" % (w, c["right"], c["advice"], c["warned"], c["silent"]))
    print()
    print("writer corpus: %d files from %d datasets of %d packages in %.0f s: %d right with no flags, "
          "%d right after advice, %d warned, %d silently wrong (%d known)"
          % (len(results), len(datasets), len(packages), time.time() - start, counts["right"], counts["advice"],
             counts["warned"], counts["silent"], counts["silent"] - len(failed)))
    return 1 if failed or fixed else 0


if __name__ == "__main__":
    sys.exit(main())
