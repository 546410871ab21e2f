"""Tables as a whole: dictionaries across batches, an empty batch, Arrow
and CSV files in one ingest, the same string table as CSV and as Arrow,
header names, and a bad row's location and rejects line across batches."""

import datetime as dt
import io
import json
import re
from fractions import Fraction

import pyarrow as pa
import pyarrow.ipc as ipc
import pytest

from arrow_common import read_store
from arrow_helpers import (assert_as_csv_header, assert_store, canon, error_lines, ingest, needs_binary, read_back,
                           rejects_of, run, stored_points, write_arrow, write_csv)

pytestmark = needs_binary

# ------------------------------------------------------------------ dictionaries across batches

def _dict_batches(schema, batches_dicts):
    return [pa.record_batch([pa.array(range(k0, k0 + len(idx)), pa.int64()),
                             pa.DictionaryArray.from_arrays(pa.array(idx, pa.int8()), pa.array(d))], schema=schema)
            for k0, idx, d in batches_dicts]


DICT_SCHEMA = pa.schema([("x", pa.int64()), ("s", pa.dictionary(pa.int8(), pa.string()))])
DICT_PLAN = [(1, [0, 1, 0], ["a", "b"]), (4, [2, 1, None, 0], ["a", "b", "c"]), (8, [3, 3], ["a", "b", "c", "d"])]


@pytest.mark.parametrize("mode", ["delta-stream", "replacement-stream", "delta-file"])
def test_dictionary_deltas_as_series_with_values(tmp_path, mode):
    plan = DICT_PLAN if mode != "replacement-stream" else [
        (1, [0, 1, 0], ["a", "b"]), (4, [0, 1, None, 1], ["c", "b"]), (8, [0, 0], ["d"])]
    schema = DICT_SCHEMA.append(pa.field("v", pa.float64()))
    batches = [pa.record_batch(b.columns + [pa.array([float(x) * 2 for x in b.column(0).to_pylist()])], schema=schema)
               for b in _dict_batches(DICT_SCHEMA, plan)]
    sink = io.BytesIO()
    opts = ipc.IpcWriteOptions(emit_dictionary_deltas=(mode != "replacement-stream"))
    opener = ipc.new_file if mode.endswith("file") else ipc.new_stream
    try:
        with opener(sink, schema, options=opts) as w:
            for b in batches:
                w.write_batch(b)
    except pa.ArrowInvalid as e:
        pytest.skip("pyarrow cannot write it: %s" % e)
    path = tmp_path / ("d.arrow" if mode.endswith("file") else "d.arrows")
    path.write_bytes(sink.getvalue())
    got_table = read_back(sink.getvalue())
    assert got_table.column("s").to_pylist() == [None if i is None else d[i] for _, idx, d in plan for i in idx]
    rc, out, err = ingest(path.name, tmp_path / "d.sqlite", "--x", "x", "--y", "v", "--series-column", "s",
                          "--on-error", "skip", "--rejects", "r.txt", cwd=tmp_path)
    assert rc == 0, err
    want = {}
    for k0, idx, d in plan:
        for j, i in enumerate(idx):
            if i is not None:
                want.setdefault(d[i], {})[float(k0 + j)] = {"v": float(k0 + j) * 2}
    assert_store(tmp_path / "d.sqlite", want, "number", ["v"])
    assert [(r[1], r[2]) for r in rejects_of(tmp_path / "r.txt")] == [(6, 2)]


def test_dictionary_null_value_is_missing(tmp_path):
    """A dictionary whose value (not index) is null: a null entry, so a
    missing series name, at its row."""
    d = pa.DictionaryArray.from_arrays(pa.array([0, 1, 0, 2, 1], pa.int8()), pa.array(["a", None, "c"]))
    t = pa.table({"x": pa.array([1, 2, 3, 4, 5], pa.int64()), "s": d, "v": pa.array([1.0, 2.0, 3.0, 4.0, 5.0])})
    write_arrow(tmp_path / "t.arrows", t, "many")
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", "--x", "x", "--y", "v", "--series-column", "s",
                        "--on-error", "skip", "--rejects", "r.txt", cwd=tmp_path)
    assert rc == 0, err
    assert [(r[1], r[2]) for r in rejects_of(tmp_path / "r.txt")] == [(2, 2), (5, 2)]
    assert_store(tmp_path / "t.sqlite", {"a": {1.0: {"v": 1.0}, 3.0: {"v": 3.0}}, "c": {4.0: {"v": 4.0}}},
                       "number", ["v"])


