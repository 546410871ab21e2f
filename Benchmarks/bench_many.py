"""The many-series rows of `make bench` (issue 12): the same rows divided
among 50, 10^5 and 10^6 series, ingested end to end into the store; then
`series`, `play --all` and `preview` over the 10^5-series store,
`play --all` over the 10^6-series store, and the peak memory of 10^6
one-point series against DuckDB's for the same file.

Every figure is wall and CPU (user + sys) seconds, the median of RUNS runs
taken in turn (rangepipe, then the peer, then rangepipe ...); DuckDB's are
its own, connect to close, inside Python. BENCH_MANY_ROWS (3*10^6) and
BENCH_ONE_POINT_SERIES (10^6) set the sizes.
"""
import json
import os
import subprocess
from pathlib import Path

from benchlib import measure as _measure, fresh, size, summary

MANY_ROWS = int(float(os.environ.get("BENCH_MANY_ROWS", 3_000_000)))
FLEETS = [50, 100_000, 1_000_000]
ONE_POINT_SERIES = int(float(os.environ.get("BENCH_ONE_POINT_SERIES", 1_000_000)))
PLAY_SCRIPT = {"fps": 10, "duration": 0.1, "overview": {"width": 800, "height": 80},
               "main": {"width": 800, "height": 300}, "events": []}


def measured(cmd, env=None):
    """The whole process: {wall_s, cpu_s, user_s, sys_s, peak_rss_mib}; exit 3 (series skipped) is fine."""
    return _measure(cmd, env, ok=(0, 3))


