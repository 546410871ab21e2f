"""Arrow values the contract defines by what CSV does (inf, a double past
1e300, an instant before 1970, text that is not UTF-8), date64's time of
day, the time limits, --timezone, many rows in many batches, and what CSV's
options (--null, --decimal-comma, --thousands; a missing --x column) do
to Arrow columns; times of day as labels with the unit's digits."""

import datetime as dt
import io
import re
from fractions import Fraction

import numpy as np
import pyarrow as pa
import pyarrow.ipc as ipc
import pytest

from arrow_common import read_store
from arrow_helpers import (UNIT, assert_store, canon, csv_outcome, error_lines, ingest, iso_text, message_kind,
                           needs_binary, stored_points, ulps_apart, write_arrow, write_csv)
from types_matrix import DAY_MS, f16_array

pytestmark = needs_binary


def _csv_vs_arrow(tmp_path, arr, texts, flags=("--x", "x", "--y", "v")):
    """(exit, messages, locations, store) of a column `arr` under an int x,
    and the same of the CSV with the cell texts `texts`."""
    n = len(texts)
    t = pa.table({"x": pa.array(range(1, n + 1), pa.int64()), "v": arr})
    write_arrow(tmp_path / "t.arrows", t, "many")
    rc, out, err = ingest("t.arrows", tmp_path / "t.sqlite", "--series", "t", *flags, cwd=tmp_path)
    want_rc, want_msg, want_store = csv_outcome(tmp_path, ["x", "v"], [[str(i + 1), texts[i]] for i in range(n)],
                                                list(flags))
    got_msg = [message_kind(ln, "t.arrows") for ln in error_lines(err)]
    loc = re.findall(r"t\.arrows:(\d+):(\d+):", err)
    csv_err = ingest(tmp_path / "twin.csv", tmp_path / "twin2.sqlite", "--series", "t", *flags)[2]
    csv_loc = re.findall(r"twin\.csv:(\d+):(\d+):", "\n".join(error_lines(csv_err)))
    return (rc, got_msg, loc, canon(stored_points(tmp_path / "t.sqlite")[0]) if rc == 0 else None), \
        (want_rc, want_msg, [(str(int(r) - 1), c) for r, c in csv_loc], want_store)


@pytest.mark.parametrize("typ", [pa.float64(), pa.float32(), pa.float16()], ids=str)
@pytest.mark.parametrize("inf", ["inf", "-inf"])
def test_infinity_is_what_a_csv_inf_cell_is(tmp_path, typ, inf):
    vals = [1.0, 2.0, float(inf), 4.0]
    arr = f16_array(vals) if typ == pa.float16() else pa.array(vals, typ)
    got, want = _csv_vs_arrow(tmp_path, arr, ["1", "2", inf, "4"])
    assert got == want, "arrow %s\nCSV   %s" % (got, want)


def test_beyond_1e300_is_what_csv_does(tmp_path):
    got, want = _csv_vs_arrow(tmp_path, pa.array([1.0, 1.7976931348623157e308, 3.0]),
                              ["1", "1.7976931348623157e308", "3"])
    assert got == want, "arrow %s\nCSV   %s" % (got, want)


def test_infinity_as_x_is_what_csv_does(tmp_path):
    t = pa.table({"x": pa.array([1.0, float("inf"), 3.0]), "v": pa.array([1.0, 2.0, 3.0])})
    write_arrow(tmp_path / "t.arrows", t)
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", "--x", "x", "--y", "v", cwd=tmp_path)
    want_rc, want_msg, _ = csv_outcome(tmp_path, ["x", "v"], [["1", "1"], ["inf", "2"], ["3", "3"]],
                                       ["--x", "x", "--y", "v"])
    got_msg = [message_kind(ln, "t.arrows") for ln in error_lines(err)]
    assert (rc, got_msg) == (want_rc, want_msg)
    if rc:
        assert "t.arrows:2:1:" in err, err


# ------------------------------------------------------------------ instants

INSTANT_TYPES = [("timestamp[%s%s]" % (u, ", UTC" if z else ""), pa.timestamp(u, tz="UTC" if z else None), u, z)
                 for u in ("s", "ms", "us", "ns") for z in (False, True)] + [("date64", pa.date64(), "ms", False)]


