#!/usr/bin/env python3
"""`make bench`: rangepipe against the peers, in one run, on seeded data.

Every figure is the median of BENCH_RUNS runs (default 3); rows default to
10^7 (BENCH_ROWS); one ingest of BENCH_LARGE_ROWS rows (default 10^8, 0 to
skip) checks the memory limit. Prints one table and writes bench-out/results.json.
"""
import json
import os
import bench_many
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "bench-out"
ROWS = int(os.environ.get("BENCH_ROWS", 10_000_000))
RUNS = int(os.environ.get("BENCH_RUNS", 3))
LARGE_ROWS = int(os.environ.get("BENCH_LARGE_ROWS", 100_000_000))
RANGEPIPE = ROOT / ".build/release/rangepipe"
BENCH = HERE / ".build/release/rangepipe-bench"
PY = sys.executable
# Which parts to run: ingest, large, frames, m4, many (default: all).
SECTIONS = set(os.environ.get("BENCH_SECTIONS", "ingest,large,frames,m4,many").split(","))


def timed(cmd, env=None):
    """Runs cmd under /usr/bin/time; returns (seconds, peak RSS MiB, stdout)."""
    full = ["/usr/bin/time", "-f", "%e %M"] + [str(c) for c in cmd]
    p = subprocess.run(full, capture_output=True, text=True, env={**os.environ, **(env or {})})
    if p.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {p.stderr[-500:]}")
    last = p.stderr.strip().splitlines()[-1].split()
    return float(last[0]), int(last[1]) / 1024, p.stdout


def median_of(fn):
    results = [fn() for _ in range(RUNS)]
    return statistics.median(r[0] for r in results), max(r[1] for r in results), results[-1]


def build_tools():
    OUT.mkdir(exist_ok=True)
    for name, libs in [("gen", []), ("csv_noop", ["-lcsv"])]:
        exe = OUT / name
        if not exe.exists():
            subprocess.run(["cc", "-O2", "-o", exe, HERE / f"tools/{name}.c"] + libs, check=True)


def data(kind):
    ext = "ndjson" if "ndjson" in kind else "csv"
    path = OUT / f"{kind.split('-')[0]}-{ROWS}.{ext}"
    if not path.exists():
        subprocess.run([OUT / "gen", kind, str(ROWS), path], check=True)
    return path


def rangepipe_ingest(path, long_format):
    store = OUT / "bench.sqlite"

    def once():
        for suffix in ["", "-wal", "-shm"]:
            Path(f"{store}{suffix}").unlink(missing_ok=True)
        args = [RANGEPIPE, "ingest", path, "--store", store, "--quiet"]
        if long_format:
            args += ["--series-column", "series"]
        else:
            args += ["--time-format", "epoch-ms"]
        s, rss, _ = timed(args)
        return s, rss
    seconds, rss, _ = median_of(once)
    stored = store.stat().st_size
    return seconds, rss, stored


def peer(tool, path, threads):
    def once():
        s, rss, out = timed([PY, HERE / "peers/peers.py", tool, path, threads])
        inner = json.loads(out.strip().splitlines()[-1])
        return inner["seconds"], rss
    seconds, rss, _ = median_of(once)
    return seconds, rss


def bench_json(args):
    def once():
        _, _, out = timed([BENCH] + args)
        r = json.loads(out)
        return r["ns_per_frame"], 0, r
    ns, _, last = median_of(once)
    return ns, last[2]


def numpy_frames(points, frames):
    def once():
        _, _, out = timed([PY, HERE / "peers/frames_numpy.py", points, frames, 1])
        return json.loads(out)["ns_per_frame"], 0
    return median_of(once)[0]


