#!/usr/bin/env python3
"""`make bench-jobs`: ingest with `--jobs 1` against `--jobs N` (default
2) on the bench's ts.csv and num.csv, runs taken in turn (1 N 1 N ...),
medians of BENCH_RUNS, wall and CPU, and the speed-up by wall.

A third row reads ts.csv cut into FILES files (each under the 8 MiB a
file must have to be cut into pieces, so the files themselves are what
runs at once: later ones parsed ahead while one is read in its turn).

Then the share of a row's instructions outside the parallel parse,
counted by callgrind with `--jobs 1` at BENCH_IR_ROWS and twice as many
rows (the difference is one row's cost; start-up and sniffing cancel):
instructions inside what runs in parallel (the reader's read: parse,
convert, append; building and digesting series ahead of the writes;
see PARSE_SYMBOLS) over the whole process's. Amdahl's law turns that share s into the
speed-up a machine with C cores could reach: 1 / (s + (1 - s) / C).

Environment: BENCH_ROWS [10^7], BENCH_RUNS [3], BENCH_JOBS [2],
BENCH_IR_ROWS [200000; 0 leaves out the instruction counts], BENCH_FILES [64].
"""
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import bench
from benchlib import fresh, measure

JOBS = int(os.environ.get("BENCH_JOBS", 2))
IR_ROWS = int(os.environ.get("BENCH_IR_ROWS", 200_000))
FILES = int(os.environ.get("BENCH_FILES", 64))
# What `--jobs N` runs on several threads: the reader's read over a file
# (the pieces), the series of a grouped file built and digested ahead of
# the writes (`SeriesAhead.build`, on N - 1 threads), and a long series'
# digest made beside its chunks' writes (`SeriesStore.digestAside`, on
# one thread: for a one-series file, so what it overlaps is that
# series' write, which takes longer). The readers by whole mangled names
# (ending in the function's type), so the closures nested in them, whose
# names extend these, do not toggle collection off again; the other two
# by prefix, as their names end in a specialisation suffix: a closure
# of theirs the compiler kept apart would be left out, so the share
# outside could only read high.
PARSE_SYMBOLS = ["*9CSVReaderV4read*_4into11speculativeSiAA11InputSourceC_AA10RecordSink_pAA11SplitCancelCSgtKF",
                 "*10JSONReaderV9readLines*_9slotNames11speculativeSiAA11InputSourceC_AA10RecordSink_pSaySSGAA11SplitCancelCSgtKF",
                 "*11SeriesAheadV5build*", "*11SeriesStoreC11digestAside*"]


def ingest_args(path, long_format, store, jobs, binary=None):
    paths = path if isinstance(path, list) else [path]
    args = [binary or bench.RANGEPIPE, "ingest", *paths, "--store", store, "--quiet", "--jobs", str(jobs)]
    return args + (["--series-column", "series"] if long_format else ["--time-format", "epoch-ms"])


def parse_share(binary, path, long_format, work):
    """(instructions in the reader's read, all instructions), --jobs 1."""
    store, out = work / "ir.sqlite", work / "callgrind.out"
    fresh(store)
    toggles = [f"--toggle-collect={s}" for s in PARSE_SYMBOLS]
    whole = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + str(out)]
                           + [str(a) for a in ingest_args(path, long_format, store, 1, binary)], capture_output=True, text=True)
    fresh(store)
    parse = subprocess.run(["valgrind", "--tool=callgrind", "--collect-atstart=no", "--callgrind-out-file=" + str(out)]
                           + toggles + [str(a) for a in ingest_args(path, long_format, store, 1, binary)],
                           capture_output=True, text=True)
    fresh(store)

    def refs(run):
        lines = [ln for ln in run.stderr.splitlines() if "Collected :" in ln]
        if run.returncode != 0 or not lines:
            sys.exit(f"bench-jobs: callgrind failed:\n{run.stderr[-800:]}")
        return int(lines[-1].split(":")[1].strip())
    return refs(parse), refs(whole)


def cut_into_files(path, count, work):
    """`path` as `count` CSV files of about equal rows, each with the header."""
    with open(path, "rb") as f:
        header = f.readline()
        rows = f.readlines()
    per = -(-len(rows) // count)
    out = []
    for k in range(count):
        part = work / f"part{k:03d}.csv"
        with open(part, "wb") as f:
            f.write(header)
            f.writelines(rows[k * per:(k + 1) * per])
        out.append(part)
    return out


def main():
    bench.build_tools()
    print(f"| file | --jobs 1 wall | --jobs 1 CPU | --jobs {JOBS} wall | --jobs {JOBS} CPU | speed-up (wall) |")
    print("| --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        store = work / "s.sqlite"
        cases = [(bench.data("ts", bench.ROWS), True), (bench.data("num", bench.ROWS), False),
                 (cut_into_files(bench.data("ts", bench.ROWS), FILES, work), True)]
        for path, long_format in cases:
            runs = {1: [], JOBS: []}
            for _ in range(bench.RUNS):
                for jobs in (1, JOBS):
                    fresh(store)
                    runs[jobs].append(measure([str(a) for a in ingest_args(path, long_format, store, jobs)]))
            fresh(store)
            med = {j: {k: statistics.median(m[k] for m in runs[j]) for k in ("wall_s", "cpu_s")} for j in runs}
            name = f"ts.csv in {len(path)} files" if isinstance(path, list) else path.name
            print(f"| {name} | {med[1]['wall_s']:.2f} s | {med[1]['cpu_s']:.2f} s | {med[JOBS]['wall_s']:.2f} s "
                  f"| {med[JOBS]['cpu_s']:.2f} s | {med[1]['wall_s'] / med[JOBS]['wall_s']:.2f}x |")
        if IR_ROWS == 0:
            return  # BENCH_IR_ROWS=0: the timings only
        stripped = work / "rangepipe"
        subprocess.run(["strip", "--strip-debug", "-o", stripped, bench.RANGEPIPE], check=True)
        print(f"\n| file | instructions a row | in parallel | outside | speed-up this allows on 2 / 16 cores |")
        print("| --- | --- | --- | --- | --- |")
        for kind, long_format in [("ts", True), ("num", False)]:
            # A row's share: the difference between two sizes, so start-up and sniffing cancel.
            (p1, w1), (p2, w2) = (parse_share(stripped, bench.data(kind, n), long_format, work) for n in (IR_ROWS, 2 * IR_ROWS))
            parse, whole = (p2 - p1) / IR_ROWS, (w2 - w1) / IR_ROWS
            s = 1 - parse / whole
            print(f"| {kind}.csv | {whole:,.0f} | {parse:,.0f} | {100 * s:.1f}% "
                  f"| {1 / (s + (1 - s) / 2):.2f}x / {1 / (s + (1 - s) / 16):.1f}x |")

if __name__ == "__main__":
    main()
