#!/usr/bin/env python3
"""Replays the browser ground truth through the built rangepipe binary.

    python3 Tests/Conformance/replay.py                         # every session, .build/debug/rangepipe
    python3 Tests/Conformance/replay.py --bin PATH --jobs 4
    python3 Tests/Conformance/replay.py --only bokeh-zoom-edge   # sessions whose id starts with this

For every session of each library's LIBRARY/ground-truth.json.gz it plays the session's `script`
with `rangepipe play` (a subprocess, `--tracks range --format csv
--output-time-format epoch-s`) and compares rangepipe's window with the x
range the library showed after every sample (`after[i].xn`; ms / 1000 on a
date axis), within 1e-9 relative.

When the browser read it: after sample i, once the page's virtual clock had
reached the next sample's time t[i+1] (library timers due then had run) and
before sample i+1 was sent; after the last sample, `timing.settle_ms` later.
The play's frames are at whole ms (fps 1000, `at` 1.0), so:

- sample i < last: the last frame before the one that applies sample i+1
  (the first frame at or after `at` + t[i+1], computed in doubles as play
  does); library timers due by then have run;
- the last sample: the last frame (the script has no `duration`, so the play
  ends once the profile has no event left and no timer pending, and the
  window cannot change after it), or the frame `settle_ms` after the last
  sample if the play runs longer.

Where that frame differs, the exact reading is a second play of the script
cut to samples[0..i] (each pointer still down released 1 ms after the end),
with `duration` ending on the frame that would apply sample i+1: what the
chart shows at that moment for the input so far, timers due then included.
This also reads the state between two samples at the same time (a pinch's
two fingers, each its own sample), which no frame of the full play shows. Only if that
differs too is it a mismatch. (Guard: the cut play's frame before it must
equal the full play's, else the cut changed the past and it is reported.)

Touch sessions get `"pointer": "touch"` on every `down` sample. A binary
whose decoder refuses that key plays them as mouse input; they are then
reported on their own and do not decide the exit status.

Python 3 standard library only. Everything is written to a private
temporary folder (a store with the file's series, one script file per play)
that is removed at exit. Exit 0: every sample agrees; 1: a mismatch (one
line each: session, sample index, the sample, the file's and rangepipe's
ranges); 2: the binary or a play failed.
"""
import argparse
import copy
import json
import math
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import libraries  # Tests/Conformance: each library's ground truth

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
DEFAULT_BIN = REPO / ".build" / "debug" / "rangepipe"
RTOL = 1e-9

# `play --input` options in the file's `series` table, as `ingest` spells them.
INGEST_SPELLING = {"--input-series": "--series", "--input-format": "--format",
                   "--input-time-format": "--time-format"}


class PlayError(Exception):
    pass


class Runner:
    """Runs rangepipe plays; remembers the running ones so an interrupt can
    stop them before the temporary folder goes."""

    def __init__(self, binary, store, folder):
        self.binary = str(binary)
        self.store = str(store)
        self.folder = Path(folder)
        self.lock = threading.Lock()
        self.running = set()
        self.stopping = False
        self.plays = 0
        self.exact_plays = 0
        self.counter = 0

    def script_path(self, sid):
        with self.lock:
            self.counter += 1
            n = self.counter
        return self.folder / f"{sid}.{n}.json"

    def run(self, argv):
        if self.stopping:
            raise PlayError("interrupted")
        p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        with self.lock:
            self.running.add(p)
            if self.stopping:
                p.kill()
        try:
            out, err = p.communicate()
        finally:
            with self.lock:
                self.running.discard(p)
        return p.returncode, out, err

    def stop(self):
        self.stopping = True
        with self.lock:
            for p in list(self.running):
                try:
                    p.kill()
                except OSError:
                    pass

    def play(self, sid, script, exact=False):
        """Plays a script (written to its own file); returns its Frames."""
        path = self.script_path(sid)
        path.write_text(json.dumps(script, separators=(",", ":")))
        try:
            rc, out, err = self.run([self.binary, "play", str(path), "--store", self.store, "--tracks", "range",
                                     "--format", "csv", "--output-time-format", "epoch-s"])
        finally:
            path.unlink(missing_ok=True)
        with self.lock:
            self.plays += 1
            if exact:
                self.exact_plays += 1
        if rc != 0:
            raise PlayError(f"rangepipe play exited {rc}: {err.decode(errors='replace').strip()}")
        return Frames(out)


