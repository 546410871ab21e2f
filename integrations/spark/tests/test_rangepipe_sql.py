"""The Spark SQL passes against Python's own: each row's CSV line built in
the JVM is byte for byte what Python's csv module writes (and what its
reader reads back), rangepipe's missing values, and when a CSV file may
be read line by line; then the whole job on a file read in many splits."""

import csv
import gzip
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


def test_inputs_checked_in_one_job(spark, tmp_path):
    """Several inputs, each with its own dialect, get their line check from
    one aggregate: the answer per input is the one it gets alone."""
    texts = [LINE_CASES[c][0] for c in sorted(LINE_CASES)]
    inputs = []
    for i, text in enumerate(texts):
        path = tmp_path / ("f%d.csv" % i)
        path.write_bytes(text.encode("utf-8"))
        inputs.append((i, str(path), ",", '"'))
    semi = tmp_path / "semi.csv"
    semi.write_text("s;t;v\n'a;1';1;'it''s \"x\"'\n")
    inputs += [(len(texts), str(semi), ";", "'"), (len(texts) + 1, str(semi), ";", '"')]
    expected = {i: LINE_CASES[c][1] for i, c in enumerate(sorted(LINE_CASES))}
    expected.update({len(texts): True, len(texts) + 1: False})
    assert rangepipe_sql.inputs_read_by_line(spark, inputs) == expected
    # Shuffled indexes: the answers follow the index, not the position.
    assert rangepipe_sql.inputs_read_by_line(spark, [(7, str(semi), ";", '"'), (3, str(semi), ";", "'")]) \
        == {7: False, 3: True}


# Header rows that Spark's own reader (the row it reads first, header=False)
# and the sniffed head (Python's csv module) must split alike.
HEADERS = ['s,t,v', '"s","t","v"', 's,"a,b",v', '"say ""hi""",t,v', 's,,v', 's,t,', 's,t,v,,', '\ufeffs,t,v',
           '\ufeff"s",t', 's;t;v', 'é té,日本,😀', ' s , t ,v', 's\tt\tv', '"",t,v', 'a"b,t']


@pytest.mark.parametrize("index", range(len(HEADERS)))
@pytest.mark.parametrize("ending", ["\n", "\r\n"])
def test_header_from_the_head_is_sparks(spark, tmp_path, index, ending):
    """rangepipe_sniff.Head's header (the job names each file's columns from
    its sniffed head, with no pass over the rows) against Spark's CSV reader
    taking the same line as data: the same cells (Spark's null is an empty
    cell; a byte-order mark is no part of a name, as on one machine)."""
    import rangepipe_sniff
    header = HEADERS[index]
    delimiter = ";" if ";" in header else "\t" if "\t" in header else ","
    data = (header + ending + delimiter.join(["1"] * 3) + ending).encode("utf-8")
    path = tmp_path / "h.csv"
    path.write_bytes(data)
    first = spark.read.csv(str(path), header=False, sep=delimiter, quote='"', escape='"', inferSchema=False).first()
    sparks = ["" if c is None else c for c in first]
    if sparks and sparks[0].startswith("\ufeff"):
        sparks[0] = sparks[0][1:]
    assert rangepipe_sniff.Head(data, True, delimiter, '"').header == sparks


def test_no_pass_before_the_play_stage_sorts(spark, tmp_path):
    """The digest's facts are a hash aggregate of row ids (longs) per file
    split, and the rows they name are fetched by a broadcast semi-join:
    Spark sorts no row before the play stage's own shuffle (the minimum of
    a struct or a string is a SortAggregate, which sorts every row)."""
    import rangepipe_inputs
    path = tmp_path / "g.csv"
    gen_series.write_csv(path, gen_series.rows(50, seed=5))

    class Args:
        inputs, input_format, delimiter, series_column = [str(path)], "csv", None, "s"
    table = rangepipe_inputs.read(spark, Args, "s")
    try:
        plan = table.split_facts()._jdf.queryExecution().executedPlan().toString()
        assert "HashAggregate" in plan
        assert "SortAggregate" not in plan and "Sort [" not in plan
        assert len(table.shape().files) == 1
    finally:
        table.release()


def _python_shape(inputs):
    """The digest's facts by brute force: every record of every file read
    with Python's csv module and reduced with the stage's own file_facts
    and combine (what the JSON path does), keyed as Spark names files."""
    import rangepipe_detect
    reduced = {}
    for a, paths in enumerate(inputs):
        for path in paths:
            opener = gzip.open if str(path).endswith(".gz") else open
            with opener(path, "rt", newline="", encoding="utf-8-sig") as f:
                rows = list(csv.reader(f))
            header = rangepipe_records.unique_names(rows[0])
            for i, row in enumerate(rows[1:]):
                cells = list(zip(header, row))
                rec = ((a, "file:" + str(path)), (0, i), cells, dict(cells).get("s") or "")
                for key, value in rangepipe_detect.file_facts(rec):
                    reduced[key] = value if key not in reduced else rangepipe_detect.combine(reduced[key], value)
    return rangepipe_detect.Shape(list(reduced.items()))


