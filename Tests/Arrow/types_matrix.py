"""The type matrix's cases (test_arrow_types.test_type_matrix): every Arrow
type the contract reads (docs/ingest.md, "Arrow"), how to build a column
of it, its values per role, and what each value must be in the store.

An expectation comes from pyarrow's own `to_pylist()` of the column,
converted as the contract says: an int or a decimal128 is its nearest
double (float(Decimal)), a float32 its widened double, a timestamp the
instant `value / unit` seconds from 1970 read as UTC, NaN or null a missing
value, a text cell as a CSV cell.
"""

import datetime as dt
import math
import re
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pyarrow as pa
import pytest

from arrow_common import seconds_of
from arrow_helpers import BATCHINGS, UNIT


class Case:
    """One Arrow type: how to build a column of it, its values per role,
    and what each value must be in the store."""

    def __init__(self, name, typ, kind, values, x_values=None, series_values=None, build=None, exact=None):
        self.name, self.type, self.kind = name, typ, kind
        self.values = values                # value role (also x when x_values is None)
        self.x_values = x_values if x_values is not None else values
        self.series_values = series_values  # None: not a series column
        self._build = build
        self._exact = exact                 # values -> exact numbers, when to_pylist() loses precision

    def array(self, values):
        if self._build:
            return self._build(values)
        return pa.array(values, type=self.type)

    def exact(self, arr):
        """Per row the value the file holds, from pyarrow (to_pylist, or the
        integer view where to_pylist truncates)."""
        if self._exact:
            return self._exact(arr)
        return arr.to_pylist()


def f16_array(values):
    vals = np.array([0.0 if v is None else v for v in values], dtype=np.float16)
    return pa.array(vals, type=pa.float16(), mask=np.array([v is None for v in values]))


def _dict(idx_type, value_type=pa.string()):
    def build(values):
        uniq = []
        for v in values:
            if v is not None and v not in uniq:
                uniq.append(v)
        indices = pa.array([None if v is None else uniq.index(v) for v in values], type=idx_type)
        return pa.DictionaryArray.from_arrays(indices, pa.array(uniq, type=value_type))
    return build


def _binary(typ):
    return lambda values: pa.array([None if v is None else v.encode("utf-8") for v in values], type=typ)


def _as_int_view(typ):
    return lambda values: pa.array(values, type=pa.int64()).cast(typ)


def _exact_seconds(unit):
    """The exact instants of a date/time column, from its integer view."""
    def exact(arr):
        ints = arr.cast(pa.int32() if pa.types.is_time32(arr.type) else pa.int64()).to_pylist()
        return [None if v is None else Fraction(v, UNIT[unit]) for v in ints]
    return exact


NUMERIC_TEXT = ["1.5", "-2", "0.1", "1e300", "-0", "NA", "7", "2.2250738585072014e-308", "123456789012345678"]
ISO_TEXT = ["2020-01-01", "1969-12-31T23:59:59.5Z", "2000-02-29T12:00:00", "1900-01-01T00:00:00",
            "2020-01-01T00:00:00.123456789Z", "1960-06-15T01:02:03.25Z"]
LABELS = ["low", "mid", "high", "a b", "Zürich", "日本"]
NAMES = ["alpha", "β-beta", "日本", "a b", "x/y", "1"]

FLOAT64 = [0.1, -0.0, 1e300, -1e300, 1e-300, -1e-300, 5e-324, 2.2250738585072014e-308, 1 / 3, float("nan"),
           123456789.125, -7.0]
FLOAT32 = [0.1, -0.0, 3.4028234663852886e38, 1e-45, 1.1754943508222875e-38, float("nan"), -7.5, 16777217.0, 1 / 3]
FLOAT16 = [0.1, -0.0, 65504.0, 6e-08, 6.103515625e-05, float("nan"), -7.5, 2049.0]
# decimal128: the exact decimal, read as a number (its nearest double); pyarrow stores no negative zero
DECIMALS = {
    (10, 2): ["1.25", "-0.05", "0.00", "0.01", "99999999.99", "-99999999.99", "42", "0.10"],
    (38, 20): ["0.30000000000000000001", "-0.00000000000000000001", "123456789012345678.1234567890123456789",
               "9007199254740993", "-1.00000000000000000005", "0.1"],
    (38, 0): [str(2 ** 53 + 1), str(-(10 ** 38 - 1)), str(10 ** 38 - 1), "0", "12345678901234567890123456789"],
    (5, -3): ["1E+3", "-99999E+3", "0", "12E+3"],
}

TS_SECONDS = [-1, 0, 1, 1577836800, -2208988800, 4102444800, -5000000000]  # 1969 .. 2100, 1811
TS_FRACTIONS = {"s": [], "ms": [-1500, 1577836800123, -1], "us": [-1500000, 1577836800123456, -1, 1],
                "ns": [-1500000000, 1577836800123456789, -1, 1, 999999999]}
