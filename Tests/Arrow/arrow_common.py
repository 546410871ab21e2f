"""What the Arrow tests (Tests/Arrow) and the Arrow writer corpus
(Tests/Corpus/arrow_writers.py) both need: a store read back without
rangepipe, and the instants pyarrow's values denote."""

import datetime as dt
import sqlite3
import struct
from fractions import Fraction

EPOCH = dt.datetime(1970, 1, 1)
EPOCH_UTC = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)


def read_store(path):
    """Every series of a store as it is stored (docs/store.md, schema v4),
    read with sqlite3 and struct, not with rangepipe: {name: {"axis",
    "x": [float], "fields": {name: [float]}, "categories": [label]}}. Packed
    series: x then each field's column from pack_offset; chunked: chunk rows
    (column_index -1 = x, 0 = the first field, k = field ordinal k) in seq
    order. Category x values are ordinals into `categories`."""
    con = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    try:
        out = {}
        rows = con.execute("SELECT id, name, axis, points, pack_id, pack_offset, field_name FROM series").fetchall()
        for sid, name, axis, points, pack_id, pack_offset, field_name in rows:
            fields = [field_name] if field_name is not None else []
            fields += [r[0] for r in con.execute("SELECT name FROM field WHERE series_id = ? ORDER BY ordinal", (sid,))]
            ncol = 1 + len(fields)
            if pack_id is not None:
                data = con.execute("SELECT substr(data, ?, ?) FROM pack WHERE id = ?",
                                   (pack_offset + 1, points * ncol * 8, pack_id)).fetchone()[0]
                vals = struct.unpack("<%dd" % (points * ncol), data)
                cols = [list(vals[k * points:(k + 1) * points]) for k in range(ncol)]
            else:
                cols = []
                for ci in range(-1, len(fields)):
                    col = []
                    for (data,) in con.execute("SELECT data FROM chunk WHERE series_id = ? AND column_index = ? "
                                               "ORDER BY seq", (sid, ci)):
                        col += struct.unpack("<%dd" % (len(data) // 8), data)
                    cols.append(col)
            cats = [r[0] for r in con.execute("SELECT label FROM category WHERE series_id = ? ORDER BY ordinal",
                                              (sid,))]
            out[name] = {"axis": axis, "x": cols[0], "fields": dict(zip(fields, cols[1:])), "categories": cats}
        return out
    finally:
        con.close()


def seconds_of(v):
    """Exact seconds since 1970-01-01 UTC of a to_pylist() date or time
    value (a naive one read as UTC, as the contract says); None stays None."""
    if v is None:
        return None
    if hasattr(v, "value") and hasattr(v, "nanosecond"):  # pandas.Timestamp (timestamp[ns])
        return Fraction(int(v.value), 10 ** 9)
    if isinstance(v, dt.datetime):
        d = v - (EPOCH_UTC if v.tzinfo is not None else EPOCH)
        return Fraction(d.days * 86400 + d.seconds) + Fraction(d.microseconds, 10 ** 6)
    if isinstance(v, dt.date):
        return Fraction((v - dt.date(1970, 1, 1)).days * 86400)
    raise TypeError(v)


# ingest's and inspect's name for the input format (docs/ingest.md); `play --input` calls it --input-format
FORMAT_FLAG = "--format"
