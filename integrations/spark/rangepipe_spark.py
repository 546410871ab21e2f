#!/usr/bin/env python3
"""rangepipe as a stage of a Spark job.

    spark-submit integrations/spark/rangepipe_spark.py SCRIPT INPUT... --output DIR
        [--rangepipe PATH] [--partitions N] [--series-column C] [--x X] [--y A,B]
        [--input-format csv|ndjson|json|parquet] [--format ndjson|csv]
        [--on-series-error fail|skip] [ingest and play options, see --help]

Spark reads the input, keeps each series whole in one partition (range
partitioning on the series name), sorts each partition by series and then by
input order, and pipes it through `rangepipe play SCRIPT --input - --all` as
an Arrow IPC stream of the cells (with RANGEPIPE_SPARK_HANDOFF=csv in the
driver's environment: as CSV). The part files in DIR, concatenated in name
order, are the bytes `rangepipe play SCRIPT --input INPUT... --all` writes
on one machine. See README.md beside this file.
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import rangepipe_inputs  # noqa: E402
from rangepipe_detect import DetectError, decide  # noqa: E402
from rangepipe_records import STEM_COLUMN, csv_line, stem  # noqa: E402
from rangepipe_sniff import SniffError, sniff  # noqa: E402
from rangepipe_task import EXIT_SKIPPED, DictParam, header_names, make_player  # noqa: E402

# Modules the executors import (functions are pickled by reference to them).
SHIPPED = ("rangepipe_records.py", "rangepipe_inputs.py", "rangepipe_detect.py", "rangepipe_task.py",
           "rangepipe_sniff.py", "rangepipe_sql.py")

EXIT_USAGE = 64
EXIT_NO_INPUT = 66
EXIT_SPARK = 70       # Spark itself failed (EX_SOFTWARE)


class Usage(Exception):
    pass


class ArgumentParser(argparse.ArgumentParser):
    def error(self, message):
        raise Usage(message)


def parse_args(argv):
    p = ArgumentParser(prog="rangepipe_spark.py", description="Run `rangepipe play --all` as a Spark stage.")
    p.add_argument("script", help="the gesture script (JSON), read on the driver")
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="files, directories or URIs Spark reads")
    p.add_argument("--output", required=True, help="directory for the part files (must not exist)")
    p.add_argument("--rangepipe", help="the binary to ship to executors (default: `rangepipe` on their PATH)")
    p.add_argument("--partitions", type=int, help="partitions to play in (default: Spark's default parallelism)")
    p.add_argument("--series-column", help="long format: one series per distinct value (default: one per file)")
    p.add_argument("--x", help="x column")
    p.add_argument("--y", help="value columns, comma-separated")
    p.add_argument("--input-format", choices=["csv", "ndjson", "json", "parquet"],
                   help="default: by the first input's extension")
    p.add_argument("--delimiter", help="CSV field delimiter (default: sniffed per file, as on one machine)")
    p.add_argument("--decimal-comma", action="store_true", help="numbers are written 1,5 (default: sniffed)")
    p.add_argument("--thousands", action="store_true", help="commas group thousands (default: sniffed)")
    p.add_argument("--format", choices=["ndjson", "csv"], default="ndjson", help="output format")
    p.add_argument("--on-series-error", choices=["fail", "skip"], default="fail")
    # Passed through to every `rangepipe play` as given.
    for flag in ("--axis", "--input-time-format", "--timezone", "--duplicates"):
        p.add_argument(flag, help="ingest option, as for `rangepipe play --input`")
    for flag in ("--fps", "--tracks", "--time-format"):
        p.add_argument(flag, help="play option")
    args = p.parse_args(argv)
    if args.partitions is not None and args.partitions < 1:
        raise Usage("--partitions: expected 1 or more")
    if args.delimiter is not None:
        if len(args.delimiter.replace("\\t", "\t")) != 1:
            raise Usage("--delimiter: expected one character")
        args.delimiter = args.delimiter.replace("\\t", "\t")
    if args.decimal_comma and args.thousands:
        raise Usage("--decimal-comma and --thousands contradict each other")
    if args.input_format is None:
        args.input_format = format_by_extension(args.inputs[0])
    return args


def format_by_extension(path):
    name = path.lower().rstrip("/")
    for compressed in (".gz", ".bz2", ".zst", ".snappy", ".lz4", ".deflate"):
        if name.endswith(compressed):
            name = name[:-len(compressed)]  # Spark decompresses by the suffix
    for ext, fmt in ((".csv", "csv"), (".tsv", "csv"), (".ndjson", "ndjson"), (".jsonl", "ndjson"), (".json", "json"),
                     (".parquet", "parquet")):
        if name.endswith(ext):
            return fmt
    raise Usage("%s: cannot tell the format from the name; give --input-format" % path)


def ingest_options(args):
    """Ingest options for the digest (which keeps its repeated x: --duplicates
    applies to the partitions only)."""
    out = []
    if args.timezone is not None:
        out += ["--timezone", args.timezone]
    if args.input_time_format is not None:
        out += ["--input-time-format", args.input_time_format]
    if args.axis is not None:
        out += ["--axis", args.axis]
    if args.y is not None:
        out += ["--y", args.y]
    return out


def inspect_options(args):
    """The user's ingest flags, for `rangepipe inspect` on each file's head."""
    out = []
    for flag in ("series_column", "x", "delimiter", "axis", "timezone"):
        value = getattr(args, flag)
        if value is not None:
            out += ["--" + flag.replace("_", "-"), value]
    if args.input_time_format is not None:
        out += ["--input-time-format", args.input_time_format]
    return out + (["--decimal-comma"] if args.decimal_comma else []) + (["--thousands"] if args.thousands else [])


HANDOFFS = ("arrow", "csv")


def handoff():
    """How each partition's rows reach rangepipe: "arrow" (an Arrow IPC
    stream of the cells, the default) or "csv" (CSV lines built in the
    JVM); RANGEPIPE_SPARK_HANDOFF picks one (read on the driver)."""
    value = os.environ.get("RANGEPIPE_SPARK_HANDOFF", "").strip().lower() or HANDOFFS[0]
    if value not in HANDOFFS:
        raise Usage("RANGEPIPE_SPARK_HANDOFF=%s: expected %s" % (value, " or ".join(HANDOFFS)))
    return value


def play_command(binary, script, args, series_column, x_name, fields, axis, number_flags=(), handoff="csv"):
    if handoff == "arrow":
        # An Arrow IPC stream of string cells; its schema's names are the header.
        source = ["--input-format", "arrow"]
    else:
        # The CSV this job writes: comma, double quotes, a header row.
        source = ["--input-format", "csv", "--delimiter", ",", "--header"]
    cmd = [binary, "play", script, "--input", "-", source[0], source[1], "--all", *source[2:], *number_flags,
           "--series-column", series_column, "--x", x_name, "--y", ",".join(fields), "--axis", axis,
           "--format", args.format, "--on-series-error", args.on_series_error]
    for flag in ("timezone", "duplicates", "fps", "tracks", "time_format", "input_time_format"):
        value = getattr(args, flag)
        if value is not None:
            cmd += ["--" + flag.replace("_", "-"), value]
    return cmd


# ------------------------------------------------------------------ driver

def run(spark, argv, out=sys.stderr, timings=None):
    """The whole job on an existing SparkSession; returns the exit code.
    timings: a dict that gets each driver step's wall seconds (the bench's split)."""
    try:
        args = parse_args(argv)
        args.handoff = handoff()
    except Usage as e:
        out.write("rangepipe_spark: error: %s\n" % e)
        return EXIT_USAGE
    try:
        with open(args.script, encoding="utf-8") as f:
            script_text = f.read()
    except OSError as e:
        out.write("rangepipe_spark: error: %s: %s\n" % (args.script, e.strerror))
        return EXIT_NO_INPUT
    binary = args.rangepipe or "rangepipe"
    local_binary = binary if os.path.exists(binary) else _which(binary)
    if local_binary is None:
        out.write("rangepipe_spark: error: %s: no such binary (give --rangepipe PATH)\n" % binary)
        return EXIT_NO_INPUT
    sc = spark.sparkContext
    for name in SHIPPED:
        sc.addPyFile(os.path.join(HERE, name))
    try:
        return _job(spark, sc, args, script_text, local_binary, out, _Clock(timings))
    except DetectError as e:
        out.write("rangepipe_spark: error: %s\n" % e)
        return e.code
    except (rangepipe_inputs.InputError, SniffError) as e:
        out.write("rangepipe_spark: error: %s\n" % e)
        return e.code
    except Exception as e:  # noqa: BLE001 - Spark's errors arrive as Py4J/Analysis exceptions
        return _report_failure(e, out)


def _job(spark, sc, args, script_text, local_binary, out, clock):
    # Each file's dialect, x and number style, as one machine sniffs them.
    sniffed = sniff(spark, local_binary, args, inspect_options(args))
    clock.lap("sniff")
    # What one machine decides from a whole head (a time pattern, a long
    # format's series column) is given to the digest and every partition.
    if args.input_time_format is None and sniffed.time_format():
        args.input_time_format = sniffed.time_format()
    if args.series_column is None and sniffed.series_column():
        args.series_column = sniffed.series_column()
    series_column = args.series_column or STEM_COLUMN
    number_flags = sniffed.number_flags or \
        (["--decimal-comma"] if args.decimal_comma else []) + (["--thousands"] if args.thousands else [])
    table = rangepipe_inputs.read(spark, args, series_column, sniffed)
    try:
        clock.lap("headers")
        # Each file's first record and each column's first values (and the
        # smallest series name, which CSV output's header row goes with).
        shape = table.shape(min_key=args.format == "csv")
        clock.lap("facts")
        table.check_files(shape)
        stem_of = (lambda file: stem(file[1])) if args.series_column is None else None
        groups, key_group = decide(local_binary, shape, series_column, ingest_options(args) + number_flags, args.x,
                                   table.file_name, stem_of, sniffed.x_of)
        clock.lap("decide")
        columns = table.columns(shape)
        header_line = csv_line(columns)
        keyed = table.keyed(columns)  # DataFrame: k (series), a, f, b, m (input order), the cells
        partitions = args.partitions or sc.defaultParallelism
        ordered = keyed.repartitionByRange(partitions, "k").sortWithinPartitions("k", "a", "f", "b", "m")
        binary_name = None
        if args.rangepipe:
            sc.addFile(local_binary)
            binary_name = os.path.basename(local_binary)
        # Shipped: the task's SparkFiles copy; else `rangepipe` on each executor's PATH.
        # One command per decision (several only when files, each one series, differ).
        cmds = [play_command(local_binary if args.rangepipe else "rangepipe", "SCRIPT", args, series_column,
                             x_name, fields, axis, number_flags, args.handoff) for x_name, fields, axis in groups]
        report = sc.accumulator({}, DictParam())
        arrow = args.handoff == "arrow"
        player = make_player(cmds, key_group, script_text, header_line, shape.min_key, args.format == "csv",
                             args.on_series_error == "skip", binary_name, report,
                             names=header_names(columns) if arrow else None)
        # Rows reach the Python workers in Arrow batches and leave as chunks of
        # whole output lines, not one pickled record per row or frame. Arrow:
        # the cells as they are (rangepipe reads the batches); CSV: each row's
        # line, built in the JVM.
        from pyspark.sql import functions as F
        cells = [F.col("c%d" % i) for i in range(len(columns))] if arrow else [table.line(columns)]
        chunks = ordered.select("k", *cells).mapInArrow(player, "chunk string")
        # Written by the JVM (each chunk and a newline, part-NNNNN-... in
        # partition order), not through a Python RDD: the output does not
        # cross into Python a second time.
        chunks.write.text(args.output)
    finally:
        table.release()  # JSON input's persisted keyed rows
    clock.lap("play")
    skipped = [ln for _, lines in sorted(report.value.items()) for ln in lines]
    if skipped:
        for ln in skipped:
            out.write(ln + "\n")
        out.write("rangepipe_spark: skipped %d series (--on-series-error skip)\n" % len(skipped))
        return EXIT_SKIPPED
    return 0


class _Clock:
    """Wall seconds per step into a dict (or nowhere)."""

    def __init__(self, timings):
        import time
        self.now, self.timings = time.perf_counter, timings
        self.last = self.now()

    def lap(self, name):
        now = self.now()
        if self.timings is not None:
            self.timings[name] = self.timings.get(name, 0.0) + now - self.last
        self.last = now


def _which(name):
    for d in os.environ.get("PATH", "").split(os.pathsep):
        candidate = os.path.join(d, name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


_RANGEPIPE_FAILED = re.compile(r"rangepipe exited (\d+) in partition (\d+): ([^\n]*)")


def _report_failure(error, out):
    text = str(error)
    found = _RANGEPIPE_FAILED.search(text)
    if found:
        out.write("rangepipe_spark: error: partition %s: %s\n" % (found.group(2), found.group(3)))
        return int(found.group(1))
    for marker in ("RuntimeError: rangepipe_spark: bad input: ", "Malformed CSV record: "):
        if marker in text:
            detail = text[text.index(marker) + len(marker):].splitlines()[0]
            out.write("rangepipe_spark: error: %s%s\n" % ("" if "bad input" in marker else "malformed CSV record: ",
                                                          detail.strip()))
            return 65
    if "PATH_NOT_FOUND" in text or "Path does not exist" in text:
        line = next((ln for ln in text.splitlines() if "does not exist" in ln), text.splitlines()[0])
        out.write("rangepipe_spark: error: %s\n" % line.strip())
        return EXIT_NO_INPUT
    if "already exists" in text:
        out.write("rangepipe_spark: error: the output directory already exists\n")
        return 73
    first = next((ln for ln in text.splitlines() if ln.strip()), "Spark failed")
    out.write("rangepipe_spark: error: %s\n" % first.strip())
    return EXIT_SPARK


def main(argv=None):
    from pyspark.sql import SparkSession
    spark = (SparkSession.builder.appName("rangepipe")
             # Timestamps from Parquet are written as UTC text.
             .config("spark.sql.session.timeZone", "UTC").getOrCreate())
    try:
        code = run(spark, sys.argv[1:] if argv is None else argv)
    finally:
        spark.stop()
    sys.exit(code)


if __name__ == "__main__":
    main()