@pytest.mark.parametrize("name,typ,unit,zone", INSTANT_TYPES, ids=[t[0] for t in INSTANT_TYPES])
def test_pre_1970_instants_as_csv(tmp_path, name, typ, unit, zone):
    """An instant before 1970 (-1 unit, -1.5 s, 1900, 1811) is stored as the
    CSV path stores the same ISO text (a few ulps of a second from the
    exact value: CSV's rounding), to the bit; and within 1e-12 s of it."""
    u = UNIT[unit]
    vals = [-1, 1, -u - 1, -u // 2 * 3, -2208988800 * u + 7, 1577836800 * u + 123,
            -5000000000 * u + 3 if unit != "ns" else -9 * 10 ** 18 + 5]
    t = pa.table({"x": pa.array(vals, pa.int64()).cast(typ), "v": pa.array([float(i) for i in range(len(vals))])})
    write_arrow(tmp_path / "t.arrows", t, "many")
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", "--series", "t", "--x", "x", "--y", "v", cwd=tmp_path)
    assert rc == 0, err
    write_csv(tmp_path / "t.csv", ["x", "v"], [[iso_text(v, unit, zone), str(i)] for i, v in enumerate(vals)])
    rc, _, err = ingest("t.csv", tmp_path / "c.sqlite", "--series", "t", "--x", "x", "--y", "v", cwd=tmp_path)
    assert rc == 0, err
    got, want = read_store(tmp_path / "t.sqlite")["t"], read_store(tmp_path / "c.sqlite")["t"]
    assert got["axis"] == want["axis"] == "time"
    assert [x.hex() for x in got["x"]] == [x.hex() for x in want["x"]], "arrow %s\nCSV   %s" % (got["x"], want["x"])
    assert got["fields"] == want["fields"]
    for x, v in zip(sorted(got["x"]), sorted(vals)):
        exact = Fraction(v, u)
        assert ulps_apart(x, float(exact)) <= 1 or abs(Fraction(x) - exact) <= Fraction(1, 10 ** 12), (x, exact)


def test_date64_keeps_its_time_of_day(tmp_path):
    """date64 is the instant its milliseconds hold (a timestamp in ms, no
    zone): a value with a time of day is that instant, not its midnight."""
    vals = [18262 * DAY_MS + 45296789, 18263 * DAY_MS, 18263 * DAY_MS + 1, -DAY_MS - 500]
    t = pa.table({"x": pa.array(vals, pa.int64()).cast(pa.date64()), "v": pa.array([1.0, 2.0, 3.0, 4.0])})
    write_arrow(tmp_path / "t.arrows", t)
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", "--series", "t", "--x", "x", "--y", "v", cwd=tmp_path)
    assert rc == 0, err
    x = read_store(tmp_path / "t.sqlite")["t"]["x"]  # in order of x
    assert x[1:] == [1577836800 + 45296.789, 1577923200.0, 1577923200.001], x
    assert abs(x[0] - (-86400.5)) <= 1e-9 and len(x) == 4, x
    # --timezone moves it as it moves a timestamp without a zone
    rc, _, err = ingest("t.arrows", tmp_path / "z.sqlite", "--series", "t", "--x", "x", "--y", "v",
                        "--timezone=+01:00", cwd=tmp_path)
    assert rc == 0, err
    assert read_store(tmp_path / "z.sqlite")["t"]["x"][1] == 1577836800 + 45296.789 - 3600


def test_many_rows_many_batches_chunked(tmp_path):
    """150,000 rows in batches of 10,000 (past the store's 65,536-value chunks):
    a timestamp[us] x, a float32 and an int64 value column, every point."""
    n = 150_000
    base = 1_600_000_000_000_000
    us = [base + i * 1_000_037 for i in range(n)]
    f32 = np.arange(n, dtype=np.float32) * np.float32(0.1)
    i64 = [(i * 7919) % 100003 - 50000 for i in range(n)]
    t = pa.table({"ts": pa.array(us, pa.timestamp("us")), "a": pa.array(f32), "b": pa.array(i64, pa.int64())})
    sink = io.BytesIO()
    with ipc.new_stream(sink, t.schema) as w:
        w.write_table(t, max_chunksize=10_000)
    (tmp_path / "big.arrows").write_bytes(sink.getvalue())
    rc, out, err = ingest("big.arrows", tmp_path / "s.sqlite", cwd=tmp_path)
    assert rc == 0, err
    s = read_store(tmp_path / "s.sqlite")["big"]
    assert s["axis"] == "time" and len(s["x"]) == n
    a = t.column("a").to_pylist()
    for i in list(range(0, n, 997)) + [n - 1]:
        want = float(Fraction(us[i], 10 ** 6))
        assert ulps_apart(s["x"][i], want) <= 1, (i, s["x"][i], want)
        assert s["fields"]["a"][i] == a[i] and s["fields"]["b"][i] == float(i64[i]), i