DAY_MS = 86400000


def ts_values(unit):
    vals = [s * UNIT[unit] for s in TS_SECONDS] + TS_FRACTIONS[unit]
    if unit == "ns":
        vals = [v for v in vals if -(2 ** 63) < v < 2 ** 63]
    return vals


def int_values(lo, hi):
    vals = [lo, lo + 1, 0, 1, hi - 1, hi, 42]
    if lo < 0:
        vals += [-1, -42]
    if hi > 2 ** 53:
        vals += [2 ** 53 + 1, 2 ** 53 + 3]  # not doubles: the nearest double, ties to even
        if lo < 0:
            vals += [-(2 ** 53 + 1)]
    out = []
    for v in vals:
        if v not in out:
            out.append(v)
    return out


def _number_cases():
    out = []
    for typ, lo, hi in [(pa.int8(), -128, 127), (pa.int16(), -2 ** 15, 2 ** 15 - 1),
                        (pa.int32(), -2 ** 31, 2 ** 31 - 1), (pa.int64(), -2 ** 63, 2 ** 63 - 1),
                        (pa.uint8(), 0, 255), (pa.uint16(), 0, 2 ** 16 - 1),
                        (pa.uint32(), 0, 2 ** 32 - 1), (pa.uint64(), 0, 2 ** 64 - 1)]:
        out.append(Case(str(typ), typ, "number", int_values(lo, hi)))
    out.append(Case("float64", pa.float64(), "number", FLOAT64))
    out.append(Case("float32", pa.float32(), "number", FLOAT32))
    out.append(Case("float16", pa.float16(), "number", FLOAT16, build=f16_array))
    for (precision, scale), texts in DECIMALS.items():
        typ = pa.decimal128(precision, scale)
        out.append(Case(str(typ), typ, "number", [Decimal(t) for t in texts]))
    return out


def _text_cases():
    out = []
    for typ in (pa.string(), pa.large_string(), pa.string_view()):
        out.append(Case(str(typ), typ, "text", NUMERIC_TEXT, x_values=ISO_TEXT, series_values=NAMES))
    for typ in (pa.binary(), pa.large_binary(), pa.binary_view()):
        out.append(Case(str(typ), typ, "text", NUMERIC_TEXT, x_values=LABELS, series_values=NAMES, build=_binary(typ)))
    for idx in (pa.int8(), pa.int16(), pa.int32(), pa.int64(), pa.uint8()):
        out.append(Case("dictionary<%s,string>" % idx, pa.dictionary(idx, pa.string()), "text", NUMERIC_TEXT,
                        x_values=LABELS, series_values=NAMES, build=_dict(idx)))
    out.append(Case("dictionary<int32,large_string>", pa.dictionary(pa.int32(), pa.large_string()), "text",
                    NUMERIC_TEXT, x_values=ISO_TEXT, series_values=NAMES, build=_dict(pa.int32(), pa.large_string())))
    out.append(Case("bool", pa.bool_(), "bool", [True, False]))
    return out


