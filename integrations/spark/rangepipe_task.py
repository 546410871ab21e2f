"""What each Spark task runs: `rangepipe play` over its partition."""

import os
import subprocess
import sys
import threading

EXIT_SKIPPED = 3  # play --on-series-error skip left out at least one series


def make_player(cmds, key_group, script_text, header_line, first_key, csv_out, skip, binary_name, report):
    """The function each partition runs: rangepipe play over the partition's
    rows (one process per run of series that take the same command), its
    stdout lines out. Everything it uses travels in the closure."""

    def play(index, rows):
        rows = iter(rows)
        first = next(rows, None)
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
        keep_header = csv_out and first[0] == first_key
        skipped = []
        try:
            for group, run in groupby(chain([first], rows), key=lambda r: key_group.get(r[0], 0) if key_group else 0):
                template = cmds[group]
                cmd = [binary or template[0], template[1], script] + template[3:]
                skipped += yield from _pipe(cmd, header_line, run, index, drop_header=csv_out and not keep_header,
                                            skip=skip)
                keep_header = False
        finally:
            os.unlink(script)
        if skipped:
            report.add({index: skipped})

    return play


def _pipe(cmd, header_line, rows, index, drop_header, skip):
    """Yields rangepipe's output lines for `rows`; returns the lines naming
    skipped series (exit 3 with --on-series-error skip)."""
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    feed_error = []

    def feed():
        # A thread, so rangepipe's stdout never backs up while stdin is written.
        try:
            proc.stdin.write(header_line.encode("utf-8"))
            for row in rows:
                proc.stdin.write(row[1].encode("utf-8"))
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
    first_line = drop_header
    try:
        for line in proc.stdout:
            if first_line:
                first_line = False
                continue  # rangepipe's CSV header row
            yield line[:-1].decode("utf-8") if line.endswith(b"\n") else line.decode("utf-8")
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