class Frames:
    """A play's CSV output; one row per frame, in order (row k is frame k).
    Rows are split only when asked for."""

    def __init__(self, out):
        self.lines = out.decode().splitlines()
        header = self.lines[0].split(",")
        self.fi, self.lo, self.hi = header.index("frame"), header.index("window_min"), header.index("window_max")

    def __len__(self):
        return len(self.lines) - 1

    def window(self, k):
        """Frame k's window as floats (NaN where rangepipe writes no number)."""
        if not 0 <= k < len(self):
            raise PlayError(f"no frame {k} (the play has {len(self)})")
        # The series name never holds a comma here.
        cells = self.lines[k + 1].split(",")
        if int(cells[self.fi]) != k:
            raise PlayError(f"row {k + 1} holds frame {cells[self.fi]}, not {k}")
        return (number(cells[self.lo]), number(cells[self.hi]))


def number(v):
    """A file reading (number or "NaN"/"Infinity"/"-Infinity") or a CSV cell
    (empty for a window that is not a number) as a float."""
    if v is None or v == "":
        return math.nan
    return float(v)


def agrees(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if a == b:
        return True
    if math.isinf(a) or math.isinf(b):
        return False
    return abs(a - b) <= RTOL * max(abs(a), abs(b))


def same(w, v):
    return agrees(w[0], v[0]) and agrees(w[1], v[1])


def fmt_range(w):
    return "[" + ", ".join(repr(x) for x in w) + "]"


def frame_index(seconds, fps):
    return int(round(seconds * fps))


def first_frame_at_or_after(seconds, fps):
    """The first frame k with k/fps >= seconds, compared as play compares a
    sample's time (`at` + t, a double) with a frame's (k / fps): 1.0 + 0.559
    is 1.5590000000000002, so a sample written at 0.559 is applied on frame
    1560, not 1559."""
    k = max(0, int(math.ceil(seconds * fps)))
    while k / fps < seconds:
        k += 1
    while k > 0 and (k - 1) / fps >= seconds:
        k -= 1
    return k


def cut_script(script, at, samples, i, end_s):
    """The script with samples[0..i] only, every pointer still down released
    1 ms after end (where it last was; never part of a played frame), and
    the play ending at `end_s`."""
    s = copy.deepcopy(script)
    kept = copy.deepcopy(samples[: i + 1])
    down = {}
    for smp in kept:
        if smp["type"] == "down":
            down[smp["id"]] = smp
        elif smp["type"] == "move":
            down[smp["id"]] = smp
        elif smp["type"] == "up":
            down.pop(smp["id"], None)
    release_t = round(end_s - at + 0.001, 6)
    for pid, last in down.items():
        kept.append({"t": release_t, "type": "up", "id": pid, "x": last["x"], "y": last.get("y", 0)})
    s["events"] = [dict(script["events"][0], samples=kept)]
    s["duration"] = end_s
    return s


def kind_of(samples):
    """Per sample: (type, area), area of a move or up being its pointer's down's."""
    areas = {}
    kinds = []
    for smp in samples:
        if smp["type"] in ("down", "wheel"):
            area = smp.get("area", "main")
            if smp["type"] == "down":
                areas[smp["id"]] = area
        else:
            area = areas.get(smp["id"], "?")
        kinds.append((smp["type"], area))
    return kinds


def replay_session(runner, session, scale, settle_s, touch_key):
    """Plays one session; returns its per-sample outcomes and mismatch lines.

    Exact plays stop after a session's first mismatch (later samples are
    compared at the frame before the next sample only, and say so), and are
    not made for touch sessions played as mouse input: both would cost a
    play per sample for a result already known."""
    sid = session["id"]
    script = copy.deepcopy(session["script"])
    if len(script["events"]) != 1 or script["events"][0].get("input") != "pointer":
        raise PlayError(f"{sid}: expected one pointer event in the script")
    ev = script["events"][0]
    if session["pointer"] == "touch" and touch_key:
        for smp in ev["samples"]:
            if smp["type"] == "down":
                smp["pointer"] = "touch"
    samples = ev["samples"]
    at, fps = float(ev["at"]), float(script["fps"])
    n = len(samples)
    if n != len(session["after"]):
        raise PlayError(f"{sid}: {n} samples but {len(session['after'])} readings")
    # The script's own length: the play ends at the first frame on which the
    # profile has no event left and no timer pending; nothing changes after it.
    frames = runner.play(sid, script)
    # The last reading: settle_s after the last sample, or the play's end if that is sooner.
    last_k = min(len(frames) - 1, frame_index(at + samples[-1]["t"] + settle_s, fps))
    kinds = kind_of(samples)
    outcomes = []   # per sample: (kind, ok, exact_fallback_used, identical)
    problems = []
    exact_allowed = touch_key or session["pointer"] != "touch"
    for i in range(n):
        want = tuple(number(v) / scale for v in session["after"][i]["xn"])
        last = i == n - 1
        # The last frame before sample i+1 is applied (for samples at one
        # time that is before sample i too: the exact play then decides).
        k = last_k if last else first_frame_at_or_after(at + samples[i + 1]["t"], fps) - 1
        got = frames.window(k)
        if same(got, want):
            outcomes.append((kinds[i], True, False, got == want))
            continue
        if last or not exact_allowed:
            # The last reading's frame needs no exact play: no sample follows it.
            note = "" if last else " (no exact play)"
            problems.append(mismatch_line(sid, i, session["samples"][i], want, got, None, k, fps) + note)
            outcomes.append((kinds[i], False, False, False))
            exact_allowed = False
            continue
        # The exact reading: the input so far, at exactly t[i+1].
        k_exact = first_frame_at_or_after(at + samples[i + 1]["t"], fps)
        cut = runner.play(sid, cut_script(script, at, samples, i, k_exact / fps), exact=True)
        exact = cut.window(k_exact)
        before = cut.window(k_exact - 1)
        if before != got and not same(before, got):
            raise PlayError(f"{sid} sample {i}: the cut play's frame {k_exact - 1} {fmt_range(before)} is not the "
                            f"full play's {fmt_range(got)}: cutting the samples changed an earlier frame")
        if same(exact, want):
            outcomes.append((kinds[i], True, True, exact == want))
        else:
            problems.append(mismatch_line(sid, i, session["samples"][i], want, got, exact, k, fps))
            outcomes.append((kinds[i], False, True, False))
            exact_allowed = False
    return outcomes, problems


def mismatch_line(sid, i, sample, want, got, exact, k, fps):
    s = f"MISMATCH {sid} sample {i} {json.dumps(sample, separators=(',', ':'))}: file {fmt_range(want)}, " \
        f"rangepipe {fmt_range(got)} (frame at {k / fps:.3f} s)"
    if exact is not None:
        s += f", exact play {fmt_range(exact)} (frame at {(k + 1) / fps:.3f} s)"
    return s


def ingest(binary, store, doc):
    for name, spec in doc["series"].items():
        args = []
        for a in spec["input_args"]:
            args.append(INGEST_SPELLING.get(a, a))
        argv = [str(binary), "ingest", str(REPO / spec["file"]), *args, "--store", str(store)]
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode != 0:
            raise PlayError(f"ingest of {name} ({' '.join(argv[1:])}) exited {p.returncode}: "
                            f"{p.stderr.decode(errors='replace').strip()}")


def probe_touch_key(runner, doc):
    """Does the decoder accept `"pointer": "touch"` on a down sample?"""
    name = next(iter(doc["series"]))
    script = {"series": name, "profile": "plotly", "fps": 1000, "duration": 0.002,
              "events": [{"at": 0.0, "input": "pointer", "samples": [
                  {"t": 0, "type": "down", "id": 1, "x": 10, "y": 10, "area": "main", "pointer": "touch"},
                  {"t": 0.001, "type": "up", "id": 1, "x": 10, "y": 10}]}]}
    try:
        runner.play("probe", script)
        return True, None
    except PlayError as e:
        if "pointer" in str(e) and "unknown key" in str(e):
            return False, str(e)
        raise


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=str(DEFAULT_BIN), help="the rangepipe binary (default .build/debug/rangepipe)")
    ap.add_argument("--file", default=None, help="one ground-truth file (default: every library's LIBRARY/ground-truth.json.gz)")
    ap.add_argument("--jobs", type=int, default=2, help="plays run at a time (default 2)")
    ap.add_argument("--only", help="only sessions whose id starts with this")
    args = ap.parse_args(argv)
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    binary = Path(args.bin).resolve()
    if not os.access(binary, os.X_OK):
        print(f"replay: no rangepipe binary at {binary} (build it: swift build)", file=sys.stderr)
        return 2
    started = time.time()
    doc = libraries.load_ground_truth(args.file)
    sessions = [s for s in doc["sessions"] if not args.only or s["id"].startswith(args.only)]
    if not sessions:
        print(f"replay: no session id starts with {args.only!r}", file=sys.stderr)
        return 2
    settle_s = doc["timing"]["settle_ms"] / 1000.0
    scale = {name: (1000.0 if spec["axis"] == "date" else 1.0) for name, spec in doc["series"].items()}

    folder = tempfile.mkdtemp(prefix="rangepipe-conformance-")
    runner = Runner(binary, Path(folder) / "store.sqlite", folder)

    def on_term(signum, frame):
        raise KeyboardInterrupt

    old_term = signal.signal(signal.SIGTERM, on_term)
    results = {}
    errors = []
    try:
        ingest(binary, runner.store, doc)
        touch_key, refusal = probe_touch_key(runner, doc)
        if not touch_key:
            print(f"replay: this binary refuses \"pointer\": \"touch\" ({refusal}); touch sessions are played as "
                  f"mouse input and reported on their own", flush=True)
        print(f"replay: {len(sessions)} sessions through {binary} ({args.jobs} plays at a time)", flush=True)

        def task(s):
            return replay_session(runner, s, scale[s["script"]["series"]], settle_s, touch_key)

        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = {pool.submit(task, s): s["id"] for s in sessions}
            try:
                done = 0
                for fut in futures:
                    sid = futures[fut]
                    try:
                        results[sid] = fut.result()
                    except PlayError as e:
                        errors.append(f"ERROR {sid}: {e}")
                    done += 1
                    if done % 100 == 0:
                        print(f"  {done}/{len(sessions)} sessions, {time.time() - started:.0f} s", flush=True)
            except BaseException:
                runner.stop()
                for f in futures:
                    f.cancel()
                raise
    except KeyboardInterrupt:
        print("replay: interrupted", file=sys.stderr)
        return 130
    except PlayError as e:
        print(f"replay: {e}", file=sys.stderr)
        return 2
    finally:
        signal.signal(signal.SIGTERM, old_term)
        shutil.rmtree(folder, ignore_errors=True)
    elapsed = time.time() - started
    return report(sessions, results, errors, runner, touch_key, elapsed)


