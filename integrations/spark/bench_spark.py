"""make bench-spark: the Spark stage against one machine.

Plays BENCH_SPARK_SERIES (default 10^4) generated series (gen_series.py)
with the single-machine `rangepipe play --all --jobs 2`, then with the Spark
job in local[1] and local[2] (one SparkSession each, started before timing,
so JVM start-up is not counted; the job's detection pass is). Each figure is
the median of BENCH_RUNS (default 3). The per-partition start-up cost is the
slope of the local[2] job's time between 4 and BENCH_SPARK_MANY (default
32; 0 skips it) partitions over the same data. BENCH_SPARK_CORES (default
"1,2") picks the local[N] sessions; BENCH_SPARK_DRIVER_MEMORY (default 1g,
Spark's own default) the driver's heap, which in local mode holds the
executors too (10^6 series need more). The warm-up job per session plays a
small file (10^3 series), not the measured one. Every Spark run's bytes are checked (after its time is taken)
against the single-machine output. Results: bench-out/spark/results.json
(BENCH_SPARK_OUT: another directory, which the bench empties first).

BENCH_SPARK_HANDOFFS (default: the job's own, see rangepipe_spark.handoff)
lists the play stage's hand-offs to time, e.g. "csv,arrow": in each session
every run takes them in turn (A B A B ...), each warmed up first, and each
gets its own figures (keys local2_csv_s, local2_arrow_s, ...; with one
hand-off the keys are as before). Every run's wall and CPU seconds and the
time it started are kept too (runs in results.json).
"""

import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import gen_series  # noqa: E402
import rangepipe_spark  # noqa: E402

SERIES = int(os.environ.get("BENCH_SPARK_SERIES", "10000"))
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
MANY = int(os.environ.get("BENCH_SPARK_MANY", "32"))
CORES = [int(c) for c in os.environ.get("BENCH_SPARK_CORES", "1,2").split(",")]
BIN = os.environ.get("RANGEPIPE_BIN", str(ROOT / ".build/release/rangepipe"))
HANDOFFS = [h.strip() for h in os.environ.get("BENCH_SPARK_HANDOFFS", "").split(",") if h.strip()] or \
    [rangepipe_spark.handoff()]
RUN_LOG = []  # every timed Spark run: label, hand-off, start (local time), wall s, CPU s
OUT = Path(os.environ.get("BENCH_SPARK_OUT", ROOT / "bench-out" / "spark"))  # emptied at the start


CPU_S = {}  # label: median CPU seconds of this process's tree (JVM, Python workers, rangepipe)


