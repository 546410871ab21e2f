#!/usr/bin/env python3
"""`make bench`: rangepipe against the peers, in one run, on seeded data.

Prints one Markdown table (wall and CPU seconds, user + sys, for rangepipe
and every peer, peers marked with their threads), writes
bench-out/results.json, and compares it with the committed baseline
(Benchmarks/baseline.json, see guard.py). Every row's figures are the median
of BENCH_RUNS runs taken in turn with its peer (rangepipe, peer, rangepipe,
peer ...), and its ratios come from those same runs.

Environment (defaults in brackets):
  BENCH_ROWS [10^7]          rows of ts.csv, num.csv, ts.ndjson, num.ndjson
  BENCH_MID_ROWS [5*10^6]    rows of the second ts-shaped CSV (0: skip it)
  BENCH_MID_SERIES [r64]     its series (rN: N series at random; N: round robin)
  BENCH_MID_STEP_MS [137]    its time step
  BENCH_RUNS [3]             runs per row (median)
  BENCH_LARGE_ROWS [10^8]    the one-run memory check (0: skip)
  BENCH_FRAME_POINTS [10^6,10^7,10^8]   rangepipe-bench frames vs numpy
  BENCH_M4_POINTS [10^7,10^8]           rangepipe-bench M4 (tsdownsample up to 10^7)
  BENCH_PLAY_POINTS [10^6,10^7]         `play` end to end through the binary
  BENCH_PLAY_FPS [180], BENCH_PLAY_SECONDS [1000]   the long play script (180,000 frames: the
    frames outweigh the fixed load of a 10^7-point series, about 0.2 s, several times over)
  BENCH_SECTIONS [ingest,large,frames,play,m4,many,render]
  BENCH_BASELINE [Benchmarks/baseline.json], BENCH_TOLERANCE [0.15]
  BENCH_ACCEPT=1             after the run, make its results the baseline
"""
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

import bench_many
import bench_render
import guard
from benchlib import Failed, Table, fresh, measure, size, summary

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "bench-out"
env_int = lambda name, default: int(float(os.environ.get(name, default)))
env_list = lambda name, default: [int(float(v)) for v in os.environ.get(name, default).split(",") if v.strip()]
ROWS = env_int("BENCH_ROWS", 10_000_000)
MID_ROWS = env_int("BENCH_MID_ROWS", 5_000_000)
MID_SERIES = os.environ.get("BENCH_MID_SERIES", "r64")
MID_STEP_MS = env_int("BENCH_MID_STEP_MS", 137)
RUNS = env_int("BENCH_RUNS", 3)
LARGE_ROWS = env_int("BENCH_LARGE_ROWS", 100_000_000)
FRAME_POINTS = env_list("BENCH_FRAME_POINTS", "1e6,1e7,1e8")
M4_POINTS = env_list("BENCH_M4_POINTS", "1e7,1e8")
PLAY_POINTS = env_list("BENCH_PLAY_POINTS", "1e6,1e7")
PLAY_FPS = env_int("BENCH_PLAY_FPS", 180)
PLAY_SECONDS = float(os.environ.get("BENCH_PLAY_SECONDS", 1000))
RANGEPIPE = ROOT / ".build/release/rangepipe"
BENCH = HERE / ".build/release/rangepipe-bench"
PY = sys.executable
PEERS = HERE / "peers/peers.py"
SECTIONS = set(os.environ.get("BENCH_SECTIONS", "ingest,large,frames,play,m4,many,render").split(","))

# Peers per input kind: (tool, threads, label). DuckDB "file" writes a table
# of a durable database file (connect to close), "in-memory" the old figure.
CSV_PEERS = [("libcsv-noop", 1, "libcsv no-op (1 thread)"),
             ("duckdb-file", 1, "DuckDB file (1 thread)"), ("duckdb-file", 2, "DuckDB file (2 threads)"),
             ("duckdb-csv", 1, "DuckDB in-memory (1 thread)"), ("duckdb-csv", 2, "DuckDB in-memory (2 threads)"),
             ("polars-csv", 1, "polars (1 thread)"), ("polars-csv", 2, "polars (2 threads)"),
             ("pandas-c", 1, "pandas C (1 thread)"),
             ("pandas-pyarrow", 1, "pandas pyarrow (1 thread)"), ("pandas-pyarrow", 2, "pandas pyarrow (2 threads)")]
