"""The peers' side of `make bench`: one measurement per call, printed as JSON.

python peers.py TOOL FILE THREADS   (ingest; TOOL one of duckdb-csv, polars-csv,
                                     pandas-c, pandas-pyarrow, duckdb-json, polars-ndjson)
python peers.py duckdb-file FILE THREADS DB   (ingest into a table of the database file DB)
python peers.py m4 POINTS WIDTH FRAMES   (tsdownsample M4 per frame over a moving window)
"""
import json
import os
import resource
import sys
import time


def peak_rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def ingest(tool, path, threads):
    os.environ["POLARS_MAX_THREADS"] = str(threads)
    os.environ["OMP_NUM_THREADS"] = str(threads)
    start = time.perf_counter()
    ts = "ts" in os.path.basename(path)
    if tool == "duckdb-file":
        # Into a table of a durable database file, timed from connect to close.
        import duckdb
        con = duckdb.connect(sys.argv[4])
        con.execute(f"SET threads TO {threads}")
        con.execute(f"CREATE TABLE t AS SELECT * FROM read_csv('{path}')")
        rows = con.execute("SELECT count(*) FROM t").fetchone()[0]
        con.close()
    elif tool == "duckdb-csv" or tool == "duckdb-json":
        import duckdb
        con = duckdb.connect()
        con.execute(f"SET threads TO {threads}")
        reader = "read_csv" if tool == "duckdb-csv" else "read_json"
        con.execute(f"CREATE TABLE t AS SELECT * FROM {reader}('{path}')")
        rows = con.execute("SELECT count(*) FROM t").fetchone()[0]
    elif tool == "polars-csv":
        import polars as pl
        df = pl.read_csv(path, try_parse_dates=ts)
        rows = df.height
    elif tool == "polars-ndjson":
        import polars as pl
        df = pl.read_ndjson(path)
        if ts:
            df = df.with_columns(pl.col("timestamp").str.to_datetime("%Y-%m-%dT%H:%M:%S%.fZ"))
        rows = df.height
    elif tool == "pandas-c":
        import pandas as pd
        df = pd.read_csv(path, engine="c", parse_dates=["timestamp"] if ts else None)
        rows = len(df)
    elif tool == "pandas-pyarrow":
        import pandas as pd
        df = pd.read_csv(path, engine="pyarrow", parse_dates=["timestamp"] if ts else None)
        rows = len(df)
    else:
        raise SystemExit(f"unknown tool {tool}")
    seconds = time.perf_counter() - start
    print(json.dumps({"tool": tool, "seconds": seconds, "rows": rows, "peak_rss_mb": peak_rss_mb()}))


def m4(points, width, frames):
    import numpy as np
    from tsdownsample import M4Downsampler
    rng = np.random.default_rng(42)
    x = np.arange(points, dtype=np.float64)
    y = np.cumsum(rng.random(points) - 0.5) + 1000.0
    ds = M4Downsampler()
    start = time.perf_counter()
    total = 0
    for k in range(frames):
        a = int(points * 0.25 + (k % 200) * points * 0.0005)
        b = int(a + points * (0.5 - (k % 50) * 0.002))
        idx = ds.downsample(x[a:b], y[a:b], n_out=4 * width, parallel=False)
        total += len(idx)
    seconds = time.perf_counter() - start
    print(json.dumps({"tool": "tsdownsample-m4", "seconds": seconds, "frames": frames,
                      "ns_per_frame": seconds / frames * 1e9, "check": total}))


if __name__ == "__main__":
    if sys.argv[1] == "m4":
        m4(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
    else:
        ingest(sys.argv[1], sys.argv[2], int(sys.argv[3]))
