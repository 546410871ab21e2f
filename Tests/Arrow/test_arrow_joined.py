"""Members of the "a shell pipeline hands rangepipe Arrow bytes" class that
the first tests did not name: two streams joined by `cat`, two files
joined, and a Feather V1 file under a .feather name. Each must stop with
one located line (exit 65) and leave the store as it was, never read part
of its input as if it were all of it."""

import hashlib
import pathlib

import pyarrow as pa
import pyarrow.feather as feather
import pyarrow.ipc as ipc

from arrow_helpers import error_lines, ingest, needs_binary, simple_table


def _stream(t):
    sink = pa.BufferOutputStream()
    with ipc.new_stream(sink, t.schema) as w:
        w.write_table(t)
    return sink.getvalue().to_pybytes()


def _file(t):
    sink = pa.BufferOutputStream()
    with ipc.new_file(sink, t.schema) as w:
        w.write_table(t)
    return sink.getvalue().to_pybytes()


def _refused(tmp_path, name, data, reason_words):
    path = tmp_path / name
    path.write_bytes(data)
    store = tmp_path / "s.sqlite"
    rc, _, err = ingest(tmp_path / "seed.arrows", store)
    assert rc == 0, err
    before = hashlib.sha256(store.read_bytes()).hexdigest()
    rc, _, err = ingest(path, store, "--format", "arrow")
    lines = error_lines(err)
    assert rc == 65 and len(lines) == 1, (rc, err)
    assert ("%s: byte " % name) in lines[0] and all(w in lines[0] for w in reason_words), lines[0]
    assert hashlib.sha256(store.read_bytes()).hexdigest() == before
    # The same bytes on stdin fail alike (a pipeline is where they are joined).
    rc, _, err = ingest("-", store, "--format", "arrow", stdin=data)
    assert rc == 65 and len(error_lines(err)) == 1, (rc, err)


def _seed(tmp_path):
    (tmp_path / "seed.arrows").write_bytes(_stream(simple_table(5)))


@needs_binary
def test_two_streams_joined_are_refused(tmp_path):
    _seed(tmp_path)
    one = _stream(simple_table(20))
    _refused(tmp_path, "joined.arrows", one + one, ["after the end-of-stream marker"])


@needs_binary
def test_two_files_joined_are_refused(tmp_path):
    _seed(tmp_path)
    one = _file(simple_table(20))
    # The trailer ends with the second file's magic, whose footer then
    # points into the second file: its blocks hold no schema's batches there.
    _refused(tmp_path, "joined.arrow", one + one, ["Arrow:"])


@needs_binary
def test_feather_v1_is_named(tmp_path):
    _seed(tmp_path)
    path = tmp_path / "v1.feather"
    feather.write_feather(simple_table(20), str(path), version=1)
    _refused(tmp_path, "v1.feather", pathlib.Path(path).read_bytes(), ["Feather V1", "version=2"])