MID_PEERS = CSV_PEERS[:5]
NDJSON_PEERS = [("duckdb-file", 1, "DuckDB read_json file (1 thread)"), ("duckdb-file", 2, "DuckDB read_json file (2 threads)"),
                ("duckdb-json", 1, "DuckDB read_json in-memory (1 thread)"),
                ("duckdb-json", 2, "DuckDB read_json in-memory (2 threads)"),
                ("polars-ndjson", 1, "polars (1 thread)"), ("polars-ndjson", 2, "polars (2 threads)")]


LEGEND = ("Wall and CPU (user + sys) seconds, medians of {runs} runs taken in turn with the row's peer; rangepipe is its "
          "whole process (both cores on files of 8 MiB or more), Python peers are timed inside the interpreter after "
          "their imports, with the threads shown. Ratio (wall) = peer wall / rangepipe wall, ratio (CPU) = peer CPU / "
          "rangepipe CPU: above 1, rangepipe is faster / uses less CPU; for --jobs 2 the wall ratio is the speed-up "
          "over --jobs 1.")


def build_tools():
    OUT.mkdir(exist_ok=True)
    for name, libs in [("gen", []), ("csv_noop", ["-lcsv"])]:
        exe, src = OUT / name, HERE / f"tools/{name}.c"
        if not exe.exists() or exe.stat().st_mtime < src.stat().st_mtime:
            subprocess.run(["cc", "-O2", "-o", exe, src] + libs, check=True)


def data(kind, rows, series=None, step_ms=None):
    """The generated file, made once: ts-ROWS.csv, num-ROWS.ndjson, ts-ROWS-r64-137ms.csv ..."""
    ext = "ndjson" if "ndjson" in kind else "csv"
    extra = [] if series is None else [str(series)] + ([] if step_ms is None else [str(step_ms)])
    shape = "" if not extra else "-" + "-".join(extra) + ("ms" if step_ms is not None else "")
    path = OUT / f"{kind.split('-')[0]}-{rows}{shape}.{ext}"
    if not path.exists():
        subprocess.run([OUT / "gen", kind, str(rows), path] + extra, check=True)
    return path


def rangepipe_ingest_once(path, long_format, store):
    fresh(store)
    args = [RANGEPIPE, "ingest", path, "--store", store, "--quiet"]
    args += ["--series-column", "series"] if long_format else ["--time-format", "epoch-ms"]
    return measure(args)


def peer_once(tool, threads, path):
    """One peer run: the peer's own figures (work only) and its whole process."""
    if tool == "libcsv-noop":
        m = measure([OUT / "csv_noop", path])
        return {"wall_s": m["wall_s"], "cpu_s": m["cpu_s"], "user_s": m["user_s"], "sys_s": m["sys_s"],
                "peak_rss_mib": m["peak_rss_mib"], "parse_s": float(m["stdout"].split()[0]),
                "rows": int(m["stdout"].split()[1]) - 1}  # less the header
    db = OUT / "peer.duckdb"
    fresh(db)
    m = measure([PY, PEERS, tool, path, threads, db])
    inner = json.loads(m["stdout"].strip().splitlines()[-1])
    fresh(db)
    return {"wall_s": inner["seconds"], "cpu_s": inner["cpu_s"], "peak_rss_mib": m["peak_rss_mib"],
            "process_wall_s": m["wall_s"], "process_cpu_s": m["cpu_s"], "rows": inner["rows"]}


