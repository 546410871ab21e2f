"""The play stage's hand-off: each partition's rows reach rangepipe as an
Arrow IPC stream of the cells (the default) or as CSV lines
(RANGEPIPE_SPARK_HANDOFF=csv). What rangepipe is sent is captured and
checked to be what it says it is; cells that CSV must quote, unicode,
empty and null cells give one machine's bytes either way; a bad row
fails the job with rangepipe's own line."""

import io
import json
import re
import subprocess
import sys

import pytest

from conftest import SPARK_DIR, on_spark, single

sys.path.insert(0, str(SPARK_DIR))
import gen_series  # noqa: E402
import rangepipe_records  # noqa: E402
import rangepipe_spark  # noqa: E402
import rangepipe_task  # noqa: E402
from test_rangepipe_spark import _generic_script  # noqa: E402

HANDOFFS = ["arrow", "csv"]


@pytest.fixture(params=HANDOFFS)
def handoff(request, monkeypatch):
    """Runs the test with each hand-off (the driver reads the variable)."""
    monkeypatch.setenv("RANGEPIPE_SPARK_HANDOFF", request.param)
    return request.param


# ------------------------------------------------------------ no Spark

class _Args:
    format, on_series_error = "ndjson", "fail"
    timezone = duplicates = fps = tracks = time_format = input_time_format = None


def test_play_command_by_handoff():
    arrow = rangepipe_spark.play_command("rp", "S", _Args, "s", "t", ["v", "w"], "time", ["--decimal-comma"],
                                         "arrow")
    assert arrow[:8] == ["rp", "play", "S", "--input", "-", "--input-format", "arrow", "--all"]
    assert "--delimiter" not in arrow and "--header" not in arrow and "csv" not in arrow
    csv_cmd = rangepipe_spark.play_command("rp", "S", _Args, "s", "t", ["v", "w"], "time", ["--decimal-comma"],
                                           "csv")
    assert csv_cmd[:8] == ["rp", "play", "S", "--input", "-", "--input-format", "csv", "--all"]
    assert csv_cmd[8:11] == ["--delimiter", ",", "--header"]
    # Everything after the input's own flags is the same.
    assert arrow[8:] == csv_cmd[11:]
    assert "--decimal-comma" in arrow and arrow[arrow.index("--y") + 1] == "v,w"


def test_handoff_is_chosen_by_the_environment(monkeypatch):
    monkeypatch.delenv("RANGEPIPE_SPARK_HANDOFF", raising=False)
    assert rangepipe_spark.handoff() == "arrow"  # the shipped default
    for name in HANDOFFS:
        monkeypatch.setenv("RANGEPIPE_SPARK_HANDOFF", name.upper())
        assert rangepipe_spark.handoff() == name
    monkeypatch.setenv("RANGEPIPE_SPARK_HANDOFF", "parquet")
    err = io.StringIO()
    assert rangepipe_spark.run(None, ["s.json", "in.csv", "--output", "o"], out=err) == 64
    assert "RANGEPIPE_SPARK_HANDOFF=parquet" in err.getvalue()


def _keyed_batch(keys, *columns):
    import pyarrow as pa
    return pa.RecordBatch.from_arrays([pa.array(keys, pa.string())] + [pa.array(c, pa.string()) for c in columns],
                                      names=["k"] + ["c%d" % i for i in range(len(columns))])


