"""The Spark SQL passes against Python's own: each row's CSV line built in
the JVM is byte for byte what Python's csv module writes (and what its
reader reads back), rangepipe's missing values, and when a CSV file may
be read line by line; then the whole job on a file read in many splits."""

import csv
import io
import sys

import pytest

from conftest import SPARK_DIR, on_spark, single

sys.path.insert(0, str(SPARK_DIR))
import gen_series  # noqa: E402
import rangepipe_records  # noqa: E402
import rangepipe_sql  # noqa: E402

# Cells that need quoting and cells that must stay verbatim (numbers' text
# is never re-formatted).
CELLS = ["plain", "", None, "a,b", 'say "hi"', '"', '""', "line\nbreak", "cr\rinside", "crlf\r\nend",
         " lead", "trail ", "\tTab", "1e5", "-0.0", "007", "1,5", "3.14159265358979323846", "\u00e9t\u00e9",
         "\u65e5\u672c,\u8a9e", "emoji \U0001F600", "semi;colon", "x'y", "\u2028sep", "NA", "\\back\\slash",
         "$1", "a$0b"]


def writer_line(cells, delimiter):
    """Python's csv module, QUOTE_MINIMAL, CRLF terminator (so CR and LF
    are quoted), the CRLF then replaced by LF."""
    buf = io.StringIO()
    csv.writer(buf, delimiter=delimiter, lineterminator="\r\n").writerow(["" if c is None else c for c in cells])
    return buf.getvalue()[:-2] + "\n"


def jvm_lines(spark, rows, width, delimiter=","):
    from pyspark.sql import functions as F
    names = ["c%d" % i for i in range(width)]
    df = spark.createDataFrame([(i, *r) for i, r in enumerate(rows)], ", ".join(["i int"] + [n + " string" for n in names]))
    line = rangepipe_sql.csv_line([F.col(n) for n in names], delimiter).alias("line")
    return [r["line"] for r in df.select("i", line).orderBy("i").collect()]


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"])
def test_csv_line_is_pythons(spark, delimiter):
    """Every cell beside every other, and each alone in a record of one
    field (an empty one is written `""`)."""
    pairs = [(a, b) for a in CELLS for b in CELLS[:9]]
    got = jvm_lines(spark, pairs, 2, delimiter)
    assert got == [writer_line(p, delimiter) for p in pairs]
    singles = [(c,) for c in CELLS]
    assert jvm_lines(spark, singles, 1, delimiter) == [writer_line(c, delimiter) for c in singles]
    # The job's own Python writer (header line, JSON input) agrees.
    assert [rangepipe_records.csv_line(p, delimiter) for p in pairs] == got
    # Python's reader gives the cells back (None as an empty field).
    for cells, text in zip(pairs, got):
        back = next(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
        assert back == ["" if c is None else c for c in cells]


def test_missing_is_rangepipes(spark):
    from pyspark.sql import functions as F
    cells = CELLS + ["na", " N/A ", "nan", "NULL", "Nil", "#n/a", "-", "?", ".", " \t ", "-1", "..", "n a", "nA\t",
                     "NA\n", "\nna", " -\r", "null?", "nil.", "\u212aNA"]
    df = spark.createDataFrame([(i, c) for i, c in enumerate(cells)], "i int, c string")
    got = [r["m"] for r in df.select("i", rangepipe_sql.missing(F.col("c")).alias("m")).orderBy("i").collect()]
    assert got == [rangepipe_records.is_missing(c) for c in cells]
    assert got.count(True) == 14  # None, "", NA and the eleven above (not "-1", "..", "n a")


LINE_CASES = {
    "plain": ("s,t,v\na,1,2\nb,2,3\n", True),
    "quoted, closed on the line": ('s,t,v\n"a,1","say ""hi""",2\nb,"",3', True),
    "CRLF": ("s,t,v\r\na,1,2\r\n", True),
    "byte-order mark": ("\ufeffs,t,v\na,1,2\n", True),
    "empty line": ("s,t,v\na,1,2\n\nb,2,3\n", True),
    "quoted LF": ('s,t,v\na,1,"x\ny"\n', False),
    "quoted CR": ('s,t,v\na,1,"x\ry"\n', False),
    "bare CR": ("s,t,v\na,1,x\ry\n", False),
    "blank line": ("s,t,v\na,1,2\n  \nb,2,3\n", False),
    "quote inside a bare field": ('s,t,v\na,1,x"y\n', False),
    "unclosed quote": ('s,t,v\na,1,"xy\n', False),
}


@pytest.mark.parametrize("case", sorted(LINE_CASES))
def test_lines_are_records(spark, tmp_path, case):
    text, expected = LINE_CASES[case]
    path = tmp_path / "f.csv"
    path.write_bytes(text.encode("utf-8"))
    assert rangepipe_sql.lines_are_records(spark, str(path), ",", '"') is expected


def test_semicolon_and_single_quote_dialect(spark, tmp_path):
    path = tmp_path / "f.csv"
    path.write_text("s;t;v\n'a;1';1;'it''s \"x\"'\n")
    assert rangepipe_sql.lines_are_records(spark, str(path), ";", "'")
    assert not rangepipe_sql.lines_are_records(spark, str(path), ";", '"')  # a quote char in a bare field


@pytest.mark.parametrize("partitions", [1, 3])
def test_read_in_splits_byte_identical(spark, rangepipe, tmp_path, partitions):
    """A CSV file without multi-line cells is read line by line in many
    splits (the header row is in the first only); its bytes are one
    machine's, and so is a file with a quoted CR, which is read whole."""
    import rangepipe_inputs
    path = tmp_path / "g.csv"
    gen_series.write_csv(path, gen_series.rows(600, seed=3))
    script = tmp_path / "script.json"
    gen_series.write_script(script)
    spark.conf.set("spark.sql.files.maxPartitionBytes", "8192")
    try:
        splits = spark.read.csv(str(path)).rdd.getNumPartitions()
        assert splits > 3
        expected = single(rangepipe, script, [path], "--series-column", "s", "--format", "csv")
        assert expected.code == 0, expected.err
        got = on_spark(spark, rangepipe, tmp_path / "out", script, [path], "--series-column", "s", "--format", "csv",
                       "--partitions", str(partitions))
        assert got.code == 0, got.err
        assert got.data == expected.data
    finally:
        spark.conf.unset("spark.sql.files.maxPartitionBytes")

    class Args:
        inputs, input_format, delimiter, series_column = [str(path)], "csv", None, "s"
    assert rangepipe_inputs.read(spark, Args, "s").multi_line == {0: False}

    cr = tmp_path / "cr.csv"
    cr.write_bytes(b's,t,v,note\na,1,1,"x\ry"\nb,1,5,z\na,2,2,w\nb,2,6,"q\r"\n')
    expected = single(rangepipe, script, [cr], "--series-column", "s", "--format", "csv")
    assert expected.code == 0, expected.err
    got = on_spark(spark, rangepipe, tmp_path / "cr-out", script, [cr], "--series-column", "s", "--format", "csv",
                   "--partitions", str(partitions), "--tracks", "range,annotation,selector,points")
    expected = single(rangepipe, script, [cr], "--series-column", "s", "--format", "csv",
                      "--tracks", "range,annotation,selector,points")
    assert got.code == 0, got.err
    assert got.data == expected.data
    assert rangepipe_inputs.read(spark, type("A", (Args,), {"inputs": [str(cr)]}), "s").multi_line == {0: True}
