"""How Arrow input is named, found and framed (docs/ingest.md, "Arrow"):
the format options (`ingest`/`inspect --format arrow`, `play --input-format
arrow`), stdin, gzip, detection by extension and by magic, the pre-0.15
stream form, a schema-only stream, LZ4/ZSTD buffers, the files pandas and
polars write, and `inspect`."""

import datetime as dt
import gzip
import json
import re
import shlex

import numpy as np
import pyarrow as pa
import pyarrow.ipc as ipc
import pytest

import arrow_ipc as A
from arrow_common import read_store, seconds_of
from arrow_helpers import (FORMAT_FLAG, PLAY_FORMAT_FLAG, assert_as_csv_header, assert_simple, assert_store,
                           error_lines, needs_binary, run, simple_table, write_arrow, write_csv)

pytestmark = needs_binary


# ------------------------------------------------------------------ the format options

def _help_option(command, option):
    """The values `command --help` lists for `option`, or None when it lists no such option."""
    rc, out, err = run([command, "--help"], ".")
    assert rc == 0, err
    m = re.search(r"^\s+%s\b[^\n]*(?:\n(?!\s+--).*)*?\(values: ([^)]*)\)" % re.escape(option), out, re.M)
    return [v.strip() for v in m.group(1).split(";")[0].split(",")] if m else None


@pytest.mark.parametrize("command", ["ingest", "inspect"])
def test_format_arrow_on_ingest_and_inspect(tmp_path, command):
    """ingest and inspect name the input format --format (its values list
    arrow); --input-format, play --input's name, is no option of theirs."""
    assert "arrow" in (_help_option(command, FORMAT_FLAG) or []), "%s --help: no --format listing arrow" % command
    assert _help_option(command, PLAY_FORMAT_FLAG) is None
    t = simple_table()
    write_arrow(tmp_path / "t.csv", t, "many")  # a .csv name over Arrow bytes: the flag decides
    if command == "ingest":
        rc, out, err = run(["ingest", "t.csv", "--store", "s.sqlite", "--quiet", "--series", "t", FORMAT_FLAG, "arrow"],
                           tmp_path)
        assert rc == 0, err
        assert_simple(tmp_path / "s.sqlite", t)
    else:
        rc, out, err = run(["inspect", "t.csv", FORMAT_FLAG, "arrow", "--json"], tmp_path)
        assert rc == 0, err
        rep = json.loads(out.splitlines()[0])
        assert rep["format"] == "arrow" and rep["rows"] == t.num_rows and rep["x"]["column"] == "date", rep
        assert shlex.split(rep["command"])[-2:] == [FORMAT_FLAG, "arrow"], rep["command"]
    rc, out, err = run([command, "t.csv", PLAY_FORMAT_FLAG, "arrow"] + (["--store", "u.sqlite"] if command == "ingest"
                                                                       else []), tmp_path)
    assert rc == 64 and PLAY_FORMAT_FLAG in err, (rc, err)
    assert not (tmp_path / "u.sqlite").exists()


def test_play_input_format_arrow(tmp_path):
    """play --input takes --input-format arrow (its --format is the
    output's): Arrow bytes under a .csv name play as the same table's CSV."""
    assert "arrow" in (_help_option("play", PLAY_FORMAT_FLAG) or []), "play --help: no --input-format listing arrow"
    header, rows = ["date", "price"], [["2020-01-%02d" % d, "%d.5" % d] for d in range(1, 29)]
    write_csv(tmp_path / "p.csv", header, rows)
    write_arrow(tmp_path / "arrow.csv", pa.table({"date": pa.array([r[0] for r in rows]),
                                                  "price": pa.array([r[1] for r in rows])}), "many")
    script = {"series": "p", "fps": 10, "field": "price", "overview": {"width": 200, "height": 40},
              "main": {"width": 200, "height": 100}, "events": [{"at": 0.2, "action": "reset"}]}
    (tmp_path / "s.json").write_text(json.dumps(script))
    rc1, out1, err1 = run(["play", "s.json", "--input", "p.csv", "--input-series", "p"], tmp_path)
    assert rc1 == 0 and out1.strip(), err1
    rc2, out2, err2 = run(["play", "s.json", "--input", "arrow.csv", PLAY_FORMAT_FLAG, "arrow", "--input-series", "p"],
                          tmp_path)
    assert (rc2, out2) == (0, out1), err2
    # without the option the .csv name decides: the Arrow bytes are no CSV
    rc3, out3, err3 = run(["play", "s.json", "--input", "arrow.csv", "--input-series", "p"], tmp_path)
    assert rc3 != 0, out3


# ------------------------------------------------------------------ found and framed

def test_stdin(tmp_path):
    t = simple_table()
    data = write_arrow(None, t, "many")
    rc, out, err = run(["ingest", "-", "--store", "s.sqlite", "--quiet", FORMAT_FLAG, "arrow", "--series", "t"],
                       tmp_path, stdin=data)
    assert rc == 0, err
    assert_simple(tmp_path / "s.sqlite", t)


