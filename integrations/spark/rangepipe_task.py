"""What each Spark task runs: `rangepipe play` over its partition."""

import os
import re
import subprocess
import sys
import threading
from collections import deque

EXIT_SKIPPED = 3  # play --on-series-error skip left out at least one series


CHUNK = 1 << 20  # bytes of rangepipe's output per record handed back to Spark


def make_player(cmds, key_group, script_text, header_line, first_key, csv_out, skip, binary_name, report,
                chunk_bytes=None, names=None):
    """The function each partition runs under DataFrame.mapInArrow: Arrow
    batches in, rangepipe play over them (one process per run of series
    that take the same command), batches of one `chunk` column out, each
    chunk whole lines of rangepipe's output (about CHUNK bytes, without the
    last newline: the text writer adds one after it).

    The rows reach rangepipe one of two ways (the hand-off):
    - names given (Arrow): batches of (k, c0, c1, ...), the cells as
      strings (null: missing, as an empty CSV field is); the cells go to
      rangepipe's stdin as an Arrow IPC stream whose field names are
      `names` (the header's, in order), with `--input-format arrow` in
      the commands;
    - names None (CSV): batches of (k, line), `header_line` and then the
      lines end to end.
    Everything it uses travels in the closure (CHUNK is read here, on the
    driver, so a test can make chunks small)."""
    chunk_bytes = chunk_bytes or CHUNK
    names = list(names) if names is not None else None

    def play(batches):
        from pyspark import TaskContext
        index = TaskContext.get().partitionId()
        import pyarrow as pa
        if names is None:
            segments, feed = _segments(batches, key_group), _csv_feed(header_line)
        else:
            schema = arrow_schema(names)
            segments, feed = _arrow_segments(batches, key_group, schema), _arrow_feed(schema)
        for chunk in _play_segments(index, segments, feed, cmds, script_text, first_key, csv_out, skip,
                                    binary_name, report, chunk_bytes):
            yield pa.RecordBatch.from_arrays([pa.array([chunk], pa.string())], names=["chunk"])

    return play


def header_names(columns):
    """The names rangepipe reads from the CSV hand-off's header line (the
    job's column names, written by csv_line): each without leading and
    trailing spaces and tabs, as its CSV reader trims header cells. Its
    Arrow reader takes field names as they are, so the Arrow hand-off's
    fields are named these (repeats and blanks are left to rangepipe,
    which treats them alike in both)."""
    return [name.strip(" \t") for name in columns]


def arrow_schema(names):
    """The stream's schema: one string field per header name, in order."""
    import pyarrow as pa
    return pa.schema([pa.field(n, pa.string()) for n in names])


def _segments(batches, key_group):
    """(command group, first series name, CSV bytes) per run of rows of one
    group within an Arrow batch. With one group, a batch's lines are its
    Arrow string buffer as it is (no Python object per row)."""
    from itertools import groupby
    for batch in batches:
        if batch.num_rows == 0:
            continue
        if not key_group:
            yield 0, batch.column(0)[0].as_py(), _joined(batch.column(1))
            continue
        lines = batch.column(1).to_pylist()
        keys = batch.column(0).to_pylist()
        for group, at in groupby(range(len(keys)), key=lambda i: key_group.get(keys[i], 0)):
            at = list(at)
            yield group, keys[at[0]], "".join(lines[i] for i in at).encode("utf-8")


def _arrow_segments(batches, key_group, schema):
    """(command group, first series name, (record batch of the cells, their
    series names)) per run of rows of one group within an Arrow batch of
    (k, c0, c1, ...): the batch's own cell columns under the header's names
    (k left out, no copy); with several groups, zero-copy slices of it."""
    import pyarrow as pa
    from itertools import groupby
    for batch in batches:
        if batch.num_rows == 0:
            continue
        cells = [c if c.type == pa.string() else c.cast(pa.string()) for c in batch.columns[1:]]
        cells = pa.RecordBatch.from_arrays(cells, schema=schema)
        if not key_group:
            yield 0, batch.column(0)[0].as_py(), (cells, batch.column(0))
            continue
        keys = batch.column(0).to_pylist()
        start = 0
        for group, run in groupby(keys, key=lambda k: key_group.get(k, 0)):
            length = sum(1 for _ in run)
            yield group, keys[start], (cells.slice(start, length), batch.column(0).slice(start, length))
            start += length


def _joined(column):
    """A string column's values end to end, as UTF-8 bytes: the slice of
    its data buffer between the first and the last offset (a null adds
    nothing, as it would to "".join)."""
    import pyarrow as pa
    offsets = memoryview(column.buffers()[1]).cast("q" if pa.types.is_large_string(column.type) else "i")
    start, end = offsets[column.offset], offsets[column.offset + len(column)]
    data = column.buffers()[2]
    return bytes(memoryview(data)[start:end]) if data is not None else b""


def _csv_feed(header_line):
    """Writes a run's CSV to rangepipe's stdin: the header line, then each
    segment's lines."""
    def feed(stdin, parts, seen):
        stdin.write(header_line.encode("utf-8"))
        for text in parts:
            stdin.write(text)
    return feed


KEPT_BATCHES = 64  # batches whose series names are kept to name a bad row's series