def test_dictionary_of_integers_read_or_refused_never_garbled(tmp_path):
    """pandas' categorical of whole numbers is a dictionary of int64 (the
    contract names dictionaries of strings): its values, or a located bad row."""
    d = pa.DictionaryArray.from_arrays(pa.array([0, 1, 0, 1], pa.int8()), pa.array([1999, 2005], pa.int64()))
    t = pa.table({"x": pa.array([1, 2, 3, 4], pa.int64()), "s": d, "v": pa.array([1.0, 2.0, 3.0, 4.0])})
    write_arrow(tmp_path / "t.arrows", t)
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", "--x", "x", "--y", "v", "--series-column", "s",
                        cwd=tmp_path)
    if rc != 0:
        assert rc == 65 and "t.arrows:1:2:" in err, err
        return
    assert_store(tmp_path / "t.sqlite", {"1999": {1.0: {"v": 1.0}, 3.0: {"v": 3.0}},
                                         "2005": {2.0: {"v": 2.0}, 4.0: {"v": 4.0}}}, "number", ["v"])


def test_one_empty_batch_is_no_rows(tmp_path):
    t = pa.table({"x": pa.array([], pa.int64()), "v": pa.array([], pa.float64())})
    sink = io.BytesIO()
    with ipc.new_stream(sink, t.schema) as w:
        w.write_batch(pa.record_batch([pa.array([], pa.int64()), pa.array([], pa.float64())], names=["x", "v"]))
    reader = ipc.open_stream(pa.BufferReader(sink.getvalue()))
    reader.read_all()
    assert reader.stats.num_record_batches == 1  # one batch, no rows
    (tmp_path / "t.arrows").write_bytes(sink.getvalue())
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", cwd=tmp_path)
    assert_as_csv_header(tmp_path, rc, err, "t.arrows", ["x", "v"])


def test_several_files_arrow_and_csv_in_one_ingest(tmp_path):
    """Rows of one series from several files, Arrow and CSV, merged in file order."""
    write_csv(tmp_path / "a.csv", ["date", "v"], [["2020-01-0%d" % d, str(d)] for d in (1, 2, 3)])
    t = pa.table({"date": pa.array([dt.datetime(2020, 1, d) for d in (3, 4, 5)], pa.timestamp("s")),
                  "v": pa.array([30.0, 4.0, 5.0])})
    write_arrow(tmp_path / "b.arrow", t, file_format=True)
    rc, _, err = run(["ingest", "a.csv", "b.arrow", "--store", "s.sqlite", "--quiet", "--series", "m"], tmp_path)
    assert rc == 0, err
    day = 86400
    want = {"m": {Fraction(1577836800 + k * day): {"v": v} for k, v in enumerate([1.0, 2.0, 30.0, 4.0, 5.0])}}
    assert_store(tmp_path / "s.sqlite", want, "time", ["v"])


# ------------------------------------------------------------------ CSV and Arrow of one string table