@pytest.mark.parametrize("form", ["stream", "file", "stream-gz"])
def test_stdin_detected_by_content(tmp_path, form):
    t = simple_table()
    data = write_arrow(None, t, "many", file_format=(form == "file"))
    if form.endswith("gz"):
        data = gzip.compress(data)
    rc, out, err = run(["ingest", "-", "--store", "s.sqlite", "--quiet", "--series", "t"], tmp_path, stdin=data)
    assert rc == 0, err
    assert_simple(tmp_path / "s.sqlite", t)


@pytest.mark.parametrize("name", ["t.arrows.gz", "t.arrow.gz", "t.feather.gz", "t.ipc.gz"])
def test_gzip_around_arrow(tmp_path, name):
    t = simple_table()
    data = write_arrow(None, t, "many", file_format=name.startswith(("t.arrow.", "t.feather")))
    (tmp_path / name).write_bytes(gzip.compress(data))
    rc, out, err = run(["ingest", name, "--store", "s.sqlite", "--quiet", "--series", "t"], tmp_path)
    assert rc == 0, err
    assert_simple(tmp_path / "s.sqlite", t)


@pytest.mark.parametrize("name,form", [("t.arrow", "file"), ("t.arrows", "stream"), ("t.feather", "file"),
                                       ("t.ipc", "stream"), ("t.arrow", "stream"), ("t.arrows", "file"),
                                       ("t.bin", "stream"), ("t.dat", "file"), ("noextension", "stream"),
                                       ("t.txt", "file")])
def test_auto_detection(tmp_path, name, form):
    """By extension (either framing under any of the four), by the first
    bytes under another extension."""
    t = simple_table()
    write_arrow(tmp_path / name, t, "many", file_format=(form == "file"))
    rc, out, err = run(["ingest", name, "--store", "s.sqlite", "--quiet", "--series", "t", "--json"], tmp_path)
    assert rc == 0, err
    assert_simple(tmp_path / "s.sqlite", t)
    assert "arrow" in json.loads(out)["files"][0].get("format", "").lower(), out


def test_legacy_stream_without_continuation_marker(tmp_path):
    t = simple_table()
    data = write_arrow(None, t, "many", options=ipc.IpcWriteOptions(use_legacy_format=True))
    assert data[:4] != b"\xff\xff\xff\xff"
    (tmp_path / "t.arrows").write_bytes(data)
    (tmp_path / "t.bin").write_bytes(data)
    rc, out, err = run(["ingest", "t.arrows", "--store", "a.sqlite", "--quiet", "--series", "t"], tmp_path)
    assert rc == 0, err
    assert_simple(tmp_path / "a.sqlite", t)
    rc, out, err = run(["ingest", "t.bin", "--store", "b.sqlite", "--quiet", "--series", "t", FORMAT_FLAG, "arrow"],
                       tmp_path)
    assert rc == 0, err
    assert_simple(tmp_path / "b.sqlite", t)


@pytest.mark.parametrize("form", ["stream", "file"])
def test_schema_only_is_a_header_without_rows(tmp_path, form):
    t = simple_table()
    write_arrow(tmp_path / "t.arrows", t, "zero", file_format=(form == "file"))
    rc, out, err = run(["ingest", "t.arrows", "--store", "s.sqlite", "--quiet"], tmp_path)
    assert_as_csv_header(tmp_path, rc, err, "t.arrows", t.column_names)
    assert len(error_lines(err)) <= 1


def _compression(path):
    """The codecs the file's record batches name (the generator's self-check;
    an absent codec field is its default, LZ4_FRAME)."""
    return sorted({m.header["compression"]["codec"] or A.CODECS["lz4"] for m in A.parse(path.read_bytes()).msgs
                   if m.htype == A.HEADER_BATCH and m.header["compression"] is not None})


@pytest.mark.parametrize("codec", ["lz4", "zstd"])
@pytest.mark.parametrize("form", ["stream", "file"])
def test_compressed_buffers_are_read(tmp_path, codec, form):
    """LZ4_FRAME and ZSTD buffers are decompressed (docs/ingest.md)."""
    t = simple_table(300)
    write_arrow(tmp_path / "t.arrows", t, "many", file_format=(form == "file"),
                options=ipc.IpcWriteOptions(compression=codec))
    assert _compression(tmp_path / "t.arrows") == [A.CODECS[codec]]
    rc, out, err = run(["ingest", "t.arrows", "--store", "s.sqlite", "--quiet", "--series", "t"], tmp_path)
    assert rc == 0, err
    assert_simple(tmp_path / "s.sqlite", t)