def ingest_file(table, path, long_format, peers, rows):
    """Each peer row: RUNS rounds of (rangepipe, peer); rounds go over all
    peers in turn so drift spreads over every row alike."""
    store = OUT / "bench.sqlite"
    size = path.stat().st_size / 1e6
    ours = {p: [] for p in peers}
    theirs = {p: [] for p in peers}
    errors = {}
    for _ in range(RUNS):
        for p in peers:
            if p in errors:
                continue
            ours[p].append(rangepipe_ingest_once(path, long_format, store))
            try:
                theirs[p].append(peer_once(p[0], p[1], path))
            except (Failed, ValueError, KeyError) as e:
                errors[p] = str(e)[:300]
    stored = store.stat().st_size
    fresh(store)
    every = [m for p in peers for m in ours[p]] or [rangepipe_ingest_once(path, long_format, store)]
    fresh(store)
    overall = summary(every)
    overall.update({"mb_s": size / overall["wall_s"], "rows_s": rows / overall["wall_s"],
                    "sys_share": overall["sys_s"] / overall["cpu_s"] if overall["cpu_s"] else None,
                    "stored_mb": stored / 1e6})
    entry = {"file": path.name, "rows": rows, "mb": size, "rangepipe": overall, "peers": {}}
    table.add(f"ingest/{path.name}/rangepipe", f"ingest {path.name} ({size:.0f} MB), rangepipe over all runs", overall,
              note=f"{overall['rows_s'] / 1e6:.2f} M rows/s, sys {100 * (overall['sys_share'] or 0):.0f}% of CPU, "
                   f"peak {overall['peak_rss_mib']:.0f} MiB")
    for p in peers:
        tool, threads, label = p
        key = f"{tool}@{threads}"
        if p in errors or not theirs[p]:
            entry["peers"][key] = {"threads": threads, "label": label, "error": errors.get(p, "no run")}
            table.add(f"ingest/{path.name}/{key}", f"ingest {path.name}", summary(ours[p]), f"{label}: failed", {})
            continue
        mine, other = summary(ours[p]), summary(theirs[p], keys=("wall_s", "cpu_s", "user_s", "sys_s", "process_wall_s", "process_cpu_s"))
        paired = [t["wall_s"] / o["wall_s"] for o, t in zip(ours[p], theirs[p])]
        read = {t.get("rows") for t in theirs[p]}
        if read != {rows}:  # a peer that read another number of rows is not measuring the same job
            label += f" (read {'/'.join(map(str, sorted(read, key=str)))} rows, not {rows}!)"
        entry["peers"][key] = {"threads": threads, "label": label, "rangepipe": mine, "peer": other, "rows_read": sorted(read, key=str),
                               "ratio_wall": other["wall_s"] / mine["wall_s"], "ratio_cpu": other["cpu_s"] / mine["cpu_s"],
                               "ratio_wall_paired_median": statistics.median(paired)}
        table.add(f"ingest/{path.name}/{key}", f"ingest {path.name}", mine, label, other)
    return entry


def bench_json(mode, points):
    m = measure([BENCH, mode, points, 1])
    r = json.loads(m["stdout"])
    return {"wall_s": r["ns_per_frame"] / 1e9, "cpu_s": r["cpu_ns_per_frame"] / 1e9, "plan_build_s": r.get("plan_build_s")}


def numpy_frames(points, frames):
    m = measure([PY, HERE / "peers/frames_numpy.py", points, frames, 1])
    r = json.loads(m["stdout"])
    return {"wall_s": r["ns_per_frame"] / 1e9, "cpu_s": r["cpu_ns_per_frame"] / 1e9}


def tsdownsample_m4(points):
    m = measure([PY, PEERS, "m4", points, 1000, 100])
    r = json.loads(m["stdout"])
    return {"wall_s": r["ns_per_frame"] / 1e9, "cpu_s": r["cpu_ns_per_frame"] / 1e9}


def play_script(fps, seconds, events=True):
    """Pans on the main chart and drags of the selection in the overview, in
    turn, one a second and each lasting 0.999 s: the window moves on every
    frame and comes back every four gestures (span 20% of the data)."""
    moves = [("pan", -200), ("drag-selection", 40), ("pan", 200), ("drag-selection", -40)]
    evs = []
    k = 0
    while events and k < seconds:
        gesture, dx = moves[k % 4]
        evs.append({"at": float(k), "gesture": gesture, "path": [[0, 400], [0.5, 400 + dx / 2], [0.999, 400 + dx]]})
        k += 1
    return {"fps": fps, "duration": seconds, "field": "value",
            "overview": {"width": 800, "height": 80}, "main": {"width": 800, "height": 300},
            "window": {"initial": {"fraction": [0.4, 0.6]}}, "events": evs}


def count_frames(path, fmt):
    with open(path, "rb") as f:
        lines = sum(block.count(b"\n") for block in iter(lambda: f.read(1 << 20), b""))
    return lines - (1 if fmt == "csv" else 0)