def main():
    build_tools()
    results = {"rows": ROWS, "runs": RUNS, "ingest": [], "frames": [], "m4": []}
    table = []
    mb = lambda p: p.stat().st_size / 1e6

    ingest_kinds = [("ts", True), ("num", False), ("ts-ndjson", True), ("num-ndjson", False)] if "ingest" in SECTIONS else []
    for kind, long_format in ingest_kinds:
        path = data(kind)
        size = mb(path)
        seconds, rss, stored = rangepipe_ingest(path, long_format)
        row = {"file": path.name, "mb": size, "rangepipe_s": seconds, "rangepipe_mb_s": size / seconds,
               "rangepipe_rows_s": ROWS / seconds, "rangepipe_peak_rss_mb": rss, "stored_mb": stored / 1e6, "peers": {}}
        if "ndjson" not in kind:
            noop = statistics.median(float(subprocess.run([OUT / "csv_noop", path], capture_output=True, text=True,
                                                          check=True).stdout.split()[0]) for _ in range(RUNS))
            row["peers"]["libcsv-noop"] = {"threads": 1, "seconds": noop}
            tools = ["duckdb-csv", "polars-csv", "pandas-c", "pandas-pyarrow"]
        else:
            tools = ["duckdb-json", "polars-ndjson"]
        for tool in tools:
            for threads in ([1] if tool == "pandas-c" else [1, 2]):
                try:
                    s, prss = peer(tool, path, threads)
                    row["peers"][f"{tool}@{threads}"] = {"threads": threads, "seconds": s, "peak_rss_mb": prss}
                except RuntimeError as e:
                    row["peers"][f"{tool}@{threads}"] = {"error": str(e)[:200]}
        results["ingest"].append(row)
        for name, p in row["peers"].items():
            if "seconds" in p:
                table.append((f"ingest {path.name}", f"vs {name}", f"{size / seconds:.0f} MB/s",
                              f"{p['seconds'] / seconds:.2f}×"))
        table.append((f"ingest {path.name}", "rangepipe", f"{ROWS / seconds / 1e6:.2f} M rows/s",
                      f"peak {rss:.0f} MiB, stored {stored / 2**20:.0f} MiB"))

    # Issue 6's limit check: one ingest of LARGE_ROWS rows (default 10^8,
    # about 4 GB of CSV) within 1.5x the stored column bytes + 64 MiB.
    if LARGE_ROWS and "large" in SECTIONS:
        path = OUT / f"ts-{LARGE_ROWS}.csv"
        if not path.exists():
            subprocess.run([OUT / "gen", "ts", str(LARGE_ROWS), path], check=True)
        store = OUT / "large.sqlite"
        for suffix in ["", "-wal", "-shm"]:
            Path(f"{store}{suffix}").unlink(missing_ok=True)
        seconds, rss, _ = timed([RANGEPIPE, "ingest", path, "--store", store, "--quiet", "--series-column", "series"])
        columns = LARGE_ROWS * 16 / 2**20
        limit = 1.5 * columns + 64
        results["large_ingest"] = {"rows": LARGE_ROWS, "mb": mb(path), "seconds": seconds, "peak_rss_mib": rss,
                                   "column_mib": columns, "limit_mib": limit}
        table.append((f"ingest {path.name}", "rangepipe, one run", f"{LARGE_ROWS / seconds / 1e6:.2f} M rows/s",
                      f"peak {rss:.0f} MiB, limit {limit:.0f} MiB ({'within' if rss <= limit else 'OVER'})"))
        store.unlink(missing_ok=True)

    frame_sizes = [(1_000_000, 2000), (10_000_000, 300), (100_000_000, 30)] if "frames" in SECTIONS else []
    for points, numpy_count in frame_sizes:
        ns, last = bench_json(["frames", points, 1])
        np_ns = numpy_frames(points, numpy_count)
        results["frames"].append({"points": points, "ns_per_frame": ns, "frames_per_s": 1e9 / ns,
                                  "index_build_s": last["plan_build_s"], "numpy_ns_per_frame": np_ns})
        table.append((f"frames {points:.0e} pts", "rangepipe vs numpy", f"{ns / 1000:.2f} µs/frame", f"{np_ns / ns:.0f}×"))

    for points in ([10_000_000, 100_000_000] if "m4" in SECTIONS else []):
        ns, _ = bench_json(["m4", points, 1])
        entry = {"points": points, "ns_per_frame": ns}
        if points == 10_000_000:
            _, _, out = timed([PY, HERE / "peers/peers.py", "m4", points, 1000, 100])
            entry["tsdownsample_ns_per_frame"] = json.loads(out)["ns_per_frame"]
            table.append((f"M4 {points:.0e} pts", "rangepipe vs tsdownsample", f"{ns / 1e6:.3f} ms/frame",
                          f"{entry['tsdownsample_ns_per_frame'] / ns:.1f}×"))
        else:
            table.append((f"M4 {points:.0e} pts", "rangepipe", f"{ns / 1e6:.3f} ms/frame", ""))
        results["m4"].append(entry)

    if "many" in SECTIONS:
        results["many"] = bench_many.run(OUT, RANGEPIPE, PY, RUNS, table)

    (OUT / "results.json").write_text(json.dumps(results, indent=2))
    widths = [max(len(r[i]) for r in table) for i in range(4)]
    print("\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in table))
    print(f"\nratios are peer time / rangepipe time (higher: rangepipe faster); JSON in {OUT / 'results.json'}")


if __name__ == "__main__":
    main()