def test_feather_default_lz4(tmp_path):
    """pandas' to_feather: an IPC file with LZ4_FRAME buffers, read."""
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"date": pd.date_range("2020-01-01", periods=50, freq="h"), "price": np.arange(50) * 0.5})
    df.to_feather(tmp_path / "t.feather")
    f = ipc.open_file(str(tmp_path / "t.feather"))
    assert pa.types.is_timestamp(f.schema.field("date").type)
    assert _compression(tmp_path / "t.feather") == [A.CODECS["lz4"]]
    want_x = [float(seconds_of(v)) for v in f.read_all().column("date").to_pylist()]
    rc, out, err = run(["ingest", "t.feather", "--store", "s.sqlite", "--quiet", "--series", "t"], tmp_path)
    assert rc == 0, err
    s = read_store(tmp_path / "s.sqlite")["t"]
    assert s["x"] == want_x
    assert s["fields"]["price"] == list(df["price"])


@pytest.mark.parametrize("compat", ["default", "oldest"])
def test_polars_ipc_file(tmp_path, compat):
    """polars' write_ipc: an IPC file whose schema message follows the magic
    without the continuation marker and length; read through its footer."""
    import polars as pl  # installed by .ci/install-arrow.sh; never skipped
    df = pl.DataFrame({"date": [dt.date(2020, 1, d) for d in range(1, 21)], "sym": ["A", "B"] * 10,
                       "price": [d * 1.25 for d in range(20)]})
    kw = {} if compat == "default" else {"compat_level": pl.CompatLevel.oldest()}
    df.write_ipc(tmp_path / "p.arrow", **kw)
    t = ipc.open_file(str(tmp_path / "p.arrow")).read_all()
    rc, out, err = run(["ingest", "p.arrow", "--store", "s.sqlite", "--quiet", "--series-column", "sym"], tmp_path)
    assert rc == 0, "polars %s write_ipc(compat_level=%s): exit %d\n%s" % (pl.__version__, compat, rc, err)
    want = {}
    for d, sym, price in zip(*(t.column(c).to_pylist() for c in ("date", "sym", "price"))):
        want.setdefault(sym, {})[seconds_of(d)] = {"price": price}
    assert_store(tmp_path / "s.sqlite", want, "time", ["price"])


def test_polars_ipc_stream(tmp_path):
    import polars as pl  # installed by .ci/install-arrow.sh; never skipped
    df = pl.DataFrame({"t": [dt.datetime(2020, 1, 1, h) for h in range(20)], "v": [h * 0.5 for h in range(20)]})
    df.write_ipc_stream(tmp_path / "p.arrows")
    t = ipc.open_stream(str(tmp_path / "p.arrows")).read_all()
    rc, out, err = run(["ingest", "p.arrows", "--store", "s.sqlite", "--quiet", "--series", "p"], tmp_path)
    assert rc == 0, err
    want = {"p": {seconds_of(a): {"v": b} for a, b in zip(t.column("t").to_pylist(), t.column("v").to_pylist())}}
    assert_store(tmp_path / "s.sqlite", want, "time", ["v"])


# ------------------------------------------------------------------ inspect

def test_inspect_says_something_sensible(tmp_path):
    t = simple_table()
    write_arrow(tmp_path / "t.arrow", t, "many", file_format=True)
    rc, out, err = run(["inspect", "t.arrow"], tmp_path)
    assert rc == 0, err
    assert "arrow" in out.lower() and "date" in out and "price" in out, out
    rc, out, err = run(["inspect", "t.arrow", "--json"], tmp_path)
    assert rc == 0, err
    rep = json.loads(out.splitlines()[0])
    assert "arrow" in str(rep.get("format", "")).lower(), rep
    x = rep.get("x")
    assert (x.get("column") if isinstance(x, dict) else x) == "date", rep
    assert "ingest" in rep.get("command", "") and "t.arrow" in rep.get("command", ""), rep
    # Its command works.
    cmd = shlex.split(rep["command"])
    assert cmd[:2] == ["rangepipe", "ingest"]
    rc, _, err = run(cmd[1:] + ["--store", "s.sqlite", "--quiet", "--series", "t"], tmp_path)
    assert rc == 0, err
    assert_simple(tmp_path / "s.sqlite", t)


def test_inspect_as_for_the_same_csv(tmp_path):
    """inspect of an Arrow file of strings and of the same CSV: the same
    exit, column types, x and suggested flags (a word among numbers: --null)."""
    header = ["x", "v", "w"]
    rows = [[str(i), "abc" if i == 7 else str(i * 2), "2020-01-%02d" % i] for i in range(1, 11)]
    write_csv(tmp_path / "t.csv", header, rows)
    write_arrow(tmp_path / "t.arrows", pa.table({h: pa.array(list(c)) for h, c in zip(header, zip(*rows))}), "many")
    reps = []
    for name in ("t.csv", "t.arrows"):
        rc, out, err = run(["inspect", name, "--json", "--y", "v"], tmp_path)
        rep = json.loads(out.splitlines()[0]) if out.strip() else {}
        reps.append((rc, [(c.get("name"), c.get("type")) for c in rep.get("columns", [])],
                     (rep.get("x") or {}).get("column"), (rep.get("command") or "").replace(name, "FILE")))
    assert reps[0] == reps[1], "CSV %s\nArrow %s" % reps