def test_arrow_segments_drop_k_and_slice_by_group():
    """The cells go on under the header's names, k left out; with several
    command groups a batch is cut into runs of one group (zero-copy
    slices), each with its first series name."""
    schema = rangepipe_task.arrow_schema(["s", "t", ""])
    batch = _keyed_batch(["a", "a", "b", "c", "c"], ["a", "a", "b", "c", "c"], ["1", None, "x,y", "\u00e9", ""],
                         ["q", "r", None, "s", "t"])
    one = list(rangepipe_task._arrow_segments([batch, batch.slice(0, 0)], {}, schema))
    assert [(g, k) for g, k, _ in one] == [(0, "a")]
    cells, keys = one[0][2]
    assert cells.schema == schema and cells.to_pydict() == {
        "s": ["a", "a", "b", "c", "c"], "t": ["1", None, "x,y", "\u00e9", ""], "": ["q", "r", None, "s", "t"]}
    assert keys.to_pylist() == ["a", "a", "b", "c", "c"]
    runs = list(rangepipe_task._arrow_segments([batch], {"b": 1}, schema))
    assert [(g, k, r.num_rows, ks.to_pylist()) for g, k, (r, ks) in runs] == \
        [(0, "a", 2, ["a", "a"]), (1, "b", 1, ["b"]), (0, "c", 2, ["c", "c"])]
    assert runs[2][2][0].column(1).to_pylist() == ["\u00e9", ""]
    # A large_string batch (Spark's large variable types) is cast to the schema's type.
    import pyarrow as pa
    large = pa.RecordBatch.from_arrays([c.cast(pa.large_string()) for c in batch.columns], names=batch.schema.names)
    assert list(rangepipe_task._arrow_segments([large], {}, schema))[0][2][0].equals(cells)


def test_a_bad_rows_series_is_named():
    """rangepipe's `-:ROW:COL:` for an Arrow stream gets the row's series
    (from the last batches' names, run-length encoded as they were fed)."""
    from collections import deque
    import pyarrow as pa
    seen = deque(maxlen=2)
    sink = io.BytesIO()
    schema = rangepipe_task.arrow_schema(["s"])
    parts = []
    for names in (["a", "a", "b"], ["b", "c"], ["d", "d", "e\u00e9"]):
        keys = pa.array(names)
        parts.append((pa.RecordBatch.from_arrays([keys], schema=schema), keys))
    rangepipe_task._arrow_feed(schema)(sink, parts, seen)
    assert pa.ipc.open_stream(sink.getvalue()).read_all().num_rows == 8
    line = "rangepipe: error: -:%d:2: missing x value ('t')"
    assert rangepipe_task.naming_the_series(line % 5, seen, 3) == \
        line % 5 + " (row 5 of partition 3's stream: series 'c')"
    assert rangepipe_task.naming_the_series(line % 8, seen, 0) == \
        line % 8 + " (row 8 of partition 0's stream: series 'e\u00e9')"
    assert rangepipe_task.naming_the_series(line % 2, seen, 0) == line % 2  # no longer kept
    assert rangepipe_task.naming_the_series(line % 9, seen, 0) == line % 9
    other = "rangepipe: error: series 's0042': needs at least 2 points"
    assert rangepipe_task.naming_the_series(other, seen, 0) == other


# Cells CSV must quote or keeps verbatim: rangepipe reads them alike from
# either stream. (series, x label, value, note) rows; None is a SQL null.
TRICKY = [
    ("a,b", "Q1", "1.5", "plain"),
    ("a,b", 'say "hi"', "", 'q"r'),
    ("a,b", "two\nlines", "2", "x\r\ny"),
    ("a,b", "cr\rin", None, None),
    ('q"r', "\u00e9t\u00e9", " 3 ", ""),
    ('q"r', "\U0001F600", "NA", "\u65e5\u672c,\u8a9e"),
    ('q"r', " sp ", "1e3", " lead"),
    ("\u65e5\u672c", "Q1", "-0.0", "\u2028"),
    ("\u65e5\u672c", "a,b", "007", "$1"),
    ("\u65e5\u672c", "Q1", "4", "later Q1 wins"),
    ("line\nbreak", "Q1", "5", "\\back\\slash"),
    ("line\nbreak", "Q2", "6", ""),
    ("\u00df", "", "7", "missing x label: not in the file below"),
]
HEADER = ["s", "t", "v", "note"]


def _rows(with_missing_x=False):
    return [r for r in TRICKY if with_missing_x or r[1] != ""]