def test_time_limits(tmp_path):
    """Time x from 0000-01-01 up to, not including, 10000-01-01 (docs/reliability.md):
    0001-01-01 and 9999-12-31T23:59:59 are stored; 10000-01-01 is a bad row at its place."""
    lo = (dt.date(1, 1, 1) - dt.date(1970, 1, 1)).days * 86400
    hi = (dt.date(9999, 12, 31) - dt.date(1970, 1, 1)).days * 86400 + 86399
    t = pa.table({"x": pa.array([lo, 0, hi], pa.timestamp("s")), "v": pa.array([1.0, 2.0, 3.0])})
    write_arrow(tmp_path / "t.arrows", t, "many")
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", "--x", "x", "--y", "v", cwd=tmp_path)
    assert rc == 0, err
    assert_store(tmp_path / "t.sqlite", {"t": {Fraction(lo): {"v": 1.0}, Fraction(0): {"v": 2.0},
                                               Fraction(hi): {"v": 3.0}}}, "time", ["v"])
    for typ, val in [(pa.timestamp("s"), hi + 1), (pa.timestamp("ms", tz="UTC"), (hi + 1) * 1000),
                     (pa.date32(), (hi + 1) // 86400), (pa.date32(), lo // 86400 - 366 * 2)]:
        ints = pa.array([0, val], pa.int32() if typ == pa.date32() else pa.int64())
        col = ints.view(typ) if typ == pa.date32() else ints.cast(typ)
        t = pa.table({"x": col, "v": pa.array([1.0, 2.0])})
        write_arrow(tmp_path / "o.arrows", t, "many")
        rc, _, err = ingest("o.arrows", tmp_path / "o.sqlite", "--x", "x", "--y", "v", cwd=tmp_path)
        assert rc == 65 and "o.arrows:2:1:" in err, "%s %d: exit %d\n%s" % (typ, val, rc, err)


@pytest.mark.parametrize("role", ["series", "label"])
def test_text_not_utf8_as_csv(tmp_path, role):
    """A utf8 (or binary) cell with bytes that are not UTF-8, as a series name
    or a category label: what CSV does with the same bytes (a located stop)."""
    raw = [b"alpha", b"beta", b"caf\xe9", b"delta"]
    arr = pa.array(raw, pa.binary()).view(pa.string())
    if role == "series":
        t = pa.table({"x": pa.array([1, 2, 3, 4], pa.int64()), "s": arr, "v": pa.array([1.0, 2.0, 3.0, 4.0])})
        flags = ["--x", "x", "--y", "v", "--series-column", "s"]
    else:
        t = pa.table({"s": arr, "v": pa.array([1.0, 2.0, 3.0, 4.0])})
        flags = ["--x", "s", "--y", "v"]
    write_arrow(tmp_path / "t.arrows", t, "many")
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", "--series", "t", *flags, cwd=tmp_path)
    lines = [b",".join(name.encode() for name in t.column_names)]
    for i in range(4):
        lines.append(b",".join(raw[i] if name == "s" else str(t.column(name)[i].as_py()).encode()
                               for name in t.column_names))
    (tmp_path / "twin.csv").write_bytes(b"\n".join(lines) + b"\n")
    rc2, _, err2 = ingest(tmp_path / "twin.csv", tmp_path / "twin.sqlite", "--series", "t", *flags)
    assert rc == rc2, "arrow exit %d, CSV exit %d\n%s\n%s" % (rc, rc2, err, err2)
    loc = re.findall(r"t\.arrows:(\d+):(\d+):", err)
    loc2 = re.findall(r"twin\.csv:(\d+):(\d+):", err2)
    assert [(int(r), int(c)) for r, c in loc] == [(int(r) - 1, int(c)) for r, c in loc2], (err, err2)


@pytest.mark.parametrize("tz", [None, "UTC", "Asia/Tokyo"])
def test_timezone_flag_applies_to_naive_timestamps_only(tmp_path, tz):
    """--timezone is the zone of times written without one: a naive column's
    wall times are read in it (as CSV cells without a zone are); a column with
    a zone holds instants, which no flag moves."""
    vals = [0, 1_577_836_800_250, -1_500]
    t = pa.table({"x": pa.array(vals, pa.timestamp("ms", tz=tz)), "v": pa.array([1.0, 2.0, 3.0])})
    write_arrow(tmp_path / "t.arrows", t, "many")
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", "--x", "x", "--y", "v", "--timezone=-05:00",
                        cwd=tmp_path)
    assert rc == 0, err
    shift = 5 * 3600 if tz is None else 0
    assert_store(tmp_path / "t.sqlite", {"t": {Fraction(v, 1000) + shift: {"v": float(i + 1)}
                                               for i, v in enumerate(vals)}}, "time", ["v"])


# ------------------------------------------------------------------ CSV options on Arrow columns

@pytest.mark.parametrize("flag,texts,want", [("--decimal-comma", ["1,5", "-999", "2,25"], [1.5, None, 2.25]),
                                              ("--thousands", ["1,234.5", "-999", "2"], [1234.5, None, 2.0])])
def test_null_words_and_number_styles_apply_to_text_columns_only(tmp_path, flag, texts, want):
    """Numeric columns are numbers already: --null words and --decimal-comma
    or --thousands change text cells only."""
    t = pa.table({"x": pa.array([1, 2, 3], pa.int64()), "s": pa.array(texts),
                  "n": pa.array([-999.0, 1.5, 1234.5]), "i": pa.array([-999, 1, 2], pa.int64())})
    write_arrow(tmp_path / "t.arrows", t, "many")
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", "--series", "t", "--x", "x", "--y", "s,n,i",
                        "--null=-999", flag, cwd=tmp_path)
    assert rc == 0, err
    fields = read_store(tmp_path / "t.sqlite")["t"]["fields"]
    got = {k: [None if v != v else v for v in col] for k, col in fields.items()}  # NaN: missing
    assert got == {"s": want, "n": [-999.0, 1.5, 1234.5], "i": [-999.0, 1.0, 2.0]}, got