def play_section(table, results):
    long_script, one_script = OUT / "play-long.json", OUT / "play-one.json"
    # fps x seconds frames: t = 0, 1/fps, ... up to the duration inclusive.
    long_script.write_text(json.dumps(play_script(PLAY_FPS, PLAY_SECONDS - 1.5 / PLAY_FPS)))
    # The shortest script (a duration must be > 0): 2 frames, t = 0 and its end.
    one_script.write_text(json.dumps(play_script(PLAY_FPS, 0.001, events=False)))
    results["play"] = []
    for points in PLAY_POINTS:
        path = data("num", points)
        store = OUT / f"play-{points}.sqlite"
        fresh(store)
        ingests = [measure([RANGEPIPE, "ingest", path, "--store", store, "--quiet", "--time-format", "epoch-ms",
                            "--series", name]) for name in ["a", "b"]]
        entry = {"points": points, "fps": PLAY_FPS, "seconds": PLAY_SECONDS, "ingest_wall_s": [m["wall_s"] for m in ingests]}
        for fmt in ["ndjson", "csv"]:
            out = OUT / f"play-out.{fmt}"
            play = lambda script: measure([RANGEPIPE, "play", script, "--store", store, "--series", "a",
                                           "--format", fmt, "-o", out])
            per_frame, longs, ones = [], [], []
            n_long = n_one = None
            for _ in range(RUNS):
                longs.append(play(long_script))
                n_long = n_long or count_frames(out, fmt)
                ones.append(play(one_script))
                n_one = n_one or count_frames(out, fmt)
                per_frame.append({k: (longs[-1][k] - ones[-1][k]) / (n_long - n_one) for k in ["wall_s", "cpu_s", "user_s", "sys_s"]})
            out.unlink(missing_ok=True)
            ours = summary(per_frame)
            entry[fmt] = {"frames": n_long, "one_frame_frames": n_one, "per_frame": ours, "long": summary(longs),
                          "one_frame": summary(ones)}
            table.add(f"play/{fmt}/{points}", f"play → {fmt.upper()} file, {size(points)} pts, per frame", ours,
                      unit="µs/frame", scale=1e6, note=f"{n_long:,}-frame run minus {n_one}-frame run")
        # --jobs 2 against --jobs 1 over both series, whole process; the
        # 2-frame runs give the speed-up of the frames alone (loads excluded).
        out = OUT / "play-out.ndjson"
        jobs = lambda n, script: measure([RANGEPIPE, "play", script, "--store", store, "--series", "a", "--series", "b",
                                          "--jobs", n, "-o", out])
        runs = {(n, s): [] for n in (1, 2) for s in ("long", "one")}
        for _ in range(RUNS):
            for n in (2, 1):
                runs[(n, "long")].append(jobs(n, long_script))
            for n in (2, 1):
                runs[(n, "one")].append(jobs(n, one_script))
        out.unlink(missing_ok=True)
        two, one = summary(runs[(2, "long")]), summary(runs[(1, "long")])
        frames_only = statistics.median(
            (l1["wall_s"] - o1["wall_s"]) / (l2["wall_s"] - o2["wall_s"])
            for l1, o1, l2, o2 in zip(runs[(1, "long")], runs[(1, "one")], runs[(2, "long")], runs[(2, "one")]))
        entry["jobs"] = {"jobs2": two, "jobs1": one, "jobs2_two_frames": summary(runs[(2, "one")]),
                         "jobs1_two_frames": summary(runs[(1, "one")]), "speedup_wall": one["wall_s"] / two["wall_s"],
                         "speedup_wall_frames_only": frames_only}
        table.add(f"play/jobs2/{points}", f"play --jobs 2, 2 series × {size(points)} pts, whole process", two,
                  "rangepipe --jobs 1", one, note=f"frames alone: speed-up {frames_only:.2f}×")
        fresh(store)
        results["play"].append(entry)


def machine():
    model = ""
    try:
        model = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    rev = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    return {"cpus": os.cpu_count(), "cpu_model": model, "platform": platform.platform(), "commit": rev}


