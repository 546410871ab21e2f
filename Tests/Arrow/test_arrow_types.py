"""How each Arrow type becomes a cell (docs/ingest.md, "Arrow").

A generated type matrix (types_matrix.py): every type the contract reads x
(no nulls, some nulls, all null) x (one batch, many batches with an empty
one among them, in the stream and the file format, zero batches), with the
column as a value column (`--y`), as x (`--x`) and, for strings, as the
series column (`--series-column`). Each file is ingested into a temporary
store, the store is read back with sqlite3 and compared with what
pyarrow's `to_pylist()` of the column says the file holds, converted as the
contract says. Rows that must be bad (a missing x or series name, text in
a value column) are checked by their `FILE:ROW:COL:` location, ROW counted
from 1 across batches. Where the contract defines a cell by what CSV does
(a header and no rows, every x missing), the expectation is the same table
written with Python's csv module and ingested.

Then decimal128 against its CSV text, and the types ingest reads past.
"""

from decimal import Decimal

import pyarrow as pa
import pytest

from arrow_common import read_store
from arrow_helpers import (assert_as_csv_header, assert_store, csv_outcome, error_lines, expected_points, ingest,
                           needs_binary, read_back, rejects_of, run, stored_points, canon, write_arrow)
from types_matrix import as_number, as_x, clock_seconds, clock_seconds_of, matrix, table_for

pytestmark = needs_binary


@pytest.mark.parametrize("case,role,nulls,batching", matrix())
def test_type_matrix(tmp_path, case, role, nulls, batching):
    table, flags, col_pos = table_for(case, role, nulls)
    file_format = batching.endswith("-file")
    path = tmp_path / ("t.arrow" if file_format else "t.arrows")
    data = write_arrow(path, table, batching)
    assert read_back(data).num_rows == (0 if batching.startswith("zero") else table.num_rows)  # the generator
    store = tmp_path / "t.sqlite"
    rejects = tmp_path / "rejects.txt"
    if "--on-error" in flags:
        flags = flags + ["--rejects", str(rejects)]
    rc, out, err = ingest(path.name, store, *flags, cwd=tmp_path)
    assert rc not in (-11, -6, -4, 70, 71), "crashed: exit %d\n%s" % (rc, err)
    if batching.startswith("zero"):
        # A schema and no batches: a header and no rows, as the same header in a CSV file.
        assert_as_csv_header(tmp_path, rc, err, path.name, table.column_names, flags)
        return
    cells = case.exact(table.column(col_pos - 1).combine_chunks())
    if role == "value":
        _check_value_column(case, path, store, rc, err, cells)
    else:
        _check_x_or_series(tmp_path, case, role, path, store, rejects, table, flags, col_pos, rc, err, cells)


def _check_value_column(case, path, store, rc, err, cells):
    want_vals = [as_number(case, v) for v in cells]
    bad = [i + 1 for i, v in enumerate(want_vals) if v == "bad"]
    if bad:
        # Text in a value column: a bad row at the first text cell, ROW counted across batches, COLUMN 2.
        assert rc == 65, "exit %d, want 65 (bad row %d)\n%s" % (rc, bad[0], err)
        assert "%s:%d:2:" % (path.name, bad[0]) in err, "want %s:%d:2: in\n%s" % (path.name, bad[0], err)
        assert not store.exists(), "a failed first ingest left a store"
        return
    assert rc == 0, "exit %d\n%s" % (rc, err)
    assert_store(store, expected_points(("t", float(i + 1), {"v": v}) for i, v in enumerate(want_vals)),
                 "number", ["v"])


def _check_x_or_series(tmp_path, case, role, path, store, rejects, table, flags, col_pos, rc, err, cells):
    n = table.num_rows
    xs = [as_x(case, v) for v in cells] if role == "x" else [("number", float(i + 1)) for i in range(n)]
    if role == "x":
        series = ["t"] * n
    else:
        series = [None if v is None else (v.decode() if isinstance(v, bytes) else v) for v in cells]
    missing = [i + 1 for i in range(n) if xs[i] is None or series[i] is None]
    vals = table.column("v").to_pylist()
    axis = next((a for a, _ in filter(None, xs)), None)
    want = expected_points((series[i], xs[i][1] if xs[i] else None, {"v": vals[i]}) for i in range(n))
    # The rejected rows: each missing x or series name, at its row across batches, column of the field.
    rej = rejects_of(rejects)
    got_rows = sorted((r[1], r[2]) for r in rej)
    assert got_rows == [(i, col_pos) for i in missing], "rejects %s, want %s\n%s" % (
        got_rows, [(i, col_pos) for i in missing], err)
    word = "missing x value" if role == "x" else "missing series name"
    for f, row, col, msg, rec in rej:
        assert f == path.name and word in msg, (f, msg)
        assert rec is not None and len(rec) == table.num_columns and rec[col - 1] == "", rec
    if not want:
        # Every row rejected: what CSV does with every x (or series name) empty.
        header = table.column_names
        rows = [["" if j == col_pos - 1 else str(i + 1) for j in range(len(header))] for i in range(n)]
        want_rc, _, _ = csv_outcome(tmp_path, header, rows, [f for f in flags if f not in (str(rejects), "--rejects")])
        assert rc == want_rc, "every row rejected: exit %d, the CSV twin %d\n%s" % (rc, want_rc, err)
        return
    assert rc == 0, "exit %d\n%s" % (rc, err)
    if case.kind == "clock":
        want = {s: {clock_seconds_of(k): v for k, v in pts.items()} for s, pts in want.items()}
        assert_store(store, want, axis, ["v"], x_exact=clock_seconds)
    else:
        assert_store(store, want, axis, ["v"])