def tree_cpu():
    """User+system seconds of this process and its descendants, live and
    reaped (Linux /proc; Spark's reused Python workers are live)."""
    tick, children = os.sysconf("SC_CLK_TCK"), {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            fields = Path("/proc/%s/stat" % pid).read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append((int(pid), fields))
    own = os.times()
    total, stack = own.user + own.system + own.children_user + own.children_system, [os.getpid()]
    while stack:
        for pid, fields in children.get(stack.pop(), []):
            total += sum(int(x) for x in fields[11:15]) / tick
            stack.append(pid)
    return total


def median_seconds(fn, label=None):
    """The median wall seconds of RUNS calls of fn (and of their CPU, as
    CPU_S[label]). fn may return (wall, cpu) it measured itself, for the
    part of its work that is the job (not checking its output)."""
    times, cpus = [], []
    for _ in range(RUNS):
        cpu, start = tree_cpu(), time.perf_counter()
        own = fn()
        wall, used = time.perf_counter() - start, tree_cpu() - cpu
        if own is not None:
            wall, used = own
        times.append(wall)
        cpus.append(used)
    if label:
        CPU_S[label] = statistics.median(cpus)
    return statistics.median(times)


def single_machine(data, script, expected_path):
    def run():
        subprocess.run([BIN, "play", str(script), "--input", str(data), "--series-column", "s", "--all",
                        "--jobs", "2", "-o", str(expected_path)], check=True)
    return median_seconds(run, "single_jobs2_s")


def use_handoff(name):
    """The play stage's hand-off for the next rangepipe_spark.run (read on the driver)."""
    os.environ["RANGEPIPE_SPARK_HANDOFF"] = name


def warm_up(spark, script):
    """One small job per session and hand-off: Python workers, class loading."""
    data, out = OUT / "warm.csv", OUT / "warm-out"
    if not data.exists():
        gen_series.write_csv(data, gen_series.rows(1000))
    for handoff in HANDOFFS:
        use_handoff(handoff)
        shutil.rmtree(out, ignore_errors=True)
        code = rangepipe_spark.run(spark, [str(script), str(data), "--output", str(out), "--rangepipe", BIN,
                                           "--series-column", "s", "--partitions", "2"], out=io.StringIO())
        if code != 0:
            raise SystemExit("bench-spark: the warm-up job failed (%d, %s hand-off)" % (code, handoff))
        shutil.rmtree(out)


class _Shown(dict):
    """A run's split that prints each step as it ends (a long run stopped
    midway still shows where its time went)."""

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        print("bench-spark: %s %.2f s (%s)" % (key, value, time.strftime("%H:%M:%S")), flush=True)


def stages(spark, after=-1):
    """Spark's own record of each stage with an id above `after` (its status
    store, kept with the UI off): [id, call site, tasks, wall s, task run s,
    task CPU s], oldest first; where inside a driver step the time goes."""
    sc = spark.sparkContext
    store = sc._jsc.sc().statusStore()
    seq = store.stageList(None, False, False, sc._gateway.new_array(sc._jvm.double, 0), None)
    found = sc._jvm.scala.collection.JavaConverters.seqAsJavaList(seq)
    out = []
    for i in range(found.size()):
        s = found.get(i)
        if s.stageId() <= after or s.submissionTime().isEmpty() or s.completionTime().isEmpty():
            continue  # skipped stages (a shuffle's output reused) never ran
        wall = (s.completionTime().get().getTime() - s.submissionTime().get().getTime()) / 1000
        out.append([s.stageId(), s.name().split(" at ")[0] + " at " + s.name().rsplit("/", 1)[-1], s.numTasks(),
                    round(wall, 2), round(s.executorRunTime() / 1000, 2), round(s.executorCpuTime() / 1e9, 2)])
    return sorted(out)


def last_stage(spark):
    return max([s[0] for s in stages(spark)], default=-1)


def spark_seconds(spark, data, script, partitions, expected, split=None, label=None, profile=None):
    """{hand-off: median wall seconds} of RUNS runs of each of HANDOFFS,
    taken in turn (A B A B ...); CPU_S[label + "_" + hand-off] (or
    CPU_S[label] with one hand-off) gets the median CPU. split: gets the
    last run's wall seconds per driver step (sniff, headers, facts, decide,
    play: the last is the whole play stage), per hand-off; profile: the
    last run's stages (see stages), per hand-off."""
    counter = [0]

    def run(handoff):
        counter[0] += 1
        use_handoff(handoff)
        before = last_stage(spark) if profile is not None else None
        out = OUT / ("run-%d-%d" % (partitions, counter[0]))
        shutil.rmtree(out, ignore_errors=True)
        err, steps = io.StringIO(), _Shown()
        started = time.strftime("%H:%M:%S")
        cpu, start = tree_cpu(), time.perf_counter()
        code = rangepipe_spark.run(spark, [str(script), str(data), "--output", str(out), "--rangepipe", BIN,
                                           "--series-column", "s", "--partitions", str(partitions)], out=err,
                                   timings=steps)
        # The job's own time: reading its output back to check it (2 GB at
        # 10^6 series, 10 s or more) is not part of it.
        measured = (time.perf_counter() - start, tree_cpu() - cpu)
        RUN_LOG.append({"label": label or "local_%d_partitions" % partitions, "handoff": handoff, "start": started,
                        "wall_s": round(measured[0], 2), "cpu_s": round(measured[1], 2),
                        "play_s": round(steps.get("play", 0.0), 2)})
        print("bench-spark: %s hand-off, %d partitions: %.2f s wall, %.2f CPU s (started %s)"
              % (handoff, partitions, measured[0], measured[1], started), flush=True)
        if split is not None:
            split[handoff] = dict(steps)
        if profile is not None:
            profile[handoff] = stages(spark, before)
        if code != 0:
            raise SystemExit("bench-spark: the Spark job failed (%d): %s" % (code, err.getvalue()))
        got = b"".join(p.read_bytes() for p in sorted(out.glob("part-*")))
        if got != expected:
            raise SystemExit("bench-spark: Spark output differs from the single-machine run (%s hand-off)" % handoff)
        shutil.rmtree(out)
        return measured

    walls, cpus = {h: [] for h in HANDOFFS}, {h: [] for h in HANDOFFS}
    for _ in range(RUNS):
        for handoff in HANDOFFS:
            wall, cpu = run(handoff)
            walls[handoff].append(wall)
            cpus[handoff].append(cpu)
    if label:
        for handoff in HANDOFFS:
            CPU_S[_keyed(label, handoff)] = statistics.median(cpus[handoff])
    return {h: statistics.median(walls[h]) for h in HANDOFFS}


def _keyed(key, handoff):
    """A result's key: as before with one hand-off, else with the hand-off in it (local2_arrow_s)."""
    if len(HANDOFFS) == 1:
        return key
    return key[:-2] + "_%s_s" % handoff if key.endswith("_s") else "%s_%s" % (key, handoff)


def session(master):
    from pyspark.sql import SparkSession
    spark = (SparkSession.builder.master(master).appName("rangepipe-bench")
             .config("spark.sql.session.timeZone", "UTC").config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false")
             # The JVM starts with the session: its heap is set here or not at all.
             .config("spark.driver.memory", os.environ.get("BENCH_SPARK_DRIVER_MEMORY", "1g")).getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def main():
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    data, script, expected_path = OUT / "series.csv", OUT / "script.json", OUT / "expected.ndjson"
    table = gen_series.rows(SERIES)
    gen_series.write_csv(data, table)
    gen_series.write_script(script)
    results = {"series": SERIES, "rows": len(table), "runs": RUNS, "handoffs": HANDOFFS,
               "started": time.strftime("%Y-%m-%d %H:%M:%S %Z")}
    results["single_jobs2_s"] = single_machine(data, script, expected_path)
    expected = expected_path.read_bytes()
    results["frames"] = expected.count(b"\n")
    for cores in CORES:
        spark = session("local[%d]" % cores)
        try:
            split, profile = {}, {}
            warm_up(spark, script)
            label = "local%d_s" % cores
            medians = spark_seconds(spark, data, script, 2 * cores, expected, split=split, label=label,
                                    profile=profile)
            for handoff in HANDOFFS:
                results[_keyed(label, handoff)] = medians[handoff]
                results[_keyed("local%d_split_s" % cores, handoff)] = split[handoff]
                results[_keyed("local%d_stages" % cores, handoff)] = profile[handoff]
            if cores == 2 and MANY:
                many = spark_seconds(spark, data, script, MANY, expected)
                for handoff in HANDOFFS:
                    few = results[_keyed("local2_s", handoff)]
                    results[_keyed("local2_%d_partitions_s" % MANY, handoff)] = many[handoff]
                    results[_keyed("per_partition_ms", handoff)] = 1000 * (many[handoff] - few) / (MANY - 4)
        finally:
            spark.stop()
    print("rangepipe on Spark: %d series, %d rows, %d frames (median of %d; hand-offs: %s)"
          % (SERIES, len(table), results["frames"], RUNS, ", ".join(HANDOFFS)))
    print("%-42s %10s %10s %14s" % ("job", "seconds", "CPU s", "series/s"))
    rows = [("one machine, play --all --jobs 2", "single_jobs2_s")]
    for handoff in HANDOFFS:
        named = " (%s)" % handoff if len(HANDOFFS) > 1 else ""
        rows += [("Spark local[1], 2 partitions" + named, _keyed("local1_s", handoff)),
                 ("Spark local[2], 4 partitions" + named, _keyed("local2_s", handoff)),
                 ("Spark local[2], %d partitions%s" % (MANY, named), _keyed("local2_%d_partitions_s" % MANY, handoff))]
    for label, key in rows:
        if key not in results:
            continue
        cpu = "%10.2f" % CPU_S[key] if key in CPU_S else "%10s" % "-"
        print("%-42s %10.2f %s %14.0f" % (label, results[key], cpu, SERIES / results[key]))
    for handoff in HANDOFFS:
        key = _keyed("per_partition_ms", handoff)
        if key in results:
            print("per-partition start-up (local[2], %s): %.1f ms" % (handoff, results[key]))
    for cores in CORES:
        for handoff in HANDOFFS:
            named = " %s" % handoff if len(HANDOFFS) > 1 else ""
            print("local[%d]%s split (s): " % (cores, named)
                  + ", ".join("%s %.2f" % kv for kv in results[_keyed("local%d_split_s" % cores, handoff)].items()))
            print("local[%d]%s stages (id, call site, tasks, wall s, task s, task CPU s):" % (cores, named))
            for row in results[_keyed("local%d_stages" % cores, handoff)]:
                print("  %3d %-44s %4d %8.2f %8.2f %8.2f" % tuple(row))
            print("local[%d]%s / one machine: %.1fx" % (cores, named, results[_keyed("local%d_s" % cores, handoff)]
                                                       / results["single_jobs2_s"]))
    if len(HANDOFFS) > 1:
        print("runs in turn (label, hand-off, started, wall s, CPU s, play step s):")
        for r in RUN_LOG:
            print("  %-22s %-6s %s %8.2f %8.2f %8.2f" % (r["label"], r["handoff"], r["start"], r["wall_s"],
                                                        r["cpu_s"], r["play_s"]))
    results["cpu_s"] = CPU_S
    results["runs_in_turn"] = RUN_LOG
    (OUT / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print("written: %s" % (OUT / "results.json"))


if __name__ == "__main__":
    main()