def _arrow_stream(names, rows):
    import pyarrow as pa
    schema = rangepipe_task.arrow_schema(names)
    batch = pa.RecordBatch.from_arrays([pa.array([r[i] for r in rows], pa.string()) for i in range(len(names))],
                                       schema=schema)
    sink = io.BytesIO()
    keys = batch.column(0)
    rangepipe_task._arrow_feed(schema)(sink, [(batch.slice(0, 4), keys.slice(0, 4)), (batch.slice(4), keys.slice(4))],
                                       [])
    return sink.getvalue()


def _csv_stream(names, rows):
    return (rangepipe_records.csv_line(names) + "".join(rangepipe_records.csv_line(r) for r in rows)).encode()


def _play(rangepipe, script, stream, handoff, *options):
    cmd = rangepipe_spark.play_command(rangepipe, str(script), type("A", (_Args,), {"format": "csv"}), "s", "t",
                                       ["v"], "category", (), handoff)
    run = subprocess.run(cmd + list(options), input=stream, capture_output=True)
    return run.returncode, run.stdout, run.stderr.decode()


def test_streams_read_alike(rangepipe, tmp_path):
    """The commands the job runs, given the same cells as an Arrow stream
    and as the CSV the CSV hand-off writes: the same bytes out (series and
    category labels with delimiters, quotes, line breaks, unicode; values
    empty, null, blank-padded, NA; a null and an empty cell alike)."""
    script = tmp_path / "script.json"
    gen_series.write_script(script)
    names = HEADER
    arrow = _arrow_stream(names, _rows())
    assert arrow[:4] == b"\xff\xff\xff\xff"
    got = _play(rangepipe, script, arrow, "arrow", "--tracks", "range,annotation,selector,points")
    expected = _play(rangepipe, script, _csv_stream(names, _rows()), "csv", "--tracks",
                     "range,annotation,selector,points")
    assert expected[0] == 0, expected[2]
    assert got == expected
    assert "\u65e5\u672c".encode() in got[1] and b'"line\nbreak"' in got[1]
    # Null and empty are one missing cell.
    as_empty = [tuple("" if c is None else c for c in r) for r in _rows()]
    assert _play(rangepipe, script, _arrow_stream(names, as_empty), "arrow")[1] == \
        _play(rangepipe, script, arrow, "arrow")[1]


def test_streams_fail_alike_on_a_bad_row(rangepipe, tmp_path):
    """A missing x label: both streams fail with exit 65 and rangepipe's
    message for the same row and column (the CSV stream counts lines,
    header included; the Arrow one rows)."""
    script = tmp_path / "script.json"
    gen_series.write_script(script)
    rows = _rows(with_missing_x=True)
    code, _, err = _play(rangepipe, script, _arrow_stream(HEADER, rows), "arrow")
    csv_code, _, csv_err = _play(rangepipe, script, _csv_stream(HEADER, rows), "csv")
    assert (code, csv_code) == (65, 65)
    row = len(rows)  # the last
    assert "rangepipe: error: -:%d:2: missing x value ('t')" % row in err, err
    # The CSV stream's line: after the header's and every line break in the records before it.
    line = 1 + len(re.findall("\r\n|\r|\n", _csv_stream(HEADER, rows[:-1]).decode()))
    assert line > row + 1
    assert "rangepipe: error: -:%d:2: missing x value ('t')" % line in csv_err, csv_err


# ------------------------------------------------------------ on Spark

def _tee_wrapper(rangepipe, tmp_path, name):
    """A stand-in binary that runs the real one and, for `play`, keeps a
    copy of its stdin in tmp_path/captured (a file per process)."""
    captured = tmp_path / "captured"
    captured.mkdir()
    wrapper = tmp_path / name  # its own name: Spark ships files by name
    wrapper.write_text('#!/bin/sh\nif [ "$1" = play ]; then\n'
                       '  f=$(mktemp "%s/stdin-XXXXXX")\n'
                       '  tee "$f" | "%s" "$@"\n  exit $?\nfi\nexec "%s" "$@"\n' % (captured, rangepipe, rangepipe))
    wrapper.chmod(0o755)
    return str(wrapper), captured


