"""Shared by bench.py and bench_many.py: whole-process measurement, medians,
and the Markdown table.

Every process is timed by the harness itself: wall from time.perf_counter
around fork/exec and wait, CPU (user + sys) and peak RSS from os.wait4's
rusage of that child, which includes every thread of it and every child it
waited for (what /usr/bin/time's %U, %S and %M report).
"""
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path


class Failed(RuntimeError):
    pass


def measure(cmd, env=None, ok=(0,)):
    """Runs cmd to completion: {wall_s, cpu_s, user_s, sys_s, peak_rss_mib, stdout}."""
    cmd = [str(c) for c in cmd]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=out, stderr=err, env={**os.environ, **(env or {})})
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - start
        p.returncode = os.waitstatus_to_exitcode(status)  # reaped here; keeps Popen from waiting again
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode(errors="replace")
    if p.returncode not in ok:
        raise Failed(f"{Path(cmd[0]).name} {' '.join(cmd[1:3])} failed ({p.returncode}): {stderr[-500:]}")
    return {"wall_s": wall, "cpu_s": ru.ru_utime + ru.ru_stime, "user_s": ru.ru_utime, "sys_s": ru.ru_stime,
            "peak_rss_mib": ru.ru_maxrss / 1024, "stdout": stdout}


def fresh(path):
    """Removes a database file and its journals (SQLite -wal/-shm, DuckDB .wal)."""
    for suffix in ["", "-wal", "-shm", "-journal", ".wal"]:
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def summary(samples, keys=("wall_s", "cpu_s", "user_s", "sys_s")):
    """Medians of the numeric keys over the samples; peak RSS is the max."""
    out = {k: statistics.median(s[k] for s in samples) for k in keys if all(k in s for s in samples)}
    if all("peak_rss_mib" in s for s in samples):
        out["peak_rss_mib"] = max(s["peak_rss_mib"] for s in samples)
    out["samples"] = len(samples)
    return out


class Table:
    """The printed Markdown table: one row per (case, peer), with a stable key
    the regression guard matches on."""

    HEAD = ["case", "rangepipe wall", "rangepipe CPU", "peer", "peer wall", "peer CPU", "ratio (wall)", "ratio (CPU)"]

    def __init__(self):
        self.rows = []  # the results.json "rows"
        self.cells = []

    def add(self, key, case, ours, peer_name="", theirs=None, unit="s", scale=1.0, ratio=None, note=""):
        """ours/theirs: {wall_s, cpu_s, ...} in seconds (or per-frame seconds
        with unit "µs/frame", scale 1e6). ratio: "peer/ours" (default when
        theirs is given) or "ours/peer"... always peer over rangepipe here."""
        row = {"key": key, "case": case, "unit": unit, "rangepipe": _clean(ours)}
        if note:
            row["note"] = note
        cell = lambda v: "" if v is None else _fmt(v * scale, unit)
        ratio_wall = ratio_cpu = None
        if theirs is not None:
            row["peer"] = {"name": peer_name, **_clean(theirs)}
            if theirs.get("wall_s") and ours.get("wall_s"):
                ratio_wall = theirs["wall_s"] / ours["wall_s"]
            if theirs.get("cpu_s") and ours.get("cpu_s"):
                ratio_cpu = theirs["cpu_s"] / ours["cpu_s"]
            row["ratio_wall"], row["ratio_cpu"] = ratio_wall, ratio_cpu
        self.rows.append(row)
        self.cells.append([case + (f" ({note})" if note else ""), cell(ours.get("wall_s")), cell(ours.get("cpu_s")),
                           peer_name, cell((theirs or {}).get("wall_s")), cell((theirs or {}).get("cpu_s")),
                           "" if ratio_wall is None else f"{ratio_wall:.2f}×",
                           "" if ratio_cpu is None else f"{ratio_cpu:.2f}×"])

    def markdown(self):
        lines = ["| " + " | ".join(self.HEAD) + " |", "| " + " | ".join("---" for _ in self.HEAD) + " |"]
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in self.cells]
        return "\n".join(lines)


def _clean(d):
    return {k: v for k, v in d.items() if k != "stdout"}


def _fmt(v, unit):
    if unit == "s":
        return f"{v:.2f} s" if v >= 0.1 else f"{v:.3f} s"
    return f"{v:.2f} {unit}" if abs(v) < 100 else f"{v:,.0f} {unit}"


def size(n):
    """10000000 -> "10^7", 5000000 -> "5×10^6", 200000 -> "2×10^5", 123456 -> "123,456"."""
    n = int(n)
    for k in range(15, 2, -1):
        if n % 10**k == 0 and n // 10**k < 10:
            return f"10^{k}" if n == 10**k else f"{n // 10**k}×10^{k}"
    return f"{n:,}"
