"""The writer corpus in Arrow: the labelled datasets written again by the
Arrow writers people use (pyarrow, pandas, feather, polars), and read back
with the built binary.

writers.py (issue 44) writes every labelled CSV/TSV dataset one table deep
again with emulated CSV/JSON writers; this does the same with real Arrow
writers. Each dataset is first written as pandas' `to_csv(index=False)`
(writers.written with writers.pandas_no_index: the dataset's cells, missing
as empty); that CSV is what each Arrow writer starts from, as a user's
script would:

| writer | what it writes |
| --- | --- |
| `csv_control` | the pandas_no_index CSV itself: the control for the content check below |
| `pa_stream_strings` | pyarrow IPC stream, every column `string` (empty cells null) |
| `pa_file_strings` | the same as an IPC file (`ARROW1`) |
| `pa_large_string_file` | every column `large_string`, IPC file |
| `pandas_stream` | `pd.read_csv` (default inference) then `pa.Table.from_pandas(df, preserve_index=False)`, stream |
| `pandas_ts_naive` | as pandas_stream, the time x parsed by `pd.to_datetime(format=label's)`: tz-naive timestamp |
| `pandas_ts_utc` | the same, `utc=True`: timestamp with zone UTC |
| `pandas_categorical` | the series column (else every text column) `.astype("category")`: dictionary |
| `pandas_small_batches` | pandas' table in record batches of 7 rows (`max_chunksize`), stream |
| `feather_default` | `df.to_feather(path)`: pandas' default, LZ4_FRAME compressed buffers |
| `feather_uncompressed` | `df.to_feather(path, compression="uncompressed")` |
| `polars_ipc` | `pl.read_csv` then `write_ipc(path)` (polars' default: string_view, uncompressed) |
| `polars_ipc_oldest` | `write_ipc(path, compat_level=pl.CompatLevel.oldest())`: large_string |

Labels stay the dataset's (x column, series column, fields). A writer that
changes cells (pandas reads `007` as 7) has its label's series names and
category labels taken from what it wrote, converted as the Arrow contract
says (an int is its decimal text); a timestamp x holds the label's
instants (checked against corpus_lib.parse_time before the file is used).

Each file is ingested with no flags and judged as run_corpus.judge judges
the labelled file (x column and axis, x range, series, points) and
writers.fields_problem (fields); a file read right is then checked point
by point: the store (read with sqlite3) must hold, per series, the x
values and field values the written table holds, derived from pyarrow's
values of the file (timestamps as instants, text x as the label's format
parses it, numbers as doubles), duplicates of an x keeping the last row
(Tests/Arrow/corpus_content.py). A file read wrong goes through
run_corpus.check (the advice rounds). Outcomes: right, right after advice,
warned (an error, or a warning naming a flag), codec (one error naming a
compression codec: the contract reads LZ4 and ZSTD buffers, so this fails
the run), n/a (the writer cannot write that dataset: no single time x to
parse, polars refusing the CSV), silently wrong. Exit 1 on any silently
wrong file or codec error.

The writers are Tests/Arrow/corpus_writers.py; the store is read with
Tests/Arrow/arrow_common.read_store (shared with the Arrow tests).

    RANGEPIPE_BIN=/work/arrow-bin/rangepipe .venv/bin/python Tests/Corpus/arrow_writers.py
    ARROW_WRITERS_ONLY=pandas_ts_utc,polars_ipc (writers by name), ARROW_WRITERS_JOBS=3 (default),
    ARROW_WRITERS_DATASETS=co2,macrodata (substrings of label ids), ARROW_WRITERS_VERBOSE=1
"""

import concurrent.futures
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Arrow"))  # corpus_writers, corpus_content, arrow_common
os.environ.setdefault("CORPUS_SPARK", "0")
import corpus_lib as lib  # noqa: E402
import run_corpus  # noqa: E402
import writers  # noqa: E402
from corpus_content import cell_text, content_problems, table_of  # noqa: E402
from corpus_writers import WRITERS, NotApplicable, polars_available  # noqa: E402

