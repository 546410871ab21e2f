"""The Arrow writers of the Arrow writer corpus (Tests/Corpus/arrow_writers.py,
whose docstring tables them): each writes one labelled dataset, given as
pandas' `to_csv(index=False)` CSV, as a user's script would, with pyarrow,
pandas or polars. A writer that cannot write a dataset raises NotApplicable.
"""

import datetime as dt
import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Corpus"))
os.environ.setdefault("CORPUS_SPARK", "0")
import corpus_lib as lib  # noqa: E402


class NotApplicable(Exception):
    """The writer cannot write this dataset (the reason is reported)."""


def pyarrow_modules():
    import pyarrow as pa
    import pyarrow.ipc as ipc
    return pa, ipc


def _pd():
    import pandas as pd
    return pd


def _strings_table(cols, rows, typ):
    pa, _ = pyarrow_modules()
    arrays = [pa.array([None if (c is None or c == "") else c for c in col], type=typ)
              for col in (zip(*rows) if rows else [[] for _ in cols])]
    return pa.Table.from_arrays(arrays, names=cols)


def _write(path, table, file_format=False, max_chunksize=None):
    """pyarrow's IPC stream (or file) of `table`."""
    _, ipc = pyarrow_modules()
    with (ipc.new_file if file_format else ipc.new_stream)(path, table.schema) as w:
        w.write_table(table, max_chunksize=max_chunksize)


def _write_strings(src, path, typ, file_format):
    """Every column of the CSV as `typ` (string or large_string), empty cells null."""
    pa, _ = pyarrow_modules()
    cols, rows = lib.read_table({"format": "csv"}, src)
    _write(path, _strings_table(cols, rows, getattr(pa, typ)()), file_format)


def _read_csv(src):
    return _pd().read_csv(src)


def _time_x(entry, df):
    """The label's single time x column parsed by pd.to_datetime with the
    label's format (naive = UTC); checked against corpus_lib.parse_time, the
    label's own reading. NotApplicable when there is no such column or
    pandas reads other instants than the label."""
    pd = _pd()
    x = entry["x"]
    if x["axis"] != "time" or len(x["columns"]) != 1 or x["columns"][0] not in df.columns:
        raise NotApplicable("no single time x column")
    fmt = x.get("time_format") or ""
    name = x["columns"][0]
    if "%q" in fmt or fmt in ("", "ordinal"):
        raise NotApplicable("pd.to_datetime has no format for %r" % fmt)
    texts = df[name].map(lambda v: None if pd.isna(v) else (str(int(v)) if isinstance(v, float) and v.is_integer()
                                                              else str(v)))
    parsed = pd.to_datetime(texts, format=fmt, errors="coerce", utc="%z" in fmt)
    if "%z" in fmt:
        parsed = parsed.dt.tz_localize(None)  # the UTC wall time: naive = UTC
    for text, ts in zip(texts, parsed):
        want = lib.parse_time(text, fmt) if text is not None else None
        got = None if pd.isna(ts) else ts.to_pydatetime().replace(tzinfo=dt.timezone.utc)
        if want != got:
            raise NotApplicable("pd.to_datetime(format=%r) reads %r as %s, the label %s" % (fmt, text, got, want))
    return name, parsed


def csv_control(entry, src, path):
    shutil.copyfile(src, path)


def pa_stream_strings(entry, src, path):
    """pyarrow IPC stream, every column a `string` (utf8), empty cells null."""
    _write_strings(src, path, "string", file_format=False)


def pa_file_strings(entry, src, path):
    """pyarrow IPC file format, every column a `string`."""
    _write_strings(src, path, "string", file_format=True)


def pa_large_string_file(entry, src, path):
    """Every column a `large_string` (64-bit offsets), IPC file."""
    _write_strings(src, path, "large_string", file_format=True)


def pandas_stream(entry, src, path):
    """`pd.read_csv` with default inference, `pa.Table.from_pandas(df, preserve_index=False)`, stream."""
    pa, _ = pyarrow_modules()
    _write(path, pa.Table.from_pandas(_read_csv(src), preserve_index=False))


def _pandas_with_time_x(entry, src, path, utc):
    pa, _ = pyarrow_modules()
    df = _read_csv(src)
    name, parsed = _time_x(entry, df)
    df[name] = parsed.dt.tz_localize("UTC") if utc else parsed
    _write(path, pa.Table.from_pandas(df, preserve_index=False))


def pandas_ts_naive(entry, src, path):
    """The time x parsed by `pd.to_datetime(format=...)`: a tz-naive timestamp column."""
    _pandas_with_time_x(entry, src, path, utc=False)


def pandas_ts_utc(entry, src, path):
    """The time x as `pd.to_datetime(..., utc=True)`: timestamp with zone UTC."""
    _pandas_with_time_x(entry, src, path, utc=True)


def pandas_categorical(entry, src, path):
    """The series column (else every text column) as a pandas categorical: a dictionary column."""
    pa, _ = pyarrow_modules()
    pd = _pd()
    df = _read_csv(src)
    sc = entry.get("series_column")
    names = [sc] if sc in df.columns else [c for c in df.columns if pd.api.types.is_string_dtype(df[c])
                                             or df[c].dtype == object]
    names = [c for c in names if c not in entry["x"]["columns"]] or names
    if not names:
        raise NotApplicable("no text column")
    for c in names:
        df[c] = df[c].astype("category")
    _write(path, pa.Table.from_pandas(df, preserve_index=False))


def pandas_small_batches(entry, src, path):
    """pandas' table written in record batches of 7 rows."""
    pa, _ = pyarrow_modules()
    _write(path, pa.Table.from_pandas(_read_csv(src), preserve_index=False), max_chunksize=7)


def feather_default(entry, src, path):
    """`df.to_feather(path)`: pandas' default, LZ4_FRAME compressed."""
    _read_csv(src).to_feather(path)


def feather_uncompressed(entry, src, path):
    _read_csv(src).to_feather(path, compression="uncompressed")


def _polars_frame(src):
    import polars as pl
    try:
        return pl.read_csv(src)
    except Exception as e:  # polars' inference of the first 100 rows meets a later cell it cannot read
        try:
            return pl.read_csv(src, infer_schema_length=None)
        except Exception:
            raise NotApplicable("polars cannot read the CSV: %s" % str(e).splitlines()[0][:120])


def polars_ipc(entry, src, path):
    """`pl.read_csv(src).write_ipc(path)`: string_view columns, uncompressed."""
    _polars_frame(src).write_ipc(path)


def polars_ipc_oldest(entry, src, path):
    """`write_ipc(path, compat_level=pl.CompatLevel.oldest())`: large_string."""
    import polars as pl
    _polars_frame(src).write_ipc(path, compat_level=pl.CompatLevel.oldest())


WRITERS = [(csv_control, "csv"), (pa_stream_strings, "arrows"), (pa_file_strings, "arrow"),
           (pa_large_string_file, "arrow"), (pandas_stream, "arrows"), (pandas_ts_naive, "arrows"),
           (pandas_ts_utc, "arrows"), (pandas_categorical, "arrows"), (pandas_small_batches, "arrows"),
           (feather_default, "feather"), (feather_uncompressed, "feather"), (polars_ipc, "arrow"),
           (polars_ipc_oldest, "arrow")]


def polars_available():
    try:
        import polars  # noqa: F401
        return True
    except ImportError:
        return False