# ------------------------------------------------------------------ decimal128: the exact decimal

@pytest.mark.parametrize("batching", ["one", "many-file"])
def test_decimal128_is_its_exact_decimal(tmp_path, batching):
    """decimal128(10,2) 1.25 is the value 1.25, -0.05 is -0.05, a null is
    missing: the store holds what the same decimal text in a CSV cell gives."""
    texts = ["1.25", "-0.05", None, "99999999.99", "0.10", "-3"]
    n = len(texts)
    t = pa.table({"x": pa.array(range(1, n + 1), pa.int64()),
                  "d": pa.array([None if s is None else Decimal(s) for s in texts], pa.decimal128(10, 2))})
    write_arrow(tmp_path / "t.arrows", t, batching)
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", "--series", "t", "--x", "x", "--y", "d", cwd=tmp_path)
    assert rc == 0, err
    s = read_store(tmp_path / "t.sqlite")["t"]
    got = s["fields"]["d"]
    assert got[:2] == [1.25, -0.05] and got[2] != got[2] and got[3:] == [99999999.99, 0.1, -3.0], got
    want_rc, _, want_store = csv_outcome(tmp_path, ["x", "d"], [[str(i + 1), texts[i]] for i in range(n)],
                                         ["--x", "x", "--y", "d"])
    assert want_rc == 0 and canon(stored_points(tmp_path / "t.sqlite")[0]) == want_store


def test_decimal128_found_as_a_value_column_without_flags(tmp_path):
    """A decimal column is a number: with no --y it is one of the value fields."""
    t = pa.table({"x": pa.array([1, 2, 3], pa.int64()),
                  "price": pa.array([Decimal("1.25"), Decimal("2.50"), None], pa.decimal128(12, 2))})
    write_arrow(tmp_path / "t.arrows", t)
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", "--series", "t", cwd=tmp_path)
    assert rc == 0, err
    s = read_store(tmp_path / "t.sqlite")["t"]
    assert s["x"] == [1.0, 2.0, 3.0] and list(s["fields"]) == ["price"], s
    assert s["fields"]["price"][:2] == [1.25, 2.5] and s["fields"]["price"][2] != s["fields"]["price"][2], s


# ------------------------------------------------------------------ types ingest reads past

N_ODD = 5
READ_PAST = {
    "decimal256": lambda: pa.array([Decimal("1.25") * i for i in range(N_ODD)], pa.decimal256(10, 2)),
    "duration": lambda: pa.array(range(N_ODD), pa.duration("s")),
    "interval": lambda: pa.array([pa.MonthDayNano([1, 2, 3])] * N_ODD, pa.month_day_nano_interval()),
    "list": lambda: pa.array([[i] for i in range(N_ODD)], pa.list_(pa.int64())),
    "large_list": lambda: pa.array([[i] for i in range(N_ODD)], pa.large_list(pa.int64())),
    "fixed_size_list": lambda: pa.array([[i, i] for i in range(N_ODD)], pa.list_(pa.int64(), 2)),
    "struct": lambda: pa.array([{"a": i} for i in range(N_ODD)]),
    "map": lambda: pa.array([[("k", i)] for i in range(N_ODD)], pa.map_(pa.string(), pa.int64())),
    "sparse_union": lambda: pa.UnionArray.from_sparse(pa.array([0, 1, 0, 1, 0], pa.int8()),
                                                      [pa.array(range(N_ODD)), pa.array(list("abcde"))]),
    "dense_union": lambda: pa.UnionArray.from_dense(pa.array([0, 1, 0, 1, 0], pa.int8()),
                                                    pa.array([0, 0, 1, 1, 2], pa.int32()),
                                                    [pa.array([1, 2, 3]), pa.array(["a", "b"])]),
}


@pytest.mark.parametrize("typ", sorted(READ_PAST))
def test_read_past_types_skipped_unless_needed(tmp_path, typ):
    """decimal256, duration, interval, list, struct, map, union: no field of
    their own; named as a value column, the row is bad with the contract's
    words for a nested value; as x or the series column, the row is bad."""
    t = pa.table({"x": pa.array(range(1, N_ODD + 1), pa.int64()), "odd": READ_PAST[typ](),
                  "v": pa.array([1.5] * N_ODD)})
    write_arrow(tmp_path / "t.arrows", t)
    rc, out, err = run(["ingest", "t.arrows", "--store", "s.sqlite", "--quiet", "--series", "t"], tmp_path)
    assert rc == 0, err
    s = read_store(tmp_path / "s.sqlite")["t"]
    assert list(s["fields"]) == ["v"] and s["x"] == [1.0, 2.0, 3.0, 4.0, 5.0], s
    rc, out, err = run(["ingest", "t.arrows", "--store", "y.sqlite", "--quiet", "--x", "x", "--y", "odd,v"], tmp_path)
    assert (rc, error_lines(err)) == (65, ["rangepipe: error: t.arrows:1:2: column 'odd': expected a number, "
                                           "got a nested value"]), (rc, err)
    assert not (tmp_path / "y.sqlite").exists()
    for flags in (["--x", "odd", "--y", "v"], ["--x", "x", "--y", "v", "--series-column", "odd"]):
        rc, out, err = run(["ingest", "t.arrows", "--store", "z.sqlite", "--quiet", *flags], tmp_path)
        assert rc == 65 and len(error_lines(err)) == 1 and "t.arrows:1:2: " in err, (flags, rc, err)
        assert not (tmp_path / "z.sqlite").exists()