@pytest.mark.parametrize("series_column", [True, False])
def test_the_stream_is_arrow(spark, rangepipe, tmp_path, monkeypatch, series_column):
    """What rangepipe is sent, captured: with the CSV hand-off the header
    line and CSV lines; with the Arrow hand-off an IPC stream per process
    (the continuation marker first), its fields the names that header line
    carries, in order, every one a string, every row of the input once. The bytes
    out are one machine's either way. Without --series-column the files
    (each one series) take different commands, and the batches are cut
    by command."""
    import pyarrow as pa
    script = tmp_path / "script.json"
    if series_column:
        gen_series.write_script(script)
        inputs = [tmp_path / "g.csv"]
        table = gen_series.rows(300, seed=9)
        gen_series.write_csv(inputs[0], table)
        options, rows, names = ["--series-column", "s"], len(table), ["s", "t", "v", "note", "w"]
    else:
        script = _generic(tmp_path)
        inputs = [tmp_path / "one.csv", tmp_path / "two.csv"]
        inputs[0].write_text("day,level\n2024-01-01,3\n2024-01-02,4\n2024-01-03,5\n")
        inputs[1].write_text("quarter,sales\nQ1,10\nQ2,12\nQ3,9\nQ4,15\n")
        options, rows = [], 7
        names = ["day", "level", rangepipe_records.STEM_COLUMN, "quarter", "sales"]
    expected = single(rangepipe, script, inputs, *options)
    assert expected.code == 0, expected.err
    for name in ("csv", "arrow"):
        monkeypatch.setenv("RANGEPIPE_SPARK_HANDOFF", name)
        (tmp_path / name).mkdir()
        wrapper, captured = _tee_wrapper(rangepipe, tmp_path / name, "rangepipe-tee-%s-%d" % (name, series_column))
        got = on_spark(spark, wrapper, tmp_path / name / "out", script, inputs, *options, "--partitions", "3")
        assert got.code == 0, got.err
        assert got.data == expected.data
        streams = [p.read_bytes() for p in sorted(captured.iterdir())]
        assert len(streams) >= 2
        if name == "csv":
            header = rangepipe_records.csv_line(names).encode()
            assert all(s.startswith(header) for s in streams)
            import csv
            assert next(csv.reader(io.StringIO(streams[0].decode(), newline=""))) == names
            assert sum(s.count(b"\n") - 1 for s in streams) == rows
            assert not any(s.startswith(b"\xff\xff\xff\xff") for s in streams)
            continue
        total = 0
        for data in streams:
            assert data[:4] == b"\xff\xff\xff\xff"
            read = pa.ipc.open_stream(data).read_all()
            assert read.schema.names == names
            assert all(t == pa.string() for t in read.schema.types)
            total += read.num_rows
        assert total == rows


TRICKY_CSV_OPTIONS = ["--series-column", "s", "--x", "t", "--y", "v", "--axis", "category",
                      "--tracks", "range,annotation,selector,points"]


def _write_tricky_csv(path, rows, header=HEADER):
    import csv
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\r\n")  # CR and LF in cells quoted
        w.writerow(header)
        w.writerows([["" if c is None else c for c in r] for r in rows])


@pytest.mark.parametrize("fmt", ["csv", "ndjson"])
def test_tricky_cells_byte_identical(spark, rangepipe, tmp_path, handoff, fmt):
    """Series names and category labels holding delimiters, quotes, CR,
    LF and unicode, values empty, blank-padded and NA, a column with a
    blank name: read by Spark from CSV, handed off, played; one machine's
    bytes for 1 and 3 partitions."""
    script = tmp_path / "script.json"
    gen_series.write_script(script)
    path = tmp_path / "tricky.csv"
    _write_tricky_csv(path, [r[:2] + ("blank-named",) + r[2:] for r in _rows()], HEADER[:2] + [""] + HEADER[2:])
    for partitions in (1, 3):
        expected, _ = _same(spark, rangepipe, tmp_path / str(partitions), script, [path],
                            TRICKY_CSV_OPTIONS + ["--format", fmt], ["--partitions", str(partitions)])
    assert "\u65e5\u672c".encode() in expected.data