OUT = os.path.join(lib.FILES, "arrow_writers")
MIN_DATASETS, MIN_PACKAGES = 60, 3


# ------------------------------------------------------------------ labels for a written file

def derive(entry, base, writer, ext, path):
    """The dataset's label for this file: x, fields and series column stay;
    series names are taken from the file when the writer changed their text
    (pandas reads `007` as 7)."""
    rel = os.path.relpath(path, lib.FILES)
    label = dict(base, id="%s:%s" % (writer.__name__, entry["id"]), file=rel, format=ext)
    sc = entry.get("series_column")
    if ext != "csv" and sc:
        cols, data, types = table_of(path)
        exp = dict(label["expect"])
        if sc and sc in data:
            exp["series"] = sorted({t for t in map(cell_text, data[sc]) if t is not None})
        label["expect"] = exp
    return label


_BASES = {}


def build(item):
    entry, writer, ext = item
    if entry["id"] not in _BASES:
        _BASES[entry["id"]] = writers.written(entry, writers.pandas_no_index)
    base, src = _BASES[entry["id"]]
    path = os.path.join(OUT, writer.__name__, entry["package"], "%s.%s" % (lib.stem(entry["file"]), ext))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    try:
        writer(entry, src, path)
    except NotApplicable as e:
        return {"id": "%s:%s" % (writer.__name__, entry["id"]), "outcome": "n/a", "problems": [str(e)]}
    return derive(entry, base, writer, ext, path), path


def check(item):
    try:
        return _check(item)
    except Exception as e:  # a fault of this checker, not of the binary: reported, and the run fails
        import traceback
        return {"id": item[0]["id"], "outcome": "checker", "problems": ["%s: %s" % (type(e).__name__, e),
                                                                        traceback.format_exc().splitlines()[-3]]}


def _check(item):
    label, path = item
    tmp = tempfile.mkdtemp(prefix="arrow-writers-")
    try:
        plain = run_corpus.reading(path, (), tmp)
        ok, problems = run_corpus.judge(label, plain)
        problems = problems + (writers.fields_problem(label, plain) if "error" not in plain else [])
        if ok and not writers.fields_problem(label, plain):
            store = [os.path.join(tmp, f) for f in os.listdir(tmp) if f.endswith(".sqlite")]
            cp = content_problems(label, path, plain, store[0]) if store else ["no store"]
            if cp:
                return {"id": label["id"], "outcome": "silent", "problems": ["content: " + p for p in cp]}
            return {"id": label["id"], "outcome": "right", "problems": []}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    err = plain.get("error", "")
    if err and any(c in err.lower() for c in ("lz4", "zstd")) and "uncompressed" in err.lower() \
            and len([ln for ln in plain.get("stderr", "").splitlines() if ln.strip()]) == 1:
        return {"id": label["id"], "outcome": "codec", "problems": [err]}
    res = run_corpus.check(label)
    kind, problems = writers.outcome(label, res)
    return {"id": label["id"], "outcome": kind, "problems": problems}


# ------------------------------------------------------------------ main

def versions():
    out = []
    for mod in ("pyarrow", "pandas", "polars"):
        try:
            out.append("%s %s" % (mod, __import__(mod).__version__))
        except ImportError:
            out.append("%s not installed" % mod)
    return ", ".join(out)


