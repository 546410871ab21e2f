"""The peers' side of `make bench`: one measurement per call, printed as one
JSON line on stdout.

python peers.py TOOL FILE THREADS [DB]   ingest; TOOL one of
    duckdb-file     read_csv (read_json for .ndjson) into a table of the
                    durable DuckDB database file DB (created fresh), timed
                    from connect to close (close checkpoints into the file)
    duckdb-csv, duckdb-json   the same into an in-memory database
    polars-csv, polars-ndjson, pandas-c, pandas-pyarrow
python peers.py m4 POINTS WIDTH FRAMES   tsdownsample M4 per frame over a moving window

Libraries are imported before the clock starts, so neither the
interpreter's start-up nor the import is counted: "seconds" is wall time
(time.perf_counter) of the work alone, "cpu_s" the process's user + sys
time over the same span (getrusage(RUSAGE_SELF), every thread), as the
harness measures rangepipe's whole process.
"""
import json
import os
import resource
import sys
import time


def peak_rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cpu_now():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def ingest(tool, path, threads, db=None):
    # Thread pools read these when the library loads, so before the import.
    os.environ["POLARS_MAX_THREADS"] = str(threads)
    os.environ["OMP_NUM_THREADS"] = str(threads)
    ts = "ts" in os.path.basename(path) or "fleet" in os.path.basename(path)
    ndjson = path.endswith(".ndjson") or path.endswith(".json")
    if tool.startswith("duckdb"):
        import duckdb
    elif tool.startswith("polars"):
        import polars as pl
    else:
        import pandas as pd
        if tool == "pandas-pyarrow":
            import pyarrow
            pyarrow.set_cpu_count(threads)
            pyarrow.set_io_thread_count(threads)
    if tool == "duckdb-file":
        for suffix in ["", ".wal"]:
            if os.path.exists(db + suffix):
                os.unlink(db + suffix)
    cpu0, start = cpu_now(), time.perf_counter()
    if tool in ("duckdb-file", "duckdb-csv", "duckdb-json"):
        con = duckdb.connect(db if tool == "duckdb-file" else ":memory:")
        con.execute(f"SET threads = {threads}")
        reader = "read_json" if (tool == "duckdb-json" or (tool == "duckdb-file" and ndjson)) else "read_csv"
        con.execute(f"CREATE TABLE t AS SELECT * FROM {reader}('{path}')")
        rows = con.execute("SELECT count(*) FROM t").fetchone()[0]
        con.close()
    elif tool == "polars-csv":
        df = pl.read_csv(path, try_parse_dates=ts)
        rows = df.height
    elif tool == "polars-ndjson":
        df = pl.read_ndjson(path)
        if ts:
            df = df.with_columns(pl.col("timestamp").str.to_datetime("%Y-%m-%dT%H:%M:%S%.fZ"))
        rows = df.height
    elif tool == "pandas-c":
        df = pd.read_csv(path, engine="c", parse_dates=["timestamp"] if ts else None)
        rows = len(df)
    elif tool == "pandas-pyarrow":
        df = pd.read_csv(path, engine="pyarrow", parse_dates=["timestamp"] if ts else None)
        rows = len(df)
    else:
        raise SystemExit(f"unknown tool {tool}")
    seconds, cpu = time.perf_counter() - start, cpu_now() - cpu0
    print(json.dumps({"tool": tool, "threads": threads, "seconds": seconds, "cpu_s": cpu, "rows": rows,
                      "peak_rss_mb": peak_rss_mb()}))


def m4(points, width, frames):
    import numpy as np
    from tsdownsample import M4Downsampler
    rng = np.random.default_rng(42)
    x = np.arange(points, dtype=np.float64)
    y = np.cumsum(rng.random(points) - 0.5) + 1000.0
    ds = M4Downsampler()
    cpu0, start = cpu_now(), time.perf_counter()
    total = 0
    for k in range(frames):
        a = int(points * 0.25 + (k % 200) * points * 0.0005)
        b = int(a + points * (0.5 - (k % 50) * 0.002))
        idx = ds.downsample(x[a:b], y[a:b], n_out=4 * width, parallel=False)
        total += len(idx)
    seconds, cpu = time.perf_counter() - start, cpu_now() - cpu0
    print(json.dumps({"tool": "tsdownsample-m4", "seconds": seconds, "cpu_s": cpu, "frames": frames,
                      "ns_per_frame": seconds / frames * 1e9, "cpu_ns_per_frame": cpu / frames * 1e9, "check": total}))


if __name__ == "__main__":
    if sys.argv[1] == "m4":
        m4(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
    else:
        ingest(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] if len(sys.argv) > 4 else None)