def test_json_nulls_and_empties_byte_identical(spark, rangepipe, tmp_path, handoff):
    """NDJSON cells that are null, "", absent, nested or numbers' text:
    each hand-off gives one machine's bytes on the same file."""
    script = tmp_path / "script.json"
    gen_series.write_script(script)
    lines = []
    for i, (s, t, v, note) in enumerate(_rows()):
        obj = {"s": s, "t": t, "v": None if v is None else (json.loads(v) if v in ("1.5", "2", "4") else v)}
        if note is not None:
            obj["note"] = note if i % 3 else {"nested": [note, None, 1.50]}
        lines.append(json.dumps(obj, ensure_ascii=i % 2 == 0))
    path = tmp_path / "tricky.ndjson"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for partitions in (1, 3):
        _same(spark, rangepipe, tmp_path / str(partitions), script, [path], TRICKY_CSV_OPTIONS,
              ["--partitions", str(partitions)])


def _same(spark, rangepipe, tmp_path, script, inputs, options, spark_options=(), code=0):
    expected = single(rangepipe, script, inputs, *options)
    assert expected.code == code, expected.err
    assert expected.data
    got = on_spark(spark, rangepipe, tmp_path / "out", script, inputs, *options, *spark_options)
    assert got.code == code, got.err
    assert got.data == expected.data
    return expected, got


def test_a_bad_row_fails_the_job_with_rangepipes_line(spark, rangepipe, tmp_path, monkeypatch, handoff):
    """A row without its x label (the last; the driver's sniff sees a head
    of 100 bytes, without it): the job exits 65 and prints rangepipe's
    line from the partition, which names the row in the partition's stream
    (Arrow: its row, counted from 1; CSV: its line) and the column."""
    import rangepipe_sniff
    monkeypatch.setattr(rangepipe_sniff, "SAMPLE_BYTES", 100)
    script = tmp_path / "script.json"
    gen_series.write_script(script)
    path = tmp_path / "bad.csv"
    _write_tricky_csv(path, _rows(with_missing_x=True))
    expected = single(rangepipe, script, [path], *TRICKY_CSV_OPTIONS)
    assert expected.code == 65 and "missing x value ('t')" in expected.err
    for partitions in (1, 3):
        got = on_spark(spark, rangepipe, tmp_path / str(partitions), script, [path], *TRICKY_CSV_OPTIONS,
                       "--partitions", str(partitions))
        assert got.code == 65, got.err
        line = got.err.strip().splitlines()[-1]
        assert line.startswith("rangepipe_spark: error: partition "), got.err
        assert ": rangepipe: error: -:" in line and "missing x value ('t')" in line, line
        if handoff == "arrow":  # the row's series is said after it
            assert re.search(r": rangepipe: error: -:(\d+):2: missing x value \('t'\) "
                             r"\(row \1 of partition \d+'s stream: series '\u00df'\)$", line), line


def test_padded_header_names(spark, rangepipe, tmp_path, handoff):
    """Header names with spaces and tabs around them: rangepipe's CSV
    reader trims them, its Arrow reader takes field names as they are, so
    the Arrow hand-off names its fields trimmed (header_names); x and the
    fields the driver decides are found either way."""
    assert rangepipe_task.header_names(["\tt ", " v  ", "w", " a b ", ""]) == ["t", "v", "w", "a b", ""]
    path = tmp_path / "padded.csv"
    path.write_text("\tt , v ,w\n" + "".join("2024-01-%02d,%d,%d\n" % (day, day * 3, day % 3) for day in range(1, 9)))
    for flags in ([], ["--x", "t", "--y", "v"]):
        _same(spark, rangepipe, tmp_path / str(len(flags)), _generic(tmp_path), [path], flags + TRACKS,
              ["--partitions", "2"])


TRACKS = ["--tracks", "range,annotation,selector,points"]


def _generic(tmp_path):
    return _generic_script(tmp_path)