def main():
    if not os.path.exists(run_corpus.BIN):
        sys.exit("arrow_writers: %s: no such binary (set RANGEPIPE_BIN)" % run_corpus.BIN)
    run_corpus.BIN = os.path.abspath(run_corpus.BIN)
    start = time.time()
    labels = lib.load_labels()
    datasets = [e for e in labels["files"] if writers.eligible(e) and os.path.exists(lib.file_path(e))]
    packages = {e["package"] for e in datasets}
    if len(datasets) < MIN_DATASETS or len(packages) < MIN_PACKAGES:
        sys.exit("arrow_writers: %d datasets from %d packages (need %d from %d): run .ci/install-corpus.sh"
                 % (len(datasets), len(packages), MIN_DATASETS, MIN_PACKAGES))
    only_ds = [s for s in os.environ.get("ARROW_WRITERS_DATASETS", "").split(",") if s]
    if only_ds:
        datasets = [e for e in datasets if any(s in e["id"] for s in only_ds)]
        packages = {e["package"] for e in datasets}
    only = [s for s in os.environ.get("ARROW_WRITERS_ONLY", "").split(",") if s]
    chosen = [(w, ext) for w, ext in WRITERS if (not only or w.__name__ in only)
              and (polars_available() or not w.__name__.startswith("polars"))]
    missing_writers = [w.__name__ for w, _ in WRITERS if w.__name__.startswith("polars") and not polars_available()]
    shutil.rmtree(OUT, ignore_errors=True)
    jobs = int(os.environ.get("ARROW_WRITERS_JOBS", "3"))
    items = [(e, w, ext) for e in datasets for w, ext in chosen]
    # Writing runs in one thread (pandas and polars use their own threads); ingests in `jobs`.
    built = [build(it) for it in items]
    results = [b for b in built if isinstance(b, dict)]
    todo = [b for b in built if not isinstance(b, dict)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results += list(pool.map(check, todo))
    kinds = ("right", "advice", "warned", "codec", "n/a", "silent", "checker")
    counts = {k: 0 for k in kinds}
    by_writer = {}
    verbose = os.environ.get("ARROW_WRITERS_VERBOSE") == "1"
    for r in sorted(results, key=lambda r: r["id"]):
        counts[r["outcome"]] += 1
        w = r["id"].split(":")[0]
        by_writer.setdefault(w, {k: 0 for k in kinds})[r["outcome"]] += 1
        if r["outcome"] == "silent":
            print("SILENTLY WRONG %-60s %s" % (r["id"], "; ".join(r["problems"])[:300]))
        elif r["outcome"] not in ("right", "n/a") or (verbose and r["outcome"] == "n/a"):
            print("%-14s %-60s %s" % (r["outcome"], r["id"], "; ".join(r["problems"])[:200]))
    # Against the control: a writer whose file fares worse than the same dataset's CSV.
    control = {r["id"].split(":", 1)[1]: r["outcome"] for r in results if r["id"].startswith("csv_control:")}
    worse = [r for r in results if not r["id"].startswith("csv_control:")
             and r["outcome"] in ("advice", "warned", "silent", "codec")
             and control.get(r["id"].split(":", 1)[1]) == "right"]
    print()
    print("%-24s %6s %6s %6s %6s %6s %6s %7s" % (("writer",) + kinds))
    for w, _ in chosen:
        c = by_writer.get(w.__name__, {k: 0 for k in kinds})
        print("%-24s %6d %6d %6d %6d %6d %6d %7d" % ((w.__name__,) + tuple(c[k] for k in kinds)))
    print()
    if worse:
        print("read worse than the same dataset's CSV (csv_control right): %d files" % len(worse))
        for r in sorted(worse, key=lambda r: r["id"])[:40]:
            print("  %-12s %s: %s" % (r["outcome"], r["id"], "; ".join(r["problems"])[:160]))
        print()
    if missing_writers:
        # A writer not run is a failed run: .ci/install-arrow.sh installs polars.
        print("not run (polars not installed: .ci/install-arrow.sh): %s" % ", ".join(missing_writers))
    print("%s; binary %s" % (versions(), run_corpus.BIN))
    print("arrow writer corpus: %d files from %d datasets of %d packages in %.0f s: %d right with no flags, "
          "%d right after advice, %d warned, %d codec errors, %d not applicable, %d silently wrong"
          % (len(results), len(datasets), len(packages), time.time() - start, counts["right"], counts["advice"],
             counts["warned"], counts["codec"], counts["n/a"], counts["silent"]))
    if counts["checker"]:
        print("%d files could not be checked (a fault of this script)" % counts["checker"])
    return 1 if counts["silent"] or counts["checker"] or counts["codec"] or missing_writers else 0


if __name__ == "__main__":
    sys.exit(main())
