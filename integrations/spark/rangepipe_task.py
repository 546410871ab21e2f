"""What each Spark task runs: `rangepipe play` over its partition."""

import os
import subprocess
import sys
import threading

EXIT_SKIPPED = 3  # play --on-series-error skip left out at least one series


CHUNK = 1 << 20  # bytes of rangepipe's output per record handed back to Spark


def make_player(cmds, key_group, script_text, header_line, first_key, csv_out, skip, binary_name, report,
                chunk_bytes=None):
    """The function each partition runs under DataFrame.mapInArrow: Arrow
    batches of (k, line) in, rangepipe play over them (one process per run
    of series that take the same command), batches of one `chunk` column
    out, each chunk whole lines of rangepipe's output (about CHUNK bytes,
    without the last newline: the text writer adds one after it).
    Everything it uses travels in the closure (CHUNK is read here, on the
    driver, so a test can make chunks small)."""
    chunk_bytes = chunk_bytes or CHUNK

    def play(batches):
        from pyspark import TaskContext
        index = TaskContext.get().partitionId()
        import pyarrow as pa
        for chunk in _play_segments(index, _segments(batches, key_group), cmds, script_text, header_line,
                                    first_key, csv_out, skip, binary_name, report, chunk_bytes):
            yield pa.RecordBatch.from_arrays([pa.array([chunk], pa.string())], names=["chunk"])

    return play


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


def _joined(column):
    """A string column's values end to end, as UTF-8 bytes: the slice of
    its data buffer between the first and the last offset (a null adds
    nothing, as it would to "".join)."""
    import pyarrow as pa
    offsets = memoryview(column.buffers()[1]).cast("q" if pa.types.is_large_string(column.type) else "i")
    start, end = offsets[column.offset], offsets[column.offset + len(column)]
    data = column.buffers()[2]
    return bytes(memoryview(data)[start:end]) if data is not None else b""


def _play_segments(index, segments, cmds, script_text, header_line, first_key, csv_out, skip, binary_name,
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
            skipped += yield from _pipe(cmd, header_line, (text for _, _, text in run), index,
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


def _pipe(cmd, header_line, texts, index, drop_header, skip, chunk_bytes):
    """Yields rangepipe's output for the CSV `texts` (bytes) in chunks; returns the
    lines naming skipped series (exit 3 with --on-series-error skip)."""
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    feed_error = []

    def feed():
        # A thread, so rangepipe's stdout never backs up while stdin is written.
        try:
            proc.stdin.write(header_line.encode("utf-8"))
            for text in texts:
                proc.stdin.write(text)
        except BrokenPipeError:
            pass  # rangepipe stopped early; its exit code and stderr say why
        except BaseException as e:  # noqa: BLE001 - re-raised in the task below
            feed_error.append(e)
        finally:
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass

    errors = []
    feeder = threading.Thread(target=feed, daemon=True)
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
