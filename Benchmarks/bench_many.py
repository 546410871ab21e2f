"""The many-series rows of `make bench` (issue 12): the same rows divided
among 50, 10^5 and 10^6 series, ingested end to end into the store; then
`series`, `play --all` and `preview` over the 10^5-series store, and the
peak memory of 10^6 one-point series against DuckDB's for the same file.

Every figure is wall and CPU (user + sys) seconds, the median of RUNS runs
taken in turn (rangepipe, then the peer, then rangepipe ...).
"""
import json
import os
import statistics
import subprocess
from pathlib import Path

MANY_ROWS = int(os.environ.get("BENCH_MANY_ROWS", 3_000_000))
FLEETS = [50, 100_000, 1_000_000]
ONE_POINT_SERIES = int(os.environ.get("BENCH_ONE_POINT_SERIES", 1_000_000))
PLAY_SCRIPT = {"fps": 10, "duration": 0.1, "overview": {"width": 800, "height": 80},
               "main": {"width": 800, "height": 300}, "events": []}


def measured(cmd, env=None):
    """Runs cmd under GNU time: (wall s, CPU s, peak RSS MiB, stdout)."""
    full = ["/usr/bin/time", "-f", "%e %U %S %M"] + [str(c) for c in cmd]
    p = subprocess.run(full, capture_output=True, text=True, env={**os.environ, **(env or {})})
    if p.returncode not in (0, 3):
        raise RuntimeError(f"{cmd[:2]} failed ({p.returncode}): {p.stderr[-500:]}")
    wall, user, system, rss = p.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system), int(rss) / 1024, p.stdout


def medians(samples):
    return {"wall_s": statistics.median(s[0] for s in samples), "cpu_s": statistics.median(s[1] for s in samples),
            "peak_rss_mib": max(s[2] for s in samples)}


def fresh(store):
    for suffix in ["", "-wal", "-shm"]:
        Path(f"{store}{suffix}").unlink(missing_ok=True)


def run(out, rangepipe, python, runs, table):
    results = {"rows": MANY_ROWS, "ingest": [], "play": {}, "one_point": {}}
    store = out / "many.sqlite"

    def fleet_file(series, rows):
        path = out / f"fleet{series}-{rows}.csv"
        if not path.exists():
            subprocess.run([out / "gen", "ts", str(rows), path, str(series)], check=True)
        return path

    def ingest(path):
        fresh(store)
        return measured([rangepipe, "ingest", path, "--series-column", "series", "--store", store, "--quiet"])

    for series in FLEETS:
        path = fleet_file(series, MANY_ROWS)
        row = {"series": series, "file": path.name, "mb": path.stat().st_size / 1e6, **medians([ingest(path) for _ in range(runs)])}
        results["ingest"].append(row)
    base = results["ingest"][0]
    for row in results["ingest"]:
        row["wall_vs_50"] = row["wall_s"] / base["wall_s"]
        row["per_series_us"] = (row["wall_s"] - base["wall_s"]) / row["series"] * 1e6
        table.append((f"ingest {MANY_ROWS:.0e} rows in {row['series']:,} series", "rangepipe",
                      f"{row['wall_s']:.2f} s wall, {row['cpu_s']:.2f} s CPU",
                      f"{row['wall_vs_50']:.2f}× the 50-series time, peak {row['peak_rss_mib']:.0f} MiB"))

    # The 10^5-series store, for the commands that read it.
    ingest(fleet_file(100_000, MANY_ROWS))
    script = out / "many-script.json"
    script.write_text(json.dumps(PLAY_SCRIPT))
    listing = medians([measured([rangepipe, "series", "--store", store, "--json"]) for _ in range(runs)])
    results["play"]["series_json"] = listing
    table.append(("series --json, 10^5 series", "rangepipe", f"{listing['wall_s']:.2f} s wall, {listing['cpu_s']:.2f} s CPU", ""))
    for jobs in [1, 2]:
        play = medians([measured([rangepipe, "play", script, "--store", store, "--all", "--jobs", jobs, "--on-series-error", "skip", "-o", out / "many-frames.ndjson"])
                        for _ in range(runs)])
        play["per_series_us"] = play["wall_s"] / 100_000 * 1e6
        results["play"][f"all_jobs{jobs}"] = play
        table.append((f"play --all --jobs {jobs}, 10^5 series × 2 frames", "rangepipe",
                      f"{play['wall_s']:.2f} s wall, {play['cpu_s']:.2f} s CPU", f"{play['per_series_us']:.1f} µs/series"))
    (out / "many-frames.ndjson").unlink(missing_ok=True)
    if MANY_ROWS >= 200_000:  # series with two points or more
        preview = medians([measured([rangepipe, "preview", script, "--store", store, "--series", "s99999", "--frame", 0,
                                     "-o", out / "many-preview.svg"]) for _ in range(runs)])
        results["play"]["preview"] = preview
        table.append(("preview of one of 10^5 series", "rangepipe", f"{preview['wall_s']:.2f} s wall", ""))

    # 10^6 one-point series: memory per series, against DuckDB reading the
    # same file into a table of a database file (connect to close).
    path = fleet_file(ONE_POINT_SERIES, ONE_POINT_SERIES)
    ours, duck = [], []
    for _ in range(runs):
        ours.append(ingest(path))
        fresh(out / "many.duckdb")
        duck.append(measured([python, Path(__file__).parent / "peers/peers.py", "duckdb-file", path, 1, out / "many.duckdb"]))
    mine, theirs = medians(ours), medians(duck)
    mine["bytes_per_series"] = mine["peak_rss_mib"] * 2**20 / ONE_POINT_SERIES
    results["one_point"] = {"series": ONE_POINT_SERIES, "rangepipe": mine, "duckdb@1 file": theirs}
    table.append((f"ingest {ONE_POINT_SERIES:,} one-point series", "rangepipe vs DuckDB@1 (file)",
                  f"{mine['wall_s']:.2f} s wall, {mine['cpu_s']:.2f} s CPU, peak {mine['peak_rss_mib']:.0f} MiB "
                  f"({mine['bytes_per_series']:.0f} B/series)",
                  f"DuckDB {theirs['wall_s']:.2f} s wall, {theirs['cpu_s']:.2f} s CPU, peak {theirs['peak_rss_mib']:.0f} MiB"))
    fresh(store)
    fresh(out / "many.duckdb")
    return results