STRING_TABLES = {
    "long-dates": (["date", "symbol", "price", "volume"],
                   [["2020-01-0%d" % d, s, "%d.%d" % (d * 10 + k, k), str(1000 * d + k) if (d + k) % 4 else ""]
                    for d in range(1, 10) for k, s in enumerate(["AAPL", "MSFT", "IBM"])]),
    "wide-numbers": (["t", "a", "b", "c"],
                     [[str(i), "%.3f" % (i * 0.1), "NA" if i % 5 == 0 else str(-i), "1e%d" % (i % 7)]
                      for i in range(40)]),
    "labels": (["quarter", "2012", "2013"], [["Q%d" % q, str(q * 1.5), str(q * 2)] for q in range(1, 5)]),
    "times-naive": (["ts", "temp"], [["2021-03-0%dT%02d:30:00" % (1 + h // 24, h % 24), "%.1f" % (h / 3)]
                                     for h in range(60)]),
}


@pytest.mark.parametrize("empty", ["null", "empty-string"])
@pytest.mark.parametrize("name", sorted(STRING_TABLES))
def test_csv_and_arrow_of_strings_store_the_same(tmp_path, name, empty):
    header, rows = STRING_TABLES[name]
    write_csv(tmp_path / "t.csv", header, rows)
    cols = list(zip(*rows))
    t = pa.table({h: pa.array([(None if empty == "null" else "") if c == "" else c for c in col], pa.string())
                  for h, col in zip(header, cols)})
    write_arrow(tmp_path / "t.arrows", t, "many")
    rc1, out1, err1 = ingest("t.csv", tmp_path / "csv.sqlite", "--json", cwd=tmp_path)
    rc2, out2, err2 = ingest("t.arrows", tmp_path / "arrow.sqlite", "--json", cwd=tmp_path)
    assert rc1 == 0, err1
    assert rc2 == 0, err2
    s1, a1 = stored_points(tmp_path / "csv.sqlite")
    s2, a2 = stored_points(tmp_path / "arrow.sqlite")
    assert a1 == a2
    assert canon(s1) == canon(s2)
    x1 = json.loads(out1)["files"][0]["x"]["column"]
    x2 = json.loads(out2)["files"][0]["x"]["column"]
    assert x1 == x2


def test_csv_and_arrow_long_format_detected_alike(tmp_path):
    """No flags: long-format detection sees the same cells."""
    header, rows = STRING_TABLES["long-dates"]
    write_csv(tmp_path / "t.csv", header, rows)
    t = pa.table({h: pa.array(list(col)) for h, col in zip(header, zip(*rows))})
    write_arrow(tmp_path / "t.arrow", t, "one", file_format=True)
    assert run(["ingest", "t.csv", "--store", "a.sqlite", "--quiet"], tmp_path)[0] == 0
    assert run(["ingest", "t.arrow", "--store", "b.sqlite", "--quiet"], tmp_path)[0] == 0
    sa, sb = read_store(tmp_path / "a.sqlite"), read_store(tmp_path / "b.sqlite")
    assert sorted(sa) == sorted(sb) == ["AAPL", "IBM", "MSFT"]
    for k in sa:
        assert sa[k]["x"] == sb[k]["x"] and sa[k]["fields"].keys() == sb[k]["fields"].keys()


def test_duplicate_and_blank_field_names_as_csv_headers(tmp_path):
    header = ["date", "v", "v", "", "w"]
    rows = [["2020-01-0%d" % i, str(i), str(i * 2), str(i * 3), str(i * 4)] for i in range(1, 6)]
    write_csv(tmp_path / "t.csv", header, rows)
    arrays = [pa.array(list(c)) for c in zip(*rows)]
    t = pa.Table.from_arrays(arrays, names=header)
    write_arrow(tmp_path / "t.arrows", t)
    assert run(["ingest", "t.csv", "--store", "a.sqlite", "--quiet", "--series", "t"], tmp_path)[0] == 0
    rc, _, err = run(["ingest", "t.arrows", "--store", "b.sqlite", "--quiet", "--series", "t"], tmp_path)
    assert rc == 0, err
    a, b = read_store(tmp_path / "a.sqlite"), read_store(tmp_path / "b.sqlite")
    assert a == b
    assert list(b["t"]["fields"]) == list(a["t"]["fields"])


# ------------------------------------------------------------------ bad rows

def _bad_row_table():
    xs = list(range(1, 21))
    vs = [str(i * 1.5) for i in xs]
    vs[12] = "abc"  # row 13: in the 5th batch of sizes 1,2,0,3,1,2,0,3,1,2,...
    return pa.table({"x": pa.array(xs, pa.int64()), "v": pa.array(vs)})


@pytest.mark.parametrize("batching", ["one", "many", "many-file"])
def test_bad_row_location_across_batches(tmp_path, batching):
    t = _bad_row_table()
    write_arrow(tmp_path / "t.arrows", t, batching)
    rc, out, err = run(["ingest", "t.arrows", "--store", "s.sqlite", "--quiet", "--x", "x", "--y", "v"], tmp_path)
    assert rc == 65, (rc, err)
    lines = error_lines(err)
    assert lines and re.search(r"(^|\s)t\.arrows:13:2: ", lines[0]), lines
    assert not (tmp_path / "s.sqlite").exists()


@pytest.mark.parametrize("batching", ["one", "many", "many-file"])
def test_bad_row_skipped_into_rejects(tmp_path, batching):
    t = _bad_row_table()
    write_arrow(tmp_path / "t.arrows", t, batching)
    rc, out, err = run(["ingest", "t.arrows", "--store", "s.sqlite", "--quiet", "--x", "x", "--y", "v",
                        "--on-error", "skip", "--rejects", "R.txt"], tmp_path)
    assert rc == 0, err
    rej = rejects_of(tmp_path / "R.txt")
    assert [(r[0], r[1], r[2]) for r in rej] == [("t.arrows", 13, 2)], rej
    assert rej[0][4] == ["13", "abc"], rej
    want = {"t": {float(i): {"v": i * 1.5} for i in range(1, 21) if i != 13}}
    assert_store(tmp_path / "s.sqlite", want, "number", ["v"])


def test_bad_row_in_a_typed_table(tmp_path):
    """A timestamp x column and a string value column with text in row 9."""
    n = 12
    t = pa.table({"ts": pa.array([i * 3600 for i in range(n)], pa.timestamp("s", tz="UTC")),
                  "flag": pa.array([True] * n), "v": pa.array([str(i) if i != 8 else "n/a?" for i in range(n)])})
    write_arrow(tmp_path / "t.arrows", t, "many")
    rc, out, err = run(["ingest", "t.arrows", "--store", "s.sqlite", "--quiet", "--y", "v"], tmp_path)
    assert rc == 65 and "t.arrows:9:3:" in err, (rc, err)