def report(sessions, results, errors, runner, touch_key, elapsed):
    by_group = defaultdict(lambda: [0, 0, 0, 0])   # sessions, sessions all matched, samples, samples matched
    by_kind = defaultdict(lambda: [0, 0, 0])        # samples, matched, identical
    counted_touch_apart = not touch_key
    fatal_lines, touch_lines = [], []
    totals = [0, 0, 0, 0]    # samples, matched, identical, exact fallbacks used
    touch_totals = [0, 0]
    for s in sessions:
        if s["id"] not in results:
            continue
        outcomes, problems = results[s["id"]]
        key = (s["library"], s["drag"], s["pointer"])
        apart = counted_touch_apart and s["pointer"] == "touch"
        g = by_group[key]
        g[0] += 1
        g[1] += all(o[1] for o in outcomes)
        g[2] += len(outcomes)
        g[3] += sum(o[1] for o in outcomes)
        if apart:
            touch_totals[0] += len(outcomes)
            touch_totals[1] += sum(o[1] for o in outcomes)
            touch_lines.extend(problems)
            continue
        for (kind, ok, fallback, identical) in outcomes:
            k = by_kind[kind]
            k[0] += 1
            k[1] += ok
            k[2] += identical
            totals[0] += 1
            totals[1] += ok
            totals[2] += identical
            totals[3] += fallback and ok
        fatal_lines.extend(problems)

    print()
    print("library drag pointer   sessions (all samples agree)   samples agreeing")
    for key in sorted(by_group):
        c, call, n, ok = by_group[key]
        note = "   (played as mouse: no touch key)" if counted_touch_apart and key[2] == "touch" else ""
        print(f"  {key[0]:7} {key[1]:4} {key[2]:5}   {call:4}/{c:<4}  {ok:6}/{n:<6}{note}")
    print()
    print("sample kind" + (" (touch sessions apart)" if counted_touch_apart else "") +
          "   agreeing within 1e-9 / total   (identical)")
    order = {"down": 0, "move": 1, "up": 2, "wheel": 3}
    for kind in sorted(by_kind, key=lambda k: (order.get(k[0], 9), k[1])):
        n, ok, ident = by_kind[kind]
        print(f"  {kind[0]:5} {kind[1]:8}  {ok:6}/{n:<6} ({ident})")
    print(f"  {'all':14}  {totals[1]:6}/{totals[0]:<6} ({totals[2]})")
    if counted_touch_apart:
        print(f"  touch sessions (as mouse): {touch_totals[1]}/{touch_totals[0]} samples agree; "
              f"{len(touch_lines)} differ (not counted as failures until the decoder takes \"pointer\")")
    print()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"plays: {runner.plays} ({runner.exact_plays} exact plays where the frame 1 ms before the next sample "
          f"differed; {totals[3]} samples agreed only there)")
    print(f"time: {elapsed:.1f} s wall, rangepipe {usage.ru_utime + usage.ru_stime:.1f} s CPU")
    for line in fatal_lines:
        print(line)
    if touch_lines:
        print(f"touch sessions played as mouse, differing ({len(touch_lines)}):")
        for line in touch_lines:
            print("  " + line)
    for line in errors:
        print(line)
    if errors:
        print(f"replay: {len(errors)} sessions could not be played")
        return 2
    if fatal_lines:
        print(f"replay: {len(fatal_lines)} samples differ from the browser")
        return 1
    print("replay: every sample agrees with the browser")
    return 0


if __name__ == "__main__":
    sys.exit(main())