def _arrow_feed(schema):
    """Writes a run's record batches to rangepipe's stdin as one Arrow IPC
    stream (schema, batches, end-of-stream marker; uncompressed). `seen`
    (a deque) gets each batch's first row number (from 0) and its rows'
    series names, run-length encoded (a few bytes a series, not the
    batch), for naming_the_series."""
    def feed(stdin, parts, seen):
        import pyarrow as pa
        import pyarrow.compute as pc
        writer = pa.ipc.new_stream(stdin, schema)
        row = 0
        for batch, keys in parts:
            seen.append((row, pc.run_end_encode(keys)))
            writer.write_batch(batch)
            row += batch.num_rows
        writer.close()  # the end-of-stream marker (not on an error: rangepipe has stopped reading)
    return feed


_STREAM_ROW = re.compile(r"^rangepipe: error: (?:-|stdin):(\d+):\d+: ")


def naming_the_series(line, seen, index):
    """rangepipe's error line for a bad row of an Arrow stream (`-:ROW:COL:`,
    ROW counted from 1 over the partition's rows in series order), with
    the row's place and series said after it, when `seen` still holds it."""
    found = _STREAM_ROW.match(line)
    if not found:
        return line
    row = int(found.group(1)) - 1
    for start, keys in reversed(seen):
        if start <= row < start + len(keys):
            return "%s (row %d of partition %d's stream: series %r)" % (line, row + 1, index,
                                                                        keys[row - start].as_py())
    return line


def _play_segments(index, segments, feed, cmds, script_text, first_key, csv_out, skip, binary_name,
                   report, chunk_bytes):
    segments = iter(segments)
    first = next(segments, None)
    if first is None:
        return  # an empty partition writes an empty part file
    import tempfile
    from itertools import chain, groupby
    from pyspark import SparkFiles
    binary = None
    if binary_name:
        binary = SparkFiles.get(binary_name)
        if not os.access(binary, os.X_OK):
            os.chmod(binary, 0o755)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as f:
        f.write(script_text)
        script = f.name
    # Only the partition holding the smallest series name keeps the CSV header row.
    keep_header = csv_out and first[1] == first_key
    skipped = []
    try:
        for group, run in groupby(chain([first], segments), key=lambda s: s[0]):
            template = cmds[group]
            cmd = [binary or template[0], template[1], script] + template[3:]
            skipped += yield from _pipe(cmd, feed, (part for _, _, part in run), index,
                                        drop_header=csv_out and not keep_header, skip=skip, chunk_bytes=chunk_bytes)
            keep_header = False
    finally:
        os.unlink(script)
    if skipped:
        report.add({index: skipped})


def _chunks(stdout, drop_header, chunk_bytes):
    """rangepipe's output as text chunks of whole lines (the last newline of
    each left off), the first line dropped when asked."""
    pending = b""
    while True:
        data = stdout.read1(chunk_bytes)
        if not data:
            break
        pending += data
        if drop_header:
            cut = pending.find(b"\n")
            if cut < 0:
                continue
            pending, drop_header = pending[cut + 1:], False
        if len(pending) >= chunk_bytes:
            cut = pending.rfind(b"\n")
            if cut >= 0:
                yield pending[:cut].decode("utf-8")
                pending = pending[cut + 1:]
    if pending and not drop_header:
        yield (pending[:-1] if pending.endswith(b"\n") else pending).decode("utf-8")


def _pipe(cmd, feed, parts, index, drop_header, skip, chunk_bytes):
    """Yields rangepipe's output for the input `feed` writes from `parts`
    (CSV bytes or record batches) in chunks; returns the lines naming
    skipped series (exit 3 with --on-series-error skip)."""
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    feed_error = []
    seen = deque(maxlen=KEPT_BATCHES)

    def write():
        # A thread, so rangepipe's stdout never backs up while stdin is written.
        try:
            feed(proc.stdin, parts, seen)
        except BrokenPipeError:
            pass  # rangepipe stopped early; its exit code and stderr say why (pyarrow raises it as is)
        except BaseException as e:  # noqa: BLE001 - re-raised in the task below
            feed_error.append(e)
        finally:
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass

    errors = []
    feeder = threading.Thread(target=write, daemon=True)
    drain = threading.Thread(target=lambda: errors.append(proc.stderr.read()), daemon=True)
    feeder.start()
    drain.start()
    try:
        yield from _chunks(proc.stdout, drop_header, chunk_bytes)
    except GeneratorExit:
        proc.kill()  # the task was cancelled: do not leave rangepipe running
        proc.wait()
        raise
    code = proc.wait()
    feeder.join()
    drain.join()
    stderr = errors[0].decode("utf-8", "replace") if errors else ""
    if feed_error:
        raise feed_error[0]
    if code == EXIT_SKIPPED and skip:
        return [ln for ln in stderr.splitlines() if ln.startswith("rangepipe: skipped series")]
    if code != 0:
        lines = [ln for ln in stderr.splitlines() if ln.strip()]
        line = next((ln for ln in lines if "error:" in ln.lower()), lines[-1] if lines else "(no message)")
        line = naming_the_series(line, seen, index)
        raise RuntimeError("rangepipe exited %d in partition %d: %s" % (code, index, line))
    if stderr.strip():
        sys.stderr.write(stderr)
    return []


class DictParam:
    """Accumulates {partition: lines}; a retried task overwrites its entry."""

    def zero(self, value):
        return {}

    def addInPlace(self, a, b):
        a.update(b)
        return a