def _time_cases():
    out = [Case("date32", pa.date32(), "time",
                [dt.date(2020, 1, 1), dt.date(1969, 12, 31), dt.date(1970, 1, 1), dt.date(2000, 2, 29),
                 dt.date(1900, 1, 1), dt.date(2100, 12, 31), dt.date(1600, 3, 1)]),
           Case("date64", pa.date64(), "time", [18262 * DAY_MS, -DAY_MS, 0, 11016 * DAY_MS, -25567 * DAY_MS],
                build=_as_int_view(pa.date64())),
           # date64 is the instant its milliseconds hold: a time of day is kept
           Case("date64 with a time of day", pa.date64(), "time",
                [18262 * DAY_MS + 1234, -1, 1, -DAY_MS - 500, 11016 * DAY_MS + 45296789],
                build=_as_int_view(pa.date64()), exact=_exact_seconds("ms"))]
    for unit in ("s", "ms", "us", "ns"):
        for tz in (None, "UTC", "America/New_York", "+05:30"):
            typ = pa.timestamp(unit, tz=tz)
            out.append(Case(str(typ), typ, "time", ts_values(unit), exact=_exact_seconds(unit)))
    for typ, unit in ((pa.time32("s"), "s"), (pa.time32("ms"), "ms"), (pa.time64("us"), "us"), (pa.time64("ns"), "ns")):
        day_units = 86400 * UNIT[unit]
        vals = [0, 1, day_units - 1, 3723 * UNIT[unit], 45296 * UNIT[unit] + UNIT[unit] // 4 if unit != "s" else 45296]
        out.append(Case(str(typ), typ, "clock", vals, exact=_exact_seconds(unit)))
    out.append(Case("null", pa.null(), "null", [None, None, None], build=lambda values: pa.nulls(len(values))))
    return out


CASES = _number_cases() + _text_cases() + _time_cases()


def with_nulls(values, nulls):
    """none: the values; some: a null first, after the second value, and
    last; all: as many nulls."""
    if nulls == "none":
        return list(values)
    if nulls == "all":
        return [None] * len(values)
    v = list(values)
    return [None] + v[:2] + [None] + v[2:] + [None]


# ------------------------------------------------------------------ expected cells

MISSING_TEXT = {"", "na", "n/a", "null", "nan", "nil", "#n/a", "-", "?", "."}  # docs/ingest.md "Missing values"


def as_number(case, v):
    """A value column's expected stored double, or "bad" when the contract
    makes the cell text (a bad row under --y)."""
    if v is None:
        return math.nan
    if case.kind == "number":
        return float(v)                # an int's or a Decimal's nearest double; float16/32 already widened
    if case.kind == "text":
        t = v.decode("utf-8") if isinstance(v, bytes) else v
        if t.strip().lower() in MISSING_TEXT:
            return math.nan
        return float(t)
    return "bad"                       # bool, dates, times, clock times: text in a value column


_ISO = re.compile(r"^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?)?(Z)?$")


def iso_seconds(text):
    m = _ISO.match(text)
    y, mo, d, hh, mm, ss, frac, _ = m.groups()
    days = (dt.date(int(y), int(mo), int(d)) - dt.date(1970, 1, 1)).days
    s = Fraction(days * 86400 + int(hh or 0) * 3600 + int(mm or 0) * 60 + int(ss or 0))
    if frac:
        s += Fraction(int(frac), 10 ** len(frac))
    return s


def as_x(case, v):
    """(axis, key): the expected x of one cell, None for a missing x."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return None
    if case.kind == "number":
        return "number", float(v)
    if case.kind == "time":
        return "time", v if isinstance(v, Fraction) else seconds_of(v)
    if case.kind == "bool":
        return "category", "true" if v else "false"
    if case.kind == "clock":
        return "category", v                  # a time of day: text, as CSV reads `01:02:03` (a label)
    t = v.decode("utf-8") if isinstance(v, bytes) else v
    if _ISO.match(t):
        return "time", iso_seconds(t)
    return "category", t


_CLOCK = re.compile(r"^(\d\d):(\d\d):(\d\d)(?:\.(\d+))?$")


def clock_seconds(label):
    m = _CLOCK.match(label)
    if not m:
        return None
    hh, mm, ss, frac = m.groups()
    s = Fraction(int(hh) * 3600 + int(mm) * 60 + int(ss))
    return s + (Fraction(int(frac), 10 ** len(frac)) if frac else 0)


def clock_seconds_of(v):
    return v if isinstance(v, Fraction) else Fraction(v.hour * 3600 + v.minute * 60 + v.second) + Fraction(
        v.microsecond, 10 ** 6)


# ------------------------------------------------------------------ the matrix

def matrix():
    params = []
    for c in CASES:
        roles = ["value", "x"] + (["series"] if c.series_values else [])
        for role in roles:
            for nulls in ("none", "some", "all"):
                if c.kind == "null" and nulls != "all":
                    continue
                for batching in BATCHINGS:
                    if batching.startswith("zero") and nulls != ("all" if c.kind == "null" else "none"):
                        continue  # no rows: the nulls make no difference
                    name = re.sub(r"[^A-Za-z0-9=+:/._-]+", "_", c.name).strip("_")
                    params.append(pytest.param(c, role, nulls, batching,
                                               id="%s-%s-%s-%s" % (name, role, nulls, batching)))
    return params


def table_for(case, role, nulls):
    """(table, flags, 1-based column of the tested type)."""
    if role == "value":
        raw = with_nulls(case.values, nulls)
        n = len(raw)
        t = pa.table({"x": pa.array(range(1, n + 1), pa.int64()), "v": case.array(raw)})
        return t, ["--x", "x", "--y", "v"], 2
    if role == "x":
        raw = with_nulls(case.x_values, nulls)
        n = len(raw)
        t = pa.table({"x": case.array(raw), "v": pa.array([float(i) * 0.5 for i in range(1, n + 1)])})
        return t, ["--x", "x", "--y", "v", "--on-error", "skip"], 1
    raw = with_nulls(case.series_values + case.series_values[:3], nulls)
    n = len(raw)
    t = pa.table({"x": pa.array(range(1, n + 1), pa.int64()), "s": case.array(raw),
                  "v": pa.array([float(i) * 0.25 for i in range(1, n + 1)])})
    return t, ["--x", "x", "--y", "v", "--series-column", "s", "--on-error", "skip"], 2
