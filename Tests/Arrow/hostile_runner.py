"""Running one hostile Arrow case (hostile_cases.py) against the rangepipe
binary and judging the run (test_arrow_hostile.py says what is judged):
exit code, the one stderr line, `byte N`, crash text, the store left as it
was, peak RSS; and a failing class's summary.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import subprocess
import threading
import time
from collections import defaultdict
from queue import Queue

from arrow_helpers import BIN
from hostile_base import Case

JOBS = int(os.environ.get("ARROW_HOSTILE_JOBS", "0") or 0) or len(os.sched_getaffinity(0)) + 1
REPORT = os.environ.get("ARROW_HOSTILE_REPORT")
PREFIX = "rangepipe: error: "
CRASH_TEXT = re.compile(
    r"Fatal error|Stack dump|Backtrace|backtrace|Current stack trace|Segmentation fault|"
    r"Illegal instruction|SIGSEGV|SIGBUS|SIGILL|SIGTRAP|SIGABRT|Thread \d+ crashed|"
    r"^\s*\d+\s+0x[0-9a-f]{6,}|\bat /.*\.swift:\d+|💣")
BYTE_N = re.compile(r"\bbyte (\d+)\b")
SEED_CSV = b"x,y\n1,2\n2,3\n3,5\n"
HUGE_RSS_KB = 1 << 20  # 1 GiB: a damaged input of a few MB using more is a lying-length allocation


class Suite:
    def __init__(self, root, fmt_args, store_bytes, expect, verdicts):
        self.root = root
        self.fmt_args = fmt_args
        self.store_bytes = store_bytes
        self.expect = expect          # case id -> resolved expectation
        self.verdicts = verdicts      # case id -> pyarrow's verdict
        self.dirs: Queue = Queue()
        for i in range(JOBS):
            d = os.path.join(root, f"w{i}")
            os.makedirs(os.path.join(d, "in"))
            os.makedirs(os.path.join(d, "store"))
            self.dirs.put(d)
        self.report = open(REPORT, "a") if REPORT else None
        self.lock = threading.Lock()


def _run(cmd, cwd, stdin_path, memlimit, timeout):
    if memlimit:
        cmd = ["prlimit", f"--as={memlimit}", "--"] + cmd
    out_p, err_p = os.path.join(cwd, ".stdout"), os.path.join(cwd, ".stderr")
    with open(out_p, "wb") as out_f, open(err_p, "wb") as err_f, \
            open(stdin_path or os.devnull, "rb") as in_f:
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, cwd=cwd, stdin=in_f, stdout=out_f, stderr=err_f,
                             start_new_session=True)
        box = {}

        def waiter():
            box["w"] = os.wait4(p.pid, 0)
        th = threading.Thread(target=waiter, daemon=True)
        th.start()
        th.join(timeout)
        timed_out = th.is_alive()
        if timed_out:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            th.join()
        elapsed = time.monotonic() - t0
        _, status, ru = box["w"]
        rc = os.waitstatus_to_exitcode(status)
        p.returncode = rc  # reaped here, not by Popen
    with open(out_p, "rb") as f:
        stdout = f.read()
    with open(err_p, "rb") as f:
        stderr = f.read()
    return rc, timed_out, stdout, stderr, ru.ru_maxrss, elapsed, ru.ru_utime + ru.ru_stime


def digest(path):
    return hashlib.sha256(_read(path)).hexdigest()


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def run_case(suite: Suite, c: Case) -> dict:
    wd = suite.dirs.get()
    try:
        return _run_case_in(suite, c, wd)
    finally:
        suite.dirs.put(wd)


def _run_case_in(suite, c, wd):
    sd = os.path.join(wd, "store")
    store = os.path.join(sd, "store.sqlite")
    if os.listdir(sd) != ["store.sqlite"] or _read(store) != suite.store_bytes:
        for n in os.listdir(sd):   # a fresh copy of the pre-created store
            os.unlink(os.path.join(sd, n))
        with open(store, "wb") as f:
            f.write(suite.store_bytes)
    in_path = None
    if c.stdin:
        in_path = os.path.join(wd, ".stdin")
    else:
        in_path = os.path.join(wd, c.name)
        os.makedirs(os.path.dirname(in_path), exist_ok=True)
    with open(in_path, "wb") as f:
        f.write(c.data)
    cmd = [BIN, "ingest", c.name, "--store", "store/store.sqlite", "--quiet"]
    if c.explicit_format:
        cmd += suite.fmt_args
    cmd += c.args
    rc, timed_out, stdout, stderr, rss, elapsed, cpu = _run(
        cmd, wd, in_path if c.stdin else None, c.memlimit, c.timeout)
    os.unlink(in_path)
    expect = suite.expect[c.id]
    problems = []
    err = stderr.decode("utf-8", "replace")
    out = stdout.decode("utf-8", "replace")
    if timed_out:
        problems.append(f"hang: killed after {c.timeout:.0f} s")
    elif rc < 0:
        problems.append(f"killed by signal {-rc} ({signal.Signals(-rc).name})")
    for text, where in ((err, "stderr"), (out, "stdout")):
        m = CRASH_TEXT.search(text)
        if m:
            problems.append(f"crash text on {where}: {m.group(0)!r}")
    ok_codes = {"valid": {0}, "damaged": {65}, "cell": {65}, "either": {0, 65}}[expect]
    if c.memlimit and expect != "valid":
        ok_codes = ok_codes | {71}
    if not timed_out and rc >= 0 and rc not in ok_codes:
        if rc == 0:
            v = suite.verdicts.get(c.id)
            problems.append("exit 0: accepted an input that is not valid"
                            + ("" if v is None else " (pyarrow is as lenient)" if v == "valid"
                               else f" (pyarrow: {v[9:]})"))
        else:
            problems.append(f"exit {rc}, expected {sorted(ok_codes)}")
    byte_n = None
    if not timed_out and rc > 0:
        lines = err.split("\n")
        if not err.endswith("\n") or len(lines) != 2:
            problems.append(f"stderr is {err.count(chr(10))} line(s), not exactly one")
        line = lines[0]
        body = line[len(PREFIX):] if line.startswith(PREFIX) else line
        if not body.startswith(c.name + ":"):
            problems.append(f"the line does not start with the file name {c.name!r}")
        m = BYTE_N.search(line)
        if m:
            byte_n = int(m.group(1))
        limit = c.size_limit if c.size_limit is not None else len(c.data)
        if rc == 65 and expect in ("damaged", "cell"):
            row_loc = re.match(re.escape(c.name) + r":\d+:\d+: ", body)
            if byte_n is None and not (expect == "cell" and row_loc):
                problems.append("no `byte N` in the line")
        if byte_n is not None and not (0 <= byte_n <= limit):
            problems.append(f"byte {byte_n} is outside the input (size {limit})")
    # the store
    if rc != 0 or timed_out:
        if _read(store) != suite.store_bytes:
            problems.append("the store file changed after a failed ingest")
        for n in os.listdir(sd):
            p = os.path.join(sd, n)
            if n == "store.sqlite" or n == "store.sqlite-shm":
                continue
            if n == "store.sqlite-wal" and os.path.getsize(p) == 0:
                continue
            problems.append(f"left beside the store: {n} ({os.path.getsize(p)} bytes)")
    elif c.check_points is not None and not problems:
        r = subprocess.run([BIN, "series", "--store", "store/store.sqlite", "--json"], cwd=wd,
                           capture_output=True, timeout=60)
        series = [json.loads(x) for x in r.stdout.splitlines() if x.strip()]
        got = sum(s["points"] for s in series if s["name"] != "pre")
        if got != c.check_points:
            problems.append(f"stored {got} points, expected {c.check_points}: "
                            + ", ".join(f"{s['name']}:{s['points']}" for s in series))
    for n in os.listdir(sd):
        if n != "store.sqlite":
            os.unlink(os.path.join(sd, n))
    if expect != "valid" and not c.memlimit and rss > HUGE_RSS_KB:
        problems.append(f"peak RSS {rss // 1024} MiB for a {len(c.data)}-byte input")
    res = {"id": c.id, "cls": c.cls, "expect": expect, "rc": rc, "timed_out": timed_out,
           "stderr": err[:2000], "stdout": out[:300], "rss_kb": rss,
           "elapsed": round(elapsed, 3), "cpu": round(cpu, 3), "byte": byte_n, "offset": c.offset,
           "pyarrow": suite.verdicts.get(c.id), "problems": problems, "cmd": cmd,
           "note": c.note, "size": len(c.data)}
    if suite.report:
        with suite.lock:
            suite.report.write(json.dumps(res) + "\n")
            suite.report.flush()
    return res


def family(case_id: str) -> str:
    base = case_id.split("@")[0]
    return base if "@" in case_id else base.rsplit("/", 1)[0]


def summarise(cls, results):
    bad = [r for r in results if r["problems"]]
    if not bad:
        return None
    lines = [f"{cls}: {len(bad)} of {len(results)} cases failed"]
    fams = defaultdict(list)
    for r in bad:
        fams[family(r["id"])].append(r)
    for fam, rs in sorted(fams.items()):
        first = min(rs, key=lambda r: (r["offset"] if r["offset"] is not None else -1, r["id"]))
        lines.append(f"  [{fam}] {len(rs)} failed; first: {first['id']}"
                     + (f" (offset {first['offset']})" if first["offset"] is not None else ""))
        kinds = defaultdict(list)
        for r in rs:
            kinds[re.sub(r"\d{3,}", "N", "; ".join(r["problems"]))[:110]].append(r)
        for k, krs in sorted(kinds.items(), key=lambda kv: -len(kv[1]))[:8]:
            e = min(krs, key=lambda r: (r["offset"] if r["offset"] is not None else -1, r["id"]))
            lines.append(f"      {len(krs)} x {k}")
            lines.append(f"          first {e['id']}: exit {e['rc']}, stderr {e['stderr'][:220]!r}")
            if e["note"]:
                lines.append(f"          ({e['note'][:200]})")
    ex = min(bad, key=lambda r: (r["offset"] if r["offset"] is not None else -1, r["id"]))
    lines.append(f"  repro: .venv/bin/python Tests/Arrow/hostile_cases.py write '{ex['id']}' /tmp/case.arrow"
                 "   (writes the input, prints the rangepipe command)")
    return "\n".join(lines)


class Results(dict):
    """Case results by class (a short repr for pytest's tracebacks)."""
    def __repr__(self):
        return f"<results of {sum(map(len, self.values()))} cases>"