@pytest.mark.parametrize("flag", ["--x", "--series-column"])
def test_a_missing_column_is_reported_at_row_0(tmp_path, flag):
    """Row 0 is the schema: a --x or --series-column naming no column is
    reported there, with CSV's exit and message (CSV's header is its row 1)."""
    t = pa.table({"x": pa.array([1, 2], pa.int64()), "v": pa.array([1.0, 2.0])})
    write_arrow(tmp_path / "t.arrows", t)
    flags = [flag, "nosuch"] + (["--x", "x"] if flag != "--x" else [])
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", *flags, cwd=tmp_path)
    want_rc, want_msg, _ = csv_outcome(tmp_path, ["x", "v"], [["1", "1"], ["2", "2"]], flags)
    assert (rc, [message_kind(ln, "t.arrows") for ln in error_lines(err)]) == (want_rc, want_msg), err
    assert rc == 65 and "t.arrows:0:1: %s nosuch: " % flag in err, err


@pytest.mark.parametrize("typ,ints,labels", [
    (pa.time32("s"), [0, 45296], ["00:00:00", "12:34:56"]),
    (pa.time32("ms"), [0, 45296789], ["00:00:00.000", "12:34:56.789"]),
    (pa.time64("us"), [1, 45296000001], ["00:00:00.000001", "12:34:56.000001"]),
    (pa.time64("ns"), [1, 86399999999999], ["00:00:00.000000001", "23:59:59.999999999"])],
    ids=["time32-s", "time32-ms", "time64-us", "time64-ns"])
def test_times_of_day_carry_the_units_digits(tmp_path, typ, ints, labels):
    """time32/time64: `HH:MM:SS` and the unit's fraction, a category label."""
    t = pa.table({"x": pa.array(ints, pa.int32() if typ.bit_width == 32 else pa.int64()).cast(typ),
                  "v": pa.array([1.0, 2.0])})
    write_arrow(tmp_path / "t.arrows", t)
    rc, _, err = ingest("t.arrows", tmp_path / "t.sqlite", "--series", "t", "--x", "x", "--y", "v", cwd=tmp_path)
    assert rc == 0, err
    s = read_store(tmp_path / "t.sqlite")["t"]
    assert s["axis"] == "category" and [s["categories"][int(x)] for x in s["x"]] == labels, s
