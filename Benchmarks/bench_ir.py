#!/usr/bin/env python3
"""`make bench-ir BASE=BINARY`: ingest's instructions per row, this build
against another, counted by valgrind's cachegrind.

Times on a shared machine move by 10-20% from run to run (another job's
build is enough); instruction counts do not. This counts the instructions
of `ingest` on the bench's own five file shapes (ts.csv, num.csv, the
64-series CSV, ts.ndjson, num.ndjson) at two sizes, and reports the
difference per row: the fixed cost of starting up and sniffing cancels,
leaving what each row costs. Use it beside `make bench`, not instead: an
instruction is not a nanosecond, but a change that adds instructions per
row shows here whatever else the machine is doing.

Environment: BENCH_IR_ROWS [200000] (the smaller size; the larger is twice
it). valgrind reads neither binary's debug info (Swift's DWARF 5), so each
is run from a copy stripped of it.
"""
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import bench
from benchlib import fresh

ROWS = int(os.environ.get("BENCH_IR_ROWS", 200_000))


def instructions(binary, path, long_format, work):
    store = work / "ir.sqlite"
    fresh(store)
    out = work / "cachegrind.out"
    args = ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
            binary, "ingest", path, "--store", store, "--quiet"]
    args += ["--series-column", "series"] if long_format else ["--time-format", "epoch-ms"]
    run = subprocess.run([str(a) for a in args], capture_output=True, text=True)
    fresh(store)
    counts = [ln for ln in run.stderr.splitlines() if "I   refs:" in ln or "I refs:" in ln]
    if run.returncode != 0 or not counts:
        sys.exit(f"bench-ir: {binary} on {path} failed:\n{run.stderr[-800:]}")
    return int(counts[-1].split(":")[1].strip().replace(",", ""))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: bench_ir.py BASE_BINARY (make bench-ir BASE=...)")
    bench.build_tools()
    shapes = [("ts.csv", "ts", None, True), ("num.csv", "num", None, False),
              ("mid.csv (64 series)", "ts", (64, 137), True),
              ("ts.ndjson", "ts-ndjson", None, True), ("num.ndjson", "num-ndjson", None, False)]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        binaries = {}
        for name, source in [("base", Path(sys.argv[1])), ("this", bench.RANGEPIPE)]:
            binaries[name] = work / name
            subprocess.run(["strip", "--strip-debug", "-o", binaries[name], source], check=True)
        print(f"| file | rows | base instr/row | this instr/row | change |")
        print(f"| --- | --- | --- | --- | --- |")
        for label, kind, mid, long_format in shapes:
            per_row = {}
            for name, binary in binaries.items():
                sizes = []
                for rows in (ROWS, 2 * ROWS):
                    path = bench.data(kind, rows, *(mid or ()))
                    sizes.append(instructions(binary, path, long_format, work))
                per_row[name] = (sizes[1] - sizes[0]) / ROWS
            change = per_row["this"] / per_row["base"] - 1
            print(f"| {label} | {ROWS:,} → {2 * ROWS:,} | {per_row['base']:.0f} | {per_row['this']:.0f} | {100 * change:+.1f}% |")


if __name__ == "__main__":
    main()