def _summary(shape):
    """What the digest is made of, without the order values (Spark's are
    split offsets and row ids, the brute force's row numbers). Spark reads
    an empty cell as null: the digest writes both as an empty cell."""
    out = {}
    for file, entry in shape.files.items():
        out[file] = (shape.columns(file), {n: "" if v is None else v for n, v in entry["first"][1]},
                     {n: v[1][1] for n, v in entry["columns"].items()})
    return out, shape.min_key


@pytest.mark.parametrize("split_bytes", [None, "2048"])
@pytest.mark.parametrize("head_bytes", [None, 700, 40])
def test_facts_are_a_reduce_over_every_row(spark, tmp_path, monkeypatch, split_bytes, head_bytes):
    """The heads, the hash aggregate and the fetch give what reducing every
    record gives: per file its first record, and each column's first
    non-missing value where columns start missing at different rows (the
    first, the series column itself, one missing until far into the file,
    one in a single row, one never), over files read in many splits, two
    files of one input and a second input with its columns in another
    order. Heads of 256 KiB hold every file whole; of 700 bytes, some
    first values and not others; of 40, the header and no record."""
    import random
    import rangepipe_inputs
    import rangepipe_sniff
    if head_bytes:
        monkeypatch.setattr(rangepipe_sniff, "SAMPLE_BYTES", head_bytes)
    rng = random.Random(7)
    (tmp_path / "d").mkdir()

    def write(path, names, n, first_at):
        with open(path, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(names)
            for i in range(n):
                w.writerow([("NA" if i < first_at.get(c, 0) else ("" if c == "never" else
                             "s%02d" % rng.randrange(40) if c == "s" else "%d.%d" % (i, rng.randrange(9))))
                            for c in names])
    write(tmp_path / "d" / "one.csv", ["note", "s", "t", "v", "never"], 900, {"note": 30, "s": 3, "v": 700})
    write(tmp_path / "d" / "two.csv", ["note", "s", "t", "v", "never"], 400, {"note": 399, "v": 5})
    write(tmp_path / "three.csv", ["t", "v", "s", "extra", "one"], 300, {"extra": 250, "t": 1, "one": 299})
    if split_bytes:
        spark.conf.set("spark.sql.files.maxPartitionBytes", split_bytes)
    try:
        class Args:
            inputs = [str(tmp_path / "d"), str(tmp_path / "three.csv")]
            input_format, delimiter, series_column = "csv", None, "s"
        table = rangepipe_inputs.read(spark, Args, "s")
        try:
            if split_bytes:
                splits = table.split_facts().collect()
                assert len({(r["p"], r["b"]) for r in splits}) > 6
            got = _summary(table.shape())
        finally:
            table.release()
    finally:
        spark.conf.unset("spark.sql.files.maxPartitionBytes")
    expected = _summary(_python_shape([[tmp_path / "d" / "one.csv", tmp_path / "d" / "two.csv"],
                                       [tmp_path / "three.csv"]]))
    assert got == expected


# Files whose heads need reading as Spark reads the rest: quoted line
# breaks (the file is then read whole, and a head may be cut inside one),
# CRLF, a byte-order mark, and gzip (the head is decompressed).
AWKWARD = {
    "quoted line breaks": (b's,t,v,note\n' + b''.join(
        b's%d,%d,%s,"line\nbreak %d"\n' % (k % 3, k, b"NA" if k < 9 else b"%d.5" % k, k) for k in range(40)), "plain"),
    "CRLF": (b's,t,v,note\r\n' + b''.join(
        b's%d,%d,%s,%s\r\n' % (k % 3, k, b"" if k < 12 else b"%d.5" % k, b"n" if k == 30 else b"") for k in range(40)),
        "plain"),
    "byte-order mark": (b'\xef\xbb\xbfs,t,v\n' + b''.join(
        b's%d,%d,%s\n' % (k % 3, k, b"-" if k < 20 else b"%d" % k) for k in range(40)), "plain"),
    "gzip": (b's,t,v\n' + b''.join(b's%d,%d,%s\n' % (k % 3, k, b"?" if k < 25 else b"%d" % k) for k in range(40)),
             "gzip"),
}


@pytest.mark.parametrize("case", sorted(AWKWARD))
@pytest.mark.parametrize("head_bytes", [None, 30, 75, 150])
def test_facts_of_awkward_files_are_a_reduce(spark, tmp_path, monkeypatch, case, head_bytes):
    """The digest's facts where the head is not plain text cut at a line:
    the heads (of 256 KiB, 30, 75 and 150 bytes; 30 and 75 cut the quoted
    line break of the first and third record), the aggregate and the
    fetch give what reducing every record gives."""
    import rangepipe_inputs
    import rangepipe_sniff
    if head_bytes:
        monkeypatch.setattr(rangepipe_sniff, "SAMPLE_BYTES", head_bytes)
    data, kind = AWKWARD[case]
    path = tmp_path / ("f.csv.gz" if kind == "gzip" else "f.csv")
    path.write_bytes(gzip.compress(data) if kind == "gzip" else data)

    class Args:
        inputs, input_format, delimiter, series_column = [str(path)], "csv", None, "s"
    table = rangepipe_inputs.read(spark, Args, "s")
    try:
        got = _summary(table.shape())
        assert table.multi_line == {0: case == "quoted line breaks"}
    finally:
        table.release()
    assert got == _summary(_python_shape([[path]]))
