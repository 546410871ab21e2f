"""What each Spark task runs: `rangepipe play` over its partition."""

import os
import subprocess
import sys
import threading

EXIT_SKIPPED = 3  # play --on-series-error skip left out at least one series


def make_player(cmd_template, script_text, header_line, first_key, csv_out, skip, binary_name, report):
    """The function each partition runs: rangepipe play over the partition's
    rows, its stdout lines out. Everything it uses travels in the closure."""

    def play(index, rows):
        rows = iter(rows)
        first = next(rows, None)
        if first is None:
            return  # an empty partition writes an empty part file
        import tempfile
        from pyspark import SparkFiles
        binary = cmd_template[0]
        if binary_name:
            binary = SparkFiles.get(binary_name)
            if not os.access(binary, os.X_OK):
                os.chmod(binary, 0o755)
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as f:
            f.write(script_text)
            script = f.name
        cmd = [binary, cmd_template[1], script] + cmd_template[3:]
        try:
            yield from _pipe(cmd, header_line, first, rows, index, skip, report,
                             drop_header=csv_out and first[0] != first_key)
        finally:
            os.unlink(script)

    return play


def _pipe(cmd, header_line, first, rows, index, skip, report, drop_header):
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    feed_error = []

    def feed():
        # A thread, so rangepipe's stdout never backs up while stdin is written.
        try:
            proc.stdin.write(header_line.encode("utf-8"))
            proc.stdin.write(first[1].encode("utf-8"))
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
                continue  # the CSV header row: only the first non-empty partition keeps it
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
        report.add({index: [ln for ln in stderr.splitlines() if ln.startswith("rangepipe: skipped series")]})
        return
    if code != 0:
        lines = [ln for ln in stderr.splitlines() if ln.strip()]
        line = next((ln for ln in lines if "error:" in ln.lower()), lines[-1] if lines else "(no message)")
        raise RuntimeError("rangepipe exited %d in partition %d: %s" % (code, index, line))
    if stderr.strip():
        sys.stderr.write(stderr)


class DictParam:
    """Accumulates {partition: lines}; a retried task overwrites its entry."""

    def zero(self, value):
        return {}

    def addInPlace(self, a, b):
        a.update(b)
        return a