def medians(samples):
    return summary(samples)


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
        table.add(f"many/ingest/{MANY_ROWS}/{row['series']}", f"ingest {size(MANY_ROWS)} rows in {row['series']:,} series",
                  row, note=f"{row['wall_vs_50']:.2f}× the 50-series wall, peak {row['peak_rss_mib']:.0f} MiB")

    # The 10^5-series store, for the commands that read it.
    ingest(fleet_file(100_000, MANY_ROWS))
    script = out / "many-script.json"
    script.write_text(json.dumps(PLAY_SCRIPT))
    listing = medians([measured([rangepipe, "series", "--store", store, "--json"]) for _ in range(runs)])
    results["play"]["series_json"] = listing
    table.add(f"many/series-json/{MANY_ROWS}", "series --json, 10^5 series", listing)
    play_all = lambda jobs: measured([rangepipe, "play", script, "--store", store, "--all", "--jobs", jobs,
                                      "--on-series-error", "skip", "-o", out / "many-frames.ndjson"])
    samples = {1: [], 2: []}
    for _ in range(runs):  # in turn: --jobs 2, --jobs 1, ...
        samples[2].append(play_all(2))
        samples[1].append(play_all(1))
    for jobs in [1, 2]:
        play = medians(samples[jobs])
        play["per_series_us"] = play["wall_s"] / 100_000 * 1e6
        play["cpu_per_series_us"] = play["cpu_s"] / 100_000 * 1e6
        results["play"][f"all_jobs{jobs}"] = play
    j1, j2 = results["play"]["all_jobs1"], results["play"]["all_jobs2"]
    table.add(f"many/play-all/{MANY_ROWS}", "play --all --jobs 2, 10^5 series × 2 frames", j2, "rangepipe --jobs 1", j1,
              note=f"--jobs 1: {j1['cpu_per_series_us']:.1f} µs CPU/series; --jobs 2: {j1['wall_s'] / j2['wall_s']:.2f}× by wall")
    # A nightly re-run (issue 32): a day appended to 1% of the 10^5 series,
    # then `play --all --changed-since` against the state a full run left.
    state = out / "many-state.json"
    changed_runs, full_runs = [], []
    for r in range(runs):  # in turn: the full run that records the state, then the re-run
        state.unlink(missing_ok=True)
        full_runs.append(measured([rangepipe, "play", script, "--store", store, "--all", "--changed-since", state,
                                   "-o", out / "many-frames.ndjson"]))
        day = out / f"many-append-{r}.csv"
        day.write_text("timestamp,series,value\n" + "".join(f"2031-01-{r + 1:02d}T00:00:00Z,s{k * 100},{k}\n" for k in range(1000)))
        subprocess.run([rangepipe, "ingest", day, "--series-column", "series", "--store", store, "--mode", "append", "--quiet"], check=True)
        changed_runs.append(measured([rangepipe, "play", script, "--store", store, "--all", "--changed-since", state,
                                      "-o", out / "many-changed.ndjson"]))
        day.unlink()
    full, changed = medians(full_runs), medians(changed_runs)
    changed["vs_full"] = changed["wall_s"] / full["wall_s"]
    results["play"]["changed_since"] = {"full": full, "one_percent": changed}
    table.add(f"many/changed-since/{MANY_ROWS}", "play --all --changed-since, 1% of 10^5 series appended", changed,
              "the full run", full, note=f"{100 * changed['vs_full']:.1f}% of the full run's wall (issue 32: at most 3%)")
    for f in ["many-frames.ndjson", "many-changed.ndjson", "many-state.json"]:
        (out / f).unlink(missing_ok=True)
    if MANY_ROWS >= 200_000:  # series with two points or more
        preview = medians([measured([rangepipe, "preview", script, "--store", store, "--series", "s99999", "--frame", 0,
                                     "-o", out / "many-preview.svg"]) for _ in range(runs)])
        results["play"]["preview"] = preview
        table.add(f"many/preview/{MANY_ROWS}", "preview of one of 10^5 series", preview)

    # play --all over 10^6 series (the same rows as the 10^6-series ingest
    # above; issue 32: 3 µs of CPU a series). One-point series cannot be
    # played (a window needs two points), so not the file below.
    ingest(fleet_file(1_000_000, MANY_ROWS))
    samples = {1: [], 2: []}
    for _ in range(runs):  # in turn: --jobs 2, --jobs 1, ...
        for jobs in [2, 1]:
            samples[jobs].append(measured([rangepipe, "play", script, "--store", store, "--all", "--jobs", jobs,
                                           "--on-series-error", "skip", "-o", out / "many-frames.ndjson"]))
    one = {jobs: medians(samples[jobs]) for jobs in [1, 2]}
    for play in one.values():
        play["cpu_per_series_us"] = play["cpu_s"] / 1_000_000 * 1e6
    table.add(f"many/play-all-1e6/{MANY_ROWS}", f"play --all --jobs 2, 10^6 series of {MANY_ROWS // 1_000_000} points × 2 frames",
              one[2], "rangepipe --jobs 1", one[1],
              note=f"--jobs 1: {one[1]['cpu_per_series_us']:.1f} µs CPU/series; --jobs 2: {one[1]['wall_s'] / one[2]['wall_s']:.2f}× by wall")
    (out / "many-frames.ndjson").unlink(missing_ok=True)
    results["play"]["all_1e6"] = {"all_jobs1": one[1], "all_jobs2": one[2]}

    # 10^6 one-point series: memory per series, against DuckDB reading the
    # same file into a table of a database file (connect to close).
    path = fleet_file(ONE_POINT_SERIES, ONE_POINT_SERIES)
    ours, duck = [], []
    for _ in range(runs):
        ours.append(ingest(path))
        fresh(out / "many.duckdb")
        m = measured([python, Path(__file__).parent / "peers/peers.py", "duckdb-file", path, 1, out / "many.duckdb"])
        inner = json.loads(m["stdout"].strip().splitlines()[-1])
        duck.append({"wall_s": inner["seconds"], "cpu_s": inner["cpu_s"], "peak_rss_mib": m["peak_rss_mib"],
                     "process_wall_s": m["wall_s"], "process_cpu_s": m["cpu_s"]})
    mine, theirs = medians(ours), summary(duck, keys=("wall_s", "cpu_s", "process_wall_s", "process_cpu_s"))
    mine["bytes_per_series"] = mine["peak_rss_mib"] * 2**20 / ONE_POINT_SERIES
    table.add(f"many/one-point/{ONE_POINT_SERIES}", f"ingest {ONE_POINT_SERIES:,} one-point series", mine,
              "DuckDB file (1 thread)", theirs,
              note=f"peak {mine['peak_rss_mib']:.0f} MiB ({mine['bytes_per_series']:.0f} B/series) vs DuckDB's {theirs['peak_rss_mib']:.0f} MiB")
    results["one_point"] = {"series": ONE_POINT_SERIES, "rangepipe": mine, "duckdb@1 file": theirs}
    fresh(store)
    fresh(out / "many.duckdb")
    return results
