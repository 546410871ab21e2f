#!/usr/bin/env python3
"""The bench's regression guard: compares a results.json with the committed
baseline (Benchmarks/baseline.json, the same schema) row by row, matched by
each row's stable key (e.g. "ingest/ts-10000000.csv/duckdb-file@2",
"play/ndjson/10000000"; sizes are part of the key, so only runs of the same
sizes compare). A row is flagged when rangepipe's wall, or separately its
CPU, is more than BENCH_TOLERANCE (default 0.15) above the baseline's. It
only reports: `make bench` exits 0 either way.

python guard.py check [RESULTS]     (default bench-out/results.json)
python guard.py accept [RESULTS]    copy RESULTS to the baseline (`make bench-baseline`)
"""
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BASELINE = Path(os.environ.get("BENCH_BASELINE", HERE / "baseline.json"))
RESULTS = HERE.parent / "bench-out/results.json"
TOLERANCE = float(os.environ.get("BENCH_TOLERANCE", 0.15))


def _fmt(v, unit):
    scale = {"s": 1, "µs/frame": 1e6, "ms/frame": 1e3}.get(unit, 1)
    return f"{v * scale:.3g} {unit}"


def check(results, baseline_path=BASELINE, tolerance=TOLERANCE):
    """Prints one line per row slower than the baseline by wall or CPU, then a
    summary; returns the number of flags."""
    if not baseline_path.exists():
        print(f"regression guard: no baseline at {baseline_path} (make bench-baseline makes one from this run)")
        return 0
    base = json.loads(baseline_path.read_text())
    before = {r["key"]: r for r in base.get("rows", [])}
    compared, missing, flags = 0, [], []
    for row in results.get("rows", []):
        old = before.get(row["key"])
        if old is None:
            missing.append(row["key"])
            continue
        compared += 1
        for metric, name in [("wall_s", "wall"), ("cpu_s", "CPU")]:
            now, then = row["rangepipe"].get(metric), old.get("rangepipe", {}).get(metric)
            if now and then and now > then * (1 + tolerance):
                # The peer's change in the same rows tells a slower machine from a slower rangepipe.
                peer_now, peer_then = row.get("peer", {}).get(metric), old.get("peer", {}).get(metric)
                context = (f"; its peer {100 * (peer_now / peer_then - 1):+.0f}%" if peer_now and peer_then else "")
                flags.append(f"  SLOWER by {name}: {row['key']}: {_fmt(then, row['unit'])} -> {_fmt(now, row['unit'])} "
                             f"(+{100 * (now / then - 1):.0f}%{context})")
    print(f"regression guard against {baseline_path}"
          + (" (PROVISIONAL baseline from a tiny-size run: replace it with `make bench-baseline` after a real run)"
             if base.get("provisional") else "")
          + f", tolerance {100 * tolerance:.0f}%:")
    print("\n".join(flags) if flags else "  no row slower than the baseline")
    walls = sum("by wall" in f for f in flags)
    print(f"  summary: {compared} rows compared, {walls} slower by wall, {len(flags) - walls} slower by CPU, "
          f"{len(missing)} rows not in the baseline" + (f" (e.g. {missing[0]})" if missing else "")
          + (f", {len(before) - compared} baseline rows not in this run" if len(before) > compared else ""))
    return len(flags)


def accept(results_path=RESULTS, baseline_path=BASELINE, provisional=False):
    results = json.loads(Path(results_path).read_text())
    results["provisional"] = provisional
    baseline_path.write_text(json.dumps(results, indent=2) + "\n")
    print(f"baseline: {results_path} -> {baseline_path}" + (" (marked provisional)" if provisional else ""))


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "check"
    path = Path(sys.argv[2]) if len(sys.argv) > 2 else RESULTS
    if cmd == "check":
        check(json.loads(path.read_text()))
    elif cmd == "accept":
        accept(path, provisional=os.environ.get("BENCH_PROVISIONAL") == "1")
    else:
        sys.exit(__doc__)
