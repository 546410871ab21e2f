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
against the single-machine output. Results: bench-out/spark/results.json.
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
OUT = ROOT / "bench-out" / "spark"


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


def warm_up(spark, script):
    """One small job per session: Python workers, class loading."""
    data, out = OUT / "warm.csv", OUT / "warm-out"
    if not data.exists():
        gen_series.write_csv(data, gen_series.rows(1000))
    shutil.rmtree(out, ignore_errors=True)
    code = rangepipe_spark.run(spark, [str(script), str(data), "--output", str(out), "--rangepipe", BIN,
                                       "--series-column", "s", "--partitions", "2"], out=io.StringIO())
    if code != 0:
        raise SystemExit("bench-spark: the warm-up job failed (%d)" % code)
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
    """split: gets the last run's wall seconds per driver step (sniff,
    headers, facts, decide, play: the last is the whole play stage);
    profile: the last run's stages (see stages)."""
    counter = [0]

    def run():
        counter[0] += 1
        before = last_stage(spark) if profile is not None else None
        out = OUT / ("run-%d-%d" % (partitions, counter[0]))
        shutil.rmtree(out, ignore_errors=True)
        err, steps = io.StringIO(), _Shown()
        cpu, start = tree_cpu(), time.perf_counter()
        code = rangepipe_spark.run(spark, [str(script), str(data), "--output", str(out), "--rangepipe", BIN,
                                           "--series-column", "s", "--partitions", str(partitions)], out=err,
                                   timings=steps)
        # The job's own time: reading its output back to check it (2 GB at
        # 10^6 series, 10 s or more) is not part of it.
        measured = (time.perf_counter() - start, tree_cpu() - cpu)
        if split is not None:
            split.clear()
            split.update(steps)
        if profile is not None:
            profile[:] = stages(spark, before)
        if code != 0:
            raise SystemExit("bench-spark: the Spark job failed (%d): %s" % (code, err.getvalue()))
        got = b"".join(p.read_bytes() for p in sorted(out.glob("part-*")))
        if got != expected:
            raise SystemExit("bench-spark: Spark output differs from the single-machine run")
        shutil.rmtree(out)
        return measured
    return median_seconds(run, label)


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
    results = {"series": SERIES, "rows": len(table), "runs": RUNS}
    results["single_jobs2_s"] = single_machine(data, script, expected_path)
    expected = expected_path.read_bytes()
    results["frames"] = expected.count(b"\n")
    for cores in CORES:
        spark = session("local[%d]" % cores)
        try:
            split, profile = {}, []
            warm_up(spark, script)
            results["local%d_s" % cores] = spark_seconds(spark, data, script, 2 * cores, expected,
                                                         split=split, label="local%d_s" % cores, profile=profile)
            results["local%d_split_s" % cores] = split
            results["local%d_stages" % cores] = profile
            if cores == 2 and MANY:
                few = results["local2_s"]
                many = spark_seconds(spark, data, script, MANY, expected)
                results["local2_%d_partitions_s" % MANY] = many
                results["per_partition_ms"] = 1000 * (many - few) / (MANY - 4)
        finally:
            spark.stop()
    print("rangepipe on Spark: %d series, %d rows, %d frames (median of %d)"
          % (SERIES, len(table), results["frames"], RUNS))
    print("%-34s %10s %10s %14s" % ("job", "seconds", "CPU s", "series/s"))
    for label, key in (("one machine, play --all --jobs 2", "single_jobs2_s"),
                       ("Spark local[1], 2 partitions", "local1_s"),
                       ("Spark local[2], 4 partitions", "local2_s"),
                       ("Spark local[2], %d partitions" % MANY, "local2_%d_partitions_s" % MANY)):
        if key not in results:
            continue
        cpu = "%10.2f" % CPU_S[key] if key in CPU_S else "%10s" % "-"
        print("%-34s %10.2f %s %14.0f" % (label, results[key], cpu, SERIES / results[key]))
    if "per_partition_ms" in results:
        print("per-partition start-up (local[2]): %.1f ms" % results["per_partition_ms"])
    for cores in CORES:
        print("local[%d] split (s): " % cores
              + ", ".join("%s %.2f" % kv for kv in results["local%d_split_s" % cores].items()))
        print("local[%d] stages (id, call site, tasks, wall s, task s, task CPU s):" % cores)
        for row in results["local%d_stages" % cores]:
            print("  %3d %-44s %4d %8.2f %8.2f %8.2f" % tuple(row))
        print("local[%d] / one machine: %.1fx" % (cores, results["local%d_s" % cores] / results["single_jobs2_s"]))
    results["cpu_s"] = CPU_S
    (OUT / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print("written: %s" % (OUT / "results.json"))


if __name__ == "__main__":
    main()