def main():
    build_tools()
    table = Table()
    results = {"schema": 2, "machine": machine(),
               "config": {"rows": ROWS, "mid_rows": MID_ROWS, "mid_series": MID_SERIES, "mid_step_ms": MID_STEP_MS,
                          "runs": RUNS, "large_rows": LARGE_ROWS, "frame_points": FRAME_POINTS, "m4_points": M4_POINTS,
                          "play_points": PLAY_POINTS, "play_fps": PLAY_FPS, "play_seconds": PLAY_SECONDS,
                          "sections": sorted(SECTIONS)},
               "ingest": [], "frames": [], "m4": []}

    if "ingest" in SECTIONS:
        files = [(data("ts", ROWS), True, CSV_PEERS, ROWS), (data("num", ROWS), False, CSV_PEERS, ROWS)]
        if MID_ROWS:
            files.append((data("ts", MID_ROWS, MID_SERIES, MID_STEP_MS), True, MID_PEERS, MID_ROWS))
        files += [(data("ts-ndjson", ROWS), True, NDJSON_PEERS, ROWS), (data("num-ndjson", ROWS), False, NDJSON_PEERS, ROWS)]
        for path, long_format, peers, rows in files:
            results["ingest"].append(ingest_file(table, path, long_format, peers, rows))

    # Issue 6's limit check: one ingest of LARGE_ROWS rows (default 10^8,
    # about 4 GB of CSV) within 1.5x the stored column bytes + 64 MiB.
    if LARGE_ROWS and "large" in SECTIONS:
        path = data("ts", LARGE_ROWS)
        store = OUT / "large.sqlite"
        m = rangepipe_ingest_once(path, True, store)
        fresh(store)
        columns = LARGE_ROWS * 16 / 2**20
        limit = 1.5 * columns + 64
        results["large_ingest"] = {"rows": LARGE_ROWS, "mb": path.stat().st_size / 1e6, **summary([m]),
                                   "column_mib": columns, "limit_mib": limit}
        table.add(f"large/{path.name}", f"ingest {path.name}, one run", summary([m]),
                  note=f"peak {m['peak_rss_mib']:.0f} MiB, limit {limit:.0f} MiB ({'within' if m['peak_rss_mib'] <= limit else 'OVER'})")

    if "frames" in SECTIONS:
        numpy_counts = {1_000_000: 2000, 10_000_000: 300, 100_000_000: 30}
        for points in FRAME_POINTS:
            ours, theirs = [], []
            for _ in range(RUNS):
                ours.append(bench_json("frames", points))
                theirs.append(numpy_frames(points, numpy_counts.get(points, 300)))
            mine, np_ = summary(ours), summary(theirs)
            results["frames"].append({"points": points, "rangepipe": mine, "numpy": np_,
                                      "index_build_s": ours[-1]["plan_build_s"]})
            table.add(f"frames/{points}", f"frames (query only, in process), {size(points)} pts", mine, "numpy (1 thread)",
                      np_, unit="µs/frame", scale=1e6)

    if "play" in SECTIONS:
        play_section(table, results)

    if "m4" in SECTIONS:
        for points in M4_POINTS:
            ours, theirs = [], []
            for _ in range(RUNS):
                ours.append(bench_json("m4", points))
                if points <= 10_000_000:  # tsdownsample at 10^7 and below
                    theirs.append(tsdownsample_m4(points))
            mine = summary(ours)
            entry = {"points": points, "rangepipe": mine}
            if theirs:
                entry["tsdownsample"] = summary(theirs)
                table.add(f"m4/{points}", f"M4 at 1000 px, {size(points)} pts", mine, "tsdownsample (1 thread)",
                          entry["tsdownsample"], unit="ms/frame", scale=1e3)
            else:
                table.add(f"m4/{points}", f"M4 at 1000 px, {size(points)} pts", mine, unit="ms/frame", scale=1e3)
            results["m4"].append(entry)

    if "many" in SECTIONS:
        results["many"] = bench_many.run(OUT, RANGEPIPE, PY, RUNS, table)

    if "render" in SECTIONS:
        results["render"] = bench_render.run(OUT, ROOT, RANGEPIPE, RUNS, table)

    results["rows"] = table.rows
    (OUT / "results.json").write_text(json.dumps(results, indent=2))
    print(table.markdown())
    print(f"\n{LEGEND.format(runs=RUNS)}\n")
    print(f"JSON in {OUT / 'results.json'}\n")
    try:
        guard.check(results)
    except (OSError, ValueError, KeyError, TypeError) as e:  # a damaged baseline must not fail the bench
        print(f"regression guard: could not compare with {guard.BASELINE}: {e!r}")
    if os.environ.get("BENCH_ACCEPT") == "1":
        guard.accept(OUT / "results.json")


if __name__ == "__main__":
    main()
